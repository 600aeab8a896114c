// The order desk (DOMAIN.md "Orders"; docs/order-desk.md): staff move orders along the status machine
// of domain/order-status.ts, confirm or decline pending quantities, change lines, cancel, pack and ship
// (which issues the invoice); a buyer changes or cancels its own order until the ship date's cut-off.
// Every change is one transaction: the order row is locked first, then any offer line it touches, and
// the change is audited and mailed to the buyer (outbox) in that same transaction.
import { orderLineView } from "../orders/index.ts";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type {
  BulkBody,
  BulkResult,
  DayTotal,
  DeskDay,
  DeskOrder,
  DeskOrderLine,
  DeskOrderList,
  DeskOrderQuery,
  DeskOrderSummary,
  DeskStep,
} from "../../../contract/order-desk.ts";
import { QUANTITY_REMAINING_MESSAGE } from "../../../domain/constants.ts";
import { addDays, isoDateAt, specWeekday } from "../../../domain/dates.ts";
import { isFeeLine, recomputeFeeLines, type MmPackage } from "../../../domain/mm-fees.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { allowedActions, refusal, type OrderAction, type OrderState } from "../../../domain/order-status.ts";
import { splitPails } from "../../../domain/pricing.ts";
import { cutoffInstant, isShipDateOpen } from "../../../domain/ship-dates.ts";
import { closedDayMessage, closedReason } from "../../../domain/closed-days.ts";
import { closedDaysOf } from "../calendar/index.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, HttpError, notFound } from "../../errors.ts";
import { audit } from "../audit/index.ts";
import { issueInvoice } from "../invoices/index.ts";
import { enqueueMail } from "../mail/index.ts";
import * as repo from "./repo.ts";
import type { LabelRow, LineRow, OrderFilter, OrderRow } from "./repo.ts";

export const CUTOFF_PASSED_MESSAGE = "The cut-off for this ship date has passed: please call us to change this order.";
export const NOT_OFFERED_MESSAGE = "This product is no longer offered: its quantity can only be lowered.";

/** Who makes a change: the signed-in user, and the staff member behind an impersonation. */
export interface Actor {
  userId: string;
  originalUserId: string | null;
  ip?: string;
}

/** A buyer's own order: its customer (and retailer), checked against the ship date's cut-off. */
export interface BuyerScope extends OrderFilter {
  customerId: string;
}

const stateOf = (o: OrderRow, lines: LineRow[]): OrderState => ({
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

async function present(db: DbOrTx, o: OrderRow, lines?: LineRow[], now = new Date()): Promise<DeskOrder> {
  const ls = lines ?? (await repo.linesOf(db, o.id));
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
  const o = await repo.findOrder(db, orderNumber, filter);
  if (!o) throw notFound(`Order ${orderNumber} was not found.`);
  return present(db, o);
}

interface Change {
  /** The audit action, e.g. "order.line.confirm". */
  action: string;
  /** One sentence for the buyer's mail, e.g. "We confirmed 5 more bunches of Lily Rose." */
  message: string;
  detail?: Record<string, unknown>;
}

/**
 * The frame of every change: lock the order, refuse what its state does not allow (409 with the
 * machine's message), let `apply` write, refresh totals, audit, mail the buyer, answer the new order.
 */
async function change(
  db: DbOrTx,
  config: Config,
  actor: Actor,
  orderNumber: number,
  action: OrderAction,
  apply: (tx: DbOrTx, o: OrderRow, lines: LineRow[]) => Promise<Change>,
  buyer?: BuyerScope,
): Promise<DeskOrder> {
  return db.transaction(async (tx) => {
    // A buyer changes its own orders of the wholesale store here (the mass-market store has none to change).
    const o = await repo.findOrder(tx, orderNumber, buyer ? { ...buyer, store: "wholesale" } : {}, true);
    if (!o) throw notFound(`Order ${orderNumber} was not found.`);
    const lines = await repo.linesOf(tx, o.id);
    const why = refusal(stateOf(o, lines), action);
    if (why) throw conflict(why);
    if (buyer) {
      const closed = await closedDaysOf(tx, "wholesale");
      const reason = closedReason(o.shipDate, closed);
      if (reason) throw conflict(closedDayMessage("ship", o.shipDate, reason));
      if (!isShipDateOpen(o.shipDate, await repo.shipTimesOf(tx, o.customerId), new Date())) throw conflict(CUTOFF_PASSED_MESSAGE);
    }

    const done = await apply(tx, o, lines);
    await repo.refreshTotals(tx, o.id);

    const parties = await repo.orderParties(tx, o);
    await audit(tx, {
      actorUserId: actor.originalUserId ?? actor.userId,
      action: done.action,
      ip: actor.ip,
      detail: { orderNumber, customerId: o.customerId, ...(o.store === "mm" ? { store: "mm" } : {}), ...(actor.originalUserId ? { asUserId: actor.userId } : {}), ...done.detail },
    });
    if (parties.userEmail) {
      await enqueueMail(tx, config, {
        to: parties.userEmail,
        subject: `Your order ${orderNumber} for ${o.shipDate}`,
        text: `${done.message}\n\nOrder ${orderNumber}, ship date ${o.shipDate}. See it at ${config.publicUrl}${o.store === "mm" ? "/MM" : ""}/Orders/${orderNumber}\n\n${config.brandName}`,
        kind: "order-change",
      });
    }
    const fresh = (await repo.findOrder(tx, orderNumber))!;
    return present(tx, fresh);
  });
}

function findLine(lines: LineRow[], lineId: number): LineRow {
  const line = lines.find((l) => l.id === lineId);
  if (!line) throw notFound(`Line ${lineId} is not on this order.`);
  return line;
}

/** Bunches in the wholesale store, bouquets in the mass-market store. */
const unitsOf = (store: OrderRow["store"]) => (n: number) => (store === "mm" ? `${n} bouquet${n === 1 ? "" : "s"}` : `${n} bunch${n === 1 ? "" : "es"}`);
const plural = unitsOf("wholesale");

/** Writes a line's new quantities, re-splitting pails and re-pricing at the line's own unit prices; 0 deletes it. */
async function rewriteLine(tx: DbOrTx, line: LineRow, quantityConfirmed: number, quantityPending: number, store: OrderRow["store"] = "wholesale") {
  const quantity = quantityConfirmed + quantityPending;
  if (quantity === 0) return repo.deleteLine(tx, line.id);
  if (store === "mm") {
    // A mass-market line is priced per unit: quantity x unit price.
    await repo.updateLine(tx, line.id, { quantity, quantityConfirmed, quantityPending, lineTotalCents: quantity * line.bunchPriceCents });
    return;
  }
  const perPail = (await repo.bunchesPerPail(tx, line.productId)) ?? (line.pails > 0 ? (line.quantity - line.looseBunches) / line.pails : quantity + 1);
  const { pails, looseBunches } = splitPails(quantity, perPail);
  await repo.updateLine(tx, line.id, {
    quantity,
    pails,
    looseBunches,
    quantityConfirmed,
    quantityPending,
    lineTotalCents: (quantity - looseBunches) * line.pailPriceCents + looseBunches * line.bunchPriceCents,
  });
}

/**
 * A mass-market order's box and pail lines follow its bouquets (SPEC §4 "Fee rules (MM)") at the
 * prices they were ordered at: recomputed from the lines left, a fee line gone to 0 removed.
 */
async function refreshFeeLines(tx: DbOrTx, o: OrderRow) {
  const lines = await repo.linesOf(tx, o.id);
  const fees = lines.filter(isFeeLine);
  if (!fees.length) return;
  const packages: MmPackage[] = fees.map((f) => ({ type: f.productId, category: f.category, size: "", priceCents: f.bunchPriceCents, description: f.description }));
  const wanted = recomputeFeeLines(
    lines.map((l) => ({ productId: l.productId, description: l.description, category: l.category, quantity: l.quantity, priceCents: l.bunchPriceCents, unitOfMeasure: l.unitOfMeasure, boxType: l.boxType })),
    packages,
    o.boxed,
  ).filter(isFeeLine);
  for (const f of fees) {
    const q = wanted.find((w) => w.productId.toUpperCase() === f.productId.toUpperCase())?.quantity ?? 0;
    if (q === f.quantity) continue;
    if (q === 0) await repo.deleteLine(tx, f.id);
    else await repo.updateLine(tx, f.id, { quantity: q, quantityConfirmed: q, lineTotalCents: q * f.bunchPriceCents });
  }
}

/**
 * A changed order with no line left (fee lines alone do not count) is cancelled: its stock was given
 * back line by line, its blitz voucher goes back to the buyer.
 */
async function cancelIfEmpty(tx: DbOrTx, o: OrderRow): Promise<string | null> {
  const left = await repo.linesOf(tx, o.id);
  if (left.some((l) => !isFeeLine(l))) return null;
  for (const f of left) await repo.deleteLine(tx, f.id);
  await repo.setOrder(tx, o.id, { status: "cancelled", cancelledAt: new Date() });
  return repo.returnVoucher(tx, o.id);
}

/** The sentence a buyer reads when its order went away with its last line, and the voucher came back. */
const voucherBack = (code: string | null) => (code ? ` Your blitz voucher ${code} can be used again.` : "");

/** Confirms `quantity` (default: all) of a line's pending bunches, taking stock under the invariant. */
export function confirmPending(db: DbOrTx, config: Config, actor: Actor, orderNumber: number, lineId: number, quantity?: number) {
  return change(db, config, actor, orderNumber, "confirmPending", async (tx, _o, lines) => {
    const line = findLine(lines, lineId);
    if (line.quantityPending === 0) throw conflict("Nothing is pending on this line.");
    const n = quantity ?? line.quantityPending;
    if (n > line.quantityPending) throw badRequest(`Only ${plural(line.quantityPending)} are pending on this line.`, { quantity: `At most ${line.quantityPending}` });
    if (line.offerLineId === null) throw conflict("This product is no longer offered: decline its pending quantity.");
    const stock = await repo.lockFree(tx, line.offerLineId);
    if (!stock) throw conflict("This product is no longer offered: decline its pending quantity.");
    if (stock.free < n || !(await repo.takeStock(tx, line.offerLineId, n))) {
      throw conflict(`Only ${plural(stock.free)} of ${line.description} are free: confirm fewer or decline the rest.`);
    }
    await rewriteLine(tx, line, line.quantityConfirmed + n, line.quantityPending - n);
    return {
      action: "order.line.confirm",
      message: `We confirmed ${plural(n)} of ${line.description} that you had requested.`,
      detail: { lineId, productId: line.productId, description: line.description, quantity: n },
    };
  });
}

/** Declines `quantity` (default: all) of a line's pending bunches; the line shrinks (and goes at 0). */
export function declinePending(db: DbOrTx, config: Config, actor: Actor, orderNumber: number, lineId: number, quantity?: number) {
  return change(db, config, actor, orderNumber, "declinePending", async (tx, o, lines) => {
    const line = findLine(lines, lineId);
    if (line.quantityPending === 0) throw conflict("Nothing is pending on this line.");
    const n = quantity ?? line.quantityPending;
    if (n > line.quantityPending) throw badRequest(`Only ${plural(line.quantityPending)} are pending on this line.`, { quantity: `At most ${line.quantityPending}` });
    await rewriteLine(tx, line, line.quantityConfirmed, line.quantityPending - n);
    const voucher = await cancelIfEmpty(tx, o);
    return {
      action: "order.line.decline",
      message: `We are sorry: we cannot supply ${plural(n)} of ${line.description} that you had requested.${voucherBack(voucher)}`,
      detail: { lineId, productId: line.productId, description: line.description, quantity: n, ...(voucher ? { voucherReturned: voucher } : {}) },
    };
  });
}

/** A mass-market line: stock is the catalog's the order was placed from; nothing is ever pending. */
async function changeMmLine(tx: DbOrTx, line: LineRow, quantity: number): Promise<number> {
  if (isFeeLine(line)) throw badRequest("Box and pail lines follow the bouquets: change the bouquets instead.", { quantity: "Box and pail lines follow the bouquets." });
  const before = line.quantity;
  if (quantity < before) {
    if (line.offerOrderNumber !== null) await repo.giveBackMmStock(tx, line.offerOrderNumber, line.productId, before - quantity);
  } else {
    const extra = quantity - before;
    const stock = line.offerOrderNumber === null ? null : await repo.lockMmFree(tx, line.offerOrderNumber, line.productId);
    if (!stock) throw conflict(NOT_OFFERED_MESSAGE);
    if (stock.free < extra || !(await repo.takeMmStock(tx, stock.catalogId, line.productId, extra))) {
      throw conflict(`Only ${unitsOf("mm")(stock.free)} more of ${line.description} are free.`);
    }
  }
  await rewriteLine(tx, line, quantity, 0, "mm");
  return 0;
}

/**
 * Sets a line's quantity. Lowering gives stock back (pending first, then confirmed); raising takes what
 * is free as confirmed and requests the rest as pending (a final product cannot go beyond what is free;
 * a mass-market bouquet neither). The line keeps the unit prices it was ordered at; a mass-market
 * order's box and pail lines follow.
 */
export function changeLine(db: DbOrTx, config: Config, actor: Actor, orderNumber: number, lineId: number, quantity: number, buyer?: BuyerScope) {
  return change(
    db,
    config,
    actor,
    orderNumber,
    "changeLine",
    async (tx, o, lines) => {
      const line = findLine(lines, lineId);
      const units = unitsOf(o.store);
      const before = line.quantity;
      if (quantity === before) throw badRequest("The quantity is unchanged.", { quantity: "The quantity is unchanged." });
      let pending = 0;
      if (o.store === "mm") {
        pending = await changeMmLine(tx, line, quantity);
        await refreshFeeLines(tx, o);
      } else {
        let confirmed = line.quantityConfirmed;
        pending = line.quantityPending;
        if (quantity < before) {
          const fewer = before - quantity;
          const fromPending = Math.min(pending, fewer);
          const giveBack = fewer - fromPending;
          pending -= fromPending;
          confirmed -= giveBack;
          if (giveBack > 0 && line.offerLineId !== null) await repo.giveBackStock(tx, line.offerLineId, giveBack);
        } else {
          const extra = quantity - before;
          if (line.offerLineId === null) throw conflict(NOT_OFFERED_MESSAGE);
          const stock = await repo.lockFree(tx, line.offerLineId);
          if (!stock) throw conflict(NOT_OFFERED_MESSAGE);
          const take = Math.min(extra, stock.free);
          if (stock.isFinalProduct && take < extra) throw conflict(QUANTITY_REMAINING_MESSAGE);
          if (take > 0 && !(await repo.takeStock(tx, line.offerLineId, take))) throw conflict("The stock changed meanwhile. Please try again.");
          confirmed += take;
          pending += extra - take;
        }
        await rewriteLine(tx, line, confirmed, pending);
      }
      const voucher = await cancelIfEmpty(tx, o);
      return {
        action: "order.line.change",
        message:
          (quantity === 0
            ? voucher !== null || (await repo.linesOf(tx, o.id)).length === 0
              ? `${line.description} was removed from your order, which is now cancelled.`
              : `${line.description} was removed from your order.`
            : `${line.description} was changed from ${units(before)} to ${units(quantity)}${pending > 0 ? ` (${units(pending)} of them pending our confirmation)` : ""}.`) + voucherBack(voucher),
        detail: { lineId, productId: line.productId, description: line.description, from: before, to: quantity, byBuyer: !!buyer, ...(voucher ? { voucherReturned: voucher } : {}) },
      };
    },
    buyer,
  );
}

export function confirmOrder(db: DbOrTx, config: Config, actor: Actor, orderNumber: number) {
  return change(db, config, actor, orderNumber, "confirm", async (tx, o) => {
    await repo.setOrder(tx, o.id, { status: "confirmed" });
    return { action: "order.confirm", message: "We confirmed your order." };
  });
}

export function packOrder(db: DbOrTx, config: Config, actor: Actor, orderNumber: number) {
  return change(db, config, actor, orderNumber, "pack", async (tx, o) => {
    await repo.setOrder(tx, o.id, { packedAt: new Date() });
    return { action: "order.pack", message: "Your order is packed and waiting for the truck." };
  });
}

export const SHIP_EARLY_REASON_MESSAGE = "Say why this order ships before its ship date.";

/**
 * Ships a packed order and issues its invoice in the same transaction (shipped -> invoiced): the
 * invoice number is taken there, so a failed shipment never uses one up. Before the ship date (New
 * York) a reason is required; it is audited with the shipment.
 */
export function shipOrder(db: DbOrTx, config: Config, actor: Actor, orderNumber: number, reason?: string, now = new Date()) {
  return change(db, config, actor, orderNumber, "ship", async (tx, o, lines) => {
    const today = isoDateAt(now);
    const early = today < o.shipDate;
    if (early && !reason) throw badRequest(`${SHIP_EARLY_REASON_MESSAGE} It ships on ${o.shipDate}; today is ${today}.`, { reason: SHIP_EARLY_REASON_MESSAGE });
    const shippedAt = new Date();
    await repo.setOrder(tx, o.id, { status: "shipped", shippedAt });
    const invoice = await issueInvoice(tx, config, { order: { ...o, status: "shipped", shippedAt }, lines, actorUserId: actor.originalUserId ?? actor.userId });
    await repo.setOrder(tx, o.id, { status: "invoiced" });
    return {
      action: "order.ship",
      message: `Your order has shipped. Invoice ${invoice.invoiceNumber} follows in a separate message.`,
      detail: { invoiceNumber: invoice.invoiceNumber, ...(early ? { early: true, shipDate: o.shipDate, shippedOn: today, reason } : reason ? { reason } : {}) },
    };
  });
}

/** A shipped order without an invoice (shipped before invoices were issued on shipping) gets one now. */
export function invoiceOrder(db: DbOrTx, config: Config, actor: Actor, orderNumber: number) {
  return change(db, config, actor, orderNumber, "invoice", async (tx, o, lines) => {
    const existing = await repo.invoiceNumberOf(tx, o.id);
    if (existing) throw conflict(`This order already has invoice ${existing}.`);
    const invoice = await issueInvoice(tx, config, { order: o, lines, actorUserId: actor.originalUserId ?? actor.userId });
    await repo.setOrder(tx, o.id, { status: "invoiced" });
    return { action: "order.invoice", message: `Invoice ${invoice.invoiceNumber} for your order follows in a separate message.`, detail: { invoiceNumber: invoice.invoiceNumber } };
  });
}

/** Cancels the order, gives every confirmed bunch (or bouquet) back and the blitz voucher it used. */
export function cancelOrder(db: DbOrTx, config: Config, actor: Actor, orderNumber: number, reason: string | undefined, buyer?: BuyerScope) {
  return change(
    db,
    config,
    actor,
    orderNumber,
    "cancel",
    async (tx, o, lines) => {
      if (o.store === "mm") {
        const back = lines.filter((l) => !isFeeLine(l) && l.offerOrderNumber !== null).sort((a, b) => a.productId.localeCompare(b.productId));
        for (const l of back) await repo.giveBackMmStock(tx, l.offerOrderNumber!, l.productId, l.quantityConfirmed);
      } else {
        // Offer lines in id order, as every stock change takes them: two cancellations never deadlock.
        const back = lines.filter((l) => l.offerLineId !== null).sort((a, b) => a.offerLineId! - b.offerLineId!);
        for (const l of back) await repo.giveBackStock(tx, l.offerLineId!, l.quantityConfirmed);
      }
      await repo.setOrder(tx, o.id, { status: "cancelled", cancelledAt: new Date() });
      const voucher = await repo.returnVoucher(tx, o.id);
      return {
        action: "order.cancel",
        message: (buyer ? "Your order was cancelled as you asked." : `We cancelled your order${reason ? `: ${reason}` : "."}`) + voucherBack(voucher),
        detail: { reason: reason ?? null, byBuyer: !!buyer, ...(voucher ? { voucherReturned: voucher } : {}) },
      };
    },
    buyer,
  );
}

/** A refusal inside a bulk change, naming the order it came from. */
function inOrder(orderNumber: number, err: unknown): unknown {
  if (err instanceof HttpError) return new HttpError(err.statusCode, `Order ${orderNumber}: ${err.message}`, err.fields, err.data);
  return err;
}

/**
 * Confirms or declines several orders' (or lines') pending quantities at once, and confirms the
 * orders: one transaction, orders taken in number order; any refusal rolls everything back and
 * answers it with the order's number.
 */
export async function bulkChange(db: Db, config: Config, actor: Actor, body: BulkBody): Promise<BulkResult> {
  const byOrder = new Map<number, Set<number> | "all">();
  for (const n of body.orders) byOrder.set(n, "all");
  for (const l of body.lines) {
    const had = byOrder.get(l.orderNumber);
    if (had === "all") continue;
    byOrder.set(l.orderNumber, (had ?? new Set<number>()).add(l.lineId));
  }
  return db.transaction(async (tx) => {
    const out: DeskOrder[] = [];
    for (const n of [...byOrder.keys()].sort((a, b) => a - b)) {
      const which = byOrder.get(n)!;
      try {
        const o = await repo.findOrder(tx, n);
        if (!o) throw notFound(`Order ${n} was not found.`);
        const lines = await repo.linesOf(tx, o.id);
        const chosen = which === "all" ? lines.filter((l) => l.quantityPending > 0) : [...which].map((id) => findLine(lines, id));
        if (which !== "all" && chosen.some((l) => l.quantityPending === 0)) throw conflict("Nothing is pending on one of the chosen lines.");
        let last: DeskOrder | null = null;
        for (const l of chosen) {
          last = body.action === "confirm" ? await confirmPending(tx, config, actor, n, l.id) : await declinePending(tx, config, actor, n, l.id);
        }
        if (which === "all" && body.action === "confirm" && o.status === "submitted") last = await confirmOrder(tx, config, actor, n);
        if (which === "all" && body.action === "decline" && !chosen.length) throw conflict("Nothing is pending on this order.");
        if (which === "all" && body.action === "confirm" && !chosen.length && o.status !== "submitted") throw conflict(`This order is ${o.status}: nothing to confirm.`);
        out.push(last ?? (await present(tx, o)));
      } catch (err) {
        throw inOrder(n, err);
      }
    }
    return { orders: out };
  });
}
