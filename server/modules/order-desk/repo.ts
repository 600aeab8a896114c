// Every SQL statement of the order desk: orders of both stores as the grower sees them. The stock
// moves of confirming, changing and cancelling lines are the owners' (the store's offer lines, the
// mass-market store's catalog lines), called with the desk's transaction.
import { and, asc, eq, getViewSelectedFields, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { customersRead, invoicesRead, mmOrderLineLabelsRead, orderLinesRead, ordersRead, productsRead, shipTimesRead, usersRead } from "../../../db/schema/index.ts";
import type { DeskOrderQuery } from "../../../contract/order-desk.ts";
import { freeQuantity, heldByOthers, lockOfferLines } from "../catalog/index.ts";

export type OrderRow = typeof ordersRead.$inferSelect;
export type LineRow = typeof orderLinesRead.$inferSelect;
export type { OrderFilter } from "../orders/index.ts";

export const DESK_LIST_LIMIT = 500;

/** How far ahead the "today" view looks: the next week's ship dates (and any overdue open order). */
export const TODAY_VIEW_DAYS = 7;

const deskWhere = (q: DeskOrderQuery, today?: string): SQL =>
  and(
    q.store ? eq(ordersRead.store, q.store) : undefined,
    q.view === "today" && today ? and(inArray(ordersRead.status, ["submitted", "confirmed"]), lte(ordersRead.shipDate, today)) : undefined,
    q.shipDate ? eq(ordersRead.shipDate, q.shipDate) : undefined,
    q.status ? eq(ordersRead.status, q.status) : undefined,
    q.customerId ? eq(ordersRead.customerId, q.customerId) : undefined,
  )!;

const lineCount = sql<number>`(select count(*)::int from ${orderLinesRead} l where l.order_id = "orders_read"."id")`.mapWith(Number);
const pendingQuantity = sql<number>`(select coalesce(sum(l.quantity_pending), 0)::int from ${orderLinesRead} l where l.order_id = "orders_read"."id")`.mapWith(Number);

/** The customer's ship time on the order's ship date (SPEC weekday: Sunday = 1 .. Saturday = 7). */
const shipTimeOn = and(eq(shipTimesRead.customerId, ordersRead.customerId), eq(shipTimesRead.weekday, sql`(extract(isodow from ${ordersRead.shipDate})::int % 7) + 1`));

/** `lastShipDate`: the "today" view's horizon (orders shipping up to then). */
export async function listOrders(db: DbOrTx, q: DeskOrderQuery, limit: number, lastShipDate?: string) {
  return db
    .select({ o: getViewSelectedFields(ordersRead), companyName: customersRead.companyName, lineCount, pendingQuantity, cutoffShipTime: shipTimesRead.cutoffShipTime })
    .from(ordersRead)
    .innerJoin(customersRead, eq(customersRead.customerId, ordersRead.customerId))
    .leftJoin(shipTimesRead, shipTimeOn)
    .where(deskWhere(q, lastShipDate))
    .orderBy(asc(ordersRead.shipDate), sql`${shipTimesRead.cutoffShipTime} asc nulls last`, asc(customersRead.companyName), asc(ordersRead.orderNumber))
    .limit(limit);
}

/** Bunches per product over the matching orders that are not cancelled: what to cut and pack. */
export async function dayTotals(db: DbOrTx, q: DeskOrderQuery) {
  return db
    .select({
      productId: orderLinesRead.productId,
      description: sql<string>`min(${orderLinesRead.description})`,
      quantityConfirmed: sql<number>`sum(${orderLinesRead.quantityConfirmed})::int`.mapWith(Number),
      quantityPending: sql<number>`sum(${orderLinesRead.quantityPending})::int`.mapWith(Number),
      orders: sql<number>`count(distinct ${orderLinesRead.orderId})::int`.mapWith(Number),
    })
    .from(orderLinesRead)
    .innerJoin(ordersRead, eq(ordersRead.id, orderLinesRead.orderId))
    .where(and(deskWhere(q), ne(ordersRead.status, "cancelled")))
    .groupBy(orderLinesRead.productId)
    .orderBy(asc(sql`min(${orderLinesRead.description})`), asc(orderLinesRead.productId));
}

export type LabelRow = typeof mmOrderLineLabelsRead.$inferSelect;

/** The label data of a mass-market order's lines, by line id. */
export async function labelsOf(db: DbOrTx, orderId: number): Promise<Map<number, LabelRow>> {
  const rows = await db
    .select({ label: getViewSelectedFields(mmOrderLineLabelsRead) })
    .from(mmOrderLineLabelsRead)
    .innerJoin(orderLinesRead, eq(orderLinesRead.id, mmOrderLineLabelsRead.orderLineId))
    .where(eq(orderLinesRead.orderId, orderId));
  return new Map(rows.map((r) => [r.label.orderLineId, r.label]));
}

export async function orderParties(db: DbOrTx, o: OrderRow) {
  const [row] = await db
    .select({ companyName: customersRead.companyName, customerEmail: customersRead.email, userEmail: usersRead.email })
    .from(customersRead)
    .innerJoin(usersRead, eq(usersRead.id, o.userId))
    .where(eq(customersRead.customerId, o.customerId));
  return row ?? { companyName: o.customerId, customerEmail: null, userEmail: "" };
}

export async function invoiceNumberOf(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await db.select({ n: invoicesRead.invoiceNumber }).from(invoicesRead).where(eq(invoicesRead.orderId, orderId));
  return row?.n ?? null;
}

export async function shipTimesOf(db: DbOrTx, customerId: string) {
  return db.select({ weekday: shipTimesRead.weekday, cutoffShipTime: shipTimesRead.cutoffShipTime }).from(shipTimesRead).where(eq(shipTimesRead.customerId, customerId));
}

export async function bunchesPerPail(db: DbOrTx, productId: string): Promise<number | null> {
  const [p] = await db.select({ q: productsRead.unitOfMeasureQty }).from(productsRead).where(eq(productsRead.productId, productId));
  return p?.q ?? null;
}

/** Bunches still free on an offer line for the desk (every cart's active hold counts against it); locks the row. */
export async function lockFree(tx: DbOrTx, offerLineId: number): Promise<{ free: number; isFinalProduct: boolean } | null> {
  const locked = await lockOfferLines(tx, [offerLineId]);
  const ol = locked.get(offerLineId);
  if (!ol) return null;
  const held = await heldByOthers(tx, [offerLineId], -1);
  return { free: freeQuantity(ol, held.get(offerLineId) ?? 0), isFinalProduct: ol.isFinalProduct };
}
