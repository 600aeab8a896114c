import type { LoaderFunctionArgs } from "react-router";
import { PAGES } from "../../../domain/pages.ts";
import { appContext } from "../../lib/context.ts";
import { sitemapXml } from "../../lib/seo.ts";

type Url = { loc: string; lastmod: string | null };

// The sitemap's pages come from the pages table: those without a parameter as they are, those with one
// once per piece of content they show.
const inSitemap = PAGES.filter((p) => p.sitemap);
const STATIC = inSitemap.filter((p) => !p.path.includes(":")).map((p) => `/${p.path}`);
const WITH_PARAMETER = inSitemap.filter((p) => p.path.includes(":")).map((p) => p.path);

const FROM_CONTENT: Record<string, (ctx: ReturnType<typeof appContext>) => Url[]> = {
  "Blog/:slug": (ctx) => ctx.services.content.blog().map((a) => ({ loc: `/Blog/${encodeURIComponent(a.slug)}`, lastmod: String(a.meta.date) })),
  "FlowerCare/:slug": (ctx) => ctx.services.content.careGuides().map((g) => ({ loc: `/FlowerCare/${encodeURIComponent(g.slug)}`, lastmod: null })),
};

export function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const base = ctx.site.publicUrl;
  const urls: Url[] = [
    ...STATIC.map((loc) => ({ loc, lastmod: null })),
    ...WITH_PARAMETER.flatMap((path) => {
      const list = FROM_CONTENT[path];
      if (!list) throw new Error(`The sitemap does not know the content of ${path}`);
      return list(ctx);
    }),
  ];
  const body = sitemapXml(base, urls);
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
