/**
 * Our Markdown content is rendered to HTML on the server; the public pages lay it out by section.
 * These helpers cut that HTML at its headings so a page can give each section its own design.
 */

export interface HtmlSection {
  /** Heading text (entities decoded). */
  title: string;
  /** A URL fragment made from the title. */
  id: string;
  /** The HTML after the heading, up to the next heading of the same level. */
  html: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Text of an HTML fragment: tags dropped, the common entities decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) => {
      if (ENTITIES[e]) return ENTITIES[e];
      if (e.startsWith("#x")) return String.fromCodePoint(parseInt(e.slice(2), 16));
      if (e.startsWith("#")) return String.fromCodePoint(Number(e.slice(1)));
      return m;
    })
    .trim();
}

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

/** Splits HTML at every `<hN>`: what comes before the first one, and each section after. */
export function splitSections(html: string, level: 2 | 3 = 2): { intro: string; sections: HtmlSection[] } {
  const re = new RegExp(`<h${level}[^>]*>([\\s\\S]*?)</h${level}>`, "gi");
  const parts: { title: string; start: number; end: number }[] = [];
  for (let m = re.exec(html); m; m = re.exec(html)) parts.push({ title: textOf(m[1] ?? ""), start: m.index, end: m.index + m[0].length });
  const intro = (parts.length ? html.slice(0, parts[0]!.start) : html).trim();
  const seen = new Map<string, number>();
  const sections = parts.map((p, i) => {
    let id = slugify(p.title);
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    if (n) id = `${id}-${n + 1}`;
    return { title: p.title, id, html: html.slice(p.end, parts[i + 1]?.start ?? html.length).trim() };
  });
  return { intro, sections };
}

/** A section by title, case-insensitive ("What we grow"). */
export const findSection = (sections: HtmlSection[], title: string) => sections.find((s) => s.title.toLowerCase() === title.toLowerCase());

/** Items of the first list in an HTML fragment, as HTML. */
export function listItems(html: string): string[] {
  const list = /<(ul|ol)[^>]*>([\s\S]*?)<\/\1>/i.exec(html);
  if (!list) return [];
  return [...list[2]!.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => m[1]!.trim());
}

/** A list item split into its bold lead (without its colon) and the rest. */
export interface Lead {
  lead: string | null;
  rest: string;
}

/** "<strong>Lead:</strong> rest" → { lead: "Lead", rest: "rest" as HTML }; no lead when the item has no bold start. */
export function leadOf(itemHtml: string): Lead {
  const m = /^<strong>([\s\S]*?)<\/strong>\s*([\s\S]*)$/i.exec(itemHtml.trim());
  if (!m) return { lead: null, rest: itemHtml };
  return { lead: textOf(m[1]!).replace(/[:.]\s*$/, ""), rest: m[2]!.replace(/^[:.]\s*/, "") };
}

/** The HTML with its first list removed (the paragraphs around it stay). */
export function withoutFirstList(html: string): string {
  return html.replace(/<(ul|ol)[^>]*>[\s\S]*?<\/\1>/i, "").trim();
}

/** Words in an HTML fragment, for reading time. */
export const wordCount = (html: string) => textOf(html).split(/\s+/).filter(Boolean).length;
