import type { MetaDescriptor } from "react-router";
import type { ArtKey } from "../features/public/varieties.ts";
import { isCardColour } from "../../contract/content.ts";

/** The picture a shared link shows: one of our illustrations on a card, in the page's colour. */
export interface SeoImage {
  art: ArtKey;
  color?: string | null;
  /** What the picture shows (og:image:alt). */
  alt: string;
}

const DEFAULT_IMAGE: SeoImage = { art: "field", alt: "Rows of our flowers in bloom, in every colour we grow" };

/**
 * The card's address: a 1200×630 PNG the server renders once from our own illustrations
 * (server/modules/public/art.ts), since social networks and chat apps (Facebook, X, LinkedIn, Slack)
 * do not show SVG pictures.
 */
export function cardUrl(publicUrl: string, image: SeoImage): string {
  const c = image.color?.replace(/^#/, "");
  const qs = c && /^[0-9a-f]{6}$/i.test(c) && isCardColour(c) ? `?color=${c.toUpperCase()}` : "";
  return `${publicUrl}/api/Public/Card/${image.art}.png${qs}`;
}

interface SeoInput {
  title: string;
  description: string;
  path: string;
  site: { brandName: string; publicUrl: string };
  type?: "website" | "article";
  jsonLd?: Record<string, unknown>;
  image?: SeoImage;
}

/** Title, description, canonical URL, Open Graph (with a picture) and optional JSON-LD for one page. */
export function seo({ title, description, path, site, type = "website", jsonLd, image = DEFAULT_IMAGE }: SeoInput): MetaDescriptor[] {
  const picture = cardUrl(site.publicUrl, image);
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
    { property: "og:image", content: picture },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: picture },
    { name: "twitter:image:alt", content: image.alt },
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
