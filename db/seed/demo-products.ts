// The demo's product master: the grower's seven variety families, named the way the
// trade names them (cultivar, colour, grade, stem length), with packing and a base price.
import type { NewProduct } from "../factories/index.ts";
import { buildProduct } from "../factories/index.ts";
import type { Random } from "./random.ts";
import RANGE from "./demo-range.json";

export interface DemoProduct extends NewProduct {
  productId: string;
  /** Standard loose-bunch price in cents the offer prices derive from. */
  basePriceCents: number;
}

interface Shade {
  code: string;
  name: string;
  colour: string;
  hex: string;
}

type ShadeRow = [code: string, name: string, colour: string, hex: string];
type Family = Exclude<keyof typeof RANGE.shades, "gardenRoses">;

/** A variety family's cultivars and colours (db/seed/demo-range.json). */
const shades = (family: Family): Shade[] => (RANGE.shades[family] as ShadeRow[]).map(([code, name, colour, hex]) => ({ code, name, colour, hex }));
/** Garden roses also carry their stems a bunch. */
const GARDEN_ROSES = (RANGE.shades.gardenRoses as [...ShadeRow, number][]).map(([code, name, colour, hex, stems]) => ({ code, name, colour, hex, stems }));

interface Pack {
  unitOfMeasureQty: number;
  stemsPerBunch: number;
  bunchesPerBox: number;
}

export function demoProducts(random: Random): DemoProduct[] {
  const out: DemoProduct[] = [];
  const add = (
    p: { productId: string; description: string; variety: string; category: string; image: string; grade: string; stemLengthCm: number },
    s: Shade,
    pack: Pack,
    priceCents: number,
  ) => {
    // Cultivars are not all priced alike: up to 8 % either way, to the nickel.
    const jitter = 1 + (random.float() - 0.5) * 0.16;
    const row = buildProduct({
      ...p,
      colour: s.colour,
      colourHex: s.hex,
      unitOfMeasure: "Pail",
      unitOfMeasureQty: pack.unitOfMeasureQty,
      stemsPerBunch: pack.stemsPerBunch,
      bunchesPerBox: pack.bunchesPerBox,
      stemsPerBox: pack.stemsPerBunch * pack.bunchesPerBox,
      showStore: true,
      active: true,
    }) as DemoProduct;
    row.basePriceCents = Math.round((priceCents * jitter) / 5) * 5;
    out.push(row);
  };

  const lilyGroups = RANGE.lilyGroups.map((g) => ({ ...g, shades: shades(g.shades as Family) }));
  for (const group of lilyGroups) {
    for (const s of group.shades) {
      for (const g of group.grades) {
        add(
          {
            productId: `LIL-${group.code}-${s.code}-${g.cm}`,
            description: `Lily ${group.label} ${s.name} ${s.colour === "Blush" ? "White Pink" : s.colour} ${g.buds} ${g.cm}cm`,
            variety: "lilies",
            category: "Lilies",
            image: "lily",
            grade: g.grade,
            stemLengthCm: g.cm,
          },
          s,
          { unitOfMeasureQty: group.pail, stemsPerBunch: 10, bunchesPerBox: g.box },
          g.price,
        );
      }
    }
  }

  const gerberaGrades = [
    { cm: 45, grade: "Select", price: 700 },
    { cm: 55, grade: "Premium", price: 800 },
    { cm: 65, grade: "Extra", price: 900 },
  ];
  for (const s of shades("gerbera")) {
    for (const g of gerberaGrades) {
      add(
        {
          productId: `GER-${s.code}-${g.cm}`,
          description: `Gerbera ${s.name} ${g.cm}cm`,
          variety: "gerbera",
          category: "Gerbera",
          image: "gerbera",
          grade: g.grade,
          stemLengthCm: g.cm,
        },
        s,
        { unitOfMeasureQty: 10, stemsPerBunch: 10, bunchesPerBox: 12 },
        g.price,
      );
    }
  }

  for (const s of shades("miniGerbera")) {
    for (const g of [
      { cm: 35, grade: "Select", price: 550 },
      { cm: 45, grade: "Premium", price: 650 },
    ]) {
      add(
        {
          productId: `MGR-${s.code}-${g.cm}`,
          description: `Mini Gerbera ${s.name} ${g.cm}cm`,
          variety: "mini-gerbera",
          category: "Mini Gerbera",
          image: "mini-gerbera",
          grade: g.grade,
          stemLengthCm: g.cm,
        },
        s,
        { unitOfMeasureQty: 10, stemsPerBunch: 10, bunchesPerBox: 15 },
        g.price,
      );
    }
  }

  // Bigger spathes, fewer stems to the bunch.
  const anthuriumSizes = [
    { size: "8-10", cm: 45, stems: 12, pail: 6, box: 8, price: 1800 },
    { size: "10-12", cm: 50, stems: 10, pail: 5, box: 8, price: 2000 },
    { size: "12-14", cm: 55, stems: 8, pail: 5, box: 6, price: 2200 },
    { size: "14-16", cm: 60, stems: 6, pail: 4, box: 6, price: 2300 },
  ];
  for (const s of shades("anthurium")) {
    for (const a of anthuriumSizes) {
      add(
        {
          productId: `ANT-${s.code}-${a.size.replace("-", "")}`,
          description: `Anthurium ${s.name} ${a.size}cm spathe`,
          variety: "anthurium",
          category: "Anthurium",
          image: "anthurium",
          grade: "A1",
          stemLengthCm: a.cm,
        },
        s,
        { unitOfMeasureQty: a.pail, stemsPerBunch: a.stems, bunchesPerBox: a.box },
        a.price,
      );
    }
  }

  for (const s of shades("lisianthus")) {
    for (const form of [
      { code: "SG", label: "Single", price: 950 },
      { code: "DB", label: "Double", price: 1150 },
    ]) {
      for (const cm of [60, 70]) {
        add(
          {
            productId: `LIS-${form.code}-${s.code}-${cm}`,
            description: `Lisianthus ${form.label} ${s.name} ${cm}cm`,
            variety: "lisianthus",
            category: "Lisianthus",
            image: "lisianthus",
            grade: cm === 70 ? "Premium" : "Select",
            stemLengthCm: cm,
          },
          s,
          { unitOfMeasureQty: 8, stemsPerBunch: 10, bunchesPerBox: 12 },
          form.price + (cm === 70 ? 150 : 0),
        );
      }
    }
  }

  for (const s of shades("snapdragon")) {
    for (const series of [
      { code: "POT", label: "Potomac", cm: 80, grade: "Select", price: 850 },
      { code: "POT", label: "Potomac", cm: 90, grade: "Premium", price: 1000 },
      { code: "RKT", label: "Rocket", cm: 70, grade: "Select", price: 750 },
    ]) {
      add(
        {
          productId: `SNP-${series.code}-${s.code}-${series.cm}`,
          description: `Snapdragon ${series.label} ${s.name} ${series.cm}cm`,
          variety: "snapdragons",
          category: "Snapdragons",
          image: "snapdragon",
          grade: series.grade,
          stemLengthCm: series.cm,
        },
        s,
        { unitOfMeasureQty: 6, stemsPerBunch: 10, bunchesPerBox: 10 },
        series.price,
      );
    }
  }

  for (const s of GARDEN_ROSES) {
    for (const g of [
      { cm: 40, grade: "Select", price: 2400 },
      { cm: 50, grade: "Premium", price: 2900 },
    ]) {
      add(
        {
          productId: `GRS-${s.code}-${g.cm}`,
          description: `Garden Rose ${s.name} ${s.colour} ${g.cm}cm`,
          variety: "garden-roses",
          category: "Garden Roses",
          image: "garden-rose",
          grade: g.grade,
          stemLengthCm: g.cm,
        },
        s,
        { unitOfMeasureQty: 5, stemsPerBunch: s.stems, bunchesPerBox: 8 },
        Math.round((g.price * s.stems) / 12),
      );
    }
  }
  return out;
}

const stripBase = ({ basePriceCents: _base, ...row }: DemoProduct): NewProduct => row;
export { stripBase as productRow };
