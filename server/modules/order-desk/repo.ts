// Every SQL statement of the order desk: orders of both stores as the grower sees them, and the stock
// moves of confirming, changing and cancelling lines (offer_lines.quantity_ordered for the wholesale
// store, mm_catalog_products.quantity_ordered for the mass-market store).
import { and, asc, eq, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { customers, invoices, mmOrderLineLabels, orderLines, orders, products, shipTimes, users } from "../../../db/schema/index.ts";
import type { DeskOrderQuery } from "../../../contract/order-desk.ts";
import { freeQuantity, heldByOthers, lockOfferLines } from "../store/index.ts";

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

export const DESK_LIST_LIMIT = 500;

/** How far ahead the "today" view looks: the next week's ship dates (and any overdue open order). */
export const TODAY_VIEW_DAYS = 7;

const deskWhere = (q: DeskOrderQuery, today?: string): SQL =>
  and(
    q.store ? eq(orders.store, q.store) : undefined,
    q.view === "today" && today ? and(inArray(orders.status, ["submitted", "confirmed"]), lte(orders.shipDate, today)) : undefined,
    q.shipDate ? eq(orders.shipDate, q.shipDate) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
    q.customerId ? eq(orders.customerId, q.customerId) : undefined,
  )!;

const lineCount = sql<number>`(select count(*)::int from ${orderLines} l where l.order_id = "orders"."id")`.mapWith(Number);
const pendingQuantity = sql<number>`(select coalesce(sum(l.quantity_pending), 0)::int from ${orderLines} l where l.order_id = "orders"."id")`.mapWith(Number);

/** The customer's ship time on the order's ship date (SPEC weekday: Sunday = 1 .. Saturday = 7). */
const shipTimeOn = and(eq(shipTimes.customerId, orders.customerId), eq(shipTimes.weekday, sql`(extract(isodow from ${orders.shipDate})::int % 7) + 1`));

/** `lastShipDate`: the "today" view's horizon (orders shipping up to then). */
export async function listOrders(db: DbOrTx, q: DeskOrderQuery, limit: number, lastShipDate?: string) {
  return db
    .select({ o: orders, companyName: customers.companyName, lineCount, pendingQuantity, cutoffShipTime: shipTimes.cutoffShipTime })
    .from(orders)
    .innerJoin(customers, eq(customers.customerId, orders.customerId))
    .leftJoin(shipTimes, shipTimeOn)
    .where(deskWhere(q, lastShipDate))
    .orderBy(asc(orders.shipDate), sql`${shipTimes.cutoffShipTime} asc nulls last`, asc(customers.companyName), asc(orders.orderNumber))
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

export async function linesOf(db: DbOrTx, orderId: number): Promise<LineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position), asc(orderLines.id));
}

export type LabelRow = typeof mmOrderLineLabels.$inferSelect;

/** The label data of a mass-market order's lines, by line id. */
export async function labelsOf(db: DbOrTx, orderId: number): Promise<Map<number, LabelRow>> {
  const rows = await db
    .select({ label: mmOrderLineLabels })
    .from(mmOrderLineLabels)
    .innerJoin(orderLines, eq(orderLines.id, mmOrderLineLabels.orderLineId))
    .where(eq(orderLines.orderId, orderId));
  return new Map(rows.map((r) => [r.label.orderLineId, r.label]));
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


// ---- the mass-market store's stock: mm_catalog_products of the catalog the order was placed from ----

/**
 * Bouquets still free on a mass-market catalog line (every cart's active hold counts against it);
 * locks the row. Null when the catalog no longer offers the product.
 */
export async function lockMmFree(tx: DbOrTx, catalogOrderId: number, productId: string): Promise<{ catalogId: number; free: number } | null> {
  const rows = rowsOf<{ catalog_id: number; free: number }>(
    await tx.execute(sql`
      select cp.catalog_id, (cp.available - cp.quantity_ordered - coalesce((select sum(h.quantity) from mm_holds h
               where h.catalog_id = cp.catalog_id and h.product_id = cp.product_id and h.expires_at > now()), 0))::int as free
        from mm_catalog_products cp join catalogs c on c.id = cp.catalog_id
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
         and cp.quantity_ordered + ${quantity} + coalesce((select sum(h.quantity) from mm_holds h
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
      from catalogs c
     where c.id = cp.catalog_id and c.order_id = ${catalogOrderId} and c.kind = 'massMarket' and cp.product_id = ${productId}`);
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
      delete from voucher_redemptions r using vouchers v
       where r.order_id = ${orderId} and v.id = r.voucher_id
      returning r.voucher_id, r.customer_id, r.use_number, v.code`),
  )[0];
  if (!gone) return null;
  const later = sql`voucher_id = ${gone.voucher_id} and customer_id = ${gone.customer_id}`;
  await tx.execute(sql`update voucher_redemptions set use_number = use_number + 1000000 where ${later} and use_number > ${gone.use_number}`);
  await tx.execute(sql`update voucher_redemptions set use_number = use_number - 1000001 where ${later} and use_number > 1000000`);
  return gone.code;
}
