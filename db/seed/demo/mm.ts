// The mass-market range: packages (boxes and the pail fee), bouquets and bunches, and an offer per
// ship day whose prices move week by week. Also the generated range of the benchmarks.
import { mmCatalogProducts, mmPackages, mmProducts, type catalogs } from "../../schema/index.ts";
import { buildMmPackage, buildMmProduct, PAIL_FEE_PACKAGE_TYPE, type NewMmProduct } from "../../factories/index.ts";
import { Random } from "../random.ts";
import type { SeedContext } from "./context.ts";

export const MM_PACKAGES = [
  buildMmPackage({ type: "BX-S", category: "boxes", size: "Small 40x25x15 cm", description: "Small box", priceCents: 30 }),
  buildMmPackage({ type: "BX-M", category: "boxes", size: "Medium 60x30x20 cm", description: "Medium box", priceCents: 40 }),
  buildMmPackage({ type: "BX-L", category: "boxes", size: "Large 80x40x25 cm", description: "Large box", priceCents: 55 }),
  buildMmPackage({ type: "BX-XL", category: "boxes", size: "Display carton 100x50x30 cm", description: "Display carton", priceCents: 85 }),
  buildMmPackage({ type: PAIL_FEE_PACKAGE_TYPE, category: "pails", size: "Pail", description: "Pail fee", priceCents: 75 }),
];

type MmSpec = [id: string, description: string, colour: string, hex: string, image: string, cents: number, box: string, pack: number];

/** Single-variety bouquets in three sizes: [code, variety name, image, colours, base cents]. */
const MM_SINGLE_VARIETY: Array<[code: string, name: string, image: string, colours: Array<[string, string]>, cents: number]> = [
  ["LIL", "Oriental Lily", "lily", [["White", "#FFFFFF"], ["Pink", "#F4A6C0"], ["Yellow", "#F7D842"]], 1199],
  ["GER", "Gerbera", "gerbera", [["Orange", "#FF6F00"], ["Red", "#C62828"], ["Hot Pink", "#FF1493"]], 699],
  ["MGR", "Mini Gerbera", "mini-gerbera", [["Peach", "#FFB38A"], ["Yellow", "#FFD600"]], 599],
  ["LIS", "Lisianthus", "lisianthus", [["Purple", "#6A1B9A"], ["Green", "#C5E1A5"]], 949],
  ["SNP", "Snapdragon", "snapdragon", [["Yellow", "#FFE066"], ["Burgundy", "#800020"]], 799],
  ["ANT", "Anthurium", "anthurium", [["Green", "#9CCC65"]], 1299],
  ["GRS", "Garden Rose", "garden-rose", [["Cream", "#FFF3D6"], ["Coral", "#FF7F50"]], 1699],
];

/** Sizes of a single-variety bouquet: suffix, name, price factor, box type, bouquets per pack. */
const MM_SIZES = [
  ["S", "Petite", 0.8, "BX-S", 12],
  ["M", "Classic", 1, "BX-M", 8],
  ["L", "Grand", 1.45, "BX-XL", 4],
] as const;

function mmProductRows(): NewMmProduct[] {
  const bouquets: MmSpec[] = [
    ["MM-BQ-SUNLIL", "Sunrise Lily Bouquet", "Yellow", "#F7D842", "lily", 1299, "BX-M", 6],
    ["MM-BQ-STGLIL", "Stargazer Lily Bouquet", "Dark Pink", "#D63A6E", "lily", 1399, "BX-M", 6],
    ["MM-BQ-WHTLIL", "White Oriental Lily Bouquet", "White", "#FFFFFF", "lily", 1349, "BX-M", 6],
    ["MM-BQ-GERMIX7", "Gerbera Mix Bouquet 7 stems", "Mixed", "#FF8A65", "gerbera", 799, "BX-S", 12],
    ["MM-BQ-GERPNK7", "Pink Gerbera Bouquet 7 stems", "Pink", "#F8A5C2", "gerbera", 799, "BX-S", 12],
    ["MM-BQ-GERSUN10", "Sunshine Gerbera Bouquet 10 stems", "Yellow", "#FFD600", "gerbera", 999, "BX-S", 10],
    ["MM-BQ-MGRMIX10", "Mini Gerbera Confetti Bouquet 10 stems", "Mixed", "#FF7F50", "mini-gerbera", 699, "BX-S", 12],
    ["MM-BQ-MGRPAS", "Mini Gerbera Pastel Bouquet", "Pastel", "#F8C8D8", "mini-gerbera", 749, "BX-S", 12],
    ["MM-BQ-ANTTRO", "Anthurium Tropical Trio", "Red", "#C62828", "anthurium", 1499, "BX-L", 4],
    ["MM-BQ-ANTPNK", "Anthurium Blush Pair", "Pink", "#F48FB1", "anthurium", 1099, "BX-M", 6],
    ["MM-BQ-LISCLD", "Lisianthus Cloud Bouquet", "White", "#FFFFFF", "lisianthus", 1099, "BX-M", 8],
    ["MM-BQ-LISLAV", "Lavender Lisianthus Bouquet", "Lavender", "#B39DDB", "lisianthus", 1099, "BX-M", 8],
    ["MM-BQ-SNPCOT", "Snapdragon Cottage Bouquet", "Mixed", "#F9C5C9", "snapdragon", 899, "BX-L", 8],
    ["MM-BQ-GRSROM", "Garden Rose Romance Bouquet", "Pink", "#F5B7C5", "garden-rose", 1899, "BX-M", 6],
    ["MM-BQ-GRSAPR", "Juliet Garden Rose Bouquet", "Apricot", "#FBCEB1", "garden-rose", 1999, "BX-M", 6],
    ["MM-BQ-GRSRED", "Red Garden Rose Bouquet", "Red", "#A4161A", "garden-rose", 1899, "BX-M", 6],
    ["MM-BQ-FARMKT", "Farmers Market Mixed Bouquet", "Mixed", "#FFB74D", "gerbera", 1199, "BX-L", 8],
    ["MM-BQ-CELEB", "Celebration Lily & Gerbera Bouquet", "Mixed", "#F06292", "lily", 1499, "BX-L", 6],
    ["MM-BQ-WEDWHT", "White Wedding Bouquet", "White", "#FFFDF5", "garden-rose", 2499, "BX-XL", 4],
    ["MM-BQ-SPRING", "Spring Snap & Lisianthus Bouquet", "Pastel", "#F8D1DC", "snapdragon", 1049, "BX-L", 8],
    ["MM-BQ-MOTHER", "Mother's Day Blush Bouquet", "Pink", "#F7C6D0", "garden-rose", 2199, "BX-XL", 4],
    ["MM-BQ-AUTUMN", "Autumn Harvest Bouquet", "Orange", "#E07A2E", "gerbera", 1299, "BX-L", 6],
    ["MM-BQ-TROPIC", "Tropical Sunset Bouquet", "Orange", "#F4511E", "anthurium", 1699, "BX-L", 4],
    ["MM-BQ-CITRUS", "Citrus Burst Bouquet", "Yellow", "#FFC400", "mini-gerbera", 899, "BX-M", 8],
    ["MM-BQ-BERRY", "Berry Bliss Bouquet", "Burgundy", "#8E244D", "lisianthus", 1199, "BX-M", 6],
    ["MM-BQ-MEADOW", "Wild Meadow Bouquet", "Mixed", "#C5D86D", "snapdragon", 999, "BX-L", 8],
    ["MM-BQ-PEARL", "Pearl White Bouquet", "White", "#F8F6F0", "lisianthus", 1399, "BX-M", 6],
    ["MM-BQ-BLUSH", "Blush & Cream Bouquet", "Pastel", "#F3D1C8", "garden-rose", 1799, "BX-M", 6],
    ["MM-BQ-RAINBW", "Rainbow Gerbera Bouquet 12 stems", "Mixed", "#FF5252", "gerbera", 1199, "BX-L", 8],
    ["MM-BQ-GRANDE", "Grande Celebration Arrangement", "Mixed", "#EC407A", "lily", 2999, "BX-XL", 3],
  ];
  for (const [code, name, image, colours, cents] of MM_SINGLE_VARIETY) {
    for (const [colour, hex] of colours) {
      for (const [suffix, sizeName, factor, box, pack] of MM_SIZES) {
        const id = `MM-SV-${code}${colour.replace(/[^A-Z]/gi, "").slice(0, 3).toUpperCase()}-${suffix}`;
        bouquets.push([id, `${sizeName} ${colour} ${name} Bouquet`, colour, hex, image, Math.round((cents * factor) / 10) * 10 - 1, box, pack]);
      }
    }
  }
  const bunches: Array<[...MmSpec, uom: "Bunch" | "Pail"]> = [
    ["MM-BN-LILOR", "Oriental Lily Bunch 5 stems", "Pink", "#F4A6C0", "lily", 999, "BX-M", 8, "Bunch"],
    ["MM-BN-LILAS", "Asiatic Lily Bunch 5 stems", "Orange", "#F57F17", "lily", 699, "BX-M", 8, "Bunch"],
    ["MM-BN-GER5", "Gerbera Bunch 5 stems", "Mixed", "#FF6F00", "gerbera", 549, "BX-S", 15, "Bunch"],
    ["MM-BN-MGR10", "Mini Gerbera Bunch 10 stems", "Mixed", "#FF1493", "mini-gerbera", 649, "BX-S", 15, "Bunch"],
    ["MM-BN-LIS5", "Lisianthus Bunch 5 stems", "Purple", "#6A1B9A", "lisianthus", 699, "BX-M", 10, "Bunch"],
    ["MM-BN-SNP5", "Snapdragon Bunch 5 stems", "Mixed", "#FFE066", "snapdragon", 599, "BX-L", 10, "Bunch"],
    ["MM-PL-LIL", "Lily Pail 4 bunches", "Mixed", "#F7D842", "lily", 3599, "BX-L", 4, "Pail"],
    ["MM-PL-GER", "Gerbera Pail 6 bunches", "Mixed", "#FF8A65", "gerbera", 2999, "BX-L", 6, "Pail"],
    ["MM-PL-SNP", "Snapdragon Pail 5 bunches", "Mixed", "#F9C5C9", "snapdragon", 2799, "BX-L", 5, "Pail"],
    ["MM-PL-LIS", "Lisianthus Pail 5 bunches", "White", "#FFFFFF", "lisianthus", 3199, "BX-L", 5, "Pail"],
  ];
  return [...bouquets.map((b) => mmRow(b, "Bunch", true)), ...bunches.map((b) => mmRow(b.slice(0, 8) as MmSpec, b[8], false))];
}

function mmRow(s: MmSpec, uom: string, bouquet: boolean): NewMmProduct {
  return buildMmProduct({
    productId: s[0],
    description: s[1],
    // Never "Pails" or "Boxes": those categories are the fee lines (SPEC §9).
    category: bouquet ? "Bouquets" : uom === "Pail" ? "Pail Packs" : "Bunches",
    colour: s[2],
    colourHex: s[3],
    imageName: s[4],
    priceCents: s[5],
    pricePerBouquetCents: s[5],
    // Unboxed bouquets go out in the grower's pails: no box, no box handling.
    pricePerBouquetNoBoxCents: s[5] - 20,
    boxType: s[6],
    packSize: s[7],
    unitOfMeasure: uom,
    bouquet,
    active: true,
  });
}

/**
 * A mass-market range of `count` products for benchmarks (db/seed/generate.ts): bouquets of every
 * family, colour and size with unique ids and descriptions, built deterministically from `seed`.
 */
export function generatedMmProducts(count: number, seed = 7): NewMmProduct[] {
  const random = new Random(seed);
  const names = ["Bouquet", "Posy", "Bunch", "Arrangement", "Medley", "Wrap"];
  const moods = ["Sunrise", "Meadow", "Cottage", "Harbor", "Velvet", "Coral", "Frost", "Garden", "Amber", "Linen", "Twilight", "Orchard"];
  const rows: NewMmProduct[] = [];
  for (let i = 0; rows.length < count; i++) {
    const [code, variety, image, colours, cents] = MM_SINGLE_VARIETY[i % MM_SINGLE_VARIETY.length]!;
    const [colour, hex] = colours[i % colours.length]!;
    const [, sizeName, factor, box, pack] = MM_SIZES[i % MM_SIZES.length]!;
    const mood = moods[Math.floor(i / 7) % moods.length]!;
    const name = names[Math.floor(i / 3) % names.length]!;
    const pail = random.chance(0.08);
    rows.push(
      mmRow(
        [`MMG-${code}-${String(i + 1).padStart(5, "0")}`, `${mood} ${sizeName} ${colour} ${variety} ${name} ${i + 1}`, colour, hex, image, Math.round((cents * factor) / 10) * 10 - 1, box, pack],
        pail ? "Pail" : "Bunch",
        !pail,
      ),
    );
  }
  return rows;
}

/**
 * The packages and products, and an offer per mass-market catalog (one per ship day); prices are set
 * per week: each week a seventh of the range (in turn) moves up and an eleventh is on special, so the
 * first catalog of a new week really reprices a cart. The rest keep the list price (null).
 */
export async function seedMm(ctx: SeedContext, mmCatalogs: ReadonlyArray<typeof catalogs.$inferSelect>, weeks: readonly string[]): Promise<NewMmProduct[]> {
  const { tx, random, counts } = ctx;
  await tx.insert(mmPackages).values(MM_PACKAGES);
  const mmList = mmProductRows();
  await tx.insert(mmProducts).values(mmList);
  const weekOf = (day: string) => weeks.filter((monday) => monday <= day).length - 1;
  await tx.insert(mmCatalogProducts).values(
    mmCatalogs.flatMap((c) =>
      mmList.map((p, n) => {
        const weekIndex = weekOf(c.shipDateFrom);
        const moved = weekIndex > 0 && n % 7 === weekIndex % 7;
        // The week's specials (the dashboard shows them): an eleventh of the range 10 % off.
        const special = !moved && n % 11 === weekIndex % 11;
        const factor = moved ? 1 + 0.05 * weekIndex : special ? 0.9 : 1;
        const set = (cents: number) => (factor === 1 ? null : Math.round((cents * factor) / 5) * 5 - 1);
        return {
          catalogId: c.id,
          productId: p.productId,
          available: random.chance(0.06) ? 0 : p.packSize * random.int(4, 40),
          priceCents: set(p.priceCents),
          pricePerBouquetCents: set(p.pricePerBouquetCents),
          pricePerBouquetNoBoxCents: set(p.pricePerBouquetNoBoxCents),
        };
      }),
    ),
  );
  counts.mmPackages = MM_PACKAGES.length;
  counts.mmProducts = mmList.length;
  return mmList;
}
