import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { Marked } from "marked";
import { PageFrontMatter, type ContentPageSetup } from "../../../contract/content.ts";

export const CONTENT_DIR = fileURLToPath(new URL("../../../content/", import.meta.url));

export interface ContentDoc {
  slug: string;
  /** Front matter, with {{brand}} replaced in every string. */
  meta: Record<string, unknown>;
  html: string;
  /** Plain text length, for reading time. */
  words: number;
}

const marked = new Marked({ gfm: true });

function withBrand<T>(value: T, brand: string): T {
  if (typeof value === "string") return value.replaceAll("{{brand}}", brand) as T;
  if (Array.isArray(value)) return value.map((v) => withBrand(v, brand)) as T;
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBrand(v, brand)])) as T;
  return value;
}

/** Front matter checks per folder: a file that fails them stops the read with its name and the fields. */
const SCHEMAS: Record<string, typeof PageFrontMatter> = { pages: PageFrontMatter };

export class ContentError extends Error {}

function parse(file: string, slug: string, brand: string, folder?: string): ContentDoc {
  const { data, content } = matter(readFileSync(file, "utf8"));
  const body = content.replaceAll("{{brand}}", brand);
  let meta: Record<string, unknown> = withBrand(data, brand);
  const schema = folder ? SCHEMAS[folder] : undefined;
  if (schema) {
    const checked = schema.safeParse(meta);
    if (!checked.success) {
      const fields = checked.error.issues.map((i) => `${i.path.join(".") || "(front matter)"}: ${i.message}`).join("; ");
      throw new ContentError(`content/${folder}/${path.basename(file)}: ${fields}`);
    }
    meta = checked.data;
  }
  return {
    slug,
    meta,
    html: marked.parse(body, { async: false }),
    words: body.split(/\s+/).filter(Boolean).length,
  };
}

/**
 * Marketing content: Markdown files with front matter under content/. Staff add a blog article by
 * adding a file; it is read once per process (content ships with the release).
 */
export function createContentService(brand: string, dir = CONTENT_DIR) {
  const cache = new Map<string, ContentDoc[]>();
  function collection(name: string): ContentDoc[] {
    let docs = cache.get(name);
    if (!docs) {
      const folder = path.join(dir, name);
      docs = existsSync(folder)
        ? readdirSync(folder)
            .filter((f) => f.endsWith(".md"))
            .map((f) => parse(path.join(folder, f), f.replace(/\.md$/, ""), brand, name))
        : [];
      cache.set(name, docs);
    }
    return docs;
  }
  const find = (name: string, slug: string) => collection(name).find((d) => d.slug.toLowerCase() === slug.toLowerCase()) ?? null;
  /** The pages the generic content route lays out, each with its validated `page:` block. */
  const contentPages = () =>
    collection("pages").flatMap((doc) => (doc.meta.page ? [{ doc, setup: doc.meta.page as ContentPageSetup }] : []));
  return {
    page: (name: string) => find("pages", name),
    contentPages,
    /** The content page at this path, matched without regard to case as the routes are. */
    contentPage: (routePath: string) => contentPages().find((p) => p.setup.path.toLowerCase() === routePath.toLowerCase()) ?? null,
    blog: () => [...collection("blog")].sort((a, b) => String(b.meta.date).localeCompare(String(a.meta.date))),
    article: (slug: string) => find("blog", slug),
    careGuides: () => collection("care"),
    careGuide: (slug: string) => find("care", slug),
    varieties: () => collection("varieties"),
    variety: (slug: string) => find("varieties", slug),
    team: () => {
      const file = path.join(dir, "team.md");
      return existsSync(file) ? parse(file, "team", brand) : null;
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
