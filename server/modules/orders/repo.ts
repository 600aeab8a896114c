// All SQL of the order history.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { orderLines, orders } from "../../../db/schema/index.ts";

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
