import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { PAGES, type Page, type PageLayout } from "../domain/pages.ts";

// The router serves the pages table (domain/pages.ts): each page in its layout, by its route module.
// Matching is case-insensitive (React Router's default); paths are written as SPEC §2 spells them.

const LAYOUTS: Record<Exclude<PageLayout, "none">, string> = {
  // Default layout: the public site and the account pages.
  public: "routes/public/public-layout.tsx",
  // Store layout: signed-in pages; SPEC §6 access is checked by the layout's loader on every navigation.
  store: "routes/store/layout.tsx",
  // MM layout: the mass-market store, checked the same way.
  mm: "routes/mm/layout.tsx",
};

const entry = (p: Page): RouteConfigEntry => {
  const options = p.id ? { id: p.id } : {};
  return p.path === "" ? index(p.module, options) : route(p.path, p.module, options);
};

const pagesIn = (l: PageLayout) => PAGES.filter((p) => p.layout === l).map(entry);

export default [
  ...Object.entries(LAYOUTS).map(([l, file]) => layout(file, pagesIn(l as PageLayout))),
  ...pagesIn("none"),
] satisfies RouteConfig;
