// The mass-market store's rules and transactions (SPEC §4 "MM cart", "Fee rules (MM)", §9 totals;
// docs/domain-mm.md). Prices, fee lines and totals always come from the database.
import { createHash } from "node:crypto";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { cartOwnerTopic } from "../../../db/change-feed.ts";
import type { AnswerCache, FeedCache } from "../../hot/index.ts";
import type {
  MmCart,
  MmCartItem,
  MmCartMessage,
  MmCartSaveBody,
  MmCatalog,
  MmPackage,
  MmProduct,
  MmProfile,
} from "../../../contract/mm.ts";
import { quantityRemainingMessage } from "../../../domain/cart-flags.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { isFeeLine, itemCount, mmCartTotal, pailTotal, recomputeFeeLines, type MmPackage as FeePackage } from "../../../domain/mm-fees.ts";
import { freeStock } from "../../../domain/free-stock.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import type { Buyer } from "../buyers/index.ts";
import { etagMatches, openDates, refusedDate } from "../store/index.ts";
import { cartLinesOf, ensureCart, saveCartWith, STALE_CART_MESSAGE, type CartPolicy, type SavedLine } from "../carts/index.ts";
import {
  allPackages,
  catalogByOrderId,
  catalogLines,
  catalogsCovering,
  lockSaleLines,
  packagesSql,
  priceDrops,
  productsKey,
  type CatalogLine,
  type MmCartLineRow,
  type MmCartRow,
  type MmOwner,
  type MmPackageRow,
  type SaleLine,
} from "./repo.ts";

export const CHOOSE_DATE_MESSAGE = "Please choose a ship date first.";
export const NO_CATALOG_MESSAGE = "There are no bouquets on offer for this ship date. Please choose another date.";
export const EMPTY_CART_MESSAGE = "Your cart is empty.";
export { STALE_CART_MESSAGE };
export const NOT_MM_CUSTOMER_MESSAGE = "This customer does not buy in the mass-market store.";
export const notOfferedMessage = (date: string) => `This product is not offered for ${date}.`;
export const soldOutMessage = (description: string, left: number) =>
  left > 0 ? `Only ${left} of ${description} are left. Please review your cart.` : `${description} has sold out. Please review your cart.`;
export const RECENT_ORDERS = 10;
export const ORDER_HISTORY_LIMIT = 200;
export const SPECIALS_LIMIT = 12;

/** The mass-market store is for mass-market customers (staff act for one through the customer selector). */
export function assertMassMarket(buyer: Buyer): void {
  if (buyer.kind !== "massMarket") throw forbidden(NOT_MM_CUSTOMER_MESSAGE);
}

export function profileOf(buyer: Buyer, now = new Date()): MmProfile {
  return { shipTimes: buyer.shipTimes, alwaysBoxed: buyer.alwaysBoxed, openDates: openDates(buyer, now) };
}

const toPackage = (p: MmPackageRow): MmPackage => ({ type: p.type, category: p.category, size: p.size, description: p.description, price: centsToDollars(p.priceCents) });
export const toFeePackage = (p: MmPackageRow): FeePackage => ({ type: p.type, category: p.category, size: p.size, description: p.description, priceCents: p.priceCents });

export async function packagesList(db: Db): Promise<MmPackage[]> {
  return (await allPackages(db)).map(toPackage);
}

export async function catalogsOn(db: Db, buyer: Buyer, date: string): Promise<MmCatalog[]> {
  return (await catalogsCovering(db, buyer.customerId, date)).map((c) => ({ orderId: c.orderId, title: c.title, shipDateFrom: c.shipDateFrom, shipDateTo: c.shipDateTo }));
}

/** A catalog line's prices: the catalog's own, else the product's list prices. */
export function pricesOf(r: Pick<CatalogLine, "line" | "product">) {
  return {
    priceCents: r.line.priceCents ?? r.product.priceCents,
    pricePerBouquetCents: r.line.pricePerBouquetCents ?? r.product.pricePerBouquetCents,
    pricePerBouquetNoBoxCents: r.line.pricePerBouquetNoBoxCents ?? r.product.pricePerBouquetNoBoxCents,
  };
}

/** What a cart line costs: pricePerBouquet when the cart is boxed, pricePerBouquetNoBox when not (SPEC §4). */
export const linePriceCents = (r: Pick<CatalogLine, "line" | "product">, boxed: boolean) =>
  boxed ? pricesOf(r).pricePerBouquetCents : pricesOf(r).pricePerBouquetNoBoxCents;

/** What the buyer may still take of a catalog line (domain freeStock: the catalog's `available` is its stock). */
export const freeOf = (r: Pick<CatalogLine, "line" | "heldByOthers">) => freeStock({ stock: r.line.available, ordered: r.line.quantityOrdered, heldByOthers: r.heldByOthers });

function toProduct(r: CatalogLine, orderId: number): MmProduct {
  const prices = pricesOf(r);
  return {
    productId: r.product.productId,
    description: r.product.description,
    category: r.product.category,
    colour: r.product.colour,
    colourHex: r.product.colourHex,
    imageName: r.product.imageName,
    price: centsToDollars(prices.priceCents),
    pricePerBouquet: centsToDollars(prices.pricePerBouquetCents),
    pricePerBouquetNoBox: centsToDollars(prices.pricePerBouquetNoBoxCents),
    boxType: r.product.boxType,
    unitOfMeasure: r.product.unitOfMeasure,
    packSize: r.product.packSize,
    bouquet: r.product.bouquet,
    available: freeOf(r),
    offerOrderNumber: orderId,
  };
}

/** The first catalog covering the date (what the store sells from), or null. */
export async function firstCatalog(db: DbOrTx, buyer: Buyer, date: string) {
  return (await catalogsCovering(db, buyer.customerId, date))[0] ?? null;
}

export type AnswerEntry = NonNullable<ReturnType<AnswerCache["get"]>>;

/**
 * Products: the lines of the catalog `orderId`, which must cover `date` for this customer. One
 * statement reads the customer's kind, the catalog, the asking cart and the catalog's fingerprint
 * (every line and product row, other carts' active holds); the ETag hashes them, so a match is
 * answered 304, and a known answer is sent from the cache, without loading or serialising a single
 * line. The ids were checked by the guard; a customer that is not mass-market is refused here as
 * every MM call refuses it (assertMassMarket).
 *
 * With `tags` the ETag itself is kept in this instance's memory (docs/architecture.md "Hot reads")
 * while the change feed reports nothing it was read from: catalogs and their customers (`offers`),
 * the customer (`accounts`), the asker's MM cart made or removed, the catalog's lines and holds
 * (`mm:<catalog>`, which a bouquet's change reaches through its lines' versions), and until the
 * catalog's next hold lapses. A revalidation is then answered 304, and a known answer sent, without
 * a statement.
 */
export async function productsOf(
  db: Db,
  owner: MmOwner,
  date: string,
  orderId: number,
  opts: { ifNoneMatch?: string; cache?: AnswerCache; tags?: FeedCache<string> } = {},
): Promise<{ etag: string; notModified: boolean; entry: AnswerEntry | null }> {
  const tagKey = `${owner.userId}|${owner.customerId}|${date}|${orderId}`;
  const known = opts.tags?.get(tagKey);
  if (known) {
    if (etagMatches(opts.ifNoneMatch, known)) return { etag: known, notModified: true, entry: null };
    const cached = opts.cache?.get(known);
    if (cached) return { etag: known, notModified: false, entry: cached };
  }
  const fill = opts.tags?.begin() ?? 0;
  const key = await productsKey(db, owner, date, orderId);
  if (key.kind === undefined) throw notFound("Customer not found.");
  if (key.kind !== "massMarket") throw forbidden(NOT_MM_CUSTOMER_MESSAGE);
  const catalog = key.catalog;
  if (!catalog) throw notFound(`Catalog ${orderId} is not offered for ${date}.`);
  const etag = `W/"${createHash("sha1").update(`mm2|${catalog.orderId}|${key.cartId}|${key.fingerprint}`).digest("base64url")}"`;
  opts.tags?.set(
    tagKey,
    etag,
    ["offers", "accounts", cartOwnerTopic({ ...owner, retailerId: 0 }), `mm:${catalog.id}`],
    fill,
    key.nextHoldExpiry ? key.nextHoldExpiry.getTime() : Infinity,
  );
  if (etagMatches(opts.ifNoneMatch, etag)) return { etag, notModified: true, entry: null };
  const cached = opts.cache?.get(etag);
  if (cached) return { etag, notModified: false, entry: cached };
  const products: MmProduct[] = (await catalogLines(db, catalog.id, key.cartId)).map((r) => toProduct(r, catalog.orderId));
  const json = JSON.stringify(products);
  return { etag, notModified: false, entry: opts.cache ? opts.cache.set(etag, json) : { json } };
}

/**
 * The catalog a live availability stream of MMStore/Live follows: the same checks as Products (a
 * mass-market customer, a mass-market catalog `orderId` covering `date` for it), without the answer.
 */
export async function liveCatalogOf(db: Db, owner: MmOwner, date: string, orderId: number): Promise<{ id: number; orderId: number }> {
  const key = await productsKey(db, owner, date, orderId);
  if (key.kind === undefined) throw notFound("Customer not found.");
  if (key.kind !== "massMarket") throw forbidden(NOT_MM_CUSTOMER_MESSAGE);
  if (!key.catalog) throw notFound(`Catalog ${orderId} is not offered for ${date}.`);
  return key.catalog;
}

/** Specials: bouquets of the next open ship date's catalog priced below their list price. */
export async function specials(db: Db, buyer: Buyer, now = new Date()): Promise<MmProduct[]> {
  const date = openDates(buyer, now, 1)[0];
  if (!date) return [];
  const catalog = await firstCatalog(db, buyer, date);
  if (!catalog) return [];
  return (await priceDrops(db, catalog.id, SPECIALS_LIMIT)).map((r) => toProduct(r, catalog.orderId));
}

interface SaveNotes {
  lineMessages?: Map<string, string>;
  removed?: MmCartMessage[];
}

/**
 * The cart priced now: each bouquet line at its catalog's price for the cart's boxed state, then the
 * fee lines recomputed from the packages (SPEC §4 "Fee rules (MM)"), then the §9 totals.
 */
export async function cartView(db: DbOrTx, cart: MmCartRow, notes: SaveNotes = {}): Promise<MmCart> {
  const stored = await cartLinesOf(db, cart.id);
  const catalog = stored[0]?.offerOrderNumber ? await catalogByOrderId(db, stored[0].offerOrderNumber) : undefined;
  const live = catalog ? await catalogLines(db, catalog.id, cart.id, stored.map((l) => l.productId)) : [];
  return viewOf(cart, stored, new Map(live.map((r) => [r.product.productId, r])), await allPackages(db), notes);
}

/** The cart's answer from its lines, their catalog lines now and the packages (no statement): cartView's, and a save's from what it wrote. */
function viewOf(cart: Pick<MmCartRow, "customerId" | "shipDate" | "boxed" | "holdExpiresAt" | "version">, stored: MmCartLineRow[], byProduct: Map<string, CatalogLine>, packageRows: MmPackageRow[], notes: SaveNotes = {}): MmCart {
  const merchandise = stored.map((l) => lineView(l, byProduct.get(l.productId), cart.boxed, notes.lineMessages?.get(l.productId) ?? null));
  const packages = packageRows.map(toFeePackage);
  const withFees = recomputeFeeLines(
    merchandise.map((m) => ({ ...m, priceCents: Math.round(m.price * 100) })),
    packages,
    cart.boxed,
  );
  const items: MmCartItem[] = withFees.map((line) => {
    if (!isFeeLine(line)) {
      const { priceCents: _cents, ...view } = line as MmCartItem & { priceCents: number };
      return view;
    }
    return {
      id: 0,
      productId: line.productId,
      description: line.description,
      category: line.category,
      colour: "",
      colourHex: "#999999",
      imageName: "",
      quantity: line.quantity,
      price: centsToDollars(line.priceCents),
      lineTotal: centsToDollars(line.priceCents * line.quantity),
      unitOfMeasure: line.unitOfMeasure ?? "Each",
      unitOfMeasureQty: 1,
      boxType: line.boxType,
      boxed: cart.boxed,
      available: null,
      barcodeBottom: null,
      barcodeLeft: null,
      barcodeTop: null,
      barcodeNumber: null,
      offerOrderNumber: null,
      boughtIn: false,
      bouquet: false,
      // The package's size, as the SPEC's box line takes it (a text such as "Large 80x40x25 cm").
      packSize: line.packSize ?? null,
      message: null,
    };
  });
  const cents = withFees.map((l) => ({ quantity: l.quantity, priceCents: l.priceCents, category: l.category, description: l.description }));
  return {
    customerId: cart.customerId,
    shipDate: cart.shipDate,
    boxed: cart.boxed,
    items,
    holdTime: cart.holdExpiresAt ? cart.holdExpiresAt.toISOString() : null,
    version: cart.version,
    total: centsToDollars(mmCartTotal(cents)),
    itemCount: itemCount(cents),
    pailTotal: pailTotal(cents),
    ...(notes.removed ? { messages: notes.removed } : {}),
  };
}

function lineView(l: MmCartLineRow, live: CatalogLine | undefined, boxed: boolean, message: string | null): MmCartItem {
  const priceCents = live ? linePriceCents(live, boxed) : l.priceCents;
  return {
    id: l.id,
    productId: l.productId,
    description: live?.product.description ?? l.description,
    category: live?.product.category ?? l.category,
    colour: live?.product.colour ?? "",
    colourHex: live?.product.colourHex ?? "#999999",
    imageName: live?.product.imageName ?? "",
    quantity: l.quantity,
    price: centsToDollars(priceCents),
    lineTotal: centsToDollars(priceCents * l.quantity),
    unitOfMeasure: live?.product.unitOfMeasure ?? l.unitOfMeasure,
    unitOfMeasureQty: l.unitOfMeasureQty,
    boxType: live?.product.boxType ?? l.boxType,
    boxed,
    available: live ? freeOf(live) : null,
    barcodeBottom: l.barcodeBottom,
    barcodeLeft: l.barcodeLeft,
    barcodeTop: l.barcodeTop,
    barcodeNumber: l.barcodeNumber,
    offerOrderNumber: l.offerOrderNumber,
    boughtIn: l.boughtIn,
    bouquet: live?.product.bouquet ?? l.bouquet,
    packSize: live?.product.packSize ?? l.packSize,
    message,
  };
}

export async function getCart(db: Db, owner: MmOwner, buyer: Buyer): Promise<MmCart> {
  return cartView(db, await ensureCart(db, { ...owner, retailerId: 0 }, "mm", buyer.alwaysBoxed));
}

type Wanted = { quantity: number; index: number; input: MmCartSaveBody["items"][number] };

/** Bouquet lines of the body, repeated products summed (first position and label data win); fee lines dropped. */
function wantedItems(body: MmCartSaveBody, packageTypes: Set<string>): Map<string, Wanted> {
  const merged = new Map<string, Wanted>();
  body.items.forEach((item, index) => {
    if (isFeeLine({ category: item.category }) || packageTypes.has(item.productId.toUpperCase())) return;
    const prev = merged.get(item.productId);
    merged.set(item.productId, { quantity: (prev?.quantity ?? 0) + item.quantity, index: prev?.index ?? index, input: prev?.input ?? item });
  });
  return merged;
}

const label = (given: string | null | undefined, remembered: string | null | undefined): string | null =>
  given === undefined ? (remembered ?? null) : given === null || given.trim() === "" ? null : given.trim();

/** The offers of a save from the catalog's lines locked for it (null: no catalog, or no bouquet to sell); no catalog for bouquets wanted is refused. */
function saleFor(wanted: Map<string, Wanted>, shipDate: string | null, boxed: boolean, sale: MmOffers["sale"]): MmOffers {
  if (wanted.size && !sale) throw badRequest(NO_CATALOG_MESSAGE, { shipDate: NO_CATALOG_MESSAGE });
  return { wanted, shipDate, boxed, sale };
}

/** The offers a mass-market save sells from: the bouquets wanted, the date and boxed it settles on, the catalog's lines locked. */
interface MmOffers {
  wanted: Map<string, Wanted>;
  shipDate: string | null;
  boxed: boolean;
  sale: { catalog: { id: number; orderId: number }; lines: SaleLine[] } | null;
}

/** The cart line columns a bouquet line leaves as a wholesale line would use them. */
const MM_LINE = { offerLineId: null, quantityPending: 0, isPending: false, isFinalProduct: false, unitOfMeasureQty: 1, boughtIn: false } satisfies Partial<SavedLine>;

/**
 * The mass-market store's policy (SPEC §4 "MM cart", "Fee rules (MM)"): fee lines of the body
 * dropped (the fee packages are read with the cart's lock); the ship date must be open; the date's
 * first catalog sells, its lines locked; each bouquet held up to what is free (never more: the rest
 * is refused with SPEC's 'quantity remaining' message) and priced from the catalog for the cart's
 * boxed state. Fee lines and totals are never stored: every answer recomputes them.
 */
function mmPolicy(buyer: Buyer, body: MmCartSaveBody): CartPolicy<MmPackageRow[], MmOffers, string, MmCart> {
  return {
    store: "mm",
    version: body.version,
    // The same text on every save: the lock's statement is built once (executeShaped), not per save.
    alongside: { key: "mm", build: () => packagesSql(), values: {} },
    current: (tx, { cart }) => cartView(tx, cart),
    choose: async (tx, { cart, alongside: packages }, now) => {
      const wanted = wantedItems(body, new Set(packages.map((p) => p.type.toUpperCase())));
      const shipDate = body.shipDate !== undefined ? body.shipDate : cart.shipDate;
      const boxed = buyer.alwaysBoxed || (body.boxed ?? cart.boxed);
      if (wanted.size && !shipDate) throw badRequest(CHOOSE_DATE_MESSAGE, { shipDate: "This field is required" });
      const dateChanged = body.shipDate !== undefined && body.shipDate !== cart.shipDate;
      if (shipDate && (wanted.size || dateChanged) && !isShipDateOpen(shipDate, buyer.shipTimes, now, buyer.closed)) {
        throw refusedDate(buyer, "ship", shipDate, "shipDate");
      }
      const ids = [...wanted.keys()];
      // The catalog matters only for bouquets to sell: without any the cart keeps its date and empties.
      const sale = shipDate && ids.length ? await lockSaleLines(tx, buyer.customerId, shipDate, ids) : null;
      return saleFor(wanted, shipDate, boxed, sale);
    },
    // When the body names an open ship date and bouquets, the catalog's lines are chosen and locked
    // without the cart: the statement goes out in the cart lock's write, right behind it (one round
    // trip less). It locks the lines of every product the body names but fee lines; which of them are
    // fee packages (read with the cart's lock) is known after, and only the bouquets wanted are sold.
    // A closed date, or none, goes the long way: choose refuses it as before.
    chooseAhead: (tx, owner, now) => {
      const shipDate = body.shipDate;
      if (!shipDate || !isShipDateOpen(shipDate, buyer.shipTimes, now, buyer.closed)) return undefined;
      // Every item but fee-category lines: the fee packages' codes are dropped once the lock has read them.
      const ids = [...wantedItems(body, new Set()).keys()];
      if (!ids.length) return undefined;
      return lockSaleLines(tx, buyer.customerId, shipDate, ids, { userId: owner.userId, version: body.version }).then((sale) => ({ cart, alongside: packages }) => {
        const wanted = wantedItems(body, new Set(packages.map((p) => p.type.toUpperCase())));
        const boxed = buyer.alwaysBoxed || (body.boxed ?? cart.boxed);
        const sold = sale && wanted.size ? { catalog: sale.catalog, lines: sale.lines.filter((l) => wanted.has(l.product.productId)) } : null;
        return saleFor(wanted, shipDate, boxed, sold);
      });
    },
    holdTarget: (o) => ({ catalogId: o.sale?.catalog.id ?? 0, productIds: o.sale ? o.sale.lines.map((l) => l.product.productId) : [] }),
    plan: ({ cart, lines: previous, alongside: packages }, { wanted, shipDate, boxed, sale }, { others }, now) => {
      const live = new Map<string, CatalogLine & SaleLine>(
        (sale?.lines ?? []).map((r) => [r.product.productId, { ...r, heldByOthers: others.get(r.product.productId) ?? 0 }]),
      );
      const removed: MmCartMessage[] = [];
      const lineMessages = new Map<string, string>();
      const lines: SavedLine[] = [];
      const holds: { productId: string; quantity: number }[] = [];
      const before = new Map(previous.map((l) => [l.productId, l.quantity]));
      let acquired = false;
      for (const [productId, w] of [...wanted].sort((a, b) => a[1].index - b[1].index)) {
        const r = live.get(productId);
        if (!r) {
          removed.push({ productId, description: previous.find((l) => l.productId === productId)?.description ?? productId, message: notOfferedMessage(shipDate!) });
          continue;
        }
        const free = freeOf(r);
        const quantity = Math.min(w.quantity, free);
        if (quantity === 0) {
          removed.push({ productId, description: r.product.description, message: quantityRemainingMessage(free, shipDate, isoDateAt(now), "bouquet") });
          continue;
        }
        if (quantity < w.quantity) lineMessages.set(productId, quantityRemainingMessage(free, shipDate, isoDateAt(now), "bouquet"));
        if (quantity > (before.get(productId) ?? 0)) acquired = true;
        const mem = r.remembered;
        lines.push({
          ...MM_LINE,
          position: lines.length,
          productId,
          offerOrderNumber: sale!.catalog.orderId,
          description: r.product.description,
          category: r.product.category,
          quantity,
          priceCents: linePriceCents(r, boxed),
          quantityConfirmed: quantity,
          unitOfMeasure: r.product.unitOfMeasure,
          boxType: r.product.boxType,
          boxed,
          available: free,
          barcodeNumber: label(w.input.barcodeNumber, mem?.barcodeNumber),
          barcodeTop: label(w.input.barcodeTop, mem?.barcodeTop),
          barcodeLeft: label(w.input.barcodeLeft, mem?.barcodeLeft),
          barcodeBottom: label(w.input.barcodeBottom, mem?.barcodeBottom),
          bouquet: r.product.bouquet,
          packSize: r.product.packSize,
        });
        holds.push({ productId, quantity });
      }
      return {
        shipDate: shipDate ?? null,
        receivingDate: cart.receivingDate,
        boxed,
        lines,
        holds: { catalogId: sale?.catalog.id ?? null, bouquets: holds },
        acquired,
        // The answer from what was just written: the same lines, catalog lines and packages a re-read would find.
        answer: (saved, lineIds) =>
          viewOf(
            saved,
            lines.map((l, i) => ({ ...l, id: lineIds[i]!, cartId: cart.id })),
            live,
            packages,
            { lineMessages, removed },
          ),
      };
    },
  };
}

/**
 * SaveCart, through the carts engine with the mass-market policy: one transaction of six statements
 * whatever the number of bouquets (BEGIN, lock the cart with the fee packages, choose the catalog and
 * lock its lines, read their holds, write, COMMIT); on PostgreSQL three round trips when the body
 * names an open ship date (the catalog's lock goes out with the cart's: chooseAhead), else four.
 */
export async function saveCart(db: Db, holdMs: number, owner: MmOwner, buyer: Buyer, body: MmCartSaveBody, now = new Date()): Promise<MmCart> {
  return saveCartWith(db, mmPolicy(buyer, body), { ...owner, retailerId: 0 }, buyer.alwaysBoxed, { holdMs, now });
}
