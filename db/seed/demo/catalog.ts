// The wholesale range and its offers: the product master, a catalog per ship day for each store, and
// the wholesale offer lines (planned first, written after the order history has taken from them).
import { DateTime } from "luxon";
import { catalogs, offerLines, products } from "../../schema/index.ts";
import { addDays, buildCatalog, buildOfferLine, offerPrices, type NewOfferLine } from "../../factories/index.ts";
import { demoProducts, productRow, type DemoProduct } from "../demo-products.ts";
import { chunks, mondayOf, type SeedContext } from "./context.ts";
import { featuredProducts } from "./content.ts";

export interface OfferPlan {
  row: NewOfferLine & { catalogId: number; productId: string; quantityOrdered: number };
  product: DemoProduct;
  orderId: number;
}

export interface CatalogPlan {
  id: number;
  orderId: number;
  from: string;
  to: string;
  lines: Map<string, OfferPlan>;
}

export interface CatalogsPlan {
  /** The wholesale offers, their lines not yet written. */
  catalogPlans: CatalogPlan[];
  /** The mass-market catalogs, one per ship day, by order id. */
  mmCatalogs: Array<typeof catalogs.$inferSelect>;
  /** Mondays of the weeks the catalogs cover. */
  weeks: string[];
}

export async function seedProducts(ctx: SeedContext): Promise<DemoProduct[]> {
  const productList = demoProducts(ctx.random);
  for (const part of chunks(productList.map(productRow))) await ctx.tx.insert(products).values(part);
  ctx.counts.products = productList.length;
  return productList;
}

/**
 * A wholesale offer per ship day (daily availability, the same for every wholesale customer) and a
 * mass-market catalog per ship day, from the Monday before yesterday to three weeks ahead. The
 * catalogs are written; the wholesale offer lines are planned, to be written by `writeOffers`.
 */
export async function seedCatalogs(ctx: SeedContext, productList: readonly DemoProduct[]): Promise<CatalogsPlan> {
  const { tx, random, now, today, counts } = ctx;
  const firstMonday = mondayOf(addDays(today, -2));
  const lastDay = addDays(today, 21);
  const weeks: string[] = [];
  for (let monday = firstMonday; monday <= lastDay; monday = addDays(monday, 7)) weeks.push(monday);
  const shipDays: string[] = [];
  for (let day = firstMonday; day <= lastDay; day = addDays(day, 1)) if (DateTime.fromISO(day).weekday !== 7) shipDays.push(day);
  const dayTitle = (day: string) => DateTime.fromISO(day).toFormat("cccc, LLLL d");
  const catalogRows = [
    ...shipDays.map((day, i) =>
      buildCatalog({ orderId: 7001 + i, kind: "wholesale", title: `Availability for ${dayTitle(day)}`, shipDateFrom: day, shipDateTo: day, createdAt: now, updatedAt: now }),
    ),
    ...shipDays.map((day, i) =>
      buildCatalog({ orderId: 8001 + i, kind: "massMarket", title: `Market bouquets for ${dayTitle(day)}`, shipDateFrom: day, shipDateTo: day, createdAt: now, updatedAt: now }),
    ),
  ];
  const savedCatalogs = await tx.insert(catalogs).values(catalogRows).returning();
  counts.catalogs = savedCatalogs.length;
  const wholesaleCatalogs = savedCatalogs.filter((c) => c.kind === "wholesale").sort((a, b) => a.orderId - b.orderId);
  const mmCatalogs = savedCatalogs.filter((c) => c.kind === "massMarket").sort((a, b) => a.orderId - b.orderId);
  const nextShipDay = (day: string) => shipDays.find((d) => d > day) ?? addDays(day, 1);

  const featured = featuredProducts();
  const catalogPlans: CatalogPlan[] = wholesaleCatalogs.map((c) => {
    const lines = new Map<string, OfferPlan>();
    const nextDay = nextShipDay(c.shipDateFrom);
    // Offers more than a week ahead: the grower has not confirmed stock yet (Availability Pending).
    const unconfirmed = c.shipDateFrom > addDays(today, 7);
    const offered = productList.filter((p) => featured.has(p.productId) || random.chance(0.82));
    for (const product of offered) lines.set(product.productId, { row: planOffer(ctx, c.id, product, { featured: featured.has(product.productId), unconfirmed, nextDay }), product, orderId: c.orderId });
    return { id: c.id, orderId: c.orderId, from: c.shipDateFrom, to: c.shipDateTo, lines };
  });
  return { catalogPlans, mmCatalogs, weeks };
}

/** One wholesale offer line: quantity, a price drift, sometimes a special or a next available date. */
function planOffer(ctx: SeedContext, catalogId: number, product: DemoProduct, how: { featured: boolean; unconfirmed: boolean; nextDay: string }): OfferPlan["row"] {
  const { random } = ctx;
  const uom = product.unitOfMeasureQty;
  const roll = random.float();
  const originalQuantity = roll < 0.06 ? 0 : roll < 0.18 ? random.int(1, uom) : uom * random.int(3, 25);
  const special = !how.featured && random.chance(0.1);
  const drift = 1 + (random.float() - 0.5) * 0.06;
  const prices = offerPrices({
    standardPriceNoPailCents: Math.max(100, Math.round((product.basePriceCents * drift) / 5) * 5),
    special,
    specialPercent: special ? random.pick([10, 15, 20, 25]) : 0,
  });
  const nextAvailableDate = originalQuantity === 0 || (originalQuantity <= uom && random.chance(0.4)) ? how.nextDay : null;
  return buildOfferLine({
    catalogId,
    productId: product.productId,
    originalQuantity: how.unconfirmed ? null : originalQuantity,
    quantityOrdered: 0,
    isFinalProduct: random.chance(0.12),
    discountQuantity: uom,
    discountQuantity2: uom * 3,
    showStore: how.featured || !random.chance(0.03),
    nextAvailableDate,
    ...prices,
  }) as OfferPlan["row"];
}

/** Writes the planned offer lines; returns their ids by "catalogId|productId". */
export async function writeOffers(ctx: SeedContext, catalogPlans: readonly CatalogPlan[]): Promise<Map<string, number>> {
  const offerRows = catalogPlans.flatMap((c) => [...c.lines.values()].map((l) => l.row));
  const offerIdByKey = new Map<string, number>();
  for (const part of chunks(offerRows)) {
    const saved = await ctx.tx.insert(offerLines).values(part).returning({ id: offerLines.id, catalogId: offerLines.catalogId, productId: offerLines.productId });
    for (const s of saved) offerIdByKey.set(`${s.catalogId}|${s.productId}`, s.id);
  }
  ctx.counts.offerLines = offerRows.length;
  return offerIdByKey;
}
