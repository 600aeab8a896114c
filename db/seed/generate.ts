// Scale data for benchmarks: tens of thousands of products and thousands of customers,
// with one current wholesale catalog offering every generated product.
import { max } from "drizzle-orm";
import type { Db, DbOrTx } from "../client.ts";
import { catalogs, customers, mmCatalogProducts, mmPackages, mmProducts, offerLines, products, shipTimes } from "../schema/index.ts";
import {
  addDays,
  buildCatalog,
  buildCustomer,
  buildOfferLine,
  buildProduct,
  insertUser,
  isoDateAt,
  offerPrices,
  type InsertedUser,
  type NewOfferLine,
  type NewProduct,
} from "../factories/index.ts";
import { DEMO_PASSWORD, generatedMmProducts, MM_PACKAGES } from "./demo.ts";
import { Random } from "./random.ts";

export interface GenerateLargeOptions {
  products: number;
  customers: number;
  seed?: number;
  now?: Date;
  /** Rows per INSERT statement. */
  chunkSize?: number;
}

export interface GenerateLargeResult {
  productCount: number;
  customerIds: string[];
  catalogId: number;
  catalogOrderId: number;
  ms: number;
}

const FAMILIES = [
  { variety: "lilies", category: "Lilies", image: "lily", code: "LIL", name: "Lily Oriental", pail: 8, stems: 10, box: 10, cents: 1700 },
  { variety: "gerbera", category: "Gerbera", image: "gerbera", code: "GER", name: "Gerbera", pail: 10, stems: 10, box: 12, cents: 800 },
  { variety: "mini-gerbera", category: "Mini Gerbera", image: "mini-gerbera", code: "MGR", name: "Mini Gerbera", pail: 10, stems: 10, box: 15, cents: 600 },
  { variety: "anthurium", category: "Anthurium", image: "anthurium", code: "ANT", name: "Anthurium", pail: 5, stems: 8, box: 6, cents: 2200 },
  { variety: "lisianthus", category: "Lisianthus", image: "lisianthus", code: "LIS", name: "Lisianthus Double", pail: 8, stems: 10, box: 12, cents: 1200 },
  { variety: "snapdragons", category: "Snapdragons", image: "snapdragon", code: "SNP", name: "Snapdragon Potomac", pail: 6, stems: 10, box: 10, cents: 900 },
  { variety: "garden-roses", category: "Garden Roses", image: "garden-rose", code: "GRS", name: "Garden Rose", pail: 5, stems: 12, box: 8, cents: 2700 },
] as const;

const COLOURS = [
  ["White", "#FFFFFF"],
  ["Cream", "#FFF3D6"],
  ["Yellow", "#FFD600"],
  ["Orange", "#FF6F00"],
  ["Peach", "#FFB38A"],
  ["Salmon", "#FA8072"],
  ["Pink", "#F48FB1"],
  ["Hot Pink", "#FF1493"],
  ["Red", "#C62828"],
  ["Burgundy", "#800020"],
  ["Lavender", "#B39DDB"],
  ["Purple", "#6A1B9A"],
  ["Green", "#7CB342"],
] as const;

const TOWNS = [
  ["Newark", "NJ"],
  ["Boston", "MA"],
  ["Philadelphia", "PA"],
  ["Hartford", "CT"],
  ["Baltimore", "MD"],
  ["Albany", "NY"],
  ["Providence", "RI"],
  ["Richmond", "VA"],
] as const;
const NAME_A = ["Bloom", "Petal", "Stem", "Garden", "Meadow", "Harbor", "Valley", "Metro", "Blossom", "Fern"];
const NAME_B = ["Wholesale", "Floral Supply", "Flower Market", "Flower Exchange", "Floral Distributors"];

function chunked<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Adds `products` products (SKUs GEN-…), `customers` wholesale customers (ids G000001…)
 * shipping Monday–Friday, and one wholesale catalog from yesterday to three weeks ahead
 * offering every generated product. One transaction; rows inserted in chunks.
 */
export async function generateLarge(db: Db, options: GenerateLargeOptions): Promise<GenerateLargeResult> {
  const started = performance.now();
  const { products: productCount, customers: customerCount, seed = 1, now = new Date(), chunkSize = 1_000 } = options;
  const random = new Random(seed);
  const today = isoDateAt(now);

  return db.transaction(async (tx) => {
    const productRows: NewProduct[] = [];
    const basePrice = new Map<string, number>();
    for (let i = 1; i <= productCount; i++) {
      const family = FAMILIES[i % FAMILIES.length]!;
      const [colour, hex] = COLOURS[random.int(0, COLOURS.length - 1)]!;
      const cm = random.pick([50, 60, 70, 80]);
      const productId = `GEN-${family.code}-${String(i).padStart(6, "0")}`;
      productRows.push(
        buildProduct({
          productId,
          description: `${family.name} ${colour} Line ${i} ${cm}cm`,
          variety: family.variety,
          category: family.category,
          colour,
          colourHex: hex,
          grade: cm >= 70 ? "Premium" : "Select",
          stemLengthCm: cm,
          unitOfMeasure: "Pail",
          unitOfMeasureQty: family.pail,
          stemsPerBunch: family.stems,
          bunchesPerBox: family.box,
          image: family.image,
        }),
      );
      basePrice.set(productId, Math.round((family.cents * (0.85 + random.float() * 0.3)) / 5) * 5);
    }
    for (const part of chunked(productRows, chunkSize)) await tx.insert(products).values(part);

    const customerIds: string[] = [];
    const customerRows = [];
    for (let i = 1; i <= customerCount; i++) {
      const customerId = `G${String(i).padStart(6, "0")}`;
      const [city, state] = TOWNS[i % TOWNS.length]!;
      customerIds.push(customerId);
      customerRows.push(
        buildCustomer({
          customerId,
          companyName: `${random.pick(NAME_A)} ${random.pick(NAME_B)} ${i}`,
          kind: "wholesale",
          discountPercent: random.int(0, 8),
          email: `orders+${customerId.toLowerCase()}@bench.example`,
          city,
          state,
        }),
      );
    }
    for (const part of chunked(customerRows, chunkSize)) await tx.insert(customers).values(part);
    const shipRows = customerIds.flatMap((customerId) => [2, 3, 4, 5, 6].map((weekday) => ({ customerId, weekday, cutoffShipTime: "14:00" })));
    for (const part of chunked(shipRows, chunkSize)) await tx.insert(shipTimes).values(part);

    const [top] = await tx.select({ orderId: max(catalogs.orderId) }).from(catalogs);
    const catalogOrderId = Math.max(9001, (top?.orderId ?? 0) + 1);
    const [catalog] = await tx
      .insert(catalogs)
      .values(
        buildCatalog({
          orderId: catalogOrderId,
          kind: "wholesale",
          title: `Benchmark offer ${catalogOrderId}`,
          shipDateFrom: addDays(today, -1),
          shipDateTo: addDays(today, 21),
        }),
      )
      .returning({ id: catalogs.id });

    const offerRows: NewOfferLine[] = productRows.map((p) => {
      const special = random.chance(0.1);
      return buildOfferLine({
        catalogId: catalog!.id,
        productId: p.productId,
        unitOfMeasureQty: p.unitOfMeasureQty,
        originalQuantity: random.chance(0.05) ? 0 : p.unitOfMeasureQty * random.int(5, 100),
        isFinalProduct: random.chance(0.1),
        ...offerPrices({ standardPriceNoPailCents: basePrice.get(p.productId)!, special, specialPercent: 15 }),
      });
    });
    for (const part of chunked(offerRows, chunkSize)) await tx.insert(offerLines).values(part);

    return {
      productCount,
      customerIds,
      catalogId: catalog!.id,
      catalogOrderId,
      ms: Math.round(performance.now() - started),
    };
  });
}

export interface BenchUserOptions {
  customerId: string;
  email?: string;
  /** Defaults to the demo password. */
  password?: string;
  passwordHash?: string;
  /** Defaults to wholesaler. */
  roles?: ("wholesaler" | "MassMarket" | "Administrator")[];
}

/** How many buyers besides bench@demo.test the large benchmark data has (one customer each, the next ones). */
export const OTHER_BENCH_BUYERS = 10;

/** A wholesaler user linked to one customer, for load tests that sign in and order. */
export async function createBenchUser(db: DbOrTx, options: BenchUserOptions): Promise<InsertedUser> {
  const email = options.email ?? `bench+${options.customerId.toLowerCase()}@bench.example`;
  return insertUser(db, {
    id: `bench-${email.toLowerCase()}`,
    email,
    firstName: "Bench",
    lastName: options.customerId,
    roles: options.roles ?? ["wholesaler"],
    customerIds: [options.customerId],
    password: options.password ?? DEMO_PASSWORD,
    ...(options.passwordHash ? { passwordHash: options.passwordHash } : {}),
  });
}

export interface GenerateMmResult {
  bouquets: number;
  customerId: string;
  catalogOrderId: number;
  ms: number;
}

/**
 * Mass-market benchmark data: `bouquets` generated bouquets (ids MMG-…, db/seed/demo.ts
 * generatedMmProducts), the box types and RFLP1 when missing, one mass-market customer shipping
 * Monday to Saturday, and one mass-market catalog from yesterday to three weeks ahead offering
 * every bouquet. One transaction; rows inserted in chunks.
 */
export async function generateMm(db: Db, options: { bouquets: number; seed?: number; now?: Date; chunkSize?: number }): Promise<GenerateMmResult> {
  const started = performance.now();
  const { bouquets, seed = 7, now = new Date(), chunkSize = 1_000 } = options;
  const random = new Random(seed);
  const today = isoDateAt(now);
  return db.transaction(async (tx) => {
    await tx.insert(mmPackages).values(MM_PACKAGES).onConflictDoNothing();
    const rows = generatedMmProducts(bouquets, seed);
    for (const part of chunked(rows, chunkSize)) await tx.insert(mmProducts).values(part);
    const customerId = "GMM0001";
    await tx.insert(customers).values(buildCustomer({ customerId, companyName: "Bench Markets", kind: "massMarket", email: "orders@benchmarkets.example" }));
    await tx.insert(shipTimes).values([2, 3, 4, 5, 6, 7].map((weekday) => ({ customerId, weekday, cutoffShipTime: "23:59" })));
    const [top] = await tx.select({ orderId: max(catalogs.orderId) }).from(catalogs);
    const catalogOrderId = Math.max(8901, (top?.orderId ?? 0) + 1);
    const [catalog] = await tx
      .insert(catalogs)
      .values(buildCatalog({ orderId: catalogOrderId, kind: "massMarket", title: `Benchmark bouquets ${catalogOrderId}`, shipDateFrom: addDays(today, -1), shipDateTo: addDays(today, 21) }))
      .returning({ id: catalogs.id });
    const lines = rows.map((p) => ({ catalogId: catalog!.id, productId: p.productId!, available: random.chance(0.05) ? 0 : p.packSize! * random.int(5, 60) }));
    for (const part of chunked(lines, chunkSize)) await tx.insert(mmCatalogProducts).values(part);
    return { bouquets, customerId, catalogOrderId, ms: Math.round(performance.now() - started) };
  });
}
