import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGES } from "../../../domain/pages.ts";
import { ContentError, createContentService, type ContentDoc } from "./service.ts";
import { articles, content, fileNames, guides, pages, str, varieties } from "./published.testing.ts";

/**
 * The published content, loaded through the real service, checked for the basics (titles, dates,
 * slugs, front matter); content-products.test.ts checks it against the store's own product data: the issue asks that the public pages "never
 * disagree" with what customers can order, and prose is where they drift.
 */

const today = new Date().toISOString().slice(0, 10);

describe("blog articles", () => {
  it("are all loaded", () => {
    expect(articles.length).toBe(fileNames("blog").length);
    expect(articles.length).toBeGreaterThan(0);
  });

  it.each(articles.map((a) => [a.slug, a] as const))("%s has a title, an ISO date not in the future, a summary and tags", (_slug, a) => {
    expect(str(a.meta.title)).not.toBe("");
    expect(str(a.meta.summary)).not.toBe("");
    // A quoted string: YAML turns an unquoted date into a Date, which the pages would print as such.
    expect(typeof a.meta.date).toBe("string");
    const date = String(a.meta.date);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    expect(date <= today).toBe(true);
    expect(Array.isArray(a.meta.tags)).toBe(true);
    const tags = (a.meta.tags as unknown[]).map(str);
    expect(tags.length).toBeGreaterThan(0);
    expect(tags).not.toContain("");
  });
});

describe("care guides", () => {
  it("are all loaded", () => {
    expect(guides.length).toBe(fileNames("care").length);
    expect(guides.length).toBeGreaterThan(0);
  });

  it.each(guides.map((g) => [g.slug, g] as const))("%s has a title and a description", (_slug, g) => {
    expect(str(g.meta.title)).not.toBe("");
    expect(str(g.meta.description ?? g.meta.summary)).not.toBe("");
  });
});

describe("slugs", () => {
  const collections = { blog: articles, care: guides, varieties, pages: pages.map((p) => p.doc).filter((d): d is ContentDoc => !!d) };

  it.each(Object.entries(collections))("in %s are unique (the service finds them without regard to case)", (_name, docs) => {
    const slugs = docs.map((d) => d.slug.toLowerCase());
    expect(slugs.filter((s, i) => slugs.indexOf(s) !== i)).toEqual([]);
  });

  it.each(Object.entries(collections))("in %s equal the file name when the front matter gives one", (_name, docs) => {
    const wrong = docs.filter((d) => d.meta.slug !== undefined && d.meta.slug !== d.slug).map((d) => `${d.slug} says slug ${String(d.meta.slug)}`);
    expect(wrong).toEqual([]);
  });

  it("of every page file load through the service", () => {
    expect(pages.filter((p) => !p.doc).map((p) => p.name)).toEqual([]);
  });
});

describe("titles and descriptions", () => {
  const all = [
    ...pages.flatMap((p) => (p.doc ? [[`pages/${p.name}`, p.doc] as const] : [])),
    ...articles.map((a) => [`blog/${a.slug}`, a] as const),
    ...guides.map((g) => [`care/${g.slug}`, g] as const),
    ...varieties.map((v) => [`varieties/${v.slug}`, v] as const),
  ];
  const duplicates = (field: (d: ContentDoc) => string) => {
    const seen = new Map<string, string[]>();
    for (const [where, doc] of all) {
      const value = field(doc).toLowerCase();
      if (value) seen.set(value, [...(seen.get(value) ?? []), where]);
    }
    return [...seen.entries()].filter(([, where]) => where.length > 1).map(([value, where]) => `${where.join(" and ")}: ${value}`);
  };

  it("every page, article and guide has a title", () => {
    expect(all.filter(([, d]) => !str(d.meta.title)).map(([where]) => where)).toEqual([]);
  });

  it("titles are unique", () => {
    expect(duplicates((d) => str(d.meta.title))).toEqual([]);
  });

  it("descriptions (or summaries) are unique", () => {
    expect(duplicates((d) => str(d.meta.description ?? d.meta.summary))).toEqual([]);
  });
});

describe("content pages' front matter", () => {
  // The pages the generic content route renders, from the one table of pages the router is built from.
  const routed = PAGES.filter((p) => p.module === "routes/public/content.tsx").map((p) => p.path);

  it("gives every content route of the pages table exactly one page, at the path SPEC §2 spells", () => {
    const paths = content.contentPages().map((p) => p.setup.path);
    expect([...paths].sort()).toEqual(routed.map((p) => `/${p}`).sort());
    for (const p of routed) expect(content.contentPage(`/${p.toLowerCase()}`)?.setup.path).toBe(`/${p}`);
  });

  it("links only to pages that exist", () => {
    const known = new Set([...routed.map((p) => `/${p}`.toLowerCase()), ...articles.map((a) => `/blog/${a.slug}`.toLowerCase())]);
    for (const { setup } of content.contentPages()) for (const n of setup.next ?? []) expect(known, `${setup.path} → ${n.to}`).toContain(n.to.toLowerCase());
  });

  it("a file with a bad page block fails the read, naming the file and the field", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-"));
    try {
      mkdirSync(path.join(dir, "pages"));
      writeFileSync(path.join(dir, "pages", "broken.md"), '---\ntitle: "Broken"\npage:\n  path: "/Broken"\n  layout: gallery\n  eyebrow: "x"\n  art: "tulip"\n---\nBody\n');
      const bad = createContentService("Pride", dir);
      expect(() => bad.page("broken")).toThrow(ContentError);
      expect(() => bad.page("broken")).toThrow(/content\/pages\/broken\.md: page\.layout: .*; page\.art: /);
      writeFileSync(path.join(dir, "pages", "broken.md"), '---\ntitle: "Fine"\npage:\n  path: "/Fine"\n  layout: article\n  eyebrow: "x"\n  colour: "#fff"\n---\nBody\n');
      expect(() => createContentService("Pride", dir).page("broken")).toThrow(/page: Unrecognized key/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
