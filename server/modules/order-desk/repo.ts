// Every SQL statement of the order desk: orders of both stores as the grower sees them, and the stock
// moves of confirming, changing and cancelling lines (offer_lines.quantity_ordered for the wholesale
// store, mm_catalog_products.quantity_ordered for the mass-market store).
import { and, asc, eq, getViewSelectedFields, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { customersRead, invoicesRead, mmOrderLineLabelsRead, orderLinesRead, ordersRead, productsRead, shipTimesRead, usersRead } from "../../../db/schema/index.ts";
import type { DeskOrderQuery } from "../../../contract/order-desk.ts";
import { freeQuantity, heldByOthers, lockOfferLines } from "../store/index.ts";

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

/**
 * Adds ordered quantity under the invariant, checked by the UPDATE itself: ordered + every active hold
 * never exceeds the original quantity. False (nothing written) when it would.
 */
export async function takeStock(tx: DbOrTx, offerLineId: number, quantity: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update offer_lines as ol set quantity_ordered = ol.quantity_ordered + ${quantity}
       where ol.id = ${offerLineId}
         and ol.quantity_ordered + ${quantity} + coalesce((select sum(h.quantity) from holds_read h
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


// ---- the mass-market store's stock: mm_catalog_products of the catalog the order was placed from ----

/**
 * Bouquets still free on a mass-market catalog line (every cart's active hold counts against it);
 * locks the row. Null when the catalog no longer offers the product.
 */
export async function lockMmFree(tx: DbOrTx, catalogOrderId: number, productId: string): Promise<{ catalogId: number; free: number } | null> {
  const rows = rowsOf<{ catalog_id: number; free: number }>(
    await tx.execute(sql`
      select cp.catalog_id, (cp.available - cp.quantity_ordered - coalesce((select sum(h.quantity) from mm_holds_read h
               where h.catalog_id = cp.catalog_id and h.product_id = cp.product_id and h.expires_at > now()), 0))::int as free
        from mm_catalog_products cp join catalogs_read c on c.id = cp.catalog_id
       where c.order_id = ${catalogOrderId} and c.kind = 'massMarket' and cp.product_id = ${productId}
       for no key update of cp`),
  );
  const r = rows[0];
  return r ? { catalogId: Number(r.catalog_id), free: Math.max(0, Number(r.free)) } : null;
}

/** Adds ordered bouquets under the invariant, checked by the UPDATE itself; false (nothing written) when it would oversell. */
export async function takeMmStock(tx: DbOrTx, catalogId: number, productId: string, quantity: number): Promise<boolean> {
  const rows = rowsOf<{ product_id: string }>(
    await tx.execute(sql`
      update mm_catalog_products as cp set quantity_ordered = cp.quantity_ordered + ${quantity}
       where cp.catalog_id = ${catalogId} and cp.product_id = ${productId}
         and cp.quantity_ordered + ${quantity} + coalesce((select sum(h.quantity) from mm_holds_read h
               where h.catalog_id = cp.catalog_id and h.product_id = cp.product_id and h.expires_at > now()), 0) <= cp.available
      returning cp.product_id`),
  );
  return rows.length === 1;
}

/** Gives ordered bouquets back to a mass-market catalog line (the one the order was placed from). */
export async function giveBackMmStock(tx: DbOrTx, catalogOrderId: number, productId: string, quantity: number) {
  if (quantity <= 0) return;
  await tx.execute(sql`
    update mm_catalog_products cp set quantity_ordered = greatest(0, cp.quantity_ordered - ${quantity})
      from catalogs_read c
     where c.id = cp.catalog_id and c.order_id = ${catalogOrderId} and c.kind = 'massMarket' and cp.product_id = ${productId}`);
}

