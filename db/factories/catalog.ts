import type { DbOrTx } from "../client.ts";
import { catalogCustomers, catalogs, offerLines, products } from "../schema/index.ts";
import { addDays, isoDateAt } from "./dates.ts";
import { offerPrices } from "./prices.ts";
import { nextCode, nextSeq } from "./sequence.ts";

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Catalog = typeof catalogs.$inferSelect;
export type NewCatalog = typeof catalogs.$inferInsert;
export type OfferLine = typeof offerLines.$inferSelect;
export type NewOfferLine = typeof offerLines.$inferInsert;

// ---- products --------------------------------------------------------------------------------

/** stemsPerBox follows stemsPerBunch x bunchesPerBox unless given. */
export function buildProduct(overrides: Partial<NewProduct> = {}): NewProduct & { productId: string } {
  const productId = overrides.productId ?? nextCode("TST-", 5);
  const stemsPerBunch = overrides.stemsPerBunch ?? 10;
  const bunchesPerBox = overrides.bunchesPerBox ?? 12;
  return {
    productId,
    description: `Lily Oriental Test ${productId} 3-4 bud 80cm`,
    variety: "lilies",
    category: "Lilies",
    colour: "White",
    colourHex: "#FFFFFF",
    grade: "Premium",
    stemLengthCm: 80,
    unitOfMeasure: "Pail",
    unitOfMeasureQty: 8,
    image: "lily",
    showStore: true,
    active: true,
    ...overrides,
    stemsPerBunch,
    bunchesPerBox,
    stemsPerBox: overrides.stemsPerBox ?? stemsPerBunch * bunchesPerBox,
  };
}

export async function insertProduct(db: DbOrTx, overrides: Partial<NewProduct> = {}): Promise<Product> {
  const [row] = await db.insert(products).values(buildProduct(overrides)).returning();
  return row!;
}

// ---- catalogs --------------------------------------------------------------------------------

/** A wholesale offer covering today (New York) to today + 14 with a unique order number. */
export function buildCatalog(overrides: Partial<NewCatalog> = {}): NewCatalog & { orderId: number } {
  const n = nextSeq();
  const today = isoDateAt();
  return {
    orderId: 900_000 + n,
    kind: "wholesale",
    title: `Test offer ${n}`,
    shipDateFrom: today,
    shipDateTo: addDays(today, 14),
    ...overrides,
  };
}

export interface InsertCatalogOptions extends Partial<NewCatalog> {
  /** Restricts the catalog to these customers; none means every customer of its kind. */
  customerIds?: string[];
}

export async function insertCatalog(
  db: DbOrTx,
  { customerIds = [], ...overrides }: InsertCatalogOptions = {},
): Promise<Catalog & { customerIds: string[] }> {
  const [row] = await db.insert(catalogs).values(buildCatalog(overrides)).returning();
  if (customerIds.length) {
    await db.insert(catalogCustomers).values(customerIds.map((customerId) => ({ catalogId: row!.id, customerId })));
  }
  return { ...row!, customerIds };
}

// ---- offer lines -----------------------------------------------------------------------------

export interface OfferLineOptions extends Partial<NewOfferLine> {
  /** Standard loose-bunch price the other prices derive from (default 1200 cents). */
  basePriceCents?: number;
  /** Percent off for a special line (default 15). */
  specialPercent?: number;
  /** Bunches per pail of the product; sets the default tiers (one pail, three pails). */
  unitOfMeasureQty?: number;
}

/**
 * Plain offer-line data with consistent prices from basePriceCents; explicit price
 * overrides win. Tiers default to one pail and three pails of 8 bunches.
 */
export function buildOfferLine(
  options: OfferLineOptions & { catalogId: number; productId: string },
): NewOfferLine {
  const { basePriceCents = 1200, specialPercent, unitOfMeasureQty = 8, ...overrides } = options;
  const prices = offerPrices({
    standardPriceNoPailCents: basePriceCents,
    special: overrides.special ?? false,
    specialPercent,
  });
  return {
    originalQuantity: 100,
    quantityOrdered: 0,
    isFinalProduct: false,
    discountQuantity: unitOfMeasureQty,
    discountQuantity2: unitOfMeasureQty * 3,
    showStore: true,
    nextAvailableDate: null,
    ...prices,
    ...overrides,
  };
}

/** Inserts an offer line, creating a catalog and/or product when their ids are not given. */
export async function insertOfferLine(db: DbOrTx, options: OfferLineOptions = {}): Promise<OfferLine> {
  const catalogId = options.catalogId ?? (await insertCatalog(db)).id;
  let unitOfMeasureQty = options.unitOfMeasureQty;
  let productId = options.productId;
  if (!productId) {
    const product = await insertProduct(db, unitOfMeasureQty ? { unitOfMeasureQty } : {});
    productId = product.productId;
    unitOfMeasureQty = product.unitOfMeasureQty;
  }
  const [row] = await db
    .insert(offerLines)
    .values(buildOfferLine({ ...options, unitOfMeasureQty, catalogId, productId }))
    .returning();
  return row!;
}

/** A catalog with `count` new products on offer: the usual fixture of store tests. */
export async function insertCatalogWithOffers(
  db: DbOrTx,
  { count = 3, catalog = {}, line = {} }: { count?: number; catalog?: InsertCatalogOptions; line?: OfferLineOptions } = {},
): Promise<{ catalog: Catalog & { customerIds: string[] }; products: Product[]; offerLines: OfferLine[] }> {
  const saved = await insertCatalog(db, catalog);
  const made: Product[] = [];
  for (let i = 0; i < count; i++) made.push(await insertProduct(db));
  const lines = await db
    .insert(offerLines)
    .values(
      made.map((p) =>
        buildOfferLine({ unitOfMeasureQty: p.unitOfMeasureQty, ...line, catalogId: saved.id, productId: p.productId }),
      ),
    )
    .returning();
  return { catalog: saved, products: made, offerLines: lines };
}

