// The store's catalogs, catalog customers, products and offer lines as the supply desk
// (server/modules/supply) keeps them: whole rows with what is ordered, held and linked, and their
// writes. Every function takes DbOrTx so the desk runs it inside its transaction (a new catalog, its
// customers and copied lines are one). lockLines takes the offer lines' row lock (FOR NO KEY UPDATE,
// in id order) that every stock decision of the store takes too, so a quantity change and a buyer's
// hold or order are decided one after the other.
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { likeContaining, rowsOf, type DbOrTx } from "../../../db/client.ts";
import { catalogCustomers, catalogs, holdsRead, offerLines, orderLinesRead, products } from "../../../db/schema/index.ts";
import type { CatalogRow, OfferLineRow, ProductRow } from "./repo.ts";

export type { CatalogRow, OfferLineRow, ProductRow };
export type NewProductRow = typeof products.$inferInsert;
export type NewOfferLineRow = typeof offerLines.$inferInsert;

// ---- products ---------------------------------------------------------------------------------

/** Bunches ever ordered of each product (any order line, cancelled orders included: it was ordered). */
const orderedOf = sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLinesRead} l where l.product_id = "products"."product_id")`.mapWith(Number);
const everOrdered = sql<number>`(select count(*)::int from ${orderLinesRead} l where l.product_id = "products"."product_id")`.mapWith(Number);
const linesOf = sql<number>`(select count(*)::int from ${offerLines} o where o.product_id = "products"."product_id")`.mapWith(Number);

export async function listProducts(db: DbOrTx, filter: { q?: string; retired?: boolean }, limit: number) {
  const where = and(
    filter.q ? or(ilike(products.productId, likeContaining(filter.q)), ilike(products.description, likeContaining(filter.q))) : undefined,
    filter.retired === undefined ? undefined : eq(products.active, !filter.retired),
  );
  return db
    .select({ p: products, ordered: orderedOf, offerLines: linesOf })
    .from(products)
    .where(where)
    .orderBy(asc(products.description), asc(products.productId))
    .limit(limit);
}

export async function productById(db: DbOrTx, productId: string, lock = false) {
  const q = db.select({ p: products, ordered: orderedOf, orderLines: everOrdered, offerLines: linesOf }).from(products).where(eq(products.productId, productId));
  const [row] = lock ? await q.for("update", { of: products }) : await q;
  return row;
}

export async function insertProduct(db: DbOrTx, values: NewProductRow): Promise<boolean> {
  const rows = await db.insert(products).values(values).onConflictDoNothing().returning({ id: products.productId });
  return rows.length === 1;
}

export async function updateProduct(db: DbOrTx, productId: string, set: Partial<NewProductRow>) {
  await db.update(products).set(set).where(eq(products.productId, productId));
}

export async function deleteProduct(db: DbOrTx, productId: string) {
  await db.delete(products).where(eq(products.productId, productId));
}

/** Products by code (upper case), for the upload. */
export async function productsByIds(db: DbOrTx, ids: string[]): Promise<ProductRow[]> {
  if (!ids.length) return [];
  return db.select().from(products).where(inArray(products.productId, ids));
}

// ---- catalogs ---------------------------------------------------------------------------------

const customerIdsOf = sql<string[]>`coalesce((select array_agg(cc.customer_id order by cc.customer_id) from ${catalogCustomers} cc where cc.catalog_id = "catalogs"."id"), '{}')`;
/** Lines of either kind: offer lines (wholesale) or bouquet lines (mass market). */
const lineCount = sql<number>`((select count(*)::int from ${offerLines} o where o.catalog_id = "catalogs"."id") + (select count(*)::int from mm_catalog_products_read m where m.catalog_id = "catalogs"."id"))`.mapWith(Number);

export async function listCatalogs(db: DbOrTx, range: { from?: string; to?: string }) {
  return db
    .select({ c: catalogs, customerIds: customerIdsOf, lines: lineCount })
    .from(catalogs)
    .where(and(range.to ? sql`${catalogs.shipDateFrom} <= ${range.to}::date` : undefined, range.from ? sql`${catalogs.shipDateTo} >= ${range.from}::date` : undefined))
    .orderBy(asc(catalogs.shipDateFrom), asc(catalogs.orderId))
    .limit(500);
}

export async function catalogById(db: DbOrTx, catalogId: number, lock = false) {
  const q = db.select({ c: catalogs, customerIds: customerIdsOf, lines: lineCount }).from(catalogs).where(eq(catalogs.id, catalogId));
  const [row] = lock ? await q.for("update", { of: catalogs }) : await q;
  return row;
}

/** The next offer order number: one more than the highest, taken under a transaction-wide lock. */
export async function nextCatalogOrderId(tx: DbOrTx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogs.order_id'))`);
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select coalesce(max(order_id), 7000)::int + 1 as n from catalogs`));
  return Number(row!.n);
}

export async function insertCatalog(tx: DbOrTx, values: typeof catalogs.$inferInsert): Promise<CatalogRow> {
  const [row] = await tx.insert(catalogs).values(values).returning();
  return row!;
}

export async function updateCatalog(tx: DbOrTx, catalogId: number, set: Partial<typeof catalogs.$inferInsert>) {
  await tx.update(catalogs).set({ ...set, updatedAt: sql`now()` }).where(eq(catalogs.id, catalogId));
}

export async function setCatalogCustomers(tx: DbOrTx, catalogId: number, customerIds: string[]) {
  await tx.delete(catalogCustomers).where(eq(catalogCustomers.catalogId, catalogId));
  if (customerIds.length) await tx.insert(catalogCustomers).values(customerIds.map((customerId) => ({ catalogId, customerId })));
}

// ---- offer lines ------------------------------------------------------------------------------

/** Active holds of every cart on each line. */
const heldOf = sql<number>`(select coalesce(sum(h.quantity), 0)::int from ${holdsRead} h where h.offer_line_id = "offer_lines"."id" and h.expires_at > now())`.mapWith(Number);

export interface LineWithProduct {
  ol: OfferLineRow;
  p: ProductRow;
  held: number;
}

/** A catalog's lines with their product and active holds, in the order of the product's description. */
export async function catalogLines(db: DbOrTx, catalogId: number): Promise<LineWithProduct[]> {
  return db
    .select({ ol: offerLines, p: products, held: heldOf })
    .from(offerLines)
    .innerJoin(products, eq(products.productId, offerLines.productId))
    .where(eq(offerLines.catalogId, catalogId))
    .orderBy(asc(products.description), asc(offerLines.id));
}

/**
 * Locks the named lines of a catalog (FOR NO KEY UPDATE, one statement in id order: the store's
 * order, so the desk and buyers never deadlock), then answers them with product and active holds,
 * read after the lock so no hold can be added between the read and the write.
 */
export async function lockLines(tx: DbOrTx, catalogId: number, lineIds: number[]): Promise<Map<number, LineWithProduct>> {
  if (!lineIds.length) return new Map();
  await tx
    .select({ id: offerLines.id })
    .from(offerLines)
    .where(and(eq(offerLines.catalogId, catalogId), inArray(offerLines.id, lineIds)))
    .orderBy(asc(offerLines.id))
    .for("no key update");
  const rows = await tx
    .select({ ol: offerLines, p: products, held: heldOf })
    .from(offerLines)
    .innerJoin(products, eq(products.productId, offerLines.productId))
    .where(and(eq(offerLines.catalogId, catalogId), inArray(offerLines.id, lineIds)));
  return new Map(rows.map((r) => [r.ol.id, r]));
}

export async function lineIdsOfProducts(db: DbOrTx, catalogId: number, productIds: string[]): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ id: offerLines.id, productId: offerLines.productId })
    .from(offerLines)
    .where(and(eq(offerLines.catalogId, catalogId), inArray(offerLines.productId, productIds)));
  return new Map(rows.map((r) => [r.productId, r.id]));
}

export async function insertLines(tx: DbOrTx, values: NewOfferLineRow[]): Promise<OfferLineRow[]> {
  if (!values.length) return [];
  const out: OfferLineRow[] = [];
  for (let i = 0; i < values.length; i += 1000) out.push(...(await tx.insert(offerLines).values(values.slice(i, i + 1000)).returning()));
  return out;
}

export async function updateLine(tx: DbOrTx, lineId: number, set: Partial<NewOfferLineRow>) {
  await tx.update(offerLines).set(set).where(eq(offerLines.id, lineId));
}

/** Many lines' new values in one statement per 1,000 (the upload). */
export async function updateLines(tx: DbOrTx, rows: { id: number; set: NewOfferLineRow }[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    const part = rows.slice(i, i + 1000);
    const values = sql.join(
      part.map(
        ({ id, set: s }) =>
          sql`(${id}::int, ${s.originalQuantity ?? null}::int, ${s.standardPriceCents}::int, ${s.standardPriceNoPailCents}::int, ${s.priceCents}::int, ${s.priceNoPailCents}::int, ${s.special}::boolean, ${s.discount}::numeric, ${s.discountQuantity}::int, ${s.discountPriceCents}::int, ${s.discountPriceNoPailCents}::int, ${s.discountQuantity2}::int, ${s.discountPrice2Cents}::int, ${s.discountPriceNoPail2Cents}::int, ${s.showStore}::boolean, ${s.isFinalProduct}::boolean, ${s.nextAvailableDate ?? null}::date)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update offer_lines as ol set original_quantity = v.q, standard_price_cents = v.sp, standard_price_no_pail_cents = v.spn, price_cents = v.p,
             price_no_pail_cents = v.pn, special = v.special, discount = v.discount, discount_quantity = v.dq, discount_price_cents = v.dp,
             discount_price_no_pail_cents = v.dpn, discount_quantity2 = v.dq2, discount_price2_cents = v.dp2, discount_price_no_pail2_cents = v.dpn2,
             show_store = v.show, is_final_product = v.final, next_available_date = v.next
        from (values ${values}) as v(id, q, sp, spn, p, pn, special, discount, dq, dp, dpn, dq2, dp2, dpn2, show, final, next)
       where ol.id = v.id`);
  }
}

export async function deleteLine(tx: DbOrTx, lineId: number) {
  await tx.delete(offerLines).where(eq(offerLines.id, lineId));
}
