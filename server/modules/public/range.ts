import type { Db } from "../../../db/client.ts";
import * as repo from "./repo.ts";

/**
 * What the public pages say about the range comes from the same product rows as the store, so the
 * colours, grades and packing on a variety page never disagree with what customers can order.
 */

export interface ColourFamily {
  colour: string;
  /** Distinct shades in this colour, most common first. */
  shades: string[];
  /** Products in this colour. */
  products: number;
  stemLengthsCm: number[];
}

export interface GradeRow {
  grade: string;
  stemLengthCm: number | null;
  stemsPerBunch: number;
  bunchesPerPail: number;
  /** Colours offered in this grade and pack. */
  colours: number;
}

export interface VarietyRange {
  variety: string;
  products: number;
  colours: ColourFamily[];
  grades: GradeRow[];
  stemLengthCm: { min: number; max: number } | null;
  stemsPerBunch: number[];
  bunchesPerPail: number[];
}

const uniqSorted = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** Grades from the everyday to the best. */
const GRADE_ORDER = ["select", "premium", "extra", "a1"];
const gradeRank = (g: string) => {
  const i = GRADE_ORDER.indexOf(g.split(" · ")[0]!.toLowerCase());
  return i === -1 ? GRADE_ORDER.length : i;
};

type Row = Omit<repo.RangeRow, "description"> & {
  description?: string;
};

/** Anthurium is graded by spathe size, which the product description carries ("… 10-12cm spathe"). */
function spatheOf(description: string | undefined): string | null {
  const m = /(\d+)\s*-\s*(\d+)\s*cm spathe/i.exec(description ?? "");
  return m ? `${m[1]}–${m[2]} cm spathe` : null;
}

export function summarise(variety: string, rows: Row[]): VarietyRange {
  const byColour = new Map<string, { hexes: Map<string, number>; n: number; cms: number[] }>();
  const byGrade = new Map<string, GradeRow & { colourSet: Set<string> }>();
  for (const r of rows) {
    const c = byColour.get(r.colour) ?? { hexes: new Map<string, number>(), n: 0, cms: [] as number[] };
    c.n++;
    c.hexes.set(r.colourHex.toUpperCase(), (c.hexes.get(r.colourHex.toUpperCase()) ?? 0) + 1);
    if (r.stemLengthCm) c.cms.push(r.stemLengthCm);
    byColour.set(r.colour, c);
    const spathe = spatheOf(r.description);
    const key = `${r.grade}|${spathe ?? ""}|${r.stemLengthCm ?? ""}|${r.stemsPerBunch}|${r.unitOfMeasureQty}`;
    const g = byGrade.get(key) ?? {
      grade: [r.grade || "Ungraded", spathe].filter(Boolean).join(" · "),
      stemLengthCm: r.stemLengthCm,
      stemsPerBunch: r.stemsPerBunch,
      bunchesPerPail: r.unitOfMeasureQty,
      colours: 0,
      colourSet: new Set<string>(),
    };
    g.colourSet.add(r.colour);
    byGrade.set(key, g);
  }
  const colours = [...byColour.entries()]
    .map(([colour, c]) => ({
      colour,
      shades: [...c.hexes.entries()].sort((a, b) => b[1] - a[1]).map(([h]) => h),
      products: c.n,
      stemLengthsCm: uniqSorted(c.cms),
    }))
    .sort((a, b) => a.colour.localeCompare(b.colour));
  const grades = [...byGrade.values()]
    .map(({ colourSet, ...g }) => ({ ...g, colours: colourSet.size }))
    .sort((a, b) => gradeRank(a.grade) - gradeRank(b.grade) || (a.stemLengthCm ?? 0) - (b.stemLengthCm ?? 0) || a.bunchesPerPail - b.bunchesPerPail);
  const cms = rows.map((r) => r.stemLengthCm).filter((n): n is number => !!n);
  return {
    variety,
    products: rows.length,
    colours,
    grades,
    stemLengthCm: cms.length ? { min: Math.min(...cms), max: Math.max(...cms) } : null,
    stemsPerBunch: uniqSorted(rows.map((r) => r.stemsPerBunch)),
    bunchesPerPail: uniqSorted(rows.map((r) => r.unitOfMeasureQty)),
  };
}


/** The colours, grades and packs of one variety, from the active products the store shows. */
export async function varietyRange(db: Db, variety: string): Promise<VarietyRange> {
  return summarise(variety, await repo.rangeRows(db, [variety]));
}

/** Every variety's range at once (the assortment page). */
export async function allRanges(db: Db, varieties: string[]): Promise<Record<string, VarietyRange>> {
  const rows = await repo.rangeRows(db, varieties);
  return Object.fromEntries(varieties.map((v) => [v, summarise(v, rows.filter((r) => r.variety === v))]));
}

export interface Hotspot {
  label: string;
  variety: string | null;
  href: string | null;
  xPct: number;
  yPct: number;
}

export interface InteractivePicture {
  title: string;
  alt: string;
  scene: string;
  hotspots: Hotspot[];
}

/** An interactive picture by key ('catalogue' on the public site), or null when none is set up. */
export async function interactivePicture(db: Db, key: string): Promise<InteractivePicture | null> {
  const image = await repo.imageByKey(db, key);
  if (!image) return null;
  const spots = await repo.hotspotsLeftToRight(db, image.id);
  return {
    title: image.title,
    alt: image.alt,
    scene: image.scene,
    hotspots: spots.map((s) => ({ label: s.label, variety: s.variety, href: s.href, xPct: Number(s.xPct), yPct: Number(s.yPct) })),
  };
}
