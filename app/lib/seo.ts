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
