// Changes to an order's lines: confirming or declining pending quantities, and setting a line's
// quantity (stock given back or taken, the rest requested as pending; mass-market fee lines follow).
import type { DbOrTx } from "../../../db/client.ts";
import { QUANTITY_REMAINING_MESSAGE } from "../../../domain/constants.ts";
import { isFeeLine } from "../../../domain/mm-fees.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict } from "../../errors.ts";
import { giveBackMmStock, lockMmFree, takeMmStock } from "../mm/index.ts";
import { orderLinesOf } from "../orders/index.ts";
import { giveBackOfferLineStock, takeOfferLineStock } from "../catalog/index.ts";
import * as repo from "./repo.ts";
import type { LineRow } from "./repo.ts";
import { cancelIfEmpty, change, findLine, NOT_OFFERED_MESSAGE, plural, refreshFeeLines, rewriteLine, unitsOf, voucherBack, type Actor, type BuyerScope } from "./change.ts";

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
    if (stock.free < n || !(await takeOfferLineStock(tx, line.offerLineId, n))) {
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
    if (line.offerOrderNumber !== null) await giveBackMmStock(tx, line.offerOrderNumber, line.productId, before - quantity);
  } else {
    const extra = quantity - before;
    const stock = line.offerOrderNumber === null ? null : await lockMmFree(tx, line.offerOrderNumber, line.productId);
    if (!stock) throw conflict(NOT_OFFERED_MESSAGE);
    if (stock.free < extra || !(await takeMmStock(tx, stock.catalogId, line.productId, extra))) {
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
          if (giveBack > 0 && line.offerLineId !== null) await giveBackOfferLineStock(tx, line.offerLineId, giveBack);
        } else {
          const extra = quantity - before;
          if (line.offerLineId === null) throw conflict(NOT_OFFERED_MESSAGE);
          const stock = await repo.lockFree(tx, line.offerLineId);
          if (!stock) throw conflict(NOT_OFFERED_MESSAGE);
          const take = Math.min(extra, stock.free);
          if (stock.isFinalProduct && take < extra) throw conflict(QUANTITY_REMAINING_MESSAGE);
          if (take > 0 && !(await takeOfferLineStock(tx, line.offerLineId, take))) throw conflict("The stock changed meanwhile. Please try again.");
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
            ? voucher !== null || (await orderLinesOf(tx, [o.id])).length === 0
              ? `${line.description} was removed from your order, which is now cancelled.`
              : `${line.description} was removed from your order.`
            : `${line.description} was changed from ${units(before)} to ${units(quantity)}${pending > 0 ? ` (${units(pending)} of them pending our confirmation)` : ""}.`) + voucherBack(voucher),
        detail: { lineId, productId: line.productId, description: line.description, from: before, to: quantity, byBuyer: !!buyer, ...(voucher ? { voucherReturned: voucher } : {}) },
      };
    },
    buyer,
  );
}
