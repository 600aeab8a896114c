// The wholesale cart and its holds (DOMAIN.md "Carts and holds", docs/domain-store.md).
import { CALENDAR_TOPIC } from "../calendar/index.ts";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { Cart, CartItem, CartMessage, CartSaveBody } from "../../../contract/store.ts";
import { isLineFinalProduct, isLinePending, MAX_ORDER_QUANTITY, splitConfirmedPending } from "../../../domain/cart-flags.ts";
import { FEE_CATEGORIES, ECO_FEE_DESCRIPTION, INVALID_QUANTITY_MESSAGE } from "../../../domain/constants.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { lineTotal } from "../../../domain/pricing.ts";
import type { Config } from "../../config.ts";
import { badRequest } from "../../errors.ts";
import { resolveCartDates } from "./dates.ts";
import { holdReminderInsert } from "./reminders.ts";
import { customerPrices } from "./pricing.ts";
import { freeQuantity } from "../catalog/index.ts";
import { heldByOthers, lockChosenOfferLines, offersOfLines, productFactsSql, type ChosenOffer, type OfferLineRow, type ProductFacts, type ProductRow } from "../catalog/index.ts";
import type { Buyer } from "../buyers/index.ts";
import {
  cartLinesOf,
  ensureCart,
  lockCartRow,
  nextHoldExpiry,
  releaseCartHolds,
  saveCartWith,
  STALE_CART_MESSAGE,
  type CartLineRow,
  type CartPolicy,
  type CartRow,
  type HoldSums,
  type SavedLine,
} from "../carts/index.ts";
import { cartOwnerTopic } from "../../../db/change-feed.ts";
import type { FeedCache } from "../../hot/index.ts";

export { STALE_CART_MESSAGE };

export interface CartOwner {
  userId: string;
  customerId: string;
  /** 0 for a buyer without a retailer. */
  retailerId: number;
}

export const notOfferedMessage = (date: string) => `This product is not offered for ${date}.`;

/** The owner's wholesale cart with its lines, created on first use, locked for the rest of the transaction (one statement). */
export async function lockCart(tx: DbOrTx, owner: CartOwner, buyer: Buyer): Promise<{ cart: CartRow; lines: CartLineRow[] }> {
  return lockCartRow(tx, owner, "wholesale", buyer.alwaysBoxed);
}

/** A cart's lines, each with what it is sold from now (its offer line, null when withdrawn) and its product. */
async function linesWithOffers(db: DbOrTx, lines: CartLineRow[]) {
  const offers = await offersOfLines(db, lines);
  return lines.map((cl) => {
    const found = offers.get(cl.productId);
    const ol = found?.ol && found.ol.id === cl.offerLineId ? found.ol : null;
    return { cl, ol, p: found?.p ?? null };
  });
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
  const rows = await linesWithOffers(db, await cartLinesOf(db, cart.id));
  const others = await heldByOthers(
    db,
    rows.flatMap((r) => (r.ol ? [r.ol.id] : [])),
    cart.id,
  );
  return viewOf(cart.customerId, cart, rows, others, buyer, notes);
}

/** The fields of a cart line its view reads. */
type ViewedLine = Pick<
  CartLineRow,
  | "id"
  | "productId"
  | "offerLineId"
  | "offerOrderNumber"
  | "description"
  | "category"
  | "quantity"
  | "priceCents"
  | "quantityConfirmed"
  | "quantityPending"
  | "unitOfMeasureQty"
>;

async function readCart(db: Db, owner: CartOwner, buyer: Buyer, key: string, fill: number, memo?: FeedCache<Cart>): Promise<Cart> {
  const cart = await ensureCart(db, owner, "wholesale", buyer.alwaysBoxed);
  const rows = await linesWithOffers(db, await cartLinesOf(db, cart.id));
  const lineIds = rows.flatMap((r) => (r.ol ? [r.ol.id] : []));
  const others = await heldByOthers(db, lineIds, cart.id);
  const view = viewOf(cart.customerId, cart, rows, others, buyer, {});
  if (memo) {
    const catalogs = [...new Set(rows.flatMap((r) => (r.ol ? [r.ol.catalogId] : [])))];
    const until = await nextHoldExpiry(db, lineIds);
    memo.set(
      key,
      structuredClone(view),
      [`cart:${cart.id}`, cartOwnerTopic(owner), "offers", "accounts", CALENDAR_TOPIC, ...catalogs.map((id) => `holds:${id}`)],
      fill,
      until,
    );
  }
  return view;
}

function viewOf(
  customerId: string,
  cart: CartRow,
  rows: { cl: ViewedLine; ol: OfferLineRow | null; p: ProductRow | null }[],
  others: Map<number, number>,
  buyer: Buyer,
  notes: SaveNotes,
): Cart {
  let subtotalCents = 0;
  let itemCount = 0;
  const items = rows.map(({ cl, ol, p }): CartItem => {
    const item = priceLine(cl, ol, p, buyer, others.get(cl.offerLineId ?? 0) ?? 0);
    subtotalCents += item.totalCents;
    if (!(FEE_CATEGORIES as readonly string[]).includes(cl.category.toLowerCase()) && cl.description !== ECO_FEE_DESCRIPTION) itemCount += 1;
    return {
      ...item.view,
      message: notes.lineMessages?.get(cl.productId) ?? null,
    };
  });
  return {
    customerId,
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
  cl: ViewedLine,
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
      isLinePending({
        quantityRemaining: remaining,
        priceCents: prices.priceCents,
        standardPriceCents: prices.standardPriceCents,
        special: ol.special,
      }) || cl.quantityPending > 0;
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
        ysnIsFinalProduct: isLineFinalProduct({
          isFinalProduct: ol.isFinalProduct,
          quantity: q,
          quantityRemaining: remaining,
          pending,
        }),
        quantityConfirmed: cl.quantityConfirmed,
        quantityPending: cl.quantityPending,
        offerOrderNumber: cl.offerOrderNumber,
        unitOfMeasureQty: p.unitOfMeasureQty,
        bunchesPerBox: p.bunchesPerBox,
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
      bunchesPerBox: p?.bunchesPerBox ?? null,
      pails: 0,
      looseBunches: q,
      pailPrice: centsToDollars(cl.priceCents),
      bunchPrice: centsToDollars(cl.priceCents),
      lineTotal: centsToDollars(totalCents),
    },
  };
}

/**
 * GET Cart: the owner's cart, created empty on first use. With `memo`, the view is kept in memory
 * while the change feed reports nothing it was read from (the cart and its lines, offers, accounts,
 * holds on its catalogs) and until the next hold on its lines lapses.
 */
export async function getCart(db: Db, owner: CartOwner, buyer: Buyer, shipDateHint?: string, memo?: FeedCache<Cart>): Promise<Cart> {
  const view = await cartAnswer(db, owner, buyer, shipDateHint, memo);
  return view === cachedViews.get(view) ? structuredClone(view) : view;
}

const cartKey = (owner: CartOwner, buyer: Buyer) => `${owner.userId}|${owner.customerId}|${owner.retailerId}|${buyer.discountPercent}`;

/** The cart cartAnswer would hand out from memory without a date hint, or undefined when memory does not hold it. */
export function cartInMemory(owner: CartOwner, buyer: Buyer, memo: FeedCache<Cart>): Readonly<Cart> | undefined {
  return memo.get(cartKey(owner, buyer));
}

/** The answers cartAnswer handed out straight from memory (never to be changed). */
const cachedViews = new WeakMap<Cart, Cart>();

/**
 * getCart for an answer that is only sent: a cart answered from memory is the very object kept
 * there (the same object on every hit, so its JSON can be kept with it; see the store's cart GET).
 * Read-only: the caller must not change it.
 */
export async function cartAnswer(db: Db, owner: CartOwner, buyer: Buyer, shipDateHint?: string, memo?: FeedCache<Cart>): Promise<Readonly<Cart>> {
  const key = cartKey(owner, buyer);
  const known = memo?.get(key);
  const hinted = !!shipDateHint && buyer.retailerId === 0;
  if (known && (known.shipDate || !hinted)) {
    cachedViews.set(known, known);
    return known;
  }
  const fill = memo?.begin() ?? 0;
  const view = known ? structuredClone(known) : await readCart(db, owner, buyer, key, fill, memo);
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
    if (quantity > MAX_ORDER_QUANTITY)
      throw badRequest(INVALID_QUANTITY_MESSAGE, {
        [`items.${index}.quantity`]: INVALID_QUANTITY_MESSAGE,
      });
    merged.set(item.productId, { quantity, index: prev?.index ?? index });
  });
  return merged;
}

/** The offers a wholesale save sells from: the dates and boxed it settles on, and each product's offer line, locked. */
interface WholesaleOffers {
  shipDate: string | null;
  receivingDate: string | null;
  boxed: boolean;
  offers: Map<string, ChosenOffer>;
  /** The active holds on the offers, read after their locks (none without a ship date: nothing is offered). */
  holds: HoldSums<number>;
}

/**
 * The wholesale store's policy (docs/domain-store.md): products checked against the catalogue with
 * the cart's lock; dates resolved for the buyer (ship date, or a retailer's pickup date); the first
 * covering catalog's offer line of each product, locked; what is free held, the rest pending (final
 * products capped instead); every line priced at the buyer's level with pail and bunch tiers.
 */
function wholesalePolicy(config: Config, buyer: Buyer, body: CartSaveBody): CartPolicy<ProductFacts[], WholesaleOffers, number, Cart> {
  const wanted = mergeItems(body.items);
  const productIds = [...wanted.keys()];
  return {
    store: "wholesale",
    version: body.version,
    alongside: { key: "wholesale", build: (p) => productFactsSql(p.productIds!), values: { productIds } },
    refuse: ({ alongside }) => {
      const facts = new Map(alongside.map((p) => [p.productId, p]));
      const unknown = productIds.find((id) => !facts.get(id)?.active);
      if (unknown !== undefined) {
        const at = `items.${wanted.get(unknown)!.index}.productId`;
        throw badRequest(`Unknown product ${unknown}.`, {
          [at]: "Unknown product",
        });
      }
    },
    current: (tx, { cart }) => cartView(tx, cart, buyer),
    choose: async (tx, { cart }, now) => {
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
      // The same statement reads the holds on the offers, after its locks (the engine reads none).
      const chosen = dates.shipDate ? await lockChosenOfferLines(tx, buyer, dates.shipDate, productIds, cart.id) : { offers: new Map<string, ChosenOffer>(), holds: { others: new Map(), own: new Map() } };
      return { ...dates, boxed, ...chosen };
    },
    holdTarget: (o) => ({
      offerLineIds: [...o.offers.values()].map((x) => x.ol.id),
    }),
    // When the body names the date the buyer goes by (ship date; a retailer's pickup date), choose's
    // dates do not depend on the cart. A refused date goes the long way: choose refuses it as before.
    chooseAhead: (tx, owner, now) => {
      if (!wanted.size || (buyer.retailerId > 0 ? body.receivingDate : body.shipDate) === undefined) return undefined;
      const dates = (() => {
        try {
          return resolveCartDates(buyer, { shipDate: body.shipDate ?? null, receivingDate: body.receivingDate ?? null }, true, now);
        } catch {
          return null;
        }
      })();
      if (!dates?.shipDate) return undefined;
      const chosen = lockChosenOfferLines(tx, buyer, dates.shipDate, productIds, { ...owner, version: body.version });
      return chosen.then((c) => ({ cart }) => ({ ...dates, boxed: buyer.alwaysBoxed || (body.boxed ?? cart.boxed), ...c }));
    },
    heldWith: (o) => o.holds,
    plan: ({ cart, alongside }, o, { others, own }, now) => {
      const description = new Map(alongside.map((p) => [p.productId, p.description]));
      const removed: CartMessage[] = [];
      const lineMessages = new Map<string, string>();
      for (const id of productIds) {
        if (!o.offers.has(id))
          removed.push({
            productId: id,
            description: description.get(id) ?? id,
            message: notOfferedMessage(o.shipDate!),
          });
      }
      const planned: {
        productId: string;
        position: number;
        offer: ChosenOffer;
        quantity: number;
        held: number;
        pending: number;
      }[] = [];
      let acquired = false;
      for (const [productId, { quantity: requested, index }] of wanted) {
        const offer = o.offers.get(productId);
        if (!offer) continue;
        const ol = offer.ol;
        const free = freeQuantity(ol, others.get(ol.id) ?? 0);
        const split = splitConfirmedPending(requested, free, ol.isFinalProduct, { shipDate: o.shipDate, today: isoDateAt(now) });
        const quantity = split.cappedTo ?? requested;
        if (split.error) {
          if (quantity === 0) {
            removed.push({
              productId,
              description: offer.p.description,
              message: split.error,
            });
            continue;
          }
          lineMessages.set(productId, split.error);
        }
        if (split.quantityConfirmed > (own.get(ol.id) ?? 0)) acquired = true;
        planned.push({
          productId,
          position: index,
          offer,
          quantity,
          held: split.quantityConfirmed,
          pending: split.quantityPending,
        });
      }
      planned.sort((a, b) => a.position - b.position);
      const lines: SavedLine[] = planned.map((l, position) => {
        const prices = customerPrices(l.offer.ol, l.offer.p.unitOfMeasureQty, buyer.discountPercent);
        const total = lineTotal(l.quantity, prices).totalCents;
        const remaining = freeQuantity(l.offer.ol, others.get(l.offer.ol.id) ?? 0);
        const pending =
          isLinePending({
            quantityRemaining: remaining,
            priceCents: prices.priceCents,
            standardPriceCents: prices.standardPriceCents,
            special: l.offer.ol.special,
          }) || l.pending > 0;
        return {
          ...WHOLESALE_LINE,
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
          isFinalProduct: isLineFinalProduct({
            isFinalProduct: l.offer.ol.isFinalProduct,
            quantity: l.quantity,
            quantityRemaining: remaining,
            pending,
          }),
          unitOfMeasure: l.offer.p.unitOfMeasure,
          unitOfMeasureQty: l.offer.p.unitOfMeasureQty,
          boxed: o.boxed,
        };
      });
      return {
        shipDate: o.shipDate,
        receivingDate: o.receivingDate,
        boxed: o.boxed,
        lines,
        holds: {
          offerLines: planned.filter((l) => l.held > 0).map((l) => ({ offerLineId: l.offer.ol.id, quantity: l.held })),
        },
        acquired,
        // A new expiry gets its reminder job in the same statement.
        onExtend: holdReminderInsert(config),
        // The answer from what was just written: the same lines, offer lines and holds a re-read would find.
        answer: (saved, lineIds) =>
          viewOf(
            cart.customerId,
            saved,
            lines.map((l, i) => ({
              cl: { ...l, id: lineIds[i]! },
              ol: planned[i]!.offer.ol,
              p: planned[i]!.offer.p,
            })),
            others,
            buyer,
            { lineMessages, removed },
          ),
      };
    },
  };
}

/** The mass-market columns of a cart line, as a wholesale line leaves them. */
const WHOLESALE_LINE = {
  boxType: null,
  available: null,
  barcodeBottom: null,
  barcodeLeft: null,
  barcodeTop: null,
  barcodeNumber: null,
  boughtIn: false,
  bouquet: false,
  packSize: null,
} satisfies Partial<SavedLine>;

/**
 * POST Cart/Save, through the carts engine with the wholesale policy: one transaction of six
 * statements whatever the number of lines (BEGIN, lock the cart, lock the chosen offer lines, read
 * their active holds, write, COMMIT). Only quantities, dates and boxed are read from the body; the
 * answer is built from what was written.
 */
export async function saveCart(db: Db, config: Config, owner: CartOwner, buyer: Buyer, body: CartSaveBody): Promise<Cart> {
  return saveCartWith(db, wholesalePolicy(config, buyer, body), owner, buyer.alwaysBoxed, { holdMs: config.holdMs });
}

/** PUT Cart/RemoveHold: gives every held bunch back now; the lines stay, as pending requests. */
export async function removeHold(db: Db, owner: CartOwner, buyer: Buyer): Promise<Cart> {
  return db.transaction(async (tx) => {
    const { cart } = await lockCart(tx, owner, buyer);
    return cartView(tx, await releaseCartHolds(tx, cart.id), buyer);
  });
}
