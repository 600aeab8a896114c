// PlaceOrder (DOMAIN.md "Orders", docs/domain-store.md "Placing an order").
import type { Db, DbOrTx } from "../../../db/client.ts";
import { askTogether, commitWithNext } from "../../../db/fold.ts";
import type { PlaceOrderResponse } from "../../../contract/store.ts";
import { splitConfirmedPending } from "../../../domain/cart-flags.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { lineTotal } from "../../../domain/pricing.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { closedReason } from "../../../domain/closed-days.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, HttpError } from "../../errors.ts";
import { enqueueMail } from "../mail/index.ts";
import type { CartOwner } from "./cart.ts";
import { refusedDate, retailerShipDate } from "./dates.ts";
import { customerPrices } from "./pricing.ts";
import { freeQuantity } from "../catalog/index.ts";
import { orderConfirmationMail } from "./order-mail.ts";
import { addOrderedQuantities, heldByOthers, lockOfferLinesWithProducts } from "../catalog/index.ts";
import { cartLinesOfOwner, emptyCartSql, lockCartRow, type CartRow } from "../carts/index.ts";
import { insertOrder, orderByIdempotencyKey, type OrderLineInsert } from "../orders/index.ts";
import { placeAlongside, type PlaceAlongside, type PlacedByKey } from "./repo.ts";
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

/** The answer to a copy of a request whose order was placed: the first answer's fields, the voucher's included. */
const answerOf = (o: PlacedByKey): PlaceOrderResponse => ({
  orderNumber: o.orderNumber,
  shipDate: o.shipDate,
  total: centsToDollars(o.totalCents),
  pendingLines: o.pendingLines,
  ...(o.voucherCode ? { subtotal: centsToDollars(o.subtotalCents), discount: centsToDollars(o.discountCents), voucherCode: o.voucherCode } : {}),
});

async function orderByKey(db: DbOrTx, userId: string, key: string): Promise<PlaceOrderResponse | null> {
  const found = await orderByIdempotencyKey(db, userId, key);
  return found ? answerOf({ ...found.o, pendingLines: found.pendingLines }) : null;
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
 * the copies race (the loser waits on the cart lock and finds the cart emptied, or hits the unique
 * index, and reads the winner's order).
 *
 * On PostgreSQL it is four round trips (issue 30 §2): BEGIN, the cart's lock (with the buyer's address
 * and a first order of this key) and the cart's lines; the offers' lock and their other holds; the
 * stock taken and the order written; the confirmation mail and COMMIT (db/fold.ts). A voucher adds its
 * check and its redemption.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResponse> {
  const { owner, buyer, idempotencyKey: key } = input;
  try {
    return await db.transaction(async (tx) => {
      // Read after the lock, in its write: what a save that held the lock wrote is seen.
      const locking = askTogether(
        tx,
        () => lockCartRow(tx, owner, "wholesale", buyer.alwaysBoxed, placeAlongside(input.userId, key ?? null)),
        () => cartLinesOfOwner(tx, owner, "wholesale"),
      );
      const { cart, alongside } = (await locking.first) as { cart: CartRow; alongside: PlaceAlongside };
      if (alongside.order) return answerOf(alongside.order);
      const lines = await locking.second();
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
      // The other carts' holds are read after the offers' locks, by a statement of their own (in the
      // locks' write): it sees the holds of every transaction the locks waited for.
      const offers = askTogether(
        tx,
        () => lockOfferLinesWithProducts(tx, ids),
        () => heldByOthers(tx, ids, cart.id),
      );
      const locked = await offers.first;
      const others = await offers.second();

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
      // The invariant, checked by the database itself: ordered + other carts' active holds never
      // exceed the original quantity. Under our row locks it always passes; if it ever does not,
      // the whole order is rolled back rather than overselling. The order (its lines, the cart
      // emptied: one statement) goes out in the same write, and is rolled back with it then.
      const writing = askTogether(
        tx,
        () => (take.size ? addOrderedQuantities(tx, take, cart.id) : Promise.resolve([])),
        () => insertOrder(tx, values, built, emptyCartSql(cart.id)),
      );
      if ((await writing.first).length !== take.size) throw conflict(STOCK_CHANGED_MESSAGE);
      const order = await writing.second();
      if (voucher) await redeemVoucher(tx, voucher, { id: order.id, customerId: owner.customerId, userId: input.userId, discountCents });
      if (alongside.contact) {
        // The mail is the transaction's last statement: its COMMIT goes out with it.
        commitWithNext(tx);
        await mailConfirmation(tx, input.config, alongside.contact, { ...values, orderNumber: order.orderNumber, lines: built });
      }

      return {
        orderNumber: order.orderNumber,
        shipDate,
        total: centsToDollars(subtotalCents - discountCents),
        pendingLines: built.filter((l) => (l.quantityPending ?? 0) > 0).length,
        ...(voucher ? { subtotal: centsToDollars(subtotalCents), discount: centsToDollars(discountCents), voucherCode: voucher.code } : {}),
      };
    });
  } catch (err) {
    // A copy of this request whose order was placed after the lock's statement looked for it (it
    // queued on the cart's lock behind the first) answers that order, whatever refused it here: the
    // cart emptied by the first, or filled again by a save in between and then its voucher used, its
    // date closed, its stock gone. Two copies that do not share a cart lock (same key from two carts
    // of one user): the loser hits the unique index and answers with the winner's order.
    if (key && (isUniqueViolation(err) || (err instanceof HttpError && (err.statusCode === 400 || err.statusCode === 409)))) {
      const first = await orderByKey(db, input.userId, key);
      if (first) return first;
    }
    throw err;
  }
}

async function mailConfirmation(
  tx: DbOrTx,
  config: Config,
  to: { email: string; firstName: string },
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
