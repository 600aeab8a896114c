// The buyer's tools of the wholesale store: vouchers, mails and reminders, favourites and reorder.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { carts, favourites, holds, offerLines, orderLines, orders, products, users, voucherRedemptions, vouchers } from "../../../db/schema/index.ts";
import type { CartRow } from "./catalog-repo.ts";

// ---- vouchers, mails and reminders (voucher.ts, order-mail.ts, reminders.ts) ------------------------

export type VoucherRow = typeof vouchers.$inferSelect;

/** A voucher by its code, compared without case (codes are stored upper case). */
export async function voucherByCode(db: DbOrTx, code: string): Promise<VoucherRow | null> {
  const [v] = await db.select().from(vouchers).where(eq(sql`upper(${vouchers.code})`, code.toUpperCase()));
  return v ?? null;
}

/** How often a customer has used a voucher. */
export async function voucherUses(db: DbOrTx, voucherId: number, customerId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.customerId, customerId)));
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

export async function userContact(db: DbOrTx, userId: string): Promise<{ email: string; firstName: string } | null> {
  const [u] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return u ?? null;
}

export async function cartById(db: DbOrTx, cartId: number): Promise<CartRow | null> {
  const [c] = await db.select().from(carts).where(eq(carts.id, cartId));
  return c ?? null;
}

/** Bunches the cart holds now (active holds). */
export async function activeHeldQuantity(db: DbOrTx, cartId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(sum(${holds.quantity}), 0)::int`.mapWith(Number) })
    .from(holds)
    .where(and(eq(holds.cartId, cartId), gt(holds.expiresAt, sql`now()`)));
  return r?.n ?? 0;
}

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
  const [p] = await db.select({ id: products.productId }).from(products).where(and(eq(products.productId, productId), eq(products.active, true)));
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
    .select({ id: orders.id, shipDate: orders.shipDate })
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, orderNumber),
        eq(orders.customerId, scope.customerId),
        eq(orders.store, "wholesale"),
        scope.retailerId !== undefined ? eq(orders.retailerId, scope.retailerId) : undefined,
      ),
    );
  if (!o) return null;
  const rows = await db
    .select({
      productId: orderLines.productId,
      description: sql<string>`min(${orderLines.description})`,
      quantity: sql<number>`sum(${orderLines.quantity})::int`.mapWith(Number),
      active: sql<boolean>`coalesce(bool_or(${products.active}), false)`,
      first: sql<number>`min(${orderLines.id})`.mapWith(Number),
    })
    .from(orderLines)
    .leftJoin(products, eq(products.productId, orderLines.productId))
    .where(eq(orderLines.orderId, o.id))
    .groupBy(orderLines.productId)
    .orderBy(sql`min(${orderLines.id})`);
  return { shipDate: String(o.shipDate), lines: rows.map(({ first: _first, ...r }) => r) };
}

/** Of these products, those an offer line of the given catalogs sells in the store (shown and active). */
export async function offeredProductIds(db: DbOrTx, catalogIds: number[], productIds: string[]): Promise<Set<string>> {
  if (!catalogIds.length || !productIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: offerLines.productId })
    .from(offerLines)
    .innerJoin(products, eq(products.productId, offerLines.productId))
    .where(
      and(
        inArray(offerLines.catalogId, catalogIds),
        inArray(offerLines.productId, productIds),
        eq(offerLines.showStore, true),
        eq(products.showStore, true),
        eq(products.active, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
