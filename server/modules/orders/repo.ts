// All SQL of the order history.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { executeNow } from "../../../db/prepared.ts";
import { holdsRead, orderLines, orders } from "../../../db/schema/index.ts";

/** Whose orders: one customer, optionally only one retailer's (0 = the customer's own). */
export interface OrderScope {
  customerId: string;
  retailerId?: number;
}

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderLineInsert = typeof orderLines.$inferInsert;

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

// ---- placing an order (both stores' checkouts, inside their transaction) ------------------------------

/**
 * Everything placing an order writes, in one statement whatever the number of lines: the order, its
 * lines, and `alongside` (more CTEs of the same `with`, such as the cart emptied: carts' emptyCartSql).
 * Built from Drizzle inserts, so every column of the order is written. Answers the order's id and
 * number and its lines' ids by position.
 */
export async function insertOrder(
  tx: DbOrTx,
  order: OrderInsert,
  lines: Omit<OrderLineInsert, "orderId">[],
  alongside?: SQL,
): Promise<{ id: number; orderNumber: number; lineIds: number[] }> {
  const placed = tx.insert(orders).values(order).returning({ id: orders.id, orderNumber: orders.orderNumber }).getSQL();
  const withLines = lines.length
    ? tx
        .insert(orderLines)
        .values(lines.map((l) => ({ ...l, orderId: sql`(select id from placed)` })))
        .returning({ id: orderLines.id, position: orderLines.position })
        .getSQL()
    : sql`select null::int as id, null::int as position where false`;
  // Asked at once: the wholesale checkout sends it in its stock take's write.
  const result = await executeNow(tx, sql`
    with placed as (${placed}),
         placed_lines as (${withLines})${alongside ? sql`, ${alongside}` : sql``}
    select id, order_number, (select coalesce(jsonb_agg(jsonb_build_array(l.position, l.id)), '[]'::jsonb) from placed_lines l) as line_ids from placed`);
  const row = rowsOf<{ id: number; order_number: number; line_ids: [number, number][] | string }>(result)[0]!;
  const pairs = typeof row.line_ids === "string" ? (JSON.parse(row.line_ids) as [number, number][]) : row.line_ids;
  const lineIds: number[] = [];
  for (const [position, id] of pairs) lineIds[position] = Number(id);
  return { id: Number(row.id), orderNumber: Number(row.order_number), lineIds };
}

/** How many of an order's lines wait for stock (quantity pending), as an SQL value. */
const pendingLinesOf = (orderId: SQL) => sql`(select count(*)::int from ${orderLines} ol where ol.order_id = ${orderId} and ol.quantity_pending > 0)`;

/**
 * A user's order placed with this Idempotency-Key (of one store, or any), with how many of its lines
 * wait for stock (quantity pending).
 */
export async function orderByIdempotencyKey(db: DbOrTx, userId: string, key: string, store?: OrderRow["store"]): Promise<{ o: OrderRow; pendingLines: number } | undefined> {
  const [found] = await db
    .select({
      o: orders,
      pendingLines: sql<number>`${pendingLinesOf(sql`"orders"."id"`)}`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key), store ? eq(orders.store, store) : undefined));
  return found;
}

/**
 * What orderByIdempotencyKey answers (of any store), as one jsonb value for a statement of another
 * module (the wholesale checkout reads it with its cart's lock): the order's number, ship date, total,
 * subtotal and voucher saving in cents, voucher code and lines waiting for stock; null when the user
 * placed none with this key.
 */
export const orderOfKeySql = (userId: SQL, key: SQL) =>
  sql`(select jsonb_build_object('orderNumber', o.order_number, 'shipDate', o.ship_date::text, 'totalCents', o.total_cents,
            'subtotalCents', o.subtotal_cents, 'discountCents', o.discount_cents, 'voucherCode', o.voucher_code,
            'pendingLines', ${pendingLinesOf(sql`o.id`)})
         from ${orders} o where o.user_id = ${userId} and o.idempotency_key = ${key})`;

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
