// The order desk (DOMAIN.md "Orders"; docs/order-desk.md): staff move orders along the status machine
// of domain/order-status.ts, confirm or decline pending quantities, change lines, cancel, pack and ship
// (which issues the invoice); a buyer changes or cancels its own order until the ship date's cut-off.
// Every change is one transaction: the order row is locked first, then any offer line it touches, and
// the change is audited and mailed to the buyer (outbox) in that same transaction.
import { orderLineView } from "../orders/index.ts";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { DayTotal, DeskOrder, DeskOrderList, DeskOrderQuery, DeskOrderSummary } from "../../../contract/order-desk.ts";
import { QUANTITY_REMAINING_MESSAGE } from "../../../domain/constants.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { allowedActions, refusal, type OrderAction, type OrderState } from "../../../domain/order-status.ts";
import { splitPails } from "../../../domain/pricing.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { audit } from "../audit/index.ts";
import { issueInvoice } from "../invoices/index.ts";
import { enqueueMail } from "../mail/index.ts";
import * as repo from "./repo.ts";
import type { LineRow, OrderFilter, OrderRow } from "./repo.ts";

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

const toLine = orderLineView;

function toSummary(o: OrderRow, companyName: string, lineCount: number, pendingQuantity: number): DeskOrderSummary {
  return {
    orderNumber: o.orderNumber,
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
  };
}

export async function listDeskOrders(db: Db, q: DeskOrderQuery): Promise<DeskOrderList> {
  const rows = await repo.listOrders(db, q, repo.DESK_LIST_LIMIT + 1);
  const totals: DayTotal[] = q.shipDate ? await repo.dayTotals(db, q) : [];
  return {
    orders: rows.slice(0, repo.DESK_LIST_LIMIT).map((r) => toSummary(r.o, r.companyName, r.lineCount, r.pendingQuantity)),
    dayTotals: totals,
    truncated: rows.length > repo.DESK_LIST_LIMIT,
  };
}

async function present(db: DbOrTx, o: OrderRow, lines?: LineRow[]): Promise<DeskOrder> {
  const ls = lines ?? (await repo.linesOf(db, o.id));
  const parties = await repo.orderParties(db, o);
  const state = stateOf(o, ls);
  return {
    ...toSummary(o, parties.companyName, ls.length, state.pendingQuantity),
    userEmail: parties.userEmail,
    receivingDate: o.receivingDate,
    boxed: o.boxed,
    lines: ls.map(toLine),
    subtotal: centsToDollars(o.subtotalCents),
    actions: allowedActions(state),
    invoiceNumber: await repo.invoiceNumberOf(db, o.id),
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
  db: Db,
  config: Config,
  actor: Actor,
  orderNumber: number,
  action: OrderAction,
  apply: (tx: DbOrTx, o: OrderRow, lines: LineRow[]) => Promise<Change>,
  buyer?: BuyerScope,
): Promise<DeskOrder> {
  return db.transaction(async (tx) => {
    const o = await repo.findOrder(tx, orderNumber, buyer ?? {}, true);
    if (!o) throw notFound(`Order ${orderNumber} was not found.`);
    const lines = await repo.linesOf(tx, o.id);
    const why = refusal(stateOf(o, lines), action);
    if (why) throw conflict(why);
    if (buyer && !isShipDateOpen(o.shipDate, await repo.shipTimesOf(tx, o.customerId), new Date())) throw conflict(CUTOFF_PASSED_MESSAGE);

    const done = await apply(tx, o, lines);
    await repo.refreshTotals(tx, o.id);

    const parties = await repo.orderParties(tx, o);
    await audit(tx, {
      actorUserId: actor.originalUserId ?? actor.userId,
      action: done.action,
      ip: actor.ip,
      detail: { orderNumber, customerId: o.customerId, ...(actor.originalUserId ? { asUserId: actor.userId } : {}), ...done.detail },
    });
    if (parties.userEmail) {
      await enqueueMail(tx, config, {
        to: parties.userEmail,
        subject: `Your order ${orderNumber} for ${o.shipDate}`,
        text: `${done.message}\n\nOrder ${orderNumber}, ship date ${o.shipDate}. See it at ${config.publicUrl}/Orders/${orderNumber}\n\n${config.brandName}`,
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

const plural = (n: number) => `${n} bunch${n === 1 ? "" : "es"}`;

/** Writes a line's new quantities, re-splitting pails and re-pricing at the line's own unit prices; 0 deletes it. */
async function rewriteLine(tx: DbOrTx, line: LineRow, quantityConfirmed: number, quantityPending: number) {
  const quantity = quantityConfirmed + quantityPending;
  if (quantity === 0) return repo.deleteLine(tx, line.id);
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

/** A changed order with no line left is cancelled (its stock was given back line by line). */
async function cancelIfEmpty(tx: DbOrTx, o: OrderRow) {
  if ((await repo.linesOf(tx, o.id)).length === 0) await repo.setOrder(tx, o.id, { status: "cancelled", cancelledAt: new Date() });
}

/** Confirms `quantity` (default: all) of a line's pending bunches, taking stock under the invariant. */
export function confirmPending(db: Db, config: Config, actor: Actor, orderNumber: number, lineId: number, quantity?: number) {
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
      detail: { lineId, productId: line.productId, quantity: n },
    };
  });
}

/** Declines `quantity` (default: all) of a line's pending bunches; the line shrinks (and goes at 0). */
export function declinePending(db: Db, config: Config, actor: Actor, orderNumber: number, lineId: number, quantity?: number) {
  return change(db, config, actor, orderNumber, "declinePending", async (tx, o, lines) => {
    const line = findLine(lines, lineId);
    if (line.quantityPending === 0) throw conflict("Nothing is pending on this line.");
    const n = quantity ?? line.quantityPending;
    if (n > line.quantityPending) throw badRequest(`Only ${plural(line.quantityPending)} are pending on this line.`, { quantity: `At most ${line.quantityPending}` });
    await rewriteLine(tx, line, line.quantityConfirmed, line.quantityPending - n);
    await cancelIfEmpty(tx, o);
    return {
      action: "order.line.decline",
      message: `We are sorry: we cannot supply ${plural(n)} of ${line.description} that you had requested.`,
      detail: { lineId, productId: line.productId, quantity: n },
    };
  });
}

/**
 * Sets a line's quantity. Lowering gives stock back (pending first, then confirmed); raising takes what
 * is free as confirmed and requests the rest as pending (a final product cannot go beyond what is free).
 * The line keeps the unit prices it was ordered at.
 */
export function changeLine(db: Db, config: Config, actor: Actor, orderNumber: number, lineId: number, quantity: number, buyer?: BuyerScope) {
  return change(
    db,
    config,
    actor,
    orderNumber,
    "changeLine",
    async (tx, o, lines) => {
      const line = findLine(lines, lineId);
      const before = line.quantity;
      if (quantity === before) throw badRequest("The quantity is unchanged.", { quantity: "The quantity is unchanged." });
      let confirmed = line.quantityConfirmed;
      let pending = line.quantityPending;
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
      await cancelIfEmpty(tx, o);
      return {
        action: "order.line.change",
        message:
          quantity === 0
            ? `${line.description} was removed from your order.`
            : `${line.description} was changed from ${plural(before)} to ${plural(quantity)}${pending > 0 ? ` (${plural(pending)} of them pending our confirmation)` : ""}.`,
        detail: { lineId, productId: line.productId, from: before, to: quantity, byBuyer: !!buyer },
      };
    },
    buyer,
  );
}

export function confirmOrder(db: Db, config: Config, actor: Actor, orderNumber: number) {
  return change(db, config, actor, orderNumber, "confirm", async (tx, o) => {
    await repo.setOrder(tx, o.id, { status: "confirmed" });
    return { action: "order.confirm", message: "We confirmed your order." };
  });
}

export function packOrder(db: Db, config: Config, actor: Actor, orderNumber: number) {
  return change(db, config, actor, orderNumber, "pack", async (tx, o) => {
    await repo.setOrder(tx, o.id, { packedAt: new Date() });
    return { action: "order.pack", message: "Your order is packed and waiting for the truck." };
  });
}

/**
 * Ships a packed order and issues its invoice in the same transaction (shipped -> invoiced): the
 * invoice number is taken there, so a failed shipment never uses one up.
 */
export function shipOrder(db: Db, config: Config, actor: Actor, orderNumber: number) {
  return change(db, config, actor, orderNumber, "ship", async (tx, o, lines) => {
    const shippedAt = new Date();
    await repo.setOrder(tx, o.id, { status: "shipped", shippedAt });
    const invoice = await issueInvoice(tx, config, { order: { ...o, status: "shipped", shippedAt }, lines, actorUserId: actor.originalUserId ?? actor.userId });
    await repo.setOrder(tx, o.id, { status: "invoiced" });
    return {
      action: "order.ship",
      message: `Your order has shipped. Invoice ${invoice.invoiceNumber} follows in a separate message.`,
      detail: { invoiceNumber: invoice.invoiceNumber },
    };
  });
}

/** Cancels the order and gives every confirmed bunch back. */
export function cancelOrder(db: Db, config: Config, actor: Actor, orderNumber: number, reason: string | undefined, buyer?: BuyerScope) {
  return change(
    db,
    config,
    actor,
    orderNumber,
    "cancel",
    async (tx, o, lines) => {
      // Offer lines in id order, as every stock change takes them: two cancellations never deadlock.
      const back = lines.filter((l) => l.offerLineId !== null).sort((a, b) => a.offerLineId! - b.offerLineId!);
      for (const l of back) await repo.giveBackStock(tx, l.offerLineId!, l.quantityConfirmed);
      await repo.setOrder(tx, o.id, { status: "cancelled", cancelledAt: new Date() });
      return {
        action: "order.cancel",
        message: buyer ? "Your order was cancelled as you asked." : `We cancelled your order${reason ? `: ${reason}` : "."}`,
        detail: { reason: reason ?? null, byBuyer: !!buyer },
      };
    },
    buyer,
  );
}
