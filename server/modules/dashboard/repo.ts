// All SQL of the dashboard (the catalogue itself it reads through the store's face).
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { comboSpecialProducts, comboSpecials, interactiveImageHotspots, interactiveImages, orderLines, orders, products, vouchers } from "../../../db/schema/index.ts";

/**
 * Bunches this buyer bought per product over the last `days` days (wholesale store, cancelled orders
 * left out), most first, then by product id; at most `limit` products.
 */
export async function boughtMost(db: DbOrTx, buyer: { customerId: string; retailerId: number }, days: number, limit: number) {
  return db
    .select({ productId: orderLines.productId, qty: sql<number>`sum(${orderLines.quantity})::int`.mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.customerId, buyer.customerId),
        buyer.retailerId > 0 ? eq(orders.retailerId, buyer.retailerId) : undefined,
        eq(orders.store, "wholesale"),
        ne(orders.status, "cancelled"),
        gt(orders.placedAt, sql`now() - ${days} * interval '1 day'`),
      ),
    )
    .groupBy(orderLines.productId)
    .orderBy(desc(sql`sum(${orderLines.quantity})`), asc(orderLines.productId))
    .limit(limit);
}

/** Combo specials running on `today`, oldest first. */
export async function combosOn(db: DbOrTx, today: string) {
  return db
    .select()
    .from(comboSpecials)
    .where(and(lte(comboSpecials.startsOn, today), sql`${comboSpecials.endsOn} >= ${today}`))
    .orderBy(asc(comboSpecials.id));
}

export async function comboItems(db: DbOrTx, comboIds: number[]) {
  return db
    .select({ comboId: comboSpecialProducts.comboSpecialId, productId: products.productId, description: products.description })
    .from(comboSpecialProducts)
    .innerJoin(products, eq(products.productId, comboSpecialProducts.productId))
    .where(inArray(comboSpecialProducts.comboSpecialId, comboIds))
    .orderBy(asc(products.description), asc(products.productId));
}

export async function imageByKey(db: DbOrTx, key: string) {
  const [image] = await db.select().from(interactiveImages).where(eq(interactiveImages.key, key));
  return image ?? null;
}

export async function hotspotsOf(db: DbOrTx, imageId: number) {
  return db.select().from(interactiveImageHotspots).where(eq(interactiveImageHotspots.imageId, imageId)).orderBy(asc(interactiveImageHotspots.id));
}

/** The user's running, unredeemed voucher expiring first. */
export async function runningVoucher(db: DbOrTx, userId: string) {
  const [v] = await db
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.userId, userId),
        isNull(vouchers.redeemedAt),
        lte(vouchers.startsAt, sql`now()`),
        gt(vouchers.expiresAt, sql`now()`),
        // Not used up by this user (uses are counted per customer at checkout; the dashboard is per user).
        sql`(${vouchers.usesPerCustomer} is null or (select count(*) from voucher_redemptions r where r.voucher_id = ${vouchers.id} and r.user_id = ${userId}) < ${vouchers.usesPerCustomer})`,
      ),
    )
    .orderBy(asc(vouchers.expiresAt), asc(vouchers.id))
    .limit(1);
  return v ?? null;
}
