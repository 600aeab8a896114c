// The buyer's tools of the wholesale store: vouchers, mails and reminders, favourites and reorder.
import { and, asc, eq, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { favourites, orderLinesRead, ordersRead, productsRead, usersRead, voucherRedemptionsRead, voucherRedemptions, vouchersRead } from "../../../db/schema/index.ts";
import type { AlongsideSql } from "../carts/index.ts";
import { orderOfKeySql } from "../orders/index.ts";

export { activeHeldQuantity, cartById } from "../carts/index.ts";

// ---- vouchers, mails and reminders (voucher.ts, order-mail.ts, reminders.ts) ------------------------

export type VoucherRow = typeof vouchersRead.$inferSelect;

/** A voucher by its code, compared without case (codes are stored upper case). */
export async function voucherByCode(db: DbOrTx, code: string): Promise<VoucherRow | null> {
  const [v] = await db.select().from(vouchersRead).where(eq(sql`upper(${vouchersRead.code})`, code.toUpperCase()));
  return v ?? null;
}

/** How often a customer has used a voucher. */
export async function voucherUses(db: DbOrTx, voucherId: number, customerId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(voucherRedemptionsRead)
    .where(and(eq(voucherRedemptionsRead.voucherId, voucherId), eq(voucherRedemptionsRead.customerId, customerId)));
  return r?.n ?? 0;
}

/**
 * Records a use; false when that use number is taken (a concurrent checkout got there first: the
 * insert waits for it to commit and then does nothing).
 */
export async function insertRedemption(db: DbOrTx, row: typeof voucherRedemptions.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(voucherRedemptions).values(row).onConflictDoNothing().returning({ id: voucherRedemptions.id });
  return inserted.length === 1;
}

/**
 * A cancelled order gives its blitz voucher back: its use is deleted and the customer's later uses
 * move down one, so the next checkout's use number (uses + 1) is free again. The move goes through
 * numbers far above any real one, so the unique (voucher, customer, use) holds at every row.
 * Returns the voucher's code, or null when the order used none.
 */
export async function returnVoucher(tx: DbOrTx, orderId: number): Promise<string | null> {
  const gone = rowsOf<{ voucher_id: number; customer_id: string; use_number: number; code: string }>(
    await tx.execute(sql`
      delete from voucher_redemptions r using vouchers_read v
       where r.order_id = ${orderId} and v.id = r.voucher_id
      returning r.voucher_id, r.customer_id, r.use_number, v.code`),
  )[0];
  if (!gone) return null;
  const later = sql`voucher_id = ${gone.voucher_id} and customer_id = ${gone.customer_id}`;
  await tx.execute(sql`update voucher_redemptions set use_number = use_number + 1000000 where ${later} and use_number > ${gone.use_number}`);
  await tx.execute(sql`update voucher_redemptions set use_number = use_number - 1000001 where ${later} and use_number > 1000000`);
  return gone.code;
}

export async function userContact(db: DbOrTx, userId: string): Promise<{ email: string; firstName: string } | null> {
  const [u] = await db.select({ email: usersRead.email, firstName: usersRead.firstName }).from(usersRead).where(eq(usersRead.id, userId));
  return u ?? null;
}

/** An order placed with an Idempotency-Key, as a copy of its request answers it. */
export interface PlacedByKey {
  orderNumber: number;
  shipDate: string;
  totalCents: number;
  subtotalCents: number;
  discountCents: number;
  voucherCode: string | null;
  pendingLines: number;
}

/** What the wholesale checkout reads with its cart's lock: the buyer's address for the confirmation, and an order already placed with this Idempotency-Key. */
export interface PlaceAlongside {
  contact: { email: string; firstName: string } | null;
  order: PlacedByKey | null;
}

export const placeAlongside = (userId: string, key: string | null): AlongsideSql => ({
  key: "place-order",
  build: (p) =>
    sql`jsonb_build_object(
      'contact', (select jsonb_build_object('email', u.email, 'firstName', u.first_name) from ${usersRead} u where u.id = ${p.placingUserId}),
      'order', ${orderOfKeySql(p.placingUserId, p.orderKey)})`,
  values: { placingUserId: userId, orderKey: key },
});

// ---- favourites (issue 13) ----------------------------------------------------------------------

/** Whose favourites: a customer, or one of its retailers (0 = the customer itself). */
export interface FavouriteOwner {
  customerId: string;
  retailerId: number;
}

/** The product ids a buying account starred, in the order they were starred. */
export async function favouriteIdsOf(db: DbOrTx, owner: FavouriteOwner): Promise<string[]> {
  const rows = await db
    .select({ id: favourites.productId })
    .from(favourites)
    .where(and(eq(favourites.customerId, owner.customerId), eq(favourites.retailerId, owner.retailerId)))
    .orderBy(asc(favourites.createdAt), asc(favourites.productId));
  return rows.map((r) => r.id);
}

/** Stars a product; starring it again changes nothing. False when no such active product exists. */
export async function addFavourite(db: DbOrTx, owner: FavouriteOwner, productId: string): Promise<boolean> {
  const [p] = await db.select({ id: productsRead.productId }).from(productsRead).where(and(eq(productsRead.productId, productId), eq(productsRead.active, true)));
  if (!p) return false;
  await db.insert(favourites).values({ customerId: owner.customerId, retailerId: owner.retailerId, productId: p.id }).onConflictDoNothing();
  return true;
}

export async function removeFavourite(db: DbOrTx, owner: FavouriteOwner, productId: string): Promise<void> {
  await db
    .delete(favourites)
    .where(and(eq(favourites.customerId, owner.customerId), eq(favourites.retailerId, owner.retailerId), eq(favourites.productId, productId)));
}

// ---- reorder (issue 13) -------------------------------------------------------------------------

export interface ReorderLineRow {
  productId: string;
  description: string;
  quantity: number;
  /** False when the product is no longer sold at all. */
  active: boolean;
}

/**
 * The lines of one wholesale order of the customer (only the given retailer's orders when one is
 * named), a product's quantities added up, in the order's line order. Null when there is no such order.
 */
export async function reorderLinesOf(
  db: DbOrTx,
  scope: { customerId: string; retailerId?: number },
  orderNumber: number,
): Promise<{ shipDate: string; lines: ReorderLineRow[] } | null> {
  const [o] = await db
    .select({ id: ordersRead.id, shipDate: ordersRead.shipDate })
    .from(ordersRead)
    .where(
      and(
        eq(ordersRead.orderNumber, orderNumber),
        eq(ordersRead.customerId, scope.customerId),
        eq(ordersRead.store, "wholesale"),
        scope.retailerId !== undefined ? eq(ordersRead.retailerId, scope.retailerId) : undefined,
      ),
    );
  if (!o) return null;
  const rows = await db
    .select({
      productId: orderLinesRead.productId,
      description: sql<string>`min(${orderLinesRead.description})`,
      quantity: sql<number>`sum(${orderLinesRead.quantity})::int`.mapWith(Number),
      active: sql<boolean>`coalesce(bool_or(${productsRead.active}), false)`,
      first: sql<number>`min(${orderLinesRead.id})`.mapWith(Number),
    })
    .from(orderLinesRead)
    .leftJoin(productsRead, eq(productsRead.productId, orderLinesRead.productId))
    .where(eq(orderLinesRead.orderId, o.id))
    .groupBy(orderLinesRead.productId)
    .orderBy(sql`min(${orderLinesRead.id})`);
  return { shipDate: String(o.shipDate), lines: rows.map(({ first: _first, ...r }) => r) };
}
