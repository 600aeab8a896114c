import { describe, expect, it } from "vitest";
import { demoProducts } from "../../../db/seed/demo-products.ts";
import { Random } from "../../../db/seed/random.ts";
import type { ContentDoc } from "./service.ts";
import { articles, content, guides, pages, str, varieties } from "./published.testing.ts";

/**
 * The published content, loaded through the real service, checked against the store's own product
 * data: the issue asks that the public pages "never disagree" with what customers can order, and
 * prose is where they drift. The basics (titles, dates, slugs, front matter) are content.test.ts.
 */

const team = content.team();

// ---------------------------------------------------------------------------------------------
// Consistency with the product data the store sells (db/seed/demo-products.ts).

const products = demoProducts(new Random(1));
const sellsVariety = new Set(products.map((p) => p.variety));
const SEED_GRADES = new Set(products.map((p) => p.grade));

/** How the prose names each variety; mini gerbera before gerbera. */
const VARIETY_NAMES: [slug: string, pattern: RegExp][] = [
  ["mini-gerbera", /\bmini[- ]gerberas?\b|\bgermini\b/i],
  ["gerbera", /(?<!mini[- ])\bgerberas?\b/i],
  ["lilies", /\blil(?:y|ies)\b|\borientals?\b|\bla-hybrids?\b|\basiatics?\b/i],
  ["anthurium", /\banthuriums?\b/i],
  ["lisianthus", /\blisianthus\b|\beustoma\b/i],
  ["snapdragons", /\bsnapdragons?\b|\bantirrhinum\b/i],
  ["garden-roses", /\bgarden[- ]roses?\b/i],
];
/** Flowers we talk about but do not sell: a claim about them is not a claim about our range. */
const NOT_OURS = /\bstandard roses?\b/i;

function namedVarieties(text: string): { slugs: string[]; notOurs: boolean } {
  return { slugs: VARIETY_NAMES.filter(([, re]) => re.test(text)).map(([slug]) => slug), notOurs: NOT_OURS.test(text) };
}

/** Every variety name in the text, in order of appearance. */
function mentions(text: string): { slug: string | null; start: number; end: number }[] {
  const all = [...VARIETY_NAMES, [null, NOT_OURS] as const].flatMap(([slug, re]) =>
    [...text.matchAll(new RegExp(re.source, "gi"))].map((m) => ({ slug, start: m.index, end: m.index + m[0].length })),
  );
  return all.sort((a, b) => a.start - b.start).filter((m, i, xs) => i === 0 || m.start >= xs[i - 1]!.end);
}

/** "lilies, gerbera and snapdragons": names joined only by commas, "and" or "or" form one list. */
const JOINS_A_LIST = /^(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?:large\s+)?$/i;

/**
 * The list of varieties nearest to a claim: the first list after it (up to the next claim), else
 * the last list before it. A list that names something we do not sell gives no scope at all.
 */
function nearestList(after: string, before: string): { slugs: string[]; notOurs: boolean } | null {
  const collect = (ms: ReturnType<typeof mentions>, text: string, from: number, step: 1 | -1) => {
    const list = [ms[from]!];
    for (let i = from + step; i >= 0 && i < ms.length; i += step) {
      const [a, b] = step === 1 ? [list[list.length - 1]!, ms[i]!] : [ms[i]!, list[list.length - 1]!];
      if (!JOINS_A_LIST.test(text.slice(a.end, b.start))) break;
      list.push(ms[i]!);
    }
    return { slugs: [...new Set(list.flatMap((m) => (m.slug ? [m.slug] : [])))], notOurs: list.some((m) => !m.slug) };
  };
  const ahead = mentions(after);
  if (ahead.length) return collect(ahead, after, 0, 1);
  const behind = mentions(before);
  if (behind.length) return collect(behind, before, behind.length - 1, -1);
  return null;
}

const NUMBER_WORDS: Record<string, number> = {
  "twenty-five": 25,
  twenty: 20,
  sixteen: 16,
  fifteen: 15,
  fourteen: 14,
  twelve: 12,
  eleven: 11,
  ten: 10,
  nine: 9,
  eight: 8,
  seven: 7,
  six: 6,
  five: 5,
  four: 4,
  three: 3,
  two: 2,
};
// "one" is left out on purpose: "several bunches of one product" is not a packing claim.
const NUM = `(?:\\d+|${Object.keys(NUMBER_WORDS).join("|")})`;
const NUMS = `(${NUM}(?:\\s*(?:–|-|to|or)\\s*${NUM})?)`;

type Kind = "stems a bunch" | "bunches a pail";
interface Claim {
  kind: Kind;
  values: number[];
  /** "six to twelve" states the smallest and the largest; "ten or twelve" states every value. */
  range: boolean;
  /** Only anthurium: "sold by the stem". */
  anthuriumOnly?: boolean;
  index: number;
}

function parseNumbers(text: string): { values: number[]; range: boolean } {
  const range = !/\bor\b/i.test(text);
  const values = text
    .toLowerCase()
    .replace(/twenty-five/g, "25")
    .split(/\s*(?:–|-|\bto\b|\bor\b)\s*/)
    .filter(Boolean)
    .map((w) => (/^\d+$/.test(w) ? Number(w) : NUMBER_WORDS[w]!));
  return { values, range: range && values.length === 2 };
}

const STEMS_PATTERNS = [
  new RegExp(`\\b${NUMS} (?:stems? )?(?:a|to a|to the|per|in a|in each|in every|each) bunch\\b`, "gi"),
  new RegExp(`\\bbunch(?:es)? (?:is|are|of) ${NUMS}\\b(?! bunch)`, "gi"),
  new RegExp(`\\bbunched (?:at|in) (?:bunches of )?${NUMS}\\b`, "gi"),
  new RegExp(`\\bpacked ${NUMS} stems\\b`, "gi"),
  new RegExp(`\\b${NUMS} stems for\\b`, "gi"),
];
/** "…ten stems for lilies, and twelve for garden roses": only after a first claim in the clause. */
const FOLLOW_ON = new RegExp(`(?:,|\\band)\\s+${NUMS} for\\b`, "gi");
const PAIL_PATTERNS = [
  new RegExp(`\\b${NUMS} bunch(?:es)? (?:a|to a|to the|per|in a|in each|in every|each) pail\\b`, "gi"),
  new RegExp(`\\bpails? (?:of|holds?|with) ${NUMS} bunches\\b`, "gi"),
];
/** Anthurium "sold by the stem": a bunch of one. ("Handle by the stem" is not a sales claim.) */
const BY_THE_STEM = /\b(?:sold|sells?|ordered|priced|bought|packed) by the (?:single )?stem\b|\bby the single stem\b|\bwhole stems\b|\bindividually\b/gi;

function claimsIn(clause: string): Claim[] {
  const found: Claim[] = [];
  const collect = (patterns: RegExp[], kind: Kind) => {
    for (const re of patterns)
      for (const m of clause.matchAll(re)) found.push({ kind, ...parseNumbers(m[1]!), index: m.index + m[0].indexOf(m[1]!) });
  };
  collect(STEMS_PATTERNS, "stems a bunch");
  collect(PAIL_PATTERNS, "bunches a pail");
  const firstStems = Math.min(...found.filter((c) => c.kind === "stems a bunch").map((c) => c.index));
  for (const m of clause.matchAll(FOLLOW_ON))
    if (m.index > firstStems) found.push({ kind: "stems a bunch", ...parseNumbers(m[1]!), index: m.index + m[0].indexOf(m[1]!) });
  for (const m of clause.matchAll(BY_THE_STEM)) found.push({ kind: "stems a bunch", values: [1], range: false, anthuriumOnly: true, index: m.index });
  // One claim per place (two patterns can match the same number).
  return found
    .sort((a, b) => a.index - b.index)
    .filter((c, i, all) => i === 0 || c.index !== all[i - 1]!.index || c.kind !== all[i - 1]!.kind);
}

type Product = (typeof products)[number];

/** Narrows a variety's products by what the clause says: a grade, a spathe size, a stem length, a lily group. */
function qualified(rows: Product[], clause: string): Product[] {
  const filters: ((p: Product) => boolean)[] = [];
  const grades = [...clause.matchAll(/\b(Select|Premium|Extra|A1)\b/g)].map((m) => m[1]!);
  if (grades.length) filters.push((p) => grades.includes(p.grade ?? ""));
  const spans = [...clause.matchAll(/(\d+)\s*(?:–|-|to)\s*(\d+)\s*cm\b/g)].map((m) => `${m[1]}-${m[2]}cm spathe`);
  if (spans.length) filters.push((p) => spans.some((s) => p.description.includes(s)));
  const lengths = [...clause.replace(/\d+\s*(?:–|-|to)\s*\d+\s*cm\b/g, "").matchAll(/\b(\d+)\s*cm\b/g)].map((m) => Number(m[1]));
  if (lengths.length) filters.push((p) => lengths.includes(p.stemLengthCm ?? -1));
  const groups = [
    [/\borientals?\b/i, "Oriental"],
    [/\bla[- ]hybrids?\b/i, "LA Hybrid"],
    [/\basiatics?\b/i, "Asiatic"],
  ] as const;
  const named = groups.filter(([re]) => re.test(clause)).map(([, label]) => label);
  if (named.length) filters.push((p) => p.variety !== "lilies" || named.some((g) => p.description.includes(` ${g} `)));
  // A qualifier that matches nothing (a size we do not sell, say) is left out rather than guessed at.
  return filters.reduce((kept, f) => (kept.filter(f).length ? kept.filter(f) : kept), rows);
}

function agrees(claim: Claim, actual: number[]): boolean {
  const want = [...new Set(actual)].sort((a, b) => a - b);
  if (claim.range) return claim.values[0] === want[0] && claim.values[1] === want[want.length - 1];
  return [...new Set(claim.values)].sort((a, b) => a - b).join() === want.join();
}

/** Text with tags dropped and the entities marked writes decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (_m, e: string) => {
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
      if (named[e.toLowerCase()]) return named[e.toLowerCase()]!;
      return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    })
    .replace(/\s+/g, " ")
    .trim();
}

interface Block {
  text: string;
  /** The heading the text sits under (the nearest h2 or h3 that names a variety, else the nearest). */
  heading: string;
  /** For a table row: which column says what. */
  cells?: { header: string; text: string }[];
}

/** Front matter strings, then the body in order: paragraphs, list items, headings and table rows. */
function blocksOf(doc: ContentDoc): Block[] {
  const blocks: Block[] = ["title", "summary", "description", "tagline", "heroTitle", "heroText"]
    .map((k) => str(doc.meta[k]))
    .filter(Boolean)
    .map((text) => ({ text, heading: "" }));
  const headings: string[] = [];
  const heading = () => {
    const withVariety = [...headings].reverse().find((h) => h && namedVarieties(h).slugs.length);
    return withVariety ?? [...headings].reverse().find(Boolean) ?? "";
  };
  const re = /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>|<table>([\s\S]*?)<\/table>|<(p|li)[^>]*>([\s\S]*?)<\/\4>/g;
  for (const m of doc.html.matchAll(re)) {
    if (m[1]) {
      const level = Number(m[1]);
      headings.length = level;
      headings[level - 1] = textOf(m[2]!);
      blocks.push({ text: textOf(m[2]!), heading: heading() });
    } else if (m[3]) {
      const head = [...(/<thead>([\s\S]*?)<\/thead>/.exec(m[3])?.[1] ?? "").matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((c) => textOf(c[1]!));
      for (const row of (/<tbody>([\s\S]*?)<\/tbody>/.exec(m[3])?.[1] ?? "").matchAll(/<tr>([\s\S]*?)<\/tr>/g)) {
        const cells = [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c, i) => ({ header: head[i] ?? "", text: textOf(c[1]!) }));
        blocks.push({ text: cells.map((c) => c.text).join(" | "), heading: heading(), cells });
      }
    } else {
      blocks.push({ text: textOf(m[5]!), heading: heading() });
    }
  }
  return blocks;
}

interface Source {
  where: string;
  doc: ContentDoc;
  /** The variety the whole file is about, when it is about one. */
  variety: string | null;
}

const one = (slugs: string[]) => (slugs.length === 1 ? slugs[0]! : null);
const sources: Source[] = [
  ...pages.flatMap((p) => (p.doc ? [{ where: `pages/${p.name}.md`, doc: p.doc, variety: null }] : [])),
  ...articles.map((a) => ({
    where: `blog/${a.slug}.md`,
    doc: a,
    variety: one(((a.meta.tags as unknown[] | undefined) ?? []).map(String).filter((t) => sellsVariety.has(t))),
  })),
  ...guides.map((g) => ({ where: `care/${g.slug}.md`, doc: g, variety: one(namedVarieties(g.slug.replace(/-/g, " ")).slugs) })),
  ...varieties.map((v) => ({ where: `varieties/${v.slug}.md`, doc: v, variety: sellsVariety.has(v.slug) ? v.slug : null })),
  ...(team ? [{ where: "team.md", doc: team, variety: null }] : []),
];

/** Which varieties a claim is about: named after it, else before it, else in the heading, else the file's. */
function scopeOf(clause: string, claim: { index: number }, next: { index: number } | undefined, block: Block, source: Source): string[] {
  const near = nearestList(clause.slice(claim.index, next?.index ?? clause.length), clause.slice(0, claim.index));
  if (near) return near.notOurs ? [] : near.slugs;
  const fromHeading = namedVarieties(block.heading).slugs;
  if (fromHeading.length) return fromHeading;
  return source.variety ? [source.variety] : [];
}

const clausesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])|;\s+/)
    .map((c) => c.trim())
    .filter(Boolean);

function packingDisagreements(source: Source): string[] {
  const out: string[] = [];
  const check = (claim: Claim, slugs: string[], clause: string) => {
    for (const slug of claim.anthuriumOnly ? slugs.filter((s) => s === "anthurium") : slugs) {
      const rows = qualified(products.filter((p) => p.variety === slug), clause);
      const actual = rows.map((p) => (claim.kind === "stems a bunch" ? p.stemsPerBunch : p.unitOfMeasureQty));
      if (!agrees(claim, actual)) {
        const said = claim.values.join(claim.range ? "–" : " or ");
        const has = [...new Set(actual)].sort((a, b) => a - b).join(", ");
        out.push(`${source.where}: "${clause}" says ${said} ${claim.kind} for ${slug}; the store has ${has}`);
      }
    }
  };

  // Packing in front matter (a hidden copy of what the store knows) must at least agree with it.
  for (const [key, kind] of [
    ["stemsPerBunch", "stems a bunch"],
    ["bunchesPerPail", "bunches a pail"],
  ] as const) {
    const value = source.doc.meta[key];
    if (value !== undefined && source.variety)
      check({ kind, ...parseNumbers(String(value)), index: 0 }, [source.variety], `front matter ${key}: ${String(value)}`);
  }

  for (const block of blocksOf(source.doc)) {
    const claimsOfCells: { claim: Claim; clause: string }[] = [];
    for (const cell of block.cells ?? []) {
      const kind: Kind | null = /stems? (?:a|per|to a|in a|each) bunch/i.test(cell.header)
        ? "stems a bunch"
        : /bunches (?:a|per|to a|in a|each) pail/i.test(cell.header)
          ? "bunches a pail"
          : null;
      if (!kind) continue;
      if (/by the (?:single )?stem|single stem|individual/i.test(cell.text))
        claimsOfCells.push({ claim: { kind, values: [1], range: false, index: 0 }, clause: block.text });
      else {
        const m = new RegExp(`^\\s*${NUMS}\\b`, "i").exec(cell.text);
        if (m) claimsOfCells.push({ claim: { kind, ...parseNumbers(m[1]!), index: 0 }, clause: block.text });
      }
    }
    for (const { claim, clause } of claimsOfCells) {
      const named = namedVarieties(clause).slugs;
      check(claim, named.length ? named : scopeOf("", claim, undefined, block, source), clause);
    }
    for (const clause of block.cells ? [block.text] : clausesOf(block.text)) {
      const claims = claimsIn(clause);
      claims.forEach((claim, i) => check(claim, scopeOf(clause, claim, claims[i + 1], block, source), clause));
    }
  }
  return out;
}

describe("content agrees with the store's product data", () => {
  it("knows every variety the store sells", () => {
    expect([...sellsVariety].sort()).toEqual(VARIETY_NAMES.map(([slug]) => slug).sort());
  });

  it("no page says anthurium is sold by the single stem", () => {
    const wrong = sources.flatMap((s) =>
      blocksOf(s.doc).flatMap((b) =>
        clausesOf(b.text)
          .filter((c) => (namedVarieties(c).slugs.includes("anthurium") || namedVarieties(b.heading).slugs.includes("anthurium") || s.variety === "anthurium") && new RegExp(BY_THE_STEM.source, "i").test(c))
          .map((c) => `${s.where}: ${c}`),
      ),
    );
    const cells = sources.flatMap((s) =>
      blocksOf(s.doc)
        .filter((b) => b.cells?.some((c) => /stems? (?:a|per) bunch/i.test(c.header) && /by the (?:single )?stem/i.test(c.text)))
        .map((b) => `${s.where}: ${b.text}`),
    );
    const stemsPerBunchOne = sources.filter((s) => s.variety === "anthurium" && Number(s.doc.meta.stemsPerBunch) === 1).map((s) => s.where);
    expect([...wrong, ...cells, ...stemsPerBunchOne]).toEqual([]);
    // The store does bunch them, several stems to a bunch.
    expect(Math.min(...products.filter((p) => p.variety === "anthurium").map((p) => p.stemsPerBunch))).toBeGreaterThan(1);
  });

  it("every stems-a-bunch and bunches-a-pail claim matches the product data", () => {
    expect(sources.flatMap(packingDisagreements)).toEqual([]);
  });

  it("grades named in the content are grades the store sells", () => {
    const GRADE_WORDS = /\b(Standard|Select|Premium|Extra|Super|Fancy|First|A1|A2)\b/g;
    const wrong = sources.flatMap((s) =>
      blocksOf(s.doc).flatMap((b) =>
        clausesOf(b.text)
          .filter((c) => {
            const words = new Set([...c.matchAll(GRADE_WORDS)].map((m) => m[1]!));
            return words.size > 1 || (words.size === 1 && /\bgrad/i.test(`${c} ${b.heading} ${(b.cells ?? []).map((x) => x.header).join(" ")}`));
          })
          .flatMap((c) => [...c.matchAll(GRADE_WORDS)].map((m) => m[1]!).filter((g) => !SEED_GRADES.has(g)).map((g) => `${s.where}: "${g}" in "${c}"`)),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("vase life agrees between each care guide and everything else that states it", () => {
    // A "lasts 2–3 weeks" tag for anthurium beside a care guide that says 14–28 days is the drift this catches.
    const days = new Map<string, [number, number]>();
    for (const g of guides) {
      const slug = one(namedVarieties(g.slug.replace(/-/g, " ")).slugs);
      const m = /^(\d+)\s*[–-]\s*(\d+)$/.exec(str(g.meta.vaseLifeDays));
      if (slug && m) days.set(slug, [Number(m[1]), Number(m[2])]);
    }
    expect(days.size).toBe(guides.length);
    const LIFE = new RegExp(`\\b${NUMS}\\s*(days|weeks)\\b`, "gi");
    const wrong: string[] = [];
    for (const s of sources)
      for (const b of blocksOf(s.doc))
        for (const c of clausesOf(b.text)) {
          if (!/\b(?:lasts?|vase)\b/i.test(c)) continue;
          const lives = [...c.matchAll(LIFE)].map((m) => ({ index: m.index, said: m[0], ...parseNumbers(m[1]!), unit: m[2]! }));
          lives.forEach((life, i) => {
            if (!life.range) return;
            const [a, z] = life.values.map((n) => (/week/i.test(life.unit) ? n * 7 : n));
            for (const slug of scopeOf(c, life, lives[i + 1], b, s)) {
              const [lo, hi] = days.get(slug) ?? [a, z];
              if (a !== lo || z !== hi) wrong.push(`${s.where}: "${c}" says ${life.said} for ${slug}; its care guide says ${lo}–${hi} days`);
            }
          });
        }
    expect(wrong).toEqual([]);
  });
});
