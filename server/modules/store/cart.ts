// The wholesale cart and its holds (DOMAIN.md "Carts and holds", docs/domain-store.md).
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { cartLines, carts, holds, offerLines, products } from "../../../db/schema/index.ts";
import type { Cart, CartItem, CartMessage, CartSaveBody } from "../../../contract/store.ts";
import { isLineFinalProduct, isLinePending, MAX_ORDER_QUANTITY, splitConfirmedPending } from "../../../domain/cart-flags.ts";
import { FEE_CATEGORIES, ECO_FEE_DESCRIPTION, INVALID_QUANTITY_MESSAGE } from "../../../domain/constants.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { lineTotal } from "../../../domain/pricing.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict } from "../../errors.ts";
import { resolveCartDates } from "./dates.ts";
import { customerPrices, freeQuantity } from "./pricing.ts";
import {
  catalogsFor,
  heldByOthers,
  lockOfferLines,
  ownActiveHolds,

  type CartRow,
  type OfferLineRow,
  type ProductRow,
} from "./repo.ts";
import type { Buyer } from "../buyers/index.ts";

export interface CartOwner {
  userId: string;
  customerId: string;
  /** 0 for a buyer without a retailer. */
  retailerId: number;
}

export const STALE_CART_MESSAGE = "Your cart was changed in another window. Please review it and try again.";
export const notOfferedMessage = (date: string) => `This product is not offered for ${date}.`;

const ownerWhere = (o: CartOwner) =>
  and(eq(carts.userId, o.userId), eq(carts.customerId, o.customerId), eq(carts.retailerId, o.retailerId), eq(carts.store, "wholesale"));

async function createIfMissing(db: DbOrTx, owner: CartOwner, buyer: Buyer) {
  await db
    .insert(carts)
    .values({ userId: owner.userId, customerId: owner.customerId, retailerId: owner.retailerId, store: "wholesale", boxed: buyer.alwaysBoxed })
    .onConflictDoNothing();
}

/** The owner's cart, created on first use, locked for the rest of the transaction. */
export async function lockCart(tx: DbOrTx, owner: CartOwner, buyer: Buyer): Promise<CartRow> {
  const [existing] = await tx.select().from(carts).where(ownerWhere(owner)).for("update");
  if (existing) return existing;
  await createIfMissing(tx, owner, buyer);
  const [cart] = await tx.select().from(carts).where(ownerWhere(owner)).for("update");
  return cart!;
}

/** Answer of a save: per-line notes and lines the save removed. */
interface SaveNotes {
  lineMessages?: Map<string, string>;
  removed?: CartMessage[];
}

/**
 * The cart as the client sees it, priced from the database now: the offer's prices at this
 * customer's level (never the client's), tier and pails from domain lineTotal, flags from domain
 * cart-flags with quantityRemaining = what this buyer could still take (its own hold included).
 */
export async function cartView(db: DbOrTx, cart: CartRow, buyer: Buyer, notes: SaveNotes = {}): Promise<Cart> {
  const rows = await db
    .select({ cl: cartLines, ol: offerLines, p: products })
    .from(cartLines)
    .leftJoin(offerLines, eq(offerLines.id, cartLines.offerLineId))
    .leftJoin(products, eq(products.productId, cartLines.productId))
    .where(eq(cartLines.cartId, cart.id))
    .orderBy(asc(cartLines.position), asc(cartLines.id));
  const others = await heldByOthers(db, rows.flatMap((r) => (r.ol ? [r.ol.id] : [])), cart.id);
  let subtotalCents = 0;
  let itemCount = 0;
  const items = rows.map(({ cl, ol, p }): CartItem => {
    const item = priceLine(cl, ol, p, buyer, others.get(cl.offerLineId ?? 0) ?? 0);
    subtotalCents += item.totalCents;
    if (!(FEE_CATEGORIES as readonly string[]).includes(cl.category.toLowerCase()) && cl.description !== ECO_FEE_DESCRIPTION) itemCount += 1;
    return { ...item.view, message: notes.lineMessages?.get(cl.productId) ?? null };
  });
  return {
    customerId: cart.customerId,
    retailerId: cart.retailerId,
    items,
    shipDate: cart.shipDate,
    receivingDate: cart.receivingDate,
    boxed: cart.boxed,
    fresh: cart.fresh,
    holdTime: cart.holdExpiresAt ? cart.holdExpiresAt.toISOString() : null,
    version: cart.version,
    subtotal: centsToDollars(subtotalCents),
    itemCount,
    ...(notes.removed ? { messages: notes.removed } : {}),
  };
}

function priceLine(
  cl: typeof cartLines.$inferSelect,
  ol: OfferLineRow | null,
  p: ProductRow | null,
  buyer: Buyer,
  othersHeld: number,
): { view: Omit<CartItem, "message">; totalCents: number } {
  const q = cl.quantity;
  if (ol && p) {
    const prices = customerPrices(ol, p.unitOfMeasureQty, buyer.discountPercent);
    const t = lineTotal(q, prices);
    const remaining = freeQuantity(ol, othersHeld);
    const pending =
      isLinePending({ quantityRemaining: remaining, priceCents: prices.priceCents, standardPriceCents: prices.standardPriceCents, special: ol.special }) ||
      cl.quantityPending > 0;
    return {
      totalCents: t.totalCents,
      view: {
        id: cl.id,
        productId: cl.productId,
        description: p.description,
        category: p.category,
        colour: p.colour,
        quantity: q,
        price: centsToDollars(Math.round(t.totalCents / q)),
        ysnPending: pending,
        ysnIsFinalProduct: isLineFinalProduct({ isFinalProduct: ol.isFinalProduct, quantity: q, quantityRemaining: remaining, pending }),
        quantityConfirmed: cl.quantityConfirmed,
        quantityPending: cl.quantityPending,
        offerOrderNumber: cl.offerOrderNumber,
        unitOfMeasureQty: p.unitOfMeasureQty,
        pails: t.pails,
        looseBunches: t.looseBunches,
        pailPrice: centsToDollars(t.pailBunchPriceCents),
        bunchPrice: centsToDollars(t.looseBunchPriceCents),
        lineTotal: centsToDollars(t.totalCents),
      },
    };
  }
  // The offer line was withdrawn since the save: show the line at its saved price, as a request.
  const totalCents = cl.priceCents * q;
  return {
    totalCents,
    view: {
      id: cl.id,
      productId: cl.productId,
      description: cl.description,
      category: cl.category,
      colour: p?.colour ?? "",
      quantity: q,
      price: centsToDollars(cl.priceCents),
      ysnPending: true,
      ysnIsFinalProduct: false,
      quantityConfirmed: cl.quantityConfirmed,
      quantityPending: cl.quantityPending,
      offerOrderNumber: cl.offerOrderNumber,
      unitOfMeasureQty: cl.unitOfMeasureQty,
      pails: 0,
      looseBunches: q,
      pailPrice: centsToDollars(cl.priceCents),
      bunchPrice: centsToDollars(cl.priceCents),
      lineTotal: centsToDollars(totalCents),
    },
  };
}

/** GET Cart: the owner's cart, created empty on first use. */
export async function getCart(db: Db, owner: CartOwner, buyer: Buyer, shipDateHint?: string): Promise<Cart> {
  let [cart] = await db.select().from(carts).where(ownerWhere(owner));
  if (!cart) {
    await createIfMissing(db, owner, buyer);
    [cart] = await db.select().from(carts).where(ownerWhere(owner));
  }
  const view = await cartView(db, cart!, buyer);
  // A cart without a date is shown with the date the client has chosen; the next save stores it.
  if (!view.shipDate && shipDateHint && buyer.retailerId === 0) view.shipDate = shipDateHint;
  return view;
}

/** Sums quantities of repeated products (first position wins); the sum obeys the same limit. */
function mergeItems(items: CartSaveBody["items"]): Map<string, { quantity: number; index: number }> {
  const merged = new Map<string, { quantity: number; index: number }>();
  items.forEach((item, index) => {
    const prev = merged.get(item.productId);
    const quantity = (prev?.quantity ?? 0) + item.quantity;
    if (quantity > MAX_ORDER_QUANTITY) throw badRequest(INVALID_QUANTITY_MESSAGE, { [`items.${index}.quantity`]: INVALID_QUANTITY_MESSAGE });
    merged.set(item.productId, { quantity, index: prev?.index ?? index });
  });
  return merged;
}

/** Offer lines that sell these products on `date` to the buyer: the first covering catalog that has it wins. */
export async function offerLinesFor(db: DbOrTx, buyer: Buyer, date: string, productIds: string[]) {
  const found = new Map<string, { ol: OfferLineRow; p: ProductRow; orderId: number }>();
  if (!productIds.length) return found;
  const catalogs = await catalogsFor(db, buyer, date);
  if (!catalogs.length) return found;
  const rank = new Map(catalogs.map((c, i) => [c.id, i]));
  const rows = await db
    .select({ ol: offerLines, p: products })
    .from(offerLines)
    .innerJoin(products, eq(products.productId, offerLines.productId))
    .where(
      and(
        inArray(offerLines.catalogId, catalogs.map((c) => c.id)),
        inArray(offerLines.productId, productIds),
        eq(offerLines.showStore, true),
        eq(products.showStore, true),
        eq(products.active, true),
      ),
    );
  rows.sort((a, b) => rank.get(a.ol.catalogId)! - rank.get(b.ol.catalogId)!);
  for (const r of rows) {
    if (!found.has(r.p.productId)) found.set(r.p.productId, { ...r, orderId: catalogs[rank.get(r.ol.catalogId)!]!.orderId });
  }
  return found;
}

/**
 * POST Cart/Save. Only quantities, dates and boxed are read from the body. In one transaction:
 * lock the cart, check its version, lock the offer lines in id order, hold what is free
 * (original - ordered - other carts' active holds), make the rest pending (final products are
 * capped instead), drop holds of lines that left, and store the lines priced from the database.
 */
export async function saveCart(db: Db, config: Config, owner: CartOwner, buyer: Buyer, body: CartSaveBody): Promise<Cart> {
  const now = new Date();
  const wanted = mergeItems(body.items);
  const productIds = [...wanted.keys()];
  if (productIds.length) {
    const known = await db.select({ id: products.productId }).from(products).where(and(inArray(products.productId, productIds), eq(products.active, true)));
    const knownIds = new Set(known.map((k) => k.id));
    const unknown = productIds.find((id) => !knownIds.has(id));
    if (unknown !== undefined) {
      const at = `items.${wanted.get(unknown)!.index}.productId`;
      throw badRequest(`Unknown product ${unknown}.`, { [at]: "Unknown product" });
    }
  }

  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, owner, buyer);
    if (body.version !== undefined && body.version !== cart.version) {
      throw conflict(STALE_CART_MESSAGE, await cartView(tx, cart, buyer));
    }
    const dates = resolveCartDates(
      buyer,
      {
        shipDate: body.shipDate !== undefined ? body.shipDate : cart.shipDate,
        receivingDate: body.receivingDate !== undefined ? body.receivingDate : cart.receivingDate,
      },
      wanted.size > 0,
      now,
    );
    const boxed = buyer.alwaysBoxed || (body.boxed ?? cart.boxed);

    const offers = dates.shipDate ? await offerLinesFor(tx, buyer, dates.shipDate, productIds) : new Map();
    const removed: CartMessage[] = [];
    const lineMessages = new Map<string, string>();
    const descriptions = new Map<string, string>();
    if (productIds.length) {
      const rows = await tx.select({ id: products.productId, d: products.description }).from(products).where(inArray(products.productId, productIds));
      for (const r of rows) descriptions.set(r.id, r.d);
    }
    for (const id of productIds) {
      if (!offers.has(id)) removed.push({ productId: id, description: descriptions.get(id) ?? id, message: notOfferedMessage(dates.shipDate!) });
    }

    const lineIds = [...offers.values()].map((o) => o.ol.id);
    const locked = await lockOfferLines(tx, lineIds);
    const others = await heldByOthers(tx, lineIds, cart.id);
    const own = await ownActiveHolds(tx, cart.id);

    interface Planned {
      productId: string;
      position: number;
      offer: { ol: OfferLineRow; p: ProductRow; orderId: number };
      quantity: number;
      held: number;
      pending: number;
    }
    const planned: Planned[] = [];
    let acquired = false;
    for (const [productId, { quantity: requested, index }] of wanted) {
      const offer = offers.get(productId);
      if (!offer) continue;
      const ol = locked.get(offer.ol.id)!;
      const free = freeQuantity(ol, others.get(ol.id) ?? 0);
      const split = splitConfirmedPending(requested, free, ol.isFinalProduct);
      const quantity = split.cappedTo ?? requested;
      if (split.error) {
        if (quantity === 0) {
          removed.push({ productId, description: offer.p.description, message: split.error });
          continue;
        }
        lineMessages.set(productId, split.error);
      }
      if (split.quantityConfirmed > (own.get(ol.id) ?? 0)) acquired = true;
      planned.push({ productId, position: index, offer: { ...offer, ol }, quantity, held: split.quantityConfirmed, pending: split.quantityPending });
    }
    const anyHeld = planned.some((l) => l.held > 0);
    // A new expiry when this save took stock; otherwise the running one (any hold still counted is active).
    const extend = acquired || (anyHeld && !cart.holdExpiresAt);
    const [saved] = await tx
      .update(carts)
      .set({
        shipDate: dates.shipDate,
        receivingDate: dates.receivingDate,
        boxed,
        version: sql`${carts.version} + 1`,
        updatedAt: sql`now()`,
        holdExpiresAt: extend ? sql`now() + ${config.holdMs} * interval '1 millisecond'` : anyHeld ? cart.holdExpiresAt : null,
      })
      .where(eq(carts.id, cart.id))
      .returning();

    const heldLines = planned.filter((l) => l.held > 0);
    await tx
      .delete(holds)
      .where(heldLines.length ? and(eq(holds.cartId, cart.id), notInArray(holds.offerLineId, heldLines.map((l) => l.offer.ol.id))) : eq(holds.cartId, cart.id));
    if (heldLines.length) {
      await tx
        .insert(holds)
        .values(heldLines.map((l) => ({ cartId: cart.id, offerLineId: l.offer.ol.id, quantity: l.held, expiresAt: saved!.holdExpiresAt! })))
        .onConflictDoUpdate({
          target: [holds.cartId, holds.offerLineId],
          set: { quantity: sql`excluded.quantity`, expiresAt: sql`excluded.expires_at` },
        });
    }

    await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id));
    if (planned.length) {
      planned.sort((a, b) => a.position - b.position);
      await tx.insert(cartLines).values(
        planned.map((l, position) => {
          const prices = customerPrices(l.offer.ol, l.offer.p.unitOfMeasureQty, buyer.discountPercent);
          const total = lineTotal(l.quantity, prices).totalCents;
          const remaining = freeQuantity(l.offer.ol, others.get(l.offer.ol.id) ?? 0);
          const pending =
            isLinePending({ quantityRemaining: remaining, priceCents: prices.priceCents, standardPriceCents: prices.standardPriceCents, special: l.offer.ol.special }) ||
            l.pending > 0;
          return {
            cartId: cart.id,
            position,
            productId: l.productId,
            offerLineId: l.offer.ol.id,
            offerOrderNumber: l.offer.orderId,
            description: l.offer.p.description,
            category: l.offer.p.category,
            quantity: l.quantity,
            priceCents: Math.round(total / l.quantity),
            quantityConfirmed: l.held,
            quantityPending: l.pending,
            isPending: pending,
            isFinalProduct: isLineFinalProduct({ isFinalProduct: l.offer.ol.isFinalProduct, quantity: l.quantity, quantityRemaining: remaining, pending }),
            unitOfMeasure: l.offer.p.unitOfMeasure,
            unitOfMeasureQty: l.offer.p.unitOfMeasureQty,
            boxed,
          };
        }),
      );
    }
    return cartView(tx, saved!, buyer, { lineMessages, removed });
  });
}

/** PUT Cart/RemoveHold: gives every held bunch back now; the lines stay, as pending requests. */
export async function removeHold(db: Db, owner: CartOwner, buyer: Buyer): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, owner, buyer);
    await tx.delete(holds).where(eq(holds.cartId, cart.id));
    await tx
      .update(cartLines)
      .set({ quantityConfirmed: 0, quantityPending: sql`${cartLines.quantity}`, isPending: true, isFinalProduct: false })
      .where(eq(cartLines.cartId, cart.id));
    const [saved] = await tx
      .update(carts)
      .set({ holdExpiresAt: null, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id))
      .returning();
    return cartView(tx, saved!, buyer);
  });
}
