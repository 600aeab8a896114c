import type { LoaderFunctionArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { sitemapXml } from "../../lib/seo.ts";

const STATIC = [
  "/", "/about", "/faq", "/lilies", "/Careers", "/Contact", "/Gerbera", "/OurTeam", "/LineTest", "/Anthurium", "/LT1-COGEN",
  "/assortment", "/Blog", "/lisianthus", "/OurProcess", "/OurProcessOld", "/MiniGerbera", "/Snapdragons", "/GrowingGreener",
  "/FlowerCare", "/AccessibilityPolicy", "/InteractiveCatalogue", "/GreenEnergyInitiative",
];

export function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const base = ctx.site.publicUrl;
  const urls = [
    ...STATIC.map((p) => ({ loc: p, lastmod: null as string | null })),
    ...ctx.services.content.careGuides().map((g) => ({ loc: `/FlowerCare/${encodeURIComponent(g.slug)}`, lastmod: null })),
    ...ctx.services.content.blog().map((a) => ({ loc: `/Blog/${encodeURIComponent(a.slug)}`, lastmod: String(a.meta.date) })),
  ];
  const body = sitemapXml(base, urls);
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
