// The order desk (DOMAIN.md "Orders"; docs/order-desk.md): staff move orders along the status machine
// of domain/order-status.ts, confirm or decline pending quantities, change lines, cancel, pack and ship
// (which issues the invoice); a buyer changes or cancels its own order until the ship date's cut-off.
// Every change is one transaction: the order row is locked first, then any offer line it touches, and
// the change is audited and mailed to the buyer (outbox) in that same transaction.
//
// The service is split by what it changes: view.ts (the list and one order), change.ts (the frame of
// every change), lines.ts (line changes), and here the whole-order steps and bulk changes.
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { BulkBody, BulkResult, DeskOrder } from "../../../contract/order-desk.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { isFeeLine } from "../../../domain/mm-fees.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, HttpError, notFound } from "../../errors.ts";
import { issueInvoice } from "../invoices/index.ts";
import { giveBackMmStock } from "../mm/index.ts";
import { findOrder, orderLinesOf, setOrderState } from "../orders/index.ts";
import { giveBackOfferLineStock } from "../catalog/index.ts";
import { returnVoucher } from "../store/index.ts";
import * as repo from "./repo.ts";
import { change, findLine, voucherBack, type Actor, type BuyerScope } from "./change.ts";
import { confirmPending, declinePending } from "./lines.ts";
import { present } from "./view.ts";

export { CUTOFF_PASSED_MESSAGE, NOT_OFFERED_MESSAGE, type Actor, type BuyerScope } from "./change.ts";
export { changeLine, confirmPending, declinePending } from "./lines.ts";
export { deskOrder, listDeskOrders, nextStep } from "./view.ts";

export function confirmOrder(db: DbOrTx, config: Config, actor: Actor, orderNumber: number) {
  return change(db, config, actor, orderNumber, "confirm", async (tx, o) => {
    await setOrderState(tx, o.id, { status: "confirmed" });
    return { action: "order.confirm", message: "We confirmed your order." };
  });
}

export function packOrder(db: DbOrTx, config: Config, actor: Actor, orderNumber: number) {
  return change(db, config, actor, orderNumber, "pack", async (tx, o) => {
    await setOrderState(tx, o.id, { packedAt: new Date() });
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
    await setOrderState(tx, o.id, { status: "shipped", shippedAt });
    const invoice = await issueInvoice(tx, config, { order: { ...o, status: "shipped", shippedAt }, lines, actorUserId: actor.originalUserId ?? actor.userId });
    await setOrderState(tx, o.id, { status: "invoiced" });
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
    await setOrderState(tx, o.id, { status: "invoiced" });
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
        for (const l of back) await giveBackMmStock(tx, l.offerOrderNumber!, l.productId, l.quantityConfirmed);
      } else {
        // Offer lines in id order, as every stock change takes them: two cancellations never deadlock.
        const back = lines.filter((l) => l.offerLineId !== null).sort((a, b) => a.offerLineId! - b.offerLineId!);
        for (const l of back) await giveBackOfferLineStock(tx, l.offerLineId!, l.quantityConfirmed);
      }
      await setOrderState(tx, o.id, { status: "cancelled", cancelledAt: new Date() });
      const voucher = await returnVoucher(tx, o.id);
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
        const o = await findOrder(tx, n);
        if (!o) throw notFound(`Order ${n} was not found.`);
        const lines = await orderLinesOf(tx, [o.id]);
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
