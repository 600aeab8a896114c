// Every SQL statement of the order desk: orders as the grower sees them, and the stock moves of
// confirming, changing and cancelling lines (offer_lines.quantity_ordered).
import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { customers, invoices, orderLines, orders, products, shipTimes, users } from "../../../db/schema/index.ts";
import type { DeskOrderQuery } from "../../../contract/order-desk.ts";
import { freeQuantity, heldByOthers, lockOfferLines } from "../store/index.ts";

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

export const DESK_LIST_LIMIT = 500;

const deskWhere = (q: DeskOrderQuery): SQL =>
  and(
    eq(orders.store, "wholesale"),
    q.shipDate ? eq(orders.shipDate, q.shipDate) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
    q.customerId ? eq(orders.customerId, q.customerId) : undefined,
  )!;

const lineCount = sql<number>`(select count(*)::int from ${orderLines} l where l.order_id = "orders"."id")`.mapWith(Number);
const pendingQuantity = sql<number>`(select coalesce(sum(l.quantity_pending), 0)::int from ${orderLines} l where l.order_id = "orders"."id")`.mapWith(Number);

export async function listOrders(db: DbOrTx, q: DeskOrderQuery, limit: number) {
  return db
    .select({ o: orders, companyName: customers.companyName, lineCount, pendingQuantity })
    .from(orders)
    .innerJoin(customers, eq(customers.customerId, orders.customerId))
    .where(deskWhere(q))
    .orderBy(asc(orders.shipDate), asc(customers.companyName), asc(orders.orderNumber))
    .limit(limit);
}

/** Bunches per product over the matching orders that are not cancelled: what to cut and pack. */
export async function dayTotals(db: DbOrTx, q: DeskOrderQuery) {
  return db
    .select({
      productId: orderLines.productId,
      description: sql<string>`min(${orderLines.description})`,
      quantityConfirmed: sql<number>`sum(${orderLines.quantityConfirmed})::int`.mapWith(Number),
      quantityPending: sql<number>`sum(${orderLines.quantityPending})::int`.mapWith(Number),
      orders: sql<number>`count(distinct ${orderLines.orderId})::int`.mapWith(Number),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(deskWhere(q), ne(orders.status, "cancelled")))
    .groupBy(orderLines.productId)
    .orderBy(asc(sql`min(${orderLines.description})`), asc(orderLines.productId));
}

export interface OrderFilter {
  customerId?: string;
  retailerId?: number;
}

/** One wholesale order by number (optionally only within a buyer's scope), locked for change when asked. */
export async function findOrder(db: DbOrTx, orderNumber: number, filter: OrderFilter = {}, lock = false): Promise<OrderRow | undefined> {
  const q = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, orderNumber),
        eq(orders.store, "wholesale"),
        filter.customerId !== undefined ? eq(orders.customerId, filter.customerId) : undefined,
        filter.retailerId !== undefined ? eq(orders.retailerId, filter.retailerId) : undefined,
      ),
    );
  const [o] = lock ? await q.for("update") : await q;
  return o;
}

export async function linesOf(db: DbOrTx, orderId: number): Promise<LineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position), asc(orderLines.id));
}

export async function orderParties(db: DbOrTx, o: OrderRow) {
  const [row] = await db
    .select({ companyName: customers.companyName, customerEmail: customers.email, userEmail: users.email })
    .from(customers)
    .innerJoin(users, eq(users.id, o.userId))
    .where(eq(customers.customerId, o.customerId));
  return row ?? { companyName: o.customerId, customerEmail: null, userEmail: "" };
}

export async function invoiceNumberOf(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await db.select({ n: invoices.invoiceNumber }).from(invoices).where(eq(invoices.orderId, orderId));
  return row?.n ?? null;
}

export async function shipTimesOf(db: DbOrTx, customerId: string) {
  return db.select({ weekday: shipTimes.weekday, cutoffShipTime: shipTimes.cutoffShipTime }).from(shipTimes).where(eq(shipTimes.customerId, customerId));
}

export async function bunchesPerPail(db: DbOrTx, productId: string): Promise<number | null> {
  const [p] = await db.select({ q: products.unitOfMeasureQty }).from(products).where(eq(products.productId, productId));
  return p?.q ?? null;
}

export async function updateLine(db: DbOrTx, id: number, set: Partial<Pick<LineRow, "quantity" | "pails" | "looseBunches" | "quantityConfirmed" | "quantityPending" | "lineTotalCents">>) {
  await db.update(orderLines).set(set).where(eq(orderLines.id, id));
}

export async function deleteLine(db: DbOrTx, id: number) {
  await db.delete(orderLines).where(eq(orderLines.id, id));
}

/** Subtotal and total from the lines (tax is charged on the invoice; a voucher's saving stays as recorded). */
export async function refreshTotals(db: DbOrTx, orderId: number) {
  await db.execute(sql`
    update orders set subtotal_cents = t.s, total_cents = greatest(t.s - orders.discount_cents, 0)
      from (select coalesce(sum(line_total_cents), 0)::int as s from order_lines where order_id = ${orderId}) t
     where orders.id = ${orderId}`);
}

export async function setOrder(db: DbOrTx, id: number, set: Partial<Pick<OrderRow, "status" | "packedAt" | "shippedAt" | "cancelledAt">>) {
  await db.update(orders).set(set).where(eq(orders.id, id));
}

/** Bunches still free on an offer line for the desk (every cart's active hold counts against it); locks the row. */
export async function lockFree(tx: DbOrTx, offerLineId: number): Promise<{ free: number; isFinalProduct: boolean } | null> {
  const locked = await lockOfferLines(tx, [offerLineId]);
  const ol = locked.get(offerLineId);
  if (!ol) return null;
  const held = await heldByOthers(tx, [offerLineId], -1);
  return { free: freeQuantity(ol, held.get(offerLineId) ?? 0), isFinalProduct: ol.isFinalProduct };
}

/**
 * Adds ordered quantity under the invariant, checked by the UPDATE itself: ordered + every active hold
 * never exceeds the original quantity. False (nothing written) when it would.
 */
export async function takeStock(tx: DbOrTx, offerLineId: number, quantity: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update offer_lines as ol set quantity_ordered = ol.quantity_ordered + ${quantity}
       where ol.id = ${offerLineId}
         and ol.quantity_ordered + ${quantity} + coalesce((select sum(h.quantity) from holds h
               where h.offer_line_id = ol.id and h.expires_at > now()), 0) <= ol.original_quantity
      returning ol.id`),
  );
  return rows.length === 1;
}

/** Gives ordered quantity back to everyone (never below 0 if counts were edited under the order). */
export async function giveBackStock(tx: DbOrTx, offerLineId: number, quantity: number) {
  if (quantity <= 0) return;
  await tx.execute(sql`update offer_lines set quantity_ordered = greatest(0, quantity_ordered - ${quantity}) where id = ${offerLineId}`);
}

