// The demo's product master: the grower's seven variety families, named the way the
// trade names them (cultivar, colour, grade, stem length), with packing and a base price.
import type { NewProduct } from "../factories/index.ts";
import { buildProduct } from "../factories/index.ts";
import type { Random } from "./random.ts";

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

const shade = (code: string, name: string, colour: string, hex: string): Shade => ({ code, name, colour, hex });

const ORIENTAL: Shade[] = [
  shade("SIB", "Siberia", "White", "#FFFFFF"),
  shade("CSB", "Casa Blanca", "White", "#FDFDF8"),
  shade("TIB", "Tiber", "White", "#FBFAF5"),
  shade("ZAM", "Zambesi", "White", "#FFFDF7"),
  shade("RIA", "Rialto", "White", "#FAFAF2"),
  shade("SOR", "Sorbonne", "Pink", "#F4A6C0"),
  shade("STG", "Stargazer", "Dark Pink", "#D63A6E"),
  shade("ACA", "Acapulco", "Dark Pink", "#C2185B"),
  shade("SAN", "Santander", "Pink", "#EE82A8"),
  shade("TAR", "Tarrango", "Pink", "#F06292"),
  shade("LRV", "Le Reve", "Light Pink", "#F8C8D8"),
  shade("MUS", "Muscadet", "Blush", "#F9E1E6"),
  shade("CDO", "Conca d'Or", "Yellow", "#F7D842"),
  shade("YLW", "Yelloween", "Yellow", "#F5C518"),
];
const LA_HYBRID: Shade[] = [
  shade("BRI", "Brindisi", "Pink", "#F48FB1"),
  shade("COU", "Courier", "White", "#FFFFFF"),
  shade("NAS", "Nashville", "Yellow", "#FBD03B"),
  shade("RSU", "Royal Sunset", "Orange", "#F57C00"),
  shade("ERE", "Eremo", "Orange", "#FB8C00"),
  shade("SAM", "Samur", "Pink", "#EC7FA9"),
  shade("SER", "Serrada", "Red", "#D32F2F"),
  shade("LIT", "Litouwen", "White", "#FCFCF7"),
  shade("PAV", "Pavia", "Yellow", "#FFE082"),
  shade("FAN", "Fangio", "Salmon", "#FA8072"),
];
const ASIATIC: Shade[] = [
  shade("NAV", "Navona", "White", "#FFFFFF"),
  shade("TRE", "Tresor", "Orange", "#F57F17"),
  shade("BLK", "Black Out", "Dark Red", "#7B1F2B"),
  shade("LAN", "Landini", "Burgundy", "#4A0E1F"),
  shade("BRU", "Brunello", "Orange", "#F36C21"),
  shade("YCO", "Yellow Cocotte", "Yellow", "#FFD54F"),
  shade("PFL", "Pink Flavour", "Pink", "#F8A1C4"),
  shade("RTW", "Red Twin", "Red", "#C62828"),
];
const GERBERA: Shade[] = [
  shade("WHT-LC", "White Light Centre", "White", "#FFFFFF"),
  shade("CRM-DC", "Cream Dark Centre", "Cream", "#FFF3D6"),
  shade("YEL-DC", "Yellow Dark Centre", "Yellow", "#FFD600"),
  shade("GYL-LC", "Golden Yellow Light Centre", "Yellow", "#FFC107"),
  shade("ORA-DC", "Orange Dark Centre", "Orange", "#FF6F00"),
  shade("APR-LC", "Apricot Light Centre", "Apricot", "#FBCEB1"),
  shade("PEA-DC", "Peach Dark Centre", "Peach", "#FFB38A"),
  shade("SAL-LC", "Salmon Light Centre", "Salmon", "#FA8072"),
  shade("COR-DC", "Coral Dark Centre", "Coral", "#FF7F50"),
  shade("PNK-LC", "Pink Light Centre", "Pink", "#F8A5C2"),
  shade("HPK-DC", "Hot Pink Dark Centre", "Hot Pink", "#FF1493"),
  shade("FUC-DC", "Fuchsia Dark Centre", "Fuchsia", "#C2185B"),
  shade("RED-DC", "Red Dark Centre", "Red", "#D50000"),
  shade("SCA-LC", "Scarlet Light Centre", "Red", "#FF2400"),
  shade("BUR-DC", "Burgundy Dark Centre", "Burgundy", "#800020"),
  shade("BIC-LC", "Bicolour Pink White", "Bicolour", "#F7C6D9"),
  shade("LIL-LC", "Lilac Light Centre", "Lavender", "#C8A2C8"),
];
const MINI_GERBERA: Shade[] = [
  shade("WHT-LC", "White Light Centre", "White", "#FFFFFF"),
  shade("CRM-DC", "Cream Dark Centre", "Cream", "#FFF3D6"),
  shade("YEL-DC", "Yellow Dark Centre", "Yellow", "#FFD600"),
  shade("ORA-DC", "Orange Dark Centre", "Orange", "#FF6F00"),
  shade("APR-LC", "Apricot Light Centre", "Apricot", "#FBCEB1"),
  shade("PEA-LC", "Peach Light Centre", "Peach", "#FFB38A"),
  shade("SAL-DC", "Salmon Dark Centre", "Salmon", "#FA8072"),
  shade("PNK-LC", "Pink Light Centre", "Pink", "#F8A5C2"),
  shade("HPK-DC", "Hot Pink Dark Centre", "Hot Pink", "#FF1493"),
  shade("FUC-DC", "Fuchsia Dark Centre", "Fuchsia", "#C2185B"),
  shade("RED-DC", "Red Dark Centre", "Red", "#D50000"),
  shade("BUR-DC", "Burgundy Dark Centre", "Burgundy", "#800020"),
  shade("LIL-LC", "Lilac Light Centre", "Lavender", "#C8A2C8"),
  shade("GRN-DC", "Green Dark Centre", "Green", "#9CCC65"),
  shade("BIC-DC", "Bicolour Orange Yellow", "Bicolour", "#FFB74D"),
];
const ANTHURIUM: Shade[] = [
  shade("RED", "Red", "Red", "#C62828"),
  shade("PNK", "Pink", "Pink", "#F48FB1"),
  shade("WHT", "White", "White", "#FAFAFA"),
  shade("GRN", "Green", "Green", "#7CB342"),
  shade("ORA", "Orange", "Orange", "#EF6C00"),
  shade("PUR", "Purple", "Purple", "#6A1B9A"),
  shade("CHO", "Chocolate", "Chocolate", "#5D4037"),
  shade("COR", "Coral", "Coral", "#FF7F50"),
  shade("BUR", "Burgundy", "Burgundy", "#6D071A"),
  shade("OBK", "Obake Green Pink", "Bicolour", "#B5CC8E"),
];
const LISIANTHUS: Shade[] = [
  shade("WHT", "White", "White", "#FFFFFF"),
  shade("LPK", "Light Pink", "Light Pink", "#F8C8D8"),
  shade("PNK", "Pink", "Pink", "#F48FB1"),
  shade("ROS", "Rose", "Rose", "#E0607E"),
  shade("LAV", "Lavender", "Lavender", "#B39DDB"),
  shade("PUR", "Purple", "Purple", "#6A1B9A"),
  shade("BLP", "Blue Picotee", "Bicolour", "#7E6BC4"),
  shade("CHA", "Champagne", "Champagne", "#F7E7CE"),
  shade("GRN", "Green", "Green", "#B5D99C"),
  shade("APR", "Apricot", "Apricot", "#FBCEB1"),
];
const SNAPDRAGON: Shade[] = [
  shade("WHT", "White", "White", "#FFFFFF"),
  shade("YEL", "Yellow", "Yellow", "#FFE066"),
  shade("LPK", "Light Pink", "Light Pink", "#F8C8D8"),
  shade("PNK", "Pink", "Pink", "#F48FB1"),
  shade("ROS", "Rose", "Rose", "#E0607E"),
  shade("ORA", "Orange", "Orange", "#FF8C42"),
  shade("RED", "Red", "Red", "#C62828"),
  shade("BUR", "Burgundy", "Burgundy", "#800020"),
  shade("LAV", "Lavender", "Lavender", "#B39DDB"),
  shade("APB", "Apple Blossom", "Bicolour", "#F9C5C9"),
];
const GARDEN_ROSES: Array<Shade & { stems: number }> = [
  { ...shade("JUL", "Juliet", "Apricot", "#FBCEB1"), stems: 12 },
  { ...shade("KEI", "Keira", "Pink", "#F5B7C5"), stems: 12 },
  { ...shade("PAT", "Patience", "White", "#FFFDF5"), stems: 12 },
  { ...shade("MIR", "Miranda", "Pink", "#F48FB1"), stems: 12 },
  { ...shade("TES", "Tess", "Red", "#A4161A"), stems: 12 },
  { ...shade("CON", "Constance", "Pink", "#F3A6BE"), stems: 12 },
  { ...shade("KAT", "Kate", "Dark Pink", "#D81B60"), stems: 12 },
  { ...shade("DAR", "Darcey", "Red", "#B71C1C"), stems: 12 },
  { ...shade("CAR", "Carey", "Light Pink", "#F8D1DC"), stems: 12 },
  { ...shade("ANT", "Romantic Antike", "Pink", "#EFA3B7"), stems: 10 },
  { ...shade("POH", "Pink O'Hara", "Pink", "#F4A7BB"), stems: 10 },
  { ...shade("WOH", "White O'Hara", "White", "#FFFCF2"), stems: 10 },
  { ...shade("YPI", "Yves Piaget", "Dark Pink", "#C2185B"), stems: 10 },
  { ...shade("QSD", "Quicksand", "Champagne", "#D8B7A3"), stems: 10 },
  { ...shade("PHT", "Princess Hitomi", "Cream", "#FFF1DC"), stems: 10 },
  { ...shade("PIA", "Red Piano", "Red", "#B00020"), stems: 10 },
  { ...shade("GMU", "Golden Mustard", "Yellow", "#F6C445"), stems: 10 },
  { ...shade("CAP", "Cappuccino", "Champagne", "#C9A27E"), stems: 10 },
];

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

  const lilyGroups = [
    {
      code: "OR",
      label: "Oriental",
      shades: ORIENTAL,
      grades: [
        { buds: "2-3 bud", cm: 70, grade: "Select", box: 12, price: 1450 },
        { buds: "3-4 bud", cm: 80, grade: "Premium", box: 10, price: 1750 },
        { buds: "4-5 bud", cm: 90, grade: "Extra", box: 8, price: 2100 },
      ],
      pail: 8,
    },
    {
      code: "LA",
      label: "LA Hybrid",
      shades: LA_HYBRID,
      grades: [
        { buds: "3-4 bud", cm: 70, grade: "Select", box: 12, price: 1050 },
        { buds: "4-5 bud", cm: 80, grade: "Premium", box: 10, price: 1250 },
      ],
      pail: 10,
    },
    {
      code: "AS",
      label: "Asiatic",
      shades: ASIATIC,
      grades: [
        { buds: "3-5 bud", cm: 60, grade: "Select", box: 14, price: 850 },
        { buds: "5+ bud", cm: 70, grade: "Premium", box: 12, price: 1000 },
      ],
      pail: 10,
    },
  ];
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
  for (const s of GERBERA) {
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

  for (const s of MINI_GERBERA) {
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
  for (const s of ANTHURIUM) {
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

  for (const s of LISIANTHUS) {
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

  for (const s of SNAPDRAGON) {
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
