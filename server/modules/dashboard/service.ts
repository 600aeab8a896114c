// The store dashboard (DOMAIN.md "Dashboard", docs/domain-store.md "Dashboard").
import { DateTime } from "luxon";
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  comboSpecialProducts,
  comboSpecials,
  interactiveImageHotspots,
  interactiveImages,
  offerLines,
  orderLines,
  orders,
  products,
  vouchers,
} from "../../../db/schema/index.ts";
import type { BlitzVoucher, ComboSpecial, FutureSpecial, InteractiveImage, Product } from "../../../contract/store.ts";
import { CUTOFF_TIMEZONE } from "../../../domain/constants.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { notFound } from "../../errors.ts";
import { nextShipDate } from "../store/dates.ts";
import { freeQuantity, toProduct } from "../store/pricing.ts";
import { cartIdOf, catalogsFor, laterCatalogs, offerRows, type Buyer, type CatalogRow } from "../store/repo.ts";

export const RECOMMENDED_LIMIT = 12;
export const RECOMMENDED_HISTORY_DAYS = 90;
export const FUTURE_SPECIALS_LIMIT = 60;

const todayInNewYork = (now = new Date()) => DateTime.fromJSDate(now, { zone: CUTOFF_TIMEZONE }).toISODate()!;

interface Current {
  date: string;
  catalog: CatalogRow;
  cartId: number;
}

/** The catalog current for the buyer's next open ship date (null when there is none). */
async function currentCatalog(db: Db, buyer: Buyer, userId: string, now = new Date()): Promise<Current | null> {
  const date = nextShipDate(buyer, now);
  if (!date) return null;
  const [catalog] = await catalogsFor(db, buyer, date);
  if (!catalog) return null;
  return { date, catalog, cartId: await cartIdOf(db, { userId, customerId: buyer.customerId, retailerId: buyer.retailerId }) };
}

export async function specials(db: Db, buyer: Buyer, userId: string): Promise<Product[]> {
  const current = await currentCatalog(db, buyer, userId);
  if (!current) return [];
  const rows = await offerRows(db, [current.catalog.id], current.cartId, eq(offerLines.special, true));
  return rows.map((r) => toProduct(r, current.catalog.orderId, buyer.discountPercent));
}

/** Specials of the buyer's catalogs that start after its next ship date (or after today). */
export async function futureSpecials(db: Db, buyer: Buyer, userId: string): Promise<FutureSpecial[]> {
  const now = new Date();
  const from = nextShipDate(buyer, now) ?? todayInNewYork(now);
  const later = await laterCatalogs(db, buyer, from);
  if (!later.length) return [];
  const cartId = await cartIdOf(db, { userId, customerId: buyer.customerId, retailerId: buyer.retailerId });
  const byId = new Map(later.map((c, i) => [c.id, { c, i }]));
  const rows = await offerRows(db, later.map((c) => c.id), cartId, eq(offerLines.special, true));
  return rows
    .map((r) => ({ r, at: byId.get(r.ol.catalogId)! }))
    .sort((a, b) => a.at.i - b.at.i)
    .slice(0, FUTURE_SPECIALS_LIMIT)
    .map(({ r, at }) => ({ ...toProduct(r, at.c.orderId, buyer.discountPercent), shipDateFrom: at.c.shipDateFrom, shipDateTo: at.c.shipDateTo }));
}

/**
 * What this buyer bought most (bunches, last 90 days, cancelled orders left out) that is available
 * now in its current catalog, most bought first; then available specials of the same varieties.
 * Ties break on productId / description: the same data always gives the same list.
 */
export async function recommended(db: Db, buyer: Buyer, userId: string): Promise<Product[]> {
  const current = await currentCatalog(db, buyer, userId);
  if (!current) return [];
  const bought = await db
    .select({ productId: orderLines.productId, qty: sql<number>`sum(${orderLines.quantity})::int`.mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.customerId, buyer.customerId),
        buyer.retailerId > 0 ? eq(orders.retailerId, buyer.retailerId) : undefined,
        eq(orders.store, "wholesale"),
        ne(orders.status, "cancelled"),
        gt(orders.placedAt, sql`now() - ${RECOMMENDED_HISTORY_DAYS} * interval '1 day'`),
      ),
    )
    .groupBy(orderLines.productId)
    .orderBy(desc(sql`sum(${orderLines.quantity})`), asc(orderLines.productId))
    .limit(200);
  if (!bought.length) return [];
  const rank = new Map(bought.map((b, i) => [b.productId, i]));
  const available = (r: { ol: typeof offerLines.$inferSelect; heldByOthers: number }) => freeQuantity(r.ol, r.heldByOthers) > 0;

  const mine = (await offerRows(db, [current.catalog.id], current.cartId, inArray(offerLines.productId, [...rank.keys()])))
    .filter(available)
    .sort((a, b) => rank.get(a.p.productId)! - rank.get(b.p.productId)!)
    .slice(0, RECOMMENDED_LIMIT);

  if (mine.length < RECOMMENDED_LIMIT) {
    const varieties = await db
      .selectDistinct({ variety: products.variety })
      .from(products)
      .where(inArray(products.productId, [...rank.keys()]));
    if (varieties.length) {
      const taken = new Set(mine.map((r) => r.p.productId));
      const extra = (
        await offerRows(
          db,
          [current.catalog.id],
          current.cartId,
          and(eq(offerLines.special, true), inArray(products.variety, varieties.map((v) => v.variety))),
        )
      )
        .filter((r) => available(r) && !taken.has(r.p.productId))
        .sort((a, b) => a.p.description.localeCompare(b.p.description, "en") || (a.p.productId < b.p.productId ? -1 : 1));
      mine.push(...extra.slice(0, RECOMMENDED_LIMIT - mine.length));
    }
  }
  return mine.map((r) => toProduct(r, current.catalog.orderId, buyer.discountPercent));
}

/** Combo specials running today (New York), oldest first. */
export async function activeComboSpecials(db: Db, now = new Date()): Promise<ComboSpecial[]> {
  const today = todayInNewYork(now);
  const combos = await db
    .select()
    .from(comboSpecials)
    .where(and(lte(comboSpecials.startsOn, today), sql`${comboSpecials.endsOn} >= ${today}`))
    .orderBy(asc(comboSpecials.id));
  if (!combos.length) return [];
  const items = await db
    .select({ comboId: comboSpecialProducts.comboSpecialId, productId: products.productId, description: products.description })
    .from(comboSpecialProducts)
    .innerJoin(products, eq(products.productId, comboSpecialProducts.productId))
    .where(inArray(comboSpecialProducts.comboSpecialId, combos.map((c) => c.id)))
    .orderBy(asc(products.description), asc(products.productId));
  return combos.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    discountPercent: Number(c.discountPercent),
    products: items.filter((i) => i.comboId === c.id).map((i) => ({ strProductId: i.productId, description: i.description })),
  }));
}

export async function interactiveImage(db: Db, key: string): Promise<InteractiveImage> {
  const [image] = await db.select().from(interactiveImages).where(eq(interactiveImages.key, key));
  if (!image) throw notFound("There is no interactive image.");
  const spots = await db.select().from(interactiveImageHotspots).where(eq(interactiveImageHotspots.imageId, image.id)).orderBy(asc(interactiveImageHotspots.id));
  return {
    title: image.title,
    alt: image.alt,
    scene: image.scene,
    hotspots: spots.map((s) => ({ label: s.label, productId: s.productId, variety: s.variety, href: s.href, x: Number(s.xPct), y: Number(s.yPct) })),
  };
}

/** The user's running, unredeemed voucher (the one expiring first), or null. */
export async function blitzVoucher(db: Db, userId: string): Promise<BlitzVoucher> {
  const [v] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.userId, userId), isNull(vouchers.redeemedAt), lte(vouchers.startsAt, sql`now()`), gt(vouchers.expiresAt, sql`now()`)))
    .orderBy(asc(vouchers.expiresAt), asc(vouchers.id))
    .limit(1);
  if (!v) return null;
  return { code: v.code, description: v.description, percentOff: v.percentOff, amountOff: centsToDollars(v.amountOffCents), expiresAt: v.expiresAt.toISOString() };
}
