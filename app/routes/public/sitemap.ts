import type { LoaderFunctionArgs } from "react-router";
import { appContext } from "../../lib/context.ts";

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
    ...ctx.services.content.careGuides().map((g) => ({ loc: `/FlowerCare/${g.slug}`, lastmod: null })),
    ...ctx.services.content.blog().map((a) => ({ loc: `/Blog/${a.slug}`, lastmod: String(a.meta.date) })),
  ];
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    urls.map((u) => `  <url><loc>${base}${u.loc}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`).join("\n") +
    `\n</urlset>\n`;
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
