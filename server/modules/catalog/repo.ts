// The wholesale store's catalogue reads (catalogs covering a buyer, offer lines as the store shows
// them, fingerprints, later offers) and the stock primitives behind the never-oversold invariant.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { catalogs, offerLines, products } from "../../../db/schema/index.ts";
import type { Buyer } from "../buyers/index.ts";
import { catalogLinesHeldByOthers, offerLineHoldsFingerprintSql, offerLinesHeldByOthers } from "../carts/index.ts";
import { catalogCover } from "./repo-covering.ts";

export type CatalogRow = typeof catalogs.$inferSelect;
export type OfferLineRow = typeof offerLines.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/**
 * Wholesale catalogs covering `date` for the buyer: those restricted to this customer, and the
 * unrestricted ones when the customer is a wholesale customer. "Current first": a catalog made for
 * this customer beats a general one, then the latest-starting offer, then the highest order number.
 */
export async function catalogsFor(db: DbOrTx, buyer: Pick<Buyer, "customerId" | "kind">, date: string): Promise<CatalogRow[]> {
  const { mine, coveringOn } = wholesaleCover(buyer, date);
  return db
    .select()
    .from(catalogs)
    .where(coveringOn)
    .orderBy(sql`${mine} desc`, sql`${catalogs.shipDateFrom} desc`, sql`${catalogs.orderId} desc`);
}

/**
 * The wholesale catalogs covering `date` for the buyer (`coveringOn`, a filter over `catalogs`) and
 * whether a catalog names the buyer's customer (`mine`, what "current first" ranks first).
 */
export function wholesaleCover(buyer: { customerId: string | SQL; kind: Buyer["kind"] }, date: string | SQL) {
  const { mine, covers } = catalogCover(buyer.customerId, { general: buyer.kind === "wholesale" });
  const coveringOn = and(eq(catalogs.kind, "wholesale"), sql`${catalogs.shipDateFrom} <= ${date}::date`, sql`${catalogs.shipDateTo} >= ${date}::date`, covers);
  return { mine, coveringOn };
}

/** Catalogs of the buyer that start after `date` (future specials, next available dates), soonest first. */
export async function laterCatalogs(db: DbOrTx, buyer: Pick<Buyer, "customerId" | "kind">, date: string, limit = 20): Promise<CatalogRow[]> {
  const { covers } = catalogCover(buyer.customerId, { general: buyer.kind === "wholesale" });
  return db
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.kind, "wholesale"), sql`${catalogs.shipDateFrom} > ${date}::date`, covers))
    .orderBy(asc(catalogs.shipDateFrom), asc(catalogs.orderId))
    .limit(limit);
}

/** An offer line visible in the store: the line, its product, and the stock held by carts other than the buyer's. */
export interface OfferRow {
  ol: OfferLineRow;
  p: ProductRow;
  /** Active holds of other carts on this line. */
  heldByOthers: number;
}

export const visible = and(eq(offerLines.showStore, true), eq(products.showStore, true), eq(products.active, true));

/**
 * One query for a whole catalog: offer lines joined with products, and the active holds of other
 * carts summed in one grouped subquery (holds are few; the holds index covers line + expiry).
 */
export async function offerRows(
  db: DbOrTx,
  catalogIds: number[],
  excludeCartId: number,
  filter?: SQL,
): Promise<OfferRow[]> {
  if (!catalogIds.length) return [];
  const held = catalogLinesHeldByOthers(db, catalogIds, excludeCartId);
  const rows = await db
    .select({ ol: offerLines, p: products, heldByOthers: sql<number>`coalesce(${held.qty}, 0)`.mapWith(Number) })
    .from(offerLines)
    .innerJoin(products, eq(products.productId, offerLines.productId))
    .leftJoin(held, eq(held.offerLineId, offerLines.id))
    .where(and(inArray(offerLines.catalogId, catalogIds), visible, filter))
    .orderBy(asc(products.category), asc(products.description), asc(products.productId));
  return rows;
}

/** Which offer lines of a catalog another module asks for (all given conditions hold). */
export interface OfferFilter {
  special?: boolean;
  productIds?: string[];
  varieties?: string[];
}

/** offerRows with a filter in the store's terms: what other modules (dashboard) read through the store's face. */
export async function filteredOfferRows(db: DbOrTx, catalogIds: number[], excludeCartId: number, filter: OfferFilter): Promise<OfferRow[]> {
  return offerRows(
    db,
    catalogIds,
    excludeCartId,
    and(
      filter.special !== undefined ? eq(offerLines.special, filter.special) : undefined,
      filter.productIds ? inArray(offerLines.productId, filter.productIds) : undefined,
      filter.varieties ? inArray(products.variety, filter.varieties) : undefined,
    ),
  );
}

/** The distinct varieties of these products. */
export async function varietiesOf(db: DbOrTx, productIds: string[]): Promise<string[]> {
  const rows = await db.selectDistinct({ variety: products.variety }).from(products).where(inArray(products.productId, productIds));
  return rows.map((r) => r.variety);
}

/**
 * A fingerprint of everything Catalog/Products depends on besides the request: the catalog's offer
 * lines and their products (sum(version) and count(*) from the (catalog_id, version) index: a trigger
 * gives a line a new version whenever it or its product changes, an insert takes a new one, a delete
 * lowers the count), and the set of active holds of other carts (an order-free sum of hashes). A hold
 * lapsing leaves the active set, so the fingerprint changes with time alone, as the answer does.
 * The sum, not the max: versions are taken before commit, so a line whose new version is lower than
 * one already committed (a slower transaction) would leave the max, and so a cached answer, unchanged.
 */
export async function catalogFingerprint(db: DbOrTx, catalogId: number, excludeCartId: number): Promise<string> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(version), 0)::text || '.' || count(*)::text
         from offer_lines where catalog_id = ${catalogId}) as lines,
      ${offerLineHoldsFingerprintSql(catalogId, excludeCartId)} as held,
      (select updated_at::text from catalogs where id = ${catalogId}) as updated`);
  const row = rowsOf<{ lines: string; held: string; updated: string }>(result)[0]!;
  return `${row.lines}|${row.held}|${row.updated}`;
}

/**
 * What the store shows of a catalog's lines beside their quantities (prices, specials, tiers, flags),
 * one text in product order (an SQL expression; null when the catalog shows no line): live
 * availability digests it to tell a page to read its list again.
 */
export const offerTermsSql = (catalogId: number) => sql`(
        select string_agg(concat_ws('|', ol.product_id, ol.special, ol.standard_price_cents, ol.standard_price_no_pail_cents, ol.price_cents,
                                    ol.price_no_pail_cents, ol.discount_quantity, ol.discount_price_cents, ol.discount_price_no_pail_cents,
                                    ol.discount_quantity2, ol.discount_price2_cents, ol.discount_price_no_pail2_cents, ol.is_final_product,
                                    ol.next_available_date), ';' order by ol.product_id)
          from ${offerLines} ol where ol.catalog_id = ${catalogId} and ol.show_store)`;

/** A product's soonest later offer with stock to sell, and a hash of that offer line and product row (for the ETag). */
export interface NextOffer {
  productId: string;
  catalogId: number;
  /** True when this date's catalog has no line of the product in the store. */
  notOffered: boolean;
  hash: string;
}

/**
 * The soonest later offer of each product that needs one for a Catalog/Products answer: products
 * in the store that the catalog does not offer (or has withdrawn), and the catalog's lines that can
 * show a text state without a grower's date (stock not confirmed, or a final product). `later` are
 * the catalog ids to look in, soonest first. Driven by the products (an index lookup each), so its
 * cost does not grow with the number of later catalogs times their size.
 */
export async function nextOffers(db: DbOrTx, catalogId: number, later: number[]): Promise<NextOffer[]> {
  if (!later.length) return [];
  const ids = sql`ARRAY[${sql.join(
    later.map((id) => sql`${id}::int`),
    sql`, `,
  )}]::int[]`;
  const result = await db.execute(sql`
    select p.product_id, nxt.catalog_id, cur.id is null as not_offered,
           (hashtext(nol::text)::bigint + hashtext(p::text)::bigint)::text as hash
      from products p
      left join offer_lines cur on cur.catalog_id = ${catalogId} and cur.product_id = p.product_id and cur.show_store
      cross join lateral (
        select ol.id, ol.catalog_id
          from offer_lines ol
         where ol.product_id = p.product_id and ol.catalog_id = any(${ids}) and ol.show_store
           -- "next available": a later offer with confirmed stock not yet sold (not another pending one)
           and ol.original_quantity > ol.quantity_ordered
         order by array_position(${ids}, ol.catalog_id)
         limit 1) nxt
      join offer_lines nol on nol.id = nxt.id
     where p.active and p.show_store
       and (cur.id is null or (cur.next_available_date is null and (cur.original_quantity is null or cur.is_final_product)))
     order by p.product_id`);
  return rowsOf<{ product_id: string; catalog_id: number; not_offered: boolean; hash: string }>(result).map((r) => ({
    productId: r.product_id,
    catalogId: Number(r.catalog_id),
    notOffered: r.not_offered,
    hash: r.hash,
  }));
}

/** Active holds on the given offer lines, summed per line, of every cart except one (the carts engine's). */
export async function heldByOthers(db: DbOrTx, offerLineIds: number[], cartId: number): Promise<Map<number, number>> {
  return offerLinesHeldByOthers(db, offerLineIds, cartId);
}

/**
 * Locks offer lines for a stock decision. One statement sorted by id: rows are locked in id order,
 * so two buyers touching the same lines never deadlock. NO KEY UPDATE serialises buyers exactly like
 * FOR UPDATE but does not block foreign-key checks (cart and order lines referencing the row).
 */
export async function lockOfferLines(tx: DbOrTx, ids: number[]): Promise<Map<number, OfferLineRow>> {
  if (!ids.length) return new Map();
  const rows = await tx.select().from(offerLines).where(inArray(offerLines.id, ids)).orderBy(asc(offerLines.id)).for("no key update");
  return new Map(rows.map((r) => [r.id, r]));
}

/** Of these products, those an offer line of the given catalogs sells in the store (shown and active). */
export async function offeredProductIds(db: DbOrTx, catalogIds: number[], productIds: string[]): Promise<Set<string>> {
  if (!catalogIds.length || !productIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: offerLines.productId })
    .from(offerLines)
    .innerJoin(products, eq(products.productId, offerLines.productId))
    .where(
      and(
        inArray(offerLines.catalogId, catalogIds),
        inArray(offerLines.productId, productIds),
        eq(offerLines.showStore, true),
        eq(products.showStore, true),
        eq(products.active, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
