// All SQL of the order history.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { holdsRead, orderLines, orders } from "../../../db/schema/index.ts";

/** Whose orders: one customer, optionally only one retailer's (0 = the customer's own). */
export interface OrderScope {
  customerId: string;
  retailerId?: number;
}

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

const scopeWhere = (s: OrderScope): SQL =>
  and(eq(orders.customerId, s.customerId), eq(orders.store, "wholesale"), s.retailerId !== undefined ? eq(orders.retailerId, s.retailerId) : undefined)!;

const lineCount = sql<number>`(select count(*)::int from ${orderLines} l where l.order_id = "orders"."id")`.mapWith(Number);

/** Newest first (placed time, then order number), with each order's line count. */
export async function latestOrders(db: DbOrTx, scope: OrderScope, limit: number): Promise<{ o: OrderRow; count: number }[]> {
  return db
    .select({ o: orders, count: lineCount })
    .from(orders)
    .where(scopeWhere(scope))
    .orderBy(desc(orders.placedAt), desc(orders.orderNumber))
    .limit(limit);
}

export async function orderByNumber(db: DbOrTx, scope: OrderScope, orderNumber: number): Promise<OrderRow | null> {
  const [o] = await db.select().from(orders).where(and(scopeWhere(scope), eq(orders.orderNumber, orderNumber)));
  return o ?? null;
}

export async function linesOf(db: DbOrTx, orderIds: number[]): Promise<LineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
}

/** The scope's orders shipping on `shipDate`, cancelled ones left out, by order number. */
export async function ordersShippingOn(db: DbOrTx, scope: OrderScope, shipDate: string) {
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(scopeWhere(scope), eq(orders.shipDate, shipDate), ne(orders.status, "cancelled")))
    .orderBy(asc(orders.orderNumber));
}

/**
 * The whole store's figures for the metrics scrape: active holds and the bunches they keep (through
 * the store's published holds read model), and orders per status. Two statements.
 */
export async function storeFigures(db: DbOrTx): Promise<{ holds: number; bunches: number; orders: Array<{ status: string; n: number }> }> {
  const [held] = await db
    .select({ holds: sql<number>`count(*)::int`.mapWith(Number), bunches: sql<number>`coalesce(sum(${holdsRead.quantity}), 0)::int`.mapWith(Number) })
    .from(holdsRead)
    .where(sql`${holdsRead.expiresAt} > now()`);
  const byStatus = await db.select({ status: orders.status, n: sql<number>`count(*)::int`.mapWith(Number) }).from(orders).groupBy(orders.status);
  return { holds: held?.holds ?? 0, bunches: held?.bunches ?? 0, orders: byStatus };
}

// ---- the order desk's changes (server/modules/order-desk): find and lock, rewrite lines, totals, state ----

export interface OrderFilter {
  store?: "wholesale" | "mm";
  customerId?: string;
  retailerId?: number;
}

/** One order of either store by number (optionally only within a buyer's scope), locked for change when asked. */
export async function findOrder(db: DbOrTx, orderNumber: number, filter: OrderFilter = {}, lock = false): Promise<OrderRow | undefined> {
  const q = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, orderNumber),
        filter.store ? eq(orders.store, filter.store) : undefined,
        filter.customerId !== undefined ? eq(orders.customerId, filter.customerId) : undefined,
        filter.retailerId !== undefined ? eq(orders.retailerId, filter.retailerId) : undefined,
      ),
    );
  const [o] = lock ? await q.for("update") : await q;
  return o;
}


export async function updateOrderLine(db: DbOrTx, id: number, set: Partial<Pick<LineRow, "quantity" | "pails" | "looseBunches" | "quantityConfirmed" | "quantityPending" | "lineTotalCents">>) {
  await db.update(orderLines).set(set).where(eq(orderLines.id, id));
}

export async function deleteOrderLine(db: DbOrTx, id: number) {
  await db.delete(orderLines).where(eq(orderLines.id, id));
}

/** Subtotal and total from the lines (tax is charged on the invoice; a voucher's saving stays as recorded). */
export async function refreshOrderTotals(db: DbOrTx, orderId: number) {
  await db.execute(sql`
    update orders set subtotal_cents = t.s, total_cents = greatest(t.s - orders.discount_cents, 0)
      from (select coalesce(sum(line_total_cents), 0)::int as s from order_lines where order_id = ${orderId}) t
     where orders.id = ${orderId}`);
}

export async function setOrderState(db: DbOrTx, id: number, set: Partial<Pick<OrderRow, "status" | "packedAt" | "shippedAt" | "cancelledAt">>) {
  await db.update(orders).set(set).where(eq(orders.id, id));
}
