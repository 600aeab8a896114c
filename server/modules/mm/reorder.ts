// Reorder (issue 13): a past order's bouquets added to the cart, saved as SaveCart saves.
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { MmCart, MmCartSaveBody, MmNotAdded, MmOrder, MmReorderResponse } from "../../../contract/mm.ts";
import { QUANTITY_REMAINING_MESSAGE } from "../../../domain/constants.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { badRequest } from "../../errors.ts";
import type { Buyer } from "../buyers/index.ts";
import { openDates } from "../store/index.ts";
import { orderDetail } from "./checkout.ts";
import { cartLinesOf, ensureCart } from "../carts/index.ts";
import type { MmOwner } from "./repo.ts";
import { firstCatalog, saveCart } from "./service.ts";

export const NO_OPEN_DATE_MESSAGE = "There is no ship date open for ordering. Please try again later.";

/** The bouquets of a past order as cart input: quantities and shelf labels, fee lines left out. */
export function bouquetsOf(order: MmOrder): MmCartSaveBody["items"] {
  return order.lines
    .filter((l) => !l.fee)
    .map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      // The order's label travels with it; a line ordered without one takes the remembered one (undefined).
      ...(l.barcodeNumber || l.barcodeTop || l.barcodeLeft || l.barcodeBottom
        ? { barcodeNumber: l.barcodeNumber, barcodeTop: l.barcodeTop, barcodeLeft: l.barcodeLeft, barcodeBottom: l.barcodeBottom }
        : {}),
    }));
}

/**
 * Adds bouquets (with their labels) to what the cart holds and saves it through saveCart, so today's
 * prices, holds and the never-oversold invariant apply. The cart's ship date is kept; an empty cart
 * without one takes `date`. Returns the saved cart and, per bouquet asked for, what could not be
 * added (not offered, sold out, only part left).
 */
export async function addBouquetsToCart(
  db: Db,
  holdMs: number,
  owner: MmOwner,
  buyer: Buyer,
  bouquets: MmCartSaveBody["items"],
  opts: { date?: string | null; boxed?: boolean; now?: Date; descriptions?: Map<string, string> } = {},
): Promise<{ cart: MmCart; notAdded: MmNotAdded[] }> {
  const now = opts.now ?? new Date();
  const cart = await ensureCart(db, { ...owner, retailerId: 0 }, "mm", buyer.alwaysBoxed);
  const current = await cartLinesOf(db, cart.id);
  // A cart holding bouquets keeps its date; an empty one takes the date asked for, else the one it shows, else the first selling.
  const shown = cart.shipDate && isShipDateOpen(cart.shipDate, buyer.shipTimes, now, buyer.closed) ? cart.shipDate : null;
  const date = current.length ? (shown ?? opts.date ?? null) : (opts.date ?? shown ?? (await firstSellingDate(db, buyer, now)));
  if (!date) throw badRequest(NO_OPEN_DATE_MESSAGE);
  const items = new Map<string, MmCartSaveBody["items"][number]>(
    current.map((l) => [
      l.productId,
      { productId: l.productId, quantity: l.quantity, barcodeNumber: l.barcodeNumber, barcodeTop: l.barcodeTop, barcodeLeft: l.barcodeLeft, barcodeBottom: l.barcodeBottom },
    ]),
  );
  const asked = new Map<string, number>();
  for (const b of bouquets) {
    asked.set(b.productId, (asked.get(b.productId) ?? 0) + b.quantity);
    const had = items.get(b.productId);
    if (!had) items.set(b.productId, { ...b });
    else items.set(b.productId, { ...had, quantity: had.quantity + b.quantity, ...(had.barcodeNumber ? {} : pickLabel(b)) });
  }
  const saved = await saveCart(
    db,
    holdMs,
    owner,
    buyer,
    { shipDate: date, ...(opts.boxed !== undefined && !current.length ? { boxed: opts.boxed } : {}), items: [...items.values()], version: cart.version },
    now,
  );
  const before = new Map(current.map((l) => [l.productId, l.quantity]));
  const notAdded: MmNotAdded[] = [];
  for (const [productId, quantity] of asked) {
    const line = saved.items.find((i) => i.productId === productId && i.id !== 0);
    const added = Math.max(0, (line?.quantity ?? 0) - (before.get(productId) ?? 0));
    if (added >= quantity) continue;
    const removed = saved.messages?.find((m) => m.productId === productId);
    notAdded.push({
      productId,
      description: line?.description ?? opts.descriptions?.get(productId) ?? removed?.description ?? productId,
      asked: quantity,
      added,
      message: removed?.message ?? line?.message ?? QUANTITY_REMAINING_MESSAGE,
    });
  }
  return { cart: saved, notAdded };
}

/** The first open ship date a catalog sells on, or null. */
async function firstSellingDate(db: DbOrTx, buyer: Buyer, now: Date): Promise<string | null> {
  for (const date of openDates(buyer, now, 14)) if (await firstCatalog(db, buyer, date)) return date;
  return null;
}

const pickLabel = (b: MmCartSaveBody["items"][number]) =>
  b.barcodeNumber !== undefined ? { barcodeNumber: b.barcodeNumber, barcodeTop: b.barcodeTop, barcodeLeft: b.barcodeLeft, barcodeBottom: b.barcodeBottom } : {};

/**
 * Reorder: a past order's bouquets, with their shelf labels and its boxed choice (when the cart is
 * empty, since boxed is the whole cart's), added to the cart at today's prices and availability.
 */
export async function reorder(db: Db, holdMs: number, owner: MmOwner, buyer: Buyer, orderNumber: number, now = new Date()): Promise<MmReorderResponse> {
  const order = await orderDetail(db, owner.customerId, orderNumber);
  const bouquets = bouquetsOf(order);
  if (!bouquets.length) throw badRequest(`Order ${orderNumber} has no bouquets to order again.`);
  const { cart, notAdded } = await addBouquetsToCart(db, holdMs, owner, buyer, bouquets, { boxed: order.boxed, now, descriptions: new Map(order.lines.map((l) => [l.productId, l.description])) });
  return { cart, notAdded };
}
