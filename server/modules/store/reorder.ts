// Reorder (issue 13): a past order's lines into the cart for a chosen date. The lines that date
// offers are added through the ordinary cart save (so today's prices, holds and the never-oversold
// rule apply as to any other change); the rest are answered by name with why.
import type { Db } from "../../../db/client.ts";
import { ECO_FEE_DESCRIPTION, FEE_CATEGORIES } from "../../../domain/constants.ts";
import type { CartSaveBody, ReorderBody, ReorderResponse } from "../../../contract/store.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import type { Buyer } from "../buyers/index.ts";
import { getCart, notOfferedMessage, saveCart, STALE_CART_MESSAGE, type CartOwner } from "./cart.ts";
import { retailerShipDate } from "./dates.ts";
import { reorderLinesOf } from "./repo.ts";
import { catalogsFor, offeredProductIds } from "../catalog/index.ts";

export const NO_LONGER_SOLD = "No longer sold.";
export const cartOnOtherDateMessage = (date: string) =>
  `Your cart has flowers for ${date}. Check them out or change the cart's date before reordering for another date.`;

const isFee = (category: string, description: string) => (FEE_CATEGORIES as readonly string[]).includes(category.toLowerCase()) || description === ECO_FEE_DESCRIPTION;

export async function reorder(db: Db, config: Config, owner: CartOwner, buyer: Buyer, orderNumber: number, body: ReorderBody): Promise<ReorderResponse> {
  // A retailer's account sees only its own shop's orders; the customer's account every order of it.
  const found = await reorderLinesOf(db, { customerId: owner.customerId, retailerId: owner.retailerId !== 0 ? owner.retailerId : undefined }, orderNumber);
  if (!found) throw notFound("Order not found.");

  let shipDate = body.date;
  let receivingDate: string | null = null;
  if (buyer.retailerId !== 0) {
    const mapped = retailerShipDate(buyer, body.date, new Date());
    if (!mapped) throw badRequest(`No ship date serves a pickup on ${body.date}. Please choose another pickup date.`, { date: "Choose another pickup date" });
    shipDate = mapped;
    receivingDate = body.date;
  }

  const cart = await getCart(db, owner, buyer);
  if (body.version !== undefined && body.version !== cart.version) throw conflict(STALE_CART_MESSAGE, cart);
  const current = cart.items.filter((i) => !isFee(i.category ?? "", i.description));
  if (current.length > 0 && cart.shipDate && cart.shipDate !== shipDate) throw conflict(cartOnOtherDateMessage(cart.shipDate), cart);

  const catalogs = await catalogsFor(db, buyer, shipDate);
  const offers = await offeredProductIds(db, catalogs.map((c) => c.id), found.lines.map((l) => l.productId));
  const added: ReorderResponse["added"] = [];
  const skipped: ReorderResponse["skipped"] = [];
  for (const l of found.lines) {
    const line = { productId: l.productId, description: l.description, quantity: l.quantity };
    if (!l.active) skipped.push({ ...line, reason: NO_LONGER_SOLD });
    else if (!offers.has(l.productId)) skipped.push({ ...line, reason: notOfferedMessage(shipDate) });
    else added.push(line);
  }

  const quantities = new Map(current.map((i) => [i.productId, i.quantity]));
  for (const a of added) quantities.set(a.productId, (quantities.get(a.productId) ?? 0) + a.quantity);
  const save: CartSaveBody = {
    shipDate,
    receivingDate,
    items: [...quantities].map(([productId, quantity]) => ({ productId, quantity: Math.min(quantity, 100_000) })),
    version: cart.version,
  };
  if (added.length === 0) return { cart, added, skipped };
  const saved = await saveCart(db, config, owner, buyer, save);
  // A line the save refused (e.g. a limited product sold out) is not in the cart: say so by name.
  const dropped = new Map((saved.messages ?? []).map((m) => [m.productId, m.message]));
  return {
    cart: saved,
    added: added.filter((a) => !dropped.has(a.productId) || saved.items.some((i) => i.productId === a.productId)),
    skipped: [...skipped, ...added.filter((a) => dropped.has(a.productId) && !saved.items.some((i) => i.productId === a.productId)).map((a) => ({ ...a, reason: dropped.get(a.productId)! }))],
  };
}
