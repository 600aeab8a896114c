// Order history of the wholesale store: summaries, one order, one ship date's lines.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { orderLines, orders } from "../../../db/schema/index.ts";
import type { Order, OrderSummary, ShipDateDetail } from "../../../contract/store.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { notFound } from "../../errors.ts";

/** Whose orders: one customer, optionally only one retailer's (0 = the customer's own). */
export interface OrderScope {
  customerId: string;
  retailerId?: number;
}

const scopeWhere = (s: OrderScope): SQL =>
  and(eq(orders.customerId, s.customerId), eq(orders.store, "wholesale"), s.retailerId !== undefined ? eq(orders.retailerId, s.retailerId) : undefined)!;

const lineCount = sql<number>`(select count(*)::int from ${orderLines} l where l.order_id = "orders"."id")`.mapWith(Number);

type OrderRow = typeof orders.$inferSelect;

function toSummary(o: OrderRow, count: number): OrderSummary {
  return {
    orderNumber: o.orderNumber,
    customerId: o.customerId,
    retailerId: o.retailerId,
    shipDate: o.shipDate,
    receivingDate: o.receivingDate,
    placedAt: o.placedAt.toISOString(),
    status: o.status,
    boxed: o.boxed,
    lineCount: count,
    total: centsToDollars(o.totalCents),
  };
}

type LineRow = typeof orderLines.$inferSelect;
function toLine(l: LineRow) {
  return {
    lineId: l.id,
    productId: l.productId,
    description: l.description,
    category: l.category,
    quantity: l.quantity,
    pails: l.pails,
    looseBunches: l.looseBunches,
    pailPrice: centsToDollars(l.pailPriceCents),
    bunchPrice: centsToDollars(l.bunchPriceCents),
    quantityConfirmed: l.quantityConfirmed,
    quantityPending: l.quantityPending,
    lineTotal: centsToDollars(l.lineTotalCents),
  };
}

/** Newest first (placed time, then order number). */
export async function orderSummaries(db: Db, scope: OrderScope, limit: number): Promise<OrderSummary[]> {
  const rows = await db
    .select({ o: orders, count: lineCount })
    .from(orders)
    .where(scopeWhere(scope))
    .orderBy(desc(orders.placedAt), desc(orders.orderNumber))
    .limit(limit);
  return rows.map((r) => toSummary(r.o, r.count));
}

async function findOrder(db: Db, scope: OrderScope, orderNumber: number): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(and(scopeWhere(scope), eq(orders.orderNumber, orderNumber)));
  // Another customer's (or retailer's) order is indistinguishable from a missing one.
  if (!o) throw notFound(`Order ${orderNumber} was not found.`);
  return o;
}

export async function orderDetail(db: Db, scope: OrderScope, orderNumber: number): Promise<Order> {
  const o = await findOrder(db, scope, orderNumber);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.position), asc(orderLines.id));
  return { ...toSummary(o, lines.length), lines: lines.map(toLine), subtotal: centsToDollars(o.subtotalCents), salesUserId: o.salesUserId };
}

/** Every line of this scope's orders shipping on the same date as the given order (cancelled ones left out). */
export async function shipDateDetail(db: Db, scope: OrderScope, orderNumber: number): Promise<ShipDateDetail> {
  const o = await findOrder(db, scope, orderNumber);
  const sameDay = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(scopeWhere(scope), eq(orders.shipDate, o.shipDate), ne(orders.status, "cancelled")))
    .orderBy(asc(orders.orderNumber));
  const ids = [...new Set([o.id, ...sameDay.map((r) => r.id)])];
  const numberOf = new Map([[o.id, o.orderNumber], ...sameDay.map((r) => [r.id, r.orderNumber] as const)]);
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
  const total = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  return {
    orderNumber: o.orderNumber,
    shipDate: o.shipDate,
    lines: lines.map((l) => ({ ...toLine(l), orderNumber: numberOf.get(l.orderId)! })),
    total: centsToDollars(total),
  };
}
