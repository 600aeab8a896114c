// The router serves the pages table (domain/pages.ts) and nothing else: every page in the table is
// routed to an existing route module, every routed page and every route module is in the table, each
// page's address reaches its own route, and the access check and page-view counting read the same table.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "./routes.ts";
import { AUDIENCES, pageAccess } from "../domain/access.ts";
import { PAGE_PATTERNS, pagePatternOf, UNKNOWN_PAGE } from "../domain/page-views.ts";
import { isCatchAll, pagePattern, PAGES, type Page } from "../domain/pages.ts";

const APP = import.meta.dirname;
const LAYOUT_FILES = ["routes/public/public-layout.tsx", "routes/store/layout.tsx", "routes/mm/layout.tsx"];

interface Routed {
  layout: string | null;
  path: string;
  module: string;
  id: string;
}

/** Every page route of the router's config, with the layout it renders in (null: none). */
function routed(entries: readonly RouteConfigEntry[], layout: string | null = null): Routed[] {
  return entries.flatMap((e) =>
    e.children ? routed(e.children, e.file) : [{ layout, path: e.index ? "" : (e.path ?? ""), module: e.file, id: e.id ?? e.file }],
  );
}

const toRouteObjects = (entries: readonly RouteConfigEntry[]): RouteObject[] =>
  entries.map((e) => {
    const id = e.id ?? e.file;
    if (e.index) return { id, index: true };
    return { id, path: e.path, ...(e.children ? { children: toRouteObjects(e.children) } : {}) };
  });

const layoutFile = (p: Page) => (p.layout === "none" ? null : LAYOUT_FILES.find((f) => f.startsWith(`routes/${p.layout}/`))!);
const key = (r: { layout: string | null; path: string; module: string }) => `${r.layout ?? "-"} ${r.path} ${r.module}`;
/** An address of the page: each parameter filled with a value no fixed segment has. */
const addressOf = (p: Page) => `/${p.path.replace(/:[A-Za-z0-9_]+/g, "100234")}`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe("the pages table and the router", () => {
  const all = routed(routes);
  const pages = PAGES;

  it("routes every page of the table, in its layout, to its module, and nothing else", () => {
    expect(all.map(key).sort()).toEqual(pages.map((p) => key({ layout: layoutFile(p), path: p.path, module: p.module })).sort());
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  });

  it("lists each path once", () => {
    const paths = pages.map((p) => p.path.toLowerCase());
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it("names route modules that exist, and every route module is a page or a layout (no dead routes)", () => {
    for (const p of pages) expect(existsSync(path.join(APP, p.module)), p.module).toBe(true);
    const named = new Set([...pages.map((p) => p.module), ...LAYOUT_FILES]);
    const onDisk = filesUnder(path.join(APP, "routes")).map((f) => path.relative(APP, f).split(path.sep).join("/"));
    expect(onDisk.filter((f) => !named.has(f))).toEqual([]);
  });

  it("has route modules that hold their own exports (no re-exports from another file)", () => {
    for (const file of new Set([...pages.map((p) => p.module), ...LAYOUT_FILES])) {
      const text = readFileSync(path.join(APP, file), "utf8");
      expect(text, file).not.toMatch(/^export\s+(\*|\{[^}]*\})\s+from\s/m);
      if (file.endsWith(".tsx")) expect(text, file).toMatch(/^export default /m);
    }
  });

  it("sends each page's address to the page's own route", () => {
    const tree = toRouteObjects(routes);
    for (const p of pages.filter((page) => !isCatchAll(page))) {
      const matches = matchRoutes(tree, addressOf(p)) ?? [];
      const leaf = matches.at(-1)?.route.id;
      expect(leaf, addressOf(p)).toBe(p.id ?? p.module);
    }
    expect(matchRoutes(tree, "/no/such/page")?.at(-1)?.route.id).toBe("routes/not-found.tsx");
  });
});

describe("the pages table and who may see a page", () => {
  it("gives each page's address the page's audience", () => {
    for (const p of PAGES.filter((page) => !isCatchAll(page))) {
      expect(pageAccess(addressOf(p)), addressOf(p)).toEqual({ signedIn: AUDIENCES[p.audience].signedIn, roles: [...AUDIENCES[p.audience].roles] });
    }
  });

  it("keeps every store and MM page behind a sign-in, and the public site open", () => {
    for (const p of PAGES) {
      if (p.layout === "store" || p.layout === "mm") expect(AUDIENCES[p.audience].signedIn, p.path).toBe(true);
      if (p.layout === "public" || p.layout === "none") expect(p.audience, p.path).toBe("everyone");
    }
  });
});

describe("the pages table and page views", () => {
  it("counts each counted page under its own pattern and any other address as not found", () => {
    expect(PAGE_PATTERNS).toEqual(PAGES.filter((p) => p.pageView).map(pagePattern));
    for (const p of PAGES.filter((page) => !isCatchAll(page))) {
      expect(pagePatternOf(addressOf(p)), addressOf(p)).toBe(p.pageView ? pagePattern(p) : UNKNOWN_PAGE);
    }
  });

  it("writes patterns as the staff screen shows them", () => {
    expect(pagePattern({ path: "" })).toBe("/");
    expect(pagePattern({ path: "Orders/:orderNumber/ShipDateDetail" })).toBe("/Orders/{orderNumber}/ShipDateDetail");
  });

  it("puts only public pages in the sitemap", () => {
    for (const p of PAGES.filter((page) => page.sitemap)) expect(p.audience, p.path).toBe("everyone");
  });
});
