import { createHash } from "node:crypto";
import type { Db } from "../../../db/client.ts";
import type { Catalog, Product, Profile } from "../../../contract/store.ts";
import { badRequest, notFound } from "../../errors.ts";
import { openDates, openPickupDates } from "./dates.ts";
import { inArray } from "drizzle-orm";
import { offerLines } from "../../../db/schema/index.ts";
import { nextAvailableDates } from "../../../domain/availability.ts";
import { toProduct, toUpcomingProduct } from "./pricing.ts";
import type { AnswerCache } from "./answer-cache.ts";
import {
  cartIdOf,
  catalogFingerprint,
  catalogsFor,
  laterCatalogs,
  offerRows,
  offersFingerprint,
  visibleOfferPairs,
  type Buyer,
  type CatalogRow,
} from "./repo.ts";

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
 * Catalog/Products: the offer lines of a catalog covering `date` for this buyer, then the products
 * only the buyer's later offers have (Not Available, with the date they are next offered; see
 * docs/domain-store.md "Availability states"). The ETag hashes the catalog fingerprint (every offer
 * line and product row, the active holds of other carts), the later offers' fingerprint and what
 * else the answer depends on (date, ship weekdays, customer price level, the asking cart), so a
 * match is answered 304 without loading or serialising a single product.
 */
export async function catalogProducts(
  db: Db,
  req: ProductsRequest,
  cache?: AnswerCache,
): Promise<{ etag: string; notModified: boolean; entry: AnswerEntry | null }> {
  const catalog = (await catalogsFor(db, req.buyer, req.date)).find((c) => c.orderId === req.catalogOrderId);
  if (!catalog) throw notFound(`Catalog ${req.catalogOrderId} is not offered for ${req.date}.`);
  const cartId = await cartIdOf(db, { userId: req.userId, customerId: req.buyer.customerId, retailerId: req.buyer.retailerId });
  const later = (await laterCatalogs(db, req.buyer, req.date)).filter((c) => c.id !== catalog.id);
  const laterIds = later.map((c) => c.id);
  const weekdays = req.buyer.shipTimes.map((t) => t.weekday);
  const fingerprint = await catalogFingerprint(db, catalog.id, cartId);
  const laterPrint = await offersFingerprint(db, laterIds);
  const etag = `W/"${createHash("sha1")
    .update(`v2|${catalog.orderId}|${req.date}|${weekdays.join(",")}|${req.buyer.discountPercent}|${cartId}|${fingerprint}|${laterPrint}`)
    .digest("base64url")}"`;
  if (etagMatches(req.ifNoneMatch, etag)) return { etag, notModified: true, entry: null };
  const cached = cache?.get(etag);
  if (cached) return { etag, notModified: false, entry: cached };

  const rows = await offerRows(db, [catalog.id], cartId);
  const byId = new Map(later.map((c) => [c.id, c]));
  const pairs = await visibleOfferPairs(db, laterIds);
  const next = nextAvailableDates(
    pairs.map((p) => ({ productId: p.productId, from: byId.get(p.catalogId)!.shipDateFrom, to: byId.get(p.catalogId)!.shipDateTo, catalogId: p.catalogId })),
    req.date,
    weekdays,
  );
  const products: Product[] = rows.map((r) => toProduct(r, catalog.orderId, req.buyer.discountPercent, next.get(r.p.productId)?.date ?? null));

  // Products this date's offer does not have: one query per later catalog they are next offered in.
  const offered = new Set(rows.map((r) => r.p.productId));
  const upcoming = new Map<number, string[]>();
  for (const [productId, n] of next) {
    if (offered.has(productId)) continue;
    upcoming.set(n.offer.catalogId, [...(upcoming.get(n.offer.catalogId) ?? []), productId]);
  }
  const upcomingProducts: Product[] = [];
  for (const [catalogId, productIds] of upcoming) {
    const laterRows = await offerRows(db, [catalogId], cartId, inArray(offerLines.productId, productIds));
    for (const r of laterRows) upcomingProducts.push(toUpcomingProduct(r, byId.get(catalogId)!.orderId, req.buyer.discountPercent, next.get(r.p.productId)!.date));
  }
  upcomingProducts.sort((a, b) => a.category.localeCompare(b.category) || a.description.localeCompare(b.description) || a.productId.localeCompare(b.productId));
  products.push(...upcomingProducts);

  const json = JSON.stringify(products);
  return { etag, notModified: false, entry: cache ? cache.set(etag, json) : { json } };
}
