// The mass-market store's rules and transactions (SPEC §4 "MM cart", "Fee rules (MM)", §9 totals;
// docs/domain-mm.md). Prices, fee lines and totals always come from the database.
import { createHash } from "node:crypto";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { cartOwnerTopic, type FeedCache } from "../../../db/change-feed.ts";
import type {
  MmCart,
  MmCartItem,
  MmCartMessage,
  MmCartSaveBody,
  MmCatalog,
  MmOrder,
  MmOrderResponse,
  MmOrderSummary,
  MmPackage,
  MmProduct,
  MmNotAdded,
  MmProfile,
  MmReorderResponse,
} from "../../../contract/mm.ts";
import { QUANTITY_REMAINING_MESSAGE } from "../../../domain/constants.ts";
import { isFeeLine, itemCount, mmCartTotal, pailTotal, recomputeFeeLines, type MmPackage as FeePackage } from "../../../domain/mm-fees.ts";
import { freeStock } from "../../../domain/free-stock.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import type { Buyer } from "../buyers/index.ts";
import { etagMatches, openDates, refusedDate, type AnswerCache } from "../store/index.ts";
import {
  allPackages,
  cartLinesOf,
  catalogByOrderId,
  catalogLines,
  catalogsCovering,
  emptyCart,
  ensureCart,
  insertOrder,
  lockCart,
  lockCatalogLines,
  orderByKey,
  orderOf,
  ordersOf,
  priceDrops,
  productsKey,
  rememberBarcodes,
  rememberedBarcodes,
  replaceCartContents,
  takeStock,
  updateCart,
  type CatalogLine,
  type LabelValues,
  type MmCartLineRow,
  type MmCartRow,
  type MmOwner,
  type MmPackageRow,
  type NewCartLine,
  type NewOrderLine,
  type OrderRow,
} from "./repo.ts";

export const CHOOSE_DATE_MESSAGE = "Please choose a ship date first.";
export const NO_CATALOG_MESSAGE = "There are no bouquets on offer for this ship date. Please choose another date.";
export const EMPTY_CART_MESSAGE = "Your cart is empty.";
export const STALE_CART_MESSAGE = "Your cart was changed in another window. Please review it and try again.";
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
const toFeePackage = (p: MmPackageRow): FeePackage => ({ type: p.type, category: p.category, size: p.size, description: p.description, priceCents: p.priceCents });

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
async function firstCatalog(db: DbOrTx, buyer: Buyer, date: string) {
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
  const byProduct = new Map(live.map((r) => [r.product.productId, r]));
  const merchandise = stored.map((l) => lineView(l, byProduct.get(l.productId), cart.boxed, notes.lineMessages?.get(l.productId) ?? null));
  const packages = (await allPackages(db)).map(toFeePackage);
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
  return cartView(db, await ensureCart(db, owner, buyer.alwaysBoxed));
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

/**
 * SaveCart. In one transaction: lock the cart and check its version; take the ship date (it must be
 * open) and boxed; sell from the date's first catalog; lock its lines in product order, hold what
 * each line wants up to what is free (never more: the rest is refused with SPEC's 'quantity
 * remaining' message), price every line from the catalog, and store lines and holds. Fee lines and
 * totals are never stored: every answer recomputes them.
 */
export async function saveCart(db: Db, holdMs: number, owner: MmOwner, buyer: Buyer, body: MmCartSaveBody, now = new Date()): Promise<MmCart> {
  const packages = await allPackages(db);
  const wanted = wantedItems(body, new Set(packages.map((p) => p.type.toUpperCase())));
  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, owner, buyer.alwaysBoxed);
    if (body.version !== undefined && body.version !== cart.version) throw conflict(STALE_CART_MESSAGE, await cartView(tx, cart));
    const shipDate = body.shipDate !== undefined ? body.shipDate : cart.shipDate;
    const boxed = buyer.alwaysBoxed || (body.boxed ?? cart.boxed);
    if (wanted.size && !shipDate) throw badRequest(CHOOSE_DATE_MESSAGE, { shipDate: "This field is required" });
    const dateChanged = body.shipDate !== undefined && body.shipDate !== cart.shipDate;
    if (shipDate && (wanted.size || dateChanged) && !isShipDateOpen(shipDate, buyer.shipTimes, now, buyer.closed)) {
      throw refusedDate(buyer, "ship", shipDate, "shipDate");
    }
    const catalog = shipDate ? await firstCatalog(tx, buyer, shipDate) : null;
    if (wanted.size && !catalog) throw badRequest(NO_CATALOG_MESSAGE, { shipDate: NO_CATALOG_MESSAGE });

    const ids = [...wanted.keys()];
    if (catalog) await lockCatalogLines(tx, catalog.id, ids);
    const live = catalog ? new Map((await catalogLines(tx, catalog.id, cart.id, ids)).map((r) => [r.product.productId, r])) : new Map<string, CatalogLine>();
    const remembered = await rememberedBarcodes(tx, owner.customerId, ids);
    const removed: MmCartMessage[] = [];
    const lineMessages = new Map<string, string>();
    const lines: NewCartLine[] = [];
    const holds: { catalogId: number; productId: string; quantity: number }[] = [];
    const previous = await cartLinesOf(tx, cart.id);
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
        removed.push({ productId, description: r.product.description, message: QUANTITY_REMAINING_MESSAGE });
        continue;
      }
      if (quantity < w.quantity) lineMessages.set(productId, QUANTITY_REMAINING_MESSAGE);
      if (quantity > (before.get(productId) ?? 0)) acquired = true;
      const mem = remembered.get(productId);
      lines.push({
        cartId: cart.id,
        position: lines.length,
        productId,
        offerOrderNumber: catalog!.orderId,
        description: r.product.description,
        category: r.product.category,
        quantity,
        priceCents: linePriceCents(r, boxed),
        quantityConfirmed: quantity,
        unitOfMeasure: r.product.unitOfMeasure,
        unitOfMeasureQty: 1,
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
      holds.push({ catalogId: catalog!.id, productId, quantity });
    }
    // A new expiry when this save took more stock; otherwise the running one.
    const running = cart.holdExpiresAt && cart.holdExpiresAt > now ? cart.holdExpiresAt : null;
    const extend = holds.length > 0 && (acquired || !running);
    const saved = await updateCart(tx, cart.id, { shipDate: shipDate ?? null, boxed, holdMs: extend ? holdMs : null, keepHold: holds.length ? running : null });
    await replaceCartContents(tx, cart.id, lines, holds, saved.holdExpiresAt);
    return cartView(tx, saved, { lineMessages, removed });
  });
}

export interface CreateOrderInput {
  owner: MmOwner;
  buyer: Buyer;
  /** The signed-in user (the impersonated one during impersonation). */
  userId: string;
  /** The staff member behind an impersonation: the only source of salesUserId. */
  salesUserId: string | null;
  idempotencyKey?: string;
  version?: number;
}

async function orderAnswer(db: DbOrTx, o: OrderRow): Promise<MmOrderResponse> {
  const found = await orderOf(db, o.customerId, o.orderNumber);
  const count = itemCount((found?.lines ?? []).map(({ l }) => ({ quantity: l.quantity, category: l.category, description: l.description })));
  return { orderNumber: o.orderNumber, shipDate: o.shipDate, total: centsToDollars(o.totalCents), itemCount: count };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * CreateOrder: the cart as saved becomes an order, in one transaction. Lock the cart (this also
 * serialises two copies of one request), answer the first order again for a repeated
 * Idempotency-Key, re-check the ship date, lock the catalog lines, price every line and fee from the
 * database, take the stock under the invariant (ordered + other carts' holds <= available; a line
 * that cannot be had in full refuses the whole order, nothing written), remember the label data,
 * empty the cart.
 */
export async function createOrder(db: Db, input: CreateOrderInput, now = new Date()): Promise<MmOrderResponse> {
  const { owner, buyer, idempotencyKey: key } = input;
  if (key) {
    const first = await orderByKey(db, input.userId, key);
    if (first) return orderAnswer(db, first);
  }
  try {
    return await db.transaction(async (tx) => {
      const cart = await lockCart(tx, owner, buyer.alwaysBoxed);
      if (key) {
        const first = await orderByKey(tx, input.userId, key);
        if (first) return orderAnswer(tx, first);
      }
      if (input.version !== undefined && input.version !== cart.version) throw conflict(STALE_CART_MESSAGE, await cartView(tx, cart));
      const stored = await cartLinesOf(tx, cart.id);
      if (!stored.length) throw badRequest(EMPTY_CART_MESSAGE);
      const shipDate = cart.shipDate;
      if (!shipDate) throw badRequest(CHOOSE_DATE_MESSAGE, { shipDate: "This field is required" });
      if (!isShipDateOpen(shipDate, buyer.shipTimes, now, buyer.closed)) throw refusedDate(buyer, "ship", shipDate, "shipDate");
      const catalog = await firstCatalog(tx, buyer, shipDate);
      if (!catalog) throw badRequest(NO_CATALOG_MESSAGE);
      const ids = stored.map((l) => l.productId);
      await lockCatalogLines(tx, catalog.id, ids);
      const live = new Map((await catalogLines(tx, catalog.id, cart.id, ids)).map((r) => [r.product.productId, r]));
      const boxed = buyer.alwaysBoxed || cart.boxed;

      const merchandise: (NewOrderLine & { label: LabelValues | null })[] = [];
      const take = new Map<string, number>();
      for (const l of stored) {
        const r = live.get(l.productId);
        if (!r) throw badRequest(`${l.description}: ${notOfferedMessage(shipDate)} Please review your cart.`);
        const free = freeOf(r);
        if (l.quantity > free) throw conflict(soldOutMessage(r.product.description, free));
        const price = linePriceCents(r, boxed);
        take.set(l.productId, l.quantity);
        merchandise.push({
          orderId: 0,
          position: merchandise.length,
          productId: l.productId,
          offerOrderNumber: catalog.orderId,
          description: r.product.description,
          category: r.product.category,
          quantity: l.quantity,
          bunchPriceCents: price,
          quantityConfirmed: l.quantity,
          lineTotalCents: price * l.quantity,
          boxType: r.product.boxType,
          unitOfMeasure: r.product.unitOfMeasure,
          label: l.barcodeNumber || l.barcodeTop || l.barcodeLeft || l.barcodeBottom
            ? { barcodeNumber: l.barcodeNumber, barcodeTop: l.barcodeTop, barcodeLeft: l.barcodeLeft, barcodeBottom: l.barcodeBottom }
            : null,
        });
      }
      const packages = (await allPackages(tx)).map(toFeePackage);
      const fees = recomputeFeeLines(
        merchandise.map((m) => ({ productId: m.productId, description: m.description, category: m.category ?? "", quantity: m.quantity, priceCents: m.bunchPriceCents ?? 0, unitOfMeasure: m.unitOfMeasure ?? "", boxType: m.boxType ?? null })),
        packages,
        boxed,
      ).filter(isFeeLine);
      const lines = [
        ...merchandise,
        ...fees.map((f, i) => ({
          orderId: 0,
          position: merchandise.length + i,
          productId: f.productId,
          description: f.description,
          category: f.category,
          quantity: f.quantity,
          bunchPriceCents: f.priceCents,
          quantityConfirmed: f.quantity,
          lineTotalCents: f.priceCents * f.quantity,
          boxType: f.boxType,
          unitOfMeasure: f.unitOfMeasure ?? "Each",
          label: null,
        })),
      ];
      const totalCents = mmCartTotal(lines.map((l) => ({ quantity: l.quantity, priceCents: l.bunchPriceCents ?? 0 })));

      // The invariant, checked by the database: under our locks it always passes; if it ever does
      // not, the whole order rolls back rather than overselling.
      if ((await takeStock(tx, catalog.id, cart.id, take)) !== take.size) throw conflict("The stock changed while your order was being placed. Please try again.");

      const order = await insertOrder(
        tx,
        {
          store: "mm",
          customerId: owner.customerId,
          userId: input.userId,
          retailerId: 0,
          salesUserId: input.salesUserId,
          shipDate,
          boxed,
          status: "submitted",
          subtotalCents: totalCents,
          totalCents,
          idempotencyKey: key ?? null,
        },
        lines,
      );
      await rememberBarcodes(
        tx,
        stored.flatMap((l) =>
          l.barcodeNumber
            ? [{ customerId: owner.customerId, productId: l.productId, barcodeNumber: l.barcodeNumber, barcodeTop: l.barcodeTop, barcodeLeft: l.barcodeLeft, barcodeBottom: l.barcodeBottom }]
            : [],
        ),
      );
      await emptyCart(tx, cart.id);
      return {
        orderNumber: order.orderNumber,
        shipDate,
        total: centsToDollars(totalCents),
        itemCount: itemCount(lines.map((l) => ({ quantity: l.quantity, category: l.category ?? "", description: l.description }))),
      };
    });
  } catch (err) {
    // Two copies that do not share a cart lock: the loser hits the unique index and answers the winner's order.
    if (key && isUniqueViolation(err)) {
      const first = await orderByKey(db, input.userId, key);
      if (first) return orderAnswer(db, first);
    }
    throw err;
  }
}

function toSummary(o: OrderRow, count: number): MmOrderSummary {
  return {
    orderNumber: o.orderNumber,
    customerId: o.customerId,
    shipDate: o.shipDate,
    placedAt: o.placedAt.toISOString(),
    status: o.status,
    boxed: o.boxed,
    itemCount: count,
    total: centsToDollars(o.totalCents),
  };
}

export async function orderSummaries(db: Db, customerId: string, limit: number): Promise<MmOrderSummary[]> {
  return (await ordersOf(db, customerId, limit)).map((r) => toSummary(r.o, r.itemCount));
}

export async function orderDetail(db: Db, customerId: string, orderNumber: number): Promise<MmOrder> {
  const found = await orderOf(db, customerId, orderNumber);
  // Another customer's order is indistinguishable from a missing one.
  if (!found) throw notFound(`Order ${orderNumber} was not found.`);
  const lines = found.lines.map(({ l, label: lb }) => ({
    productId: l.productId,
    description: l.description,
    category: l.category,
    quantity: l.quantity,
    price: centsToDollars(l.bunchPriceCents),
    lineTotal: centsToDollars(l.lineTotalCents),
    unitOfMeasure: l.unitOfMeasure,
    boxType: l.boxType,
    fee: isFeeLine(l),
    barcodeNumber: lb?.barcodeNumber ?? null,
    barcodeTop: lb?.barcodeTop ?? null,
    barcodeLeft: lb?.barcodeLeft ?? null,
    barcodeBottom: lb?.barcodeBottom ?? null,
  }));
  const counted = found.lines.map(({ l }) => ({ quantity: l.quantity, category: l.category, description: l.description }));
  return { ...toSummary(found.o, itemCount(counted)), lines, pailTotal: pailTotal(counted), salesUserId: found.o.salesUserId };
}

// ---- reorder -------------------------------------------------------------------------------------

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
  const cart = await ensureCart(db, owner, buyer.alwaysBoxed);
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
