// PlaceOrder (DOMAIN.md "Orders", docs/domain-store.md "Placing an order").
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { PlaceOrderResponse } from "../../../contract/store.ts";
import { splitConfirmedPending } from "../../../domain/cart-flags.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { lineTotal } from "../../../domain/pricing.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { closedReason } from "../../../domain/closed-days.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict } from "../../errors.ts";
import { enqueueMail } from "../mail/index.ts";
import { lockCart, type CartOwner } from "./cart.ts";
import { refusedDate, retailerShipDate } from "./dates.ts";
import { customerPrices } from "./pricing.ts";
import { freeQuantity } from "../catalog/index.ts";
import { orderConfirmationMail } from "./order-mail.ts";
import { userContact } from "./repo.ts";
import { addOrderedQuantities, heldByOthers, lockOfferLinesWithProducts } from "../catalog/index.ts";
import { cartLinesOf, emptyCartSql } from "../carts/index.ts";
import { insertOrder, orderByIdempotencyKey, type OrderLineInsert } from "../orders/index.ts";
import { checkVoucher, discountOf, redeemVoucher } from "./voucher.ts";
import type { Buyer } from "../buyers/index.ts";

export const EMPTY_CART_MESSAGE = "Your cart is empty.";
export const NOT_OFFERED_MESSAGE = "Some items in your cart are no longer offered for this date. Please review your cart.";
export const SOLD_OUT_MESSAGE = "Nothing in your cart can be ordered any more: it has sold out. Please review your cart.";
export const STOCK_CHANGED_MESSAGE = "The stock changed while your order was being placed. Please try again.";

export interface PlaceOrderInput {
  owner: CartOwner;
  buyer: Buyer;
  /** The signed-in user (the impersonated one during impersonation). */
  userId: string;
  /** The staff member behind an impersonation: the only source of salesUserId. */
  salesUserId: string | null;
  idempotencyKey?: string;
  /** A blitz voucher code typed at checkout (docs/domain-orders.md "Vouchers"). */
  voucherCode?: string;
  /** The buyer's purchase order number and delivery notes (optional; blank is none). */
  poNumber?: string | null;
  deliveryNotes?: string | null;
  /** For the confirmation mail. */
  config: Config;
}

async function orderByKey(db: DbOrTx, userId: string, key: string): Promise<PlaceOrderResponse | null> {
  const found = await orderByIdempotencyKey(db, userId, key);
  return found ? { orderNumber: found.o.orderNumber, shipDate: found.o.shipDate, total: centsToDollars(found.o.totalCents), pendingLines: found.pendingLines } : null;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * One transaction: lock the cart (this also serialises two copies of the same request), re-check
 * the ship date (for a retailer: that its pickup date still maps to the cart's ship date), lock the
 * offer lines in id order, turn what the buyer may take into ordered quantity (its active holds, and
 * lapsed lines re-held when stock allows; the rest pending, final products capped), create the order
 * and empty the cart. A repeated Idempotency-Key of the same user answers the first order, also when
 * the copies race (the loser waits on the cart lock, or hits the unique index and reads the winner's
 * order).
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResponse> {
  const { owner, buyer, idempotencyKey: key } = input;
  if (key) {
    const first = await orderByKey(db, input.userId, key);
    if (first) return first;
  }
  try {
    return await db.transaction(async (tx) => {
      const { cart } = await lockCart(tx, owner, buyer);
      if (key) {
        const first = await orderByKey(tx, input.userId, key);
        if (first) return first;
      }
      // Read after the lock: what a save that held it wrote is seen.
      const lines = await cartLinesOf(tx, cart.id);
      if (!lines.length) throw badRequest(EMPTY_CART_MESSAGE);
      const now = new Date();
      const voucher = input.voucherCode?.trim() ? await checkVoucher(tx, { code: input.voucherCode, userId: input.userId, customerId: owner.customerId, now }) : null;
      const shipDate = cart.shipDate;
      if (!shipDate) throw badRequest("Please choose a ship date first.", { shipDate: "This field is required" });
      if (buyer.retailerId > 0) {
        // The pickup date must still be served by the very ship date the cart was priced and held
        // for: not servable any more, or served by another ship date now (a cut-off passed, the
        // ship days changed), and the buyer has to choose again.
        const pickup = cart.receivingDate;
        if (!pickup) throw badRequest("Please choose a pickup date first.", { receivingDate: "This field is required" });
        if (retailerShipDate(buyer, pickup, now) !== shipDate) {
          // A closed ship date behind an open pickup date is named as such.
          throw closedReason(pickup, buyer.closed) || !closedReason(shipDate, buyer.closed)
            ? refusedDate(buyer, "pickup", pickup, "receivingDate")
            : refusedDate(buyer, "ship", shipDate, "receivingDate");
        }
      } else if (!isShipDateOpen(shipDate, buyer.shipTimes, now, buyer.closed)) {
        throw refusedDate(buyer, "ship", shipDate, "shipDate");
      }
      if (lines.some((l) => l.offerLineId === null)) throw badRequest(NOT_OFFERED_MESSAGE);

      const ids = [...new Set(lines.map((l) => l.offerLineId!))];
      const locked = await lockOfferLinesWithProducts(tx, ids);
      const others = await heldByOthers(tx, ids, cart.id);

      const built: Omit<OrderLineInsert, "orderId">[] = [];
      const take = new Map<number, number>();
      let subtotalCents = 0;
      for (const line of lines) {
        const { ol, p } = locked.get(line.offerLineId!) ?? {};
        if (!ol || !p) throw badRequest(NOT_OFFERED_MESSAGE);
        const free = freeQuantity(ol, (others.get(ol.id) ?? 0) + (take.get(ol.id) ?? 0));
        const split = splitConfirmedPending(line.quantity, free, ol.isFinalProduct);
        const quantity = split.cappedTo ?? line.quantity;
        if (quantity === 0) continue;
        const t = lineTotal(quantity, customerPrices(ol, p.unitOfMeasureQty, buyer.discountPercent));
        subtotalCents += t.totalCents;
        if (split.quantityConfirmed > 0) take.set(ol.id, (take.get(ol.id) ?? 0) + split.quantityConfirmed);
        built.push({
          position: built.length,
          productId: line.productId,
          offerLineId: ol.id,
          offerOrderNumber: line.offerOrderNumber,
          description: p.description,
          category: p.category,
          quantity,
          pails: t.pails,
          looseBunches: t.looseBunches,
          pailPriceCents: t.pailBunchPriceCents,
          bunchPriceCents: t.looseBunchPriceCents,
          quantityConfirmed: split.quantityConfirmed,
          quantityPending: split.quantityPending,
          lineTotalCents: t.totalCents,
          unitOfMeasure: p.unitOfMeasure,
        });
      }
      if (!built.length) throw badRequest(SOLD_OUT_MESSAGE);

      // The invariant, checked by the database itself: ordered + other carts' active holds never
      // exceed the original quantity. Under our row locks it always passes; if it ever does not,
      // the whole order is rolled back rather than overselling.
      if (take.size && (await addOrderedQuantities(tx, take, cart.id)).length !== take.size) throw conflict(STOCK_CHANGED_MESSAGE);

      const discountCents = discountOf(voucher, subtotalCents);
      const values = {
          store: "wholesale",
          customerId: owner.customerId,
          userId: input.userId,
          retailerId: owner.retailerId,
          salesUserId: input.salesUserId,
          shipDate,
          receivingDate: buyer.retailerId > 0 ? cart.receivingDate : null,
          boxed: buyer.alwaysBoxed || cart.boxed,
          status: "submitted",
          subtotalCents,
          // Tax is charged on the invoice (config.taxRateBp); an order's total is its merchandise
          // less the voucher's saving.
          totalCents: subtotalCents - discountCents,
          voucherCode: voucher?.code ?? null,
          discountCents,
          idempotencyKey: key ?? null,
          poNumber: input.poNumber?.trim() || null,
          deliveryNotes: input.deliveryNotes?.trim() || null,
      } as const;
      // The order, its lines and the cart emptied, in one statement.
      const order = await insertOrder(tx, values, built, emptyCartSql(cart.id));
      if (voucher) await redeemVoucher(tx, voucher, { id: order.id, customerId: owner.customerId, userId: input.userId, discountCents });
      await mailConfirmation(tx, input.config, input.userId, { ...values, orderNumber: order.orderNumber, lines: built });

      return {
        orderNumber: order.orderNumber,
        shipDate,
        total: centsToDollars(subtotalCents - discountCents),
        pendingLines: built.filter((l) => (l.quantityPending ?? 0) > 0).length,
        ...(voucher ? { subtotal: centsToDollars(subtotalCents), discount: centsToDollars(discountCents), voucherCode: voucher.code } : {}),
      };
    });
  } catch (err) {
    // Two copies that do not share a cart lock (same key from two carts of one user): the loser
    // hits the unique index and answers with the winner's order.
    if (key && isUniqueViolation(err)) {
      const first = await orderByKey(db, input.userId, key);
      if (first) return first;
    }
    throw err;
  }
}

async function mailConfirmation(
  tx: DbOrTx,
  config: Config,
  userId: string,
  order: {
    orderNumber: number;
    shipDate: string;
    receivingDate: string | null;
    subtotalCents: number;
    discountCents: number;
    voucherCode: string | null;
    totalCents: number;
    lines: Omit<OrderLineInsert, "orderId">[];
  },
) {
  const to = await userContact(tx, userId);
  if (!to) return;
  const mail = orderConfirmationMail({
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    firstName: to.firstName,
    orderNumber: order.orderNumber,
    shipDate: order.shipDate,
    receivingDate: order.receivingDate,
    lines: order.lines.map((l) => ({ description: l.description, quantity: l.quantity, quantityPending: l.quantityPending ?? 0, lineTotalCents: l.lineTotalCents })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    voucherCode: order.voucherCode,
    totalCents: order.totalCents,
  });
  await enqueueMail(tx, config, { to: to.email, kind: "order-confirmation", ...mail });
}
