// All SQL of the dashboard (the catalogue itself it reads through the store's face).
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { comboSpecialProductsRead, comboSpecialsRead, interactiveImageHotspotsRead, interactiveImagesRead, orderLinesRead, ordersRead, productsRead, vouchersRead } from "../../../db/schema/index.ts";

/**
 * Bunches this buyer bought per product over the last `days` days (wholesale store, cancelled orders
 * left out), most first, then by product id; at most `limit` products.
 */
export async function boughtMost(db: DbOrTx, buyer: { customerId: string; retailerId: number }, days: number, limit: number) {
  return db
    .select({ productId: orderLinesRead.productId, qty: sql<number>`sum(${orderLinesRead.quantity})::int`.mapWith(Number) })
    .from(orderLinesRead)
    .innerJoin(ordersRead, eq(ordersRead.id, orderLinesRead.orderId))
    .where(
      and(
        eq(ordersRead.customerId, buyer.customerId),
        buyer.retailerId > 0 ? eq(ordersRead.retailerId, buyer.retailerId) : undefined,
        eq(ordersRead.store, "wholesale"),
        ne(ordersRead.status, "cancelled"),
        gt(ordersRead.placedAt, sql`now() - ${days} * interval '1 day'`),
      ),
    )
    .groupBy(orderLinesRead.productId)
    .orderBy(desc(sql`sum(${orderLinesRead.quantity})`), asc(orderLinesRead.productId))
    .limit(limit);
}

/** Combo specials running on `today`, oldest first. */
export async function combosOn(db: DbOrTx, today: string) {
  return db
    .select()
    .from(comboSpecialsRead)
    .where(and(lte(comboSpecialsRead.startsOn, today), sql`${comboSpecialsRead.endsOn} >= ${today}`))
    .orderBy(asc(comboSpecialsRead.id));
}

export async function comboItems(db: DbOrTx, comboIds: number[]) {
  return db
    .select({ comboId: comboSpecialProductsRead.comboSpecialId, productId: productsRead.productId, description: productsRead.description })
    .from(comboSpecialProductsRead)
    .innerJoin(productsRead, eq(productsRead.productId, comboSpecialProductsRead.productId))
    .where(inArray(comboSpecialProductsRead.comboSpecialId, comboIds))
    .orderBy(asc(productsRead.description), asc(productsRead.productId));
}

export async function imageByKey(db: DbOrTx, key: string) {
  const [image] = await db.select().from(interactiveImagesRead).where(eq(interactiveImagesRead.key, key));
  return image ?? null;
}

export async function hotspotsOf(db: DbOrTx, imageId: number) {
  return db.select().from(interactiveImageHotspotsRead).where(eq(interactiveImageHotspotsRead.imageId, imageId)).orderBy(asc(interactiveImageHotspotsRead.id));
}

/** The user's running, unredeemed voucher expiring first. */
export async function runningVoucher(db: DbOrTx, userId: string) {
  const [v] = await db
    .select()
    .from(vouchersRead)
    .where(
      and(
        eq(vouchersRead.userId, userId),
        isNull(vouchersRead.redeemedAt),
        lte(vouchersRead.startsAt, sql`now()`),
        gt(vouchersRead.expiresAt, sql`now()`),
        // Not used up by this user (uses are counted per customer at checkout; the dashboard is per user).
        sql`(${vouchersRead.usesPerCustomer} is null or (select count(*) from voucher_redemptions_read r where r.voucher_id = ${vouchersRead.id} and r.user_id = ${userId}) < ${vouchersRead.usesPerCustomer})`,
      ),
    )
    .orderBy(asc(vouchersRead.expiresAt), asc(vouchersRead.id))
    .limit(1);
  return v ?? null;
}
