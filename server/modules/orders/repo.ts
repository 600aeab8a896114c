// All SQL of the order history.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { orderLines, orders } from "../../../db/schema/index.ts";

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
  const result = await tx.execute(sql`
    with placed as (${placed}),
         placed_lines as (${withLines})${alongside ? sql`, ${alongside}` : sql``}
    select id, order_number, (select coalesce(jsonb_agg(jsonb_build_array(l.position, l.id)), '[]'::jsonb) from placed_lines l) as line_ids from placed`);
  const row = rowsOf<{ id: number; order_number: number; line_ids: [number, number][] | string }>(result)[0]!;
  const pairs = typeof row.line_ids === "string" ? (JSON.parse(row.line_ids) as [number, number][]) : row.line_ids;
  const lineIds: number[] = [];
  for (const [position, id] of pairs) lineIds[position] = Number(id);
  return { id: Number(row.id), orderNumber: Number(row.order_number), lineIds };
}

/**
 * A user's order placed with this Idempotency-Key (of one store, or any), with how many of its lines
 * wait for stock (quantity pending).
 */
export async function orderByIdempotencyKey(db: DbOrTx, userId: string, key: string, store?: OrderRow["store"]): Promise<{ o: OrderRow; pendingLines: number } | undefined> {
  const [found] = await db
    .select({
      o: orders,
      pendingLines: sql<number>`(select count(*)::int from ${orderLines} ol where ol.order_id = "orders"."id" and ol.quantity_pending > 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key), store ? eq(orders.store, store) : undefined));
  return found;
}
