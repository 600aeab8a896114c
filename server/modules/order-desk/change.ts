// The frame every change of an order goes through (lock, refuse what the state does not allow,
// write, refresh totals, audit, mail the buyer, answer the new order) and the line writes the
// changes share.
import type { DbOrTx } from "../../../db/client.ts";
import type { DeskOrder } from "../../../contract/order-desk.ts";
import { isFeeLine, recomputeFeeLines, type MmPackage } from "../../../domain/mm-fees.ts";
import { refusal, type OrderAction } from "../../../domain/order-status.ts";
import { splitPails } from "../../../domain/pricing.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { closedDayMessage, closedReason } from "../../../domain/closed-days.ts";
import { closedDaysOf } from "../calendar/index.ts";
import type { Config } from "../../config.ts";
import { conflict, notFound } from "../../errors.ts";
import { audit } from "../audit/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { returnVoucher } from "../store/index.ts";
import { deleteOrderLine, findOrder, orderLinesOf, refreshOrderTotals, setOrderState, updateOrderLine } from "../orders/index.ts";
import * as repo from "./repo.ts";
import type { LineRow, OrderFilter, OrderRow } from "./repo.ts";
import { present, stateOf } from "./view.ts";

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

export interface Change {
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
export async function change(
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
    const o = await findOrder(tx, orderNumber, buyer ? { ...buyer, store: "wholesale" } : {}, true);
    if (!o) throw notFound(`Order ${orderNumber} was not found.`);
    const lines = await orderLinesOf(tx, [o.id]);
    const why = refusal(stateOf(o, lines), action);
    if (why) throw conflict(why);
    if (buyer) {
      const closed = await closedDaysOf(tx, "wholesale");
      const reason = closedReason(o.shipDate, closed);
      if (reason) throw conflict(closedDayMessage("ship", o.shipDate, reason));
      if (!isShipDateOpen(o.shipDate, await repo.shipTimesOf(tx, o.customerId), new Date())) throw conflict(CUTOFF_PASSED_MESSAGE);
    }

    const done = await apply(tx, o, lines);
    await refreshOrderTotals(tx, o.id);

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
    const fresh = (await findOrder(tx, orderNumber))!;
    return present(tx, fresh);
  });
}

export function findLine(lines: LineRow[], lineId: number): LineRow {
  const line = lines.find((l) => l.id === lineId);
  if (!line) throw notFound(`Line ${lineId} is not on this order.`);
  return line;
}

/** Bunches in the wholesale store, bouquets in the mass-market store. */
export const unitsOf = (store: OrderRow["store"]) => (n: number) => (store === "mm" ? `${n} bouquet${n === 1 ? "" : "s"}` : `${n} bunch${n === 1 ? "" : "es"}`);
export const plural = unitsOf("wholesale");

/** Writes a line's new quantities, re-splitting pails and re-pricing at the line's own unit prices; 0 deletes it. */
export async function rewriteLine(tx: DbOrTx, line: LineRow, quantityConfirmed: number, quantityPending: number, store: OrderRow["store"] = "wholesale") {
  const quantity = quantityConfirmed + quantityPending;
  if (quantity === 0) return deleteOrderLine(tx, line.id);
  if (store === "mm") {
    // A mass-market line is priced per unit: quantity x unit price.
    await updateOrderLine(tx, line.id, { quantity, quantityConfirmed, quantityPending, lineTotalCents: quantity * line.bunchPriceCents });
    return;
  }
  const perPail = (await repo.bunchesPerPail(tx, line.productId)) ?? (line.pails > 0 ? (line.quantity - line.looseBunches) / line.pails : quantity + 1);
  const { pails, looseBunches } = splitPails(quantity, perPail);
  await updateOrderLine(tx, line.id, {
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
export async function refreshFeeLines(tx: DbOrTx, o: OrderRow) {
  const lines = await orderLinesOf(tx, [o.id]);
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
    if (q === 0) await deleteOrderLine(tx, f.id);
    else await updateOrderLine(tx, f.id, { quantity: q, quantityConfirmed: q, lineTotalCents: q * f.bunchPriceCents });
  }
}

/**
 * A changed order with no line left (fee lines alone do not count) is cancelled: its stock was given
 * back line by line, its blitz voucher goes back to the buyer.
 */
export async function cancelIfEmpty(tx: DbOrTx, o: OrderRow): Promise<string | null> {
  const left = await orderLinesOf(tx, [o.id]);
  if (left.some((l) => !isFeeLine(l))) return null;
  for (const f of left) await deleteOrderLine(tx, f.id);
  await setOrderState(tx, o.id, { status: "cancelled", cancelledAt: new Date() });
  return returnVoucher(tx, o.id);
}

/** The sentence a buyer reads when its order went away with its last line, and the voucher came back. */
export const voucherBack = (code: string | null) => (code ? ` Your blitz voucher ${code} can be used again.` : "");
