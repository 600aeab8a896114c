import { createHash } from "node:crypto";
import type { Db } from "../../../db/client.ts";
import type { Catalog, Product, Profile } from "../../../contract/store.ts";
import { badRequest, notFound } from "../../errors.ts";
import { openDates, openPickupDates } from "./dates.ts";
import { servableOffers } from "../../../domain/availability.ts";
import { toProduct, toUpcomingProduct } from "./pricing.ts";
import type { AnswerCache, FeedCache, TaggedCache } from "../../hot/index.ts";
import { cartOwnerTopic } from "../../../db/change-feed.ts";
import { cartHoldingOn, nextHoldExpiry } from "../carts/index.ts";
import { catalogFingerprint, catalogsFor, laterCatalogs, nextOffers, offerLineOfProducts, offerLinesOfCatalogs, offerRows, type CatalogRow, type OfferRow } from "../catalog/index.ts";
import type { Buyer } from "../buyers/index.ts";

export function profileOf(buyer: Buyer, now = new Date()): Profile {
  return { shipTimes: buyer.shipTimes, pickupDays: buyer.pickupDays, alwaysBoxed: buyer.alwaysBoxed, openDates: openDates(buyer, now) };
}

/** Retailer/EarlistDate: the first pickup date that can still be served. */
export function earliestReceiptDate(buyer: Buyer, now = new Date()): string {
  if (buyer.retailerId === 0) throw badRequest("Choose a retailer first.", { retailerId: "This field is required" });
  const first = openPickupDates(buyer, now, 1)[0];
  if (!first) throw badRequest("There is no pickup date available for this shop. Please contact us.");
  return first;
}

export const toCatalog = (c: CatalogRow): Catalog => ({ orderId: c.orderId, title: c.title, shipDateFrom: c.shipDateFrom, shipDateTo: c.shipDateTo });

export async function catalogsOn(db: Db, buyer: Buyer, date: string): Promise<Catalog[]> {
  return (await catalogsFor(db, buyer, date)).map(toCatalog);
}

/**
 * How many later offers Catalog/Products looks in for next available dates (with daily catalogs, a
 * week and a bit of ship days). Each costs an index probe per product that needs a date, on every
 * request, 304s included: ~60 ms for 5,000 products on PGlite at 7.
 */
export const NEXT_OFFERS_LOOKED_AT = 7;

export type AnswerEntry = NonNullable<ReturnType<AnswerCache["get"]>>;

export interface ProductsRequest {
  buyer: Buyer;
  userId: string;
  catalogOrderId: number;
  date: string;
  ifNoneMatch?: string;
}

/** Weak comparison (RFC 9110 §13.1.2) of an If-None-Match list with our tag. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  const ours = strip(etag);
  return header.split(",").some((t) => t.trim() === "*" || strip(t) === ours);
}

/**
 * The rows a Catalog/Products answer is made from, before the buyer's discount: the same for every
 * buyer of the catalog whose cart holds nothing in it, so kept once for all their discounts.
 */
export interface CatalogSource {
  current: OfferRow[];
  upcoming: { row: OfferRow; orderId: number; date: string }[];
}

/**
 * Catalog/Products: the offer lines of a catalog covering `date` for this buyer, then the products
 * only the buyer's later offers have (Not Available, with the date they are next offered; see
 * docs/domain-store.md "Availability states"). The ETag hashes the catalog fingerprint (every offer
 * line and product row, the active holds of other carts), the later offers it looks in with their
 * dates, each product's next offer (line and product row), and what else the answer depends on
 * (customer price level, the asking cart when it holds stock there), so a match is answered 304
 * without loading or serialising a single product.
 */
export async function catalogProducts(
  db: Db,
  req: ProductsRequest,
  cache?: AnswerCache,
  tags?: FeedCache<string>,
  sources?: TaggedCache<CatalogSource>,
): Promise<{ etag: string; notModified: boolean; entry: AnswerEntry | null }> {
  // The ETag of this request, kept in memory while the change feed reports nothing it was read from
  // (offers, accounts, the asker's cart made or removed, holds on the catalogs looked at) and until the next hold lapses.
  const key = `${req.userId}|${req.buyer.customerId}|${req.buyer.retailerId}|${req.buyer.discountPercent}|${req.catalogOrderId}|${req.date}`;
  const known = tags?.get(key);
  if (known) {
    if (etagMatches(req.ifNoneMatch, known)) return { etag: known, notModified: true, entry: null };
    const cached = cache?.get(known);
    if (cached) return { etag: known, notModified: false, entry: cached };
  }
  const fill = tags?.begin() ?? 0;
  const catalog = (await catalogsFor(db, req.buyer, req.date)).find((c) => c.orderId === req.catalogOrderId);
  if (!catalog) throw notFound(`Catalog ${req.catalogOrderId} is not offered for ${req.date}.`);
  // The buyer's next later offers that can serve it, soonest first, with the first date each serves.
  const weekdays = req.buyer.shipTimes.map((t) => t.weekday);
  const later = servableOffers(
    (await laterCatalogs(db, req.buyer, req.date, NEXT_OFFERS_LOOKED_AT)).map((c) => ({ ...c, from: c.shipDateFrom, to: c.shipDateTo })),
    req.date,
    weekdays,
  );
  const looked = [catalog.id, ...later.map((l) => l.offer.id)];
  // What remains leaves out the asker's own holds, so a cart holding stock in these catalogs gets an
  // answer of its own; every cart holding none sees the same rows and shares one answer (ETag and
  // cached bytes): a buyer's first load of the day is then most often already built.
  const owner = { userId: req.userId, customerId: req.buyer.customerId, retailerId: req.buyer.retailerId };
  const own = await cartHoldingOn(db, owner, offerLinesOfCatalogs(looked));
  const fingerprint = await catalogFingerprint(db, catalog.id, own);
  const nexts = await nextOffers(db, catalog.id, later.map((l) => l.offer.id));
  // Everything the answer depends on but the buyer's discount (the rows read, which the buyers of
  // every discount share), then the discount.
  const base = createHash("sha1").update(`v3|${catalog.id}|${catalog.orderId}|${own}|${fingerprint}|`);
  for (const l of later) base.update(`${l.offer.id}:${l.date},`);
  for (const n of nexts) base.update(`${n.productId}:${n.catalogId}:${n.hash},`);
  const source = base.digest("base64url");
  const etag = `W/"${createHash("sha1").update(`${source}|${req.buyer.discountPercent}`).digest("base64url")}"`;
  if (tags) {
    const until = await nextHoldExpiry(db, offerLinesOfCatalogs(looked));
    tags.set(key, etag, ["offers", "accounts", cartOwnerTopic(owner), ...looked.map((id) => `holds:${id}`)], fill, until);
  }
  if (etagMatches(req.ifNoneMatch, etag)) return { etag, notModified: true, entry: null };
  const cached = cache?.get(etag);
  if (cached) return { etag, notModified: false, entry: cached };

  // The rows: this date's offer lines, then the products it does not offer from the later catalog
  // each is next offered in (one query per such catalog).
  const read = async (): Promise<CatalogSource> => {
    const current = await offerRows(db, [catalog.id], own);
    const upcoming = new Map<number, string[]>();
    for (const n of nexts) if (n.notOffered) upcoming.set(n.catalogId, [...(upcoming.get(n.catalogId) ?? []), n.productId]);
    const next: CatalogSource["upcoming"] = [];
    for (const l of later) {
      const ids = upcoming.get(l.offer.id);
      if (!ids) continue;
      for (const row of await offerRows(db, [l.offer.id], own, offerLineOfProducts(ids))) next.push({ row, orderId: l.offer.orderId, date: l.date });
    }
    return { current, upcoming: next };
  };
  const build = async () => {
    // Only rows every cart holding nothing shares are kept; a holding cart's are its own (its answer is kept).
    const { current, upcoming } = await (sources && !own ? sources.getOrBuild(source, read) : read());
    const dateOf = new Map(later.map((l) => [l.offer.id, l.date]));
    const nextDate = new Map(nexts.map((n) => [n.productId, dateOf.get(n.catalogId)!]));
    const products: Product[] = current.map((r) => toProduct(r, catalog.orderId, req.buyer.discountPercent, nextDate.get(r.p.productId) ?? null));
    const upcomingProducts = upcoming.map((u) => toUpcomingProduct(u.row, u.orderId, req.buyer.discountPercent, u.date));
    upcomingProducts.sort((a, b) => a.category.localeCompare(b.category) || a.description.localeCompare(b.description) || a.productId.localeCompare(b.productId));
    products.push(...upcomingProducts);
    return JSON.stringify(products);
  };
  // Requests arriving together for a new answer share one build.
  const entry = cache ? await cache.getOrBuild(etag, build) : { json: await build() };
  return { etag, notModified: false, entry };
}
