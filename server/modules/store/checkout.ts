// PlaceOrder (DOMAIN.md "Orders", docs/domain-store.md "Placing an order").
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "../../../db/client.ts";
import { cartLines, carts, holds, orderLines, orders, products } from "../../../db/schema/index.ts";
import type { PlaceOrderResponse } from "../../../contract/store.ts";
import { splitConfirmedPending } from "../../../domain/cart-flags.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { lineTotal } from "../../../domain/pricing.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { badRequest, conflict } from "../../errors.ts";
import { lockCart, type CartOwner } from "./cart.ts";
import { closedPickupDateMessage, closedShipDateMessage, retailerShipDate } from "./dates.ts";
import { customerPrices, freeQuantity } from "./pricing.ts";
import { heldByOthers, lockOfferLines } from "./repo.ts";
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
}

async function orderByKey(db: DbOrTx, userId: string, key: string): Promise<PlaceOrderResponse | null> {
  const [o] = await db
    .select({
      orderNumber: orders.orderNumber,
      shipDate: orders.shipDate,
      totalCents: orders.totalCents,
      pendingLines: sql<number>`(select count(*)::int from ${orderLines} ol where ol.order_id = "orders"."id" and ol.quantity_pending > 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return o ? { orderNumber: o.orderNumber, shipDate: o.shipDate, total: centsToDollars(o.totalCents), pendingLines: o.pendingLines } : null;
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
      const cart = await lockCart(tx, owner, buyer);
      if (key) {
        const first = await orderByKey(tx, input.userId, key);
        if (first) return first;
      }
      const lines = await tx.select().from(cartLines).where(eq(cartLines.cartId, cart.id)).orderBy(asc(cartLines.position), asc(cartLines.id));
      if (!lines.length) throw badRequest(EMPTY_CART_MESSAGE);
      const now = new Date();
      const shipDate = cart.shipDate;
      if (!shipDate) throw badRequest("Please choose a ship date first.", { shipDate: "This field is required" });
      if (buyer.retailerId > 0) {
        // The pickup date must still be served by the very ship date the cart was priced and held
        // for: not servable any more, or served by another ship date now (a cut-off passed, the
        // ship days changed), and the buyer has to choose again.
        const pickup = cart.receivingDate;
        if (!pickup) throw badRequest("Please choose a pickup date first.", { receivingDate: "This field is required" });
        if (retailerShipDate(buyer, pickup, now) !== shipDate) {
          throw badRequest(closedPickupDateMessage(pickup), { receivingDate: closedPickupDateMessage(pickup) });
        }
      } else if (!isShipDateOpen(shipDate, buyer.shipTimes, now)) {
        throw badRequest(closedShipDateMessage(shipDate), { shipDate: closedShipDateMessage(shipDate) });
      }
      if (lines.some((l) => l.offerLineId === null)) throw badRequest(NOT_OFFERED_MESSAGE);

      const ids = [...new Set(lines.map((l) => l.offerLineId!))];
      const locked = await lockOfferLines(tx, ids);
      const others = await heldByOthers(tx, ids, cart.id);
      const productRows = await tx.select().from(products).where(inArray(products.productId, lines.map((l) => l.productId)));
      const productOf = new Map(productRows.map((p) => [p.productId, p]));

      const built: (typeof orderLines.$inferInsert)[] = [];
      const take = new Map<number, number>();
      let subtotalCents = 0;
      for (const line of lines) {
        const ol = locked.get(line.offerLineId!);
        const p = productOf.get(line.productId);
        if (!ol || !p) throw badRequest(NOT_OFFERED_MESSAGE);
        const free = freeQuantity(ol, (others.get(ol.id) ?? 0) + (take.get(ol.id) ?? 0));
        const split = splitConfirmedPending(line.quantity, free, ol.isFinalProduct);
        const quantity = split.cappedTo ?? line.quantity;
        if (quantity === 0) continue;
        const t = lineTotal(quantity, customerPrices(ol, p.unitOfMeasureQty, buyer.discountPercent));
        subtotalCents += t.totalCents;
        if (split.quantityConfirmed > 0) take.set(ol.id, (take.get(ol.id) ?? 0) + split.quantityConfirmed);
        built.push({
          orderId: 0,
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
      if (take.size) {
        const values = sql.join(
          [...take].map(([id, q]) => sql`(${id}::int, ${q}::int)`),
          sql`, `,
        );
        const updated = rowsOf<{ id: number }>(
          await tx.execute(sql`
            update offer_lines as ol set quantity_ordered = ol.quantity_ordered + v.q
              from (values ${values}) as v(id, q)
             where ol.id = v.id
               and ol.quantity_ordered + v.q + coalesce((select sum(h.quantity) from holds h
                     where h.offer_line_id = ol.id and h.cart_id <> ${cart.id} and h.expires_at > now()), 0) <= ol.original_quantity
            returning ol.id`),
        );
        if (updated.length !== take.size) throw conflict(STOCK_CHANGED_MESSAGE);
      }

      const [order] = await tx
        .insert(orders)
        .values({
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
          // Tax is charged on the invoice (config.taxRateBp); an order's total is its merchandise.
          totalCents: subtotalCents,
          idempotencyKey: key ?? null,
        })
        .returning();
      await tx.insert(orderLines).values(built.map((l) => ({ ...l, orderId: order!.id })));

      await tx.delete(holds).where(eq(holds.cartId, cart.id));
      await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id));
      await tx
        .update(carts)
        .set({ shipDate: null, receivingDate: null, holdExpiresAt: null, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
        .where(eq(carts.id, cart.id));

      return {
        orderNumber: order!.orderNumber,
        shipDate,
        total: centsToDollars(subtotalCents),
        pendingLines: built.filter((l) => (l.quantityPending ?? 0) > 0).length,
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
