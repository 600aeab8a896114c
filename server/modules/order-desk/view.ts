// The desk's reading side: the list of orders (with the "today" view's steps and per-day totals) and
// one order as the desk shows it, with the actions its state allows.
import { orderLineView } from "../orders/index.ts";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { DayTotal, DeskDay, DeskOrder, DeskOrderLine, DeskOrderList, DeskOrderQuery, DeskOrderSummary, DeskStep } from "../../../contract/order-desk.ts";
import { addDays, isoDateAt, specWeekday } from "../../../domain/dates.ts";
import { isFeeLine } from "../../../domain/mm-fees.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { allowedActions, type OrderState } from "../../../domain/order-status.ts";
import { cutoffInstant } from "../../../domain/ship-dates.ts";
import { notFound } from "../../errors.ts";
import { findOrder, orderLinesOf } from "../orders/index.ts";
import * as repo from "./repo.ts";
import type { LabelRow, LineRow, OrderFilter, OrderRow } from "./repo.ts";

export const stateOf = (o: OrderRow, lines: LineRow[]): OrderState => ({
  status: o.status,
  pendingQuantity: lines.reduce((s, l) => s + l.quantityPending, 0),
  packed: o.packedAt !== null,
});

/** What an open order waits for next (the "today" view's steps). */
export function nextStep(status: OrderRow["status"], pendingQuantity: number, packed: boolean): DeskStep | null {
  if (status !== "submitted" && status !== "confirmed") return null;
  if (pendingQuantity > 0) return "decide";
  if (status === "submitted") return "confirm";
  return packed ? "ship" : "pack";
}

/** The instant ordering for the order's ship date closes for its customer. */
function cutoffOf(shipDate: string, cutoffShipTime: string | null): string | null {
  if (!cutoffShipTime) return null;
  return cutoffInstant(shipDate, cutoffShipTime)?.toUTC().toISO() ?? null;
}

function toSummary(o: OrderRow, companyName: string, lineCount: number, pendingQuantity: number, cutoffShipTime: string | null): DeskOrderSummary {
  return {
    orderNumber: o.orderNumber,
    store: o.store,
    customerId: o.customerId,
    companyName,
    retailerId: o.retailerId,
    shipDate: o.shipDate,
    placedAt: o.placedAt.toISOString(),
    status: o.status,
    packed: o.packedAt !== null,
    lineCount,
    pendingQuantity,
    total: centsToDollars(o.totalCents),
    cutoff: cutoffOf(o.shipDate, cutoffShipTime),
    nextStep: nextStep(o.status, pendingQuantity, o.packedAt !== null),
  };
}

/** Per ship date, how many of the listed orders wait for each step. */
function daysOf(list: DeskOrderSummary[]): DeskDay[] {
  const days = new Map<string, DeskDay>();
  for (const o of list) {
    const d = days.get(o.shipDate) ?? { shipDate: o.shipDate, orders: 0, decide: 0, confirm: 0, pack: 0, ship: 0 };
    d.orders++;
    if (o.nextStep) d[o.nextStep]++;
    days.set(o.shipDate, d);
  }
  return [...days.values()];
}

/**
 * The desk's list. The "today" view holds the open orders (submitted or confirmed) shipping within
 * the next TODAY_VIEW_DAYS days, overdue ones included; every view is sorted by ship date, then by the
 * customer's cut-off on that date.
 */
export async function listDeskOrders(db: Db, q: DeskOrderQuery, now = new Date()): Promise<DeskOrderList> {
  const horizon = q.view === "today" ? addDays(isoDateAt(now), repo.TODAY_VIEW_DAYS) : undefined;
  const rows = await repo.listOrders(db, q, repo.DESK_LIST_LIMIT + 1, horizon);
  const totals: DayTotal[] = q.shipDate ? await repo.dayTotals(db, q) : [];
  const list = rows.slice(0, repo.DESK_LIST_LIMIT).map((r) => toSummary(r.o, r.companyName, r.lineCount, r.pendingQuantity, r.cutoffShipTime));
  return { orders: list, days: daysOf(list), dayTotals: totals, truncated: rows.length > repo.DESK_LIST_LIMIT };
}

function toDeskLine(l: LineRow, label: LabelRow | undefined): DeskOrderLine {
  return {
    ...orderLineView(l),
    fee: isFeeLine(l),
    boxType: l.boxType,
    unitOfMeasure: l.unitOfMeasure,
    barcodeNumber: label?.barcodeNumber ?? null,
    barcodeTop: label?.barcodeTop ?? null,
    barcodeLeft: label?.barcodeLeft ?? null,
    barcodeBottom: label?.barcodeBottom ?? null,
  };
}

export async function present(db: DbOrTx, o: OrderRow, lines?: LineRow[], now = new Date()): Promise<DeskOrder> {
  const ls = lines ?? (await orderLinesOf(db, [o.id]));
  const parties = await repo.orderParties(db, o);
  const labels = o.store === "mm" ? await repo.labelsOf(db, o.id) : new Map<number, LabelRow>();
  const cutoff = (await repo.shipTimesOf(db, o.customerId)).find((t) => t.weekday === specWeekday(o.shipDate))?.cutoffShipTime ?? null;
  const state = stateOf(o, ls);
  return {
    ...toSummary(o, parties.companyName, ls.length, state.pendingQuantity, cutoff),
    userEmail: parties.userEmail,
    mailTo: parties.customerEmail || parties.userEmail,
    receivingDate: o.receivingDate,
    boxed: o.boxed,
    lines: ls.map((l) => toDeskLine(l, labels.get(l.id))),
    subtotal: centsToDollars(o.subtotalCents),
    voucherCode: o.voucherCode,
    poNumber: o.poNumber ?? null,
    deliveryNotes: o.deliveryNotes ?? null,
    discount: centsToDollars(o.discountCents),
    actions: allowedActions(state),
    invoiceNumber: await repo.invoiceNumberOf(db, o.id),
    shipsEarly: isoDateAt(now) < o.shipDate,
  };
}

export async function deskOrder(db: Db, orderNumber: number, filter: OrderFilter = {}): Promise<DeskOrder> {
  const o = await findOrder(db, orderNumber, filter);
  if (!o) throw notFound(`Order ${orderNumber} was not found.`);
  return present(db, o);
}
