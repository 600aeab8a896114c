import type { MetaDescriptor } from "react-router";

interface SeoInput {
  title: string;
  description: string;
  path: string;
  site: { brandName: string; publicUrl: string };
  type?: "website" | "article";
  jsonLd?: Record<string, unknown>;
}

/** Title, description, canonical URL, Open Graph and optional JSON-LD for one page. */
export function seo({ title, description, path, site, type = "website", jsonLd }: SeoInput): MetaDescriptor[] {
  const url = `${site.publicUrl}${path}`;
  const fullTitle = title.includes(site.brandName) ? title : `${title} | ${site.brandName}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.brandName },
    { name: "twitter:card", content: "summary" },
  ];
  if (jsonLd) tags.push({ "script:ld+json": jsonLd });
  return tags;
}

/** Text as XML character data or an attribute value. */
export const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** sitemap.xml for absolute base URL `base` and site paths (already URL-encoded where needed). */
export function sitemapXml(base: string, urls: { loc: string; lastmod?: string | null }[]): string {
  const rows = urls.map(
    (u) => `  <url><loc>${xmlEscape(`${base}${u.loc}`)}</loc>${u.lastmod ? `<lastmod>${xmlEscape(u.lastmod)}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join("\n")}\n</urlset>\n`;
}

/** The signed-in areas, as SPEC §2 spells them: prefixes crawlers should leave alone. */
export const PRIVATE_PATHS = ["/api/", "/store", "/Dashboard", "/Orders", "/Invoices", "/Administration", "/Admin", "/Account", "/MM/", "/StoreFaq", "/Wholesaler_Referrals"];

/**
 * Our routing ignores case (/dashboard is /Dashboard) but robots.txt rules match case-sensitively,
 * so each private prefix is listed as spelled, in lower case, in upper case and capitalised.
 */
export function casings(path: string): string[] {
  const capitalised = path.replace(/[a-z][^/]*/gi, (seg) => seg[0]!.toUpperCase() + seg.slice(1).toLowerCase());
  const firstUpper = path.replace(/(^|\/)([a-z])/g, (_m, slash: string, c: string) => slash + c.toUpperCase());
  return [...new Set([path, path.toLowerCase(), path.toUpperCase(), capitalised, firstUpper])];
}

export function robotsTxt(base: string): string {
  const rules = PRIVATE_PATHS.flatMap(casings).map((p) => `Disallow: ${p}`);
  return `User-agent: *\n${rules.join("\n")}\n\nSitemap: ${base}/sitemap.xml\n`;
}
