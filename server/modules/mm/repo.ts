// Every SQL statement of the mass-market store.
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import {
  cartLines,
  carts,
  catalogs,
  customers,
  mmBarcodes,
  mmCatalogProducts,
  mmHolds,
  mmOrderLineLabels,
  mmPackages,
  mmProducts,
  orderLines,
  orders,
} from "../../../db/schema/index.ts";
import { catalogCover } from "../store/index.ts";

export type MmCatalogRow = typeof catalogs.$inferSelect;
export type MmProductRow = typeof mmProducts.$inferSelect;
export type MmCatalogLineRow = typeof mmCatalogProducts.$inferSelect;
export type MmPackageRow = typeof mmPackages.$inferSelect;
export type MmCartRow = typeof carts.$inferSelect;
export type MmCartLineRow = typeof cartLines.$inferSelect;
export type NewCartLine = typeof cartLines.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;
export type BarcodeRow = typeof mmBarcodes.$inferSelect;

/** Who owns an MM cart: one per (user, customer). */
export interface MmOwner {
  userId: string;
  customerId: string;
}

/**
 * Mass-market catalogs covering `date` for the customer, current first: the ones made for this
 * customer, then the general ones (no customer rows), then the latest-starting, then the highest
 * order number. The first one's orderId is what Products is asked for (SPEC §7).
 */
export async function catalogsCovering(db: DbOrTx, customerId: string, date: string): Promise<MmCatalogRow[]> {
  const { mine, covers } = catalogCover(customerId);
  return db
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.kind, "massMarket"), sql`${catalogs.shipDateFrom} <= ${date}::date`, sql`${catalogs.shipDateTo} >= ${date}::date`, covers))
    .orderBy(sql`${mine} desc`, desc(catalogs.shipDateFrom), desc(catalogs.orderId));
}

export async function catalogByOrderId(db: DbOrTx, orderId: number): Promise<MmCatalogRow | undefined> {
  const [c] = await db.select().from(catalogs).where(and(eq(catalogs.orderId, orderId), eq(catalogs.kind, "massMarket")));
  return c;
}

export async function allPackages(db: DbOrTx): Promise<MmPackageRow[]> {
  return db.select().from(mmPackages).orderBy(asc(mmPackages.category), asc(mmPackages.priceCents), asc(mmPackages.type));
}

export interface CatalogLine {
  line: MmCatalogLineRow;
  product: MmProductRow;
  /** Active holds of carts other than the asking one. */
  heldByOthers: number;
}

/** A catalog's active products with what other carts hold of each; optionally only some products. */
export async function catalogLines(db: DbOrTx, catalogId: number, excludeCartId: number, productIds?: string[]): Promise<CatalogLine[]> {
  if (productIds && !productIds.length) return [];
  const held = db
    .select({ productId: mmHolds.productId, qty: sql<number>`sum(${mmHolds.quantity})::int`.as("held_qty") })
    .from(mmHolds)
    .where(and(eq(mmHolds.catalogId, catalogId), gt(mmHolds.expiresAt, sql`now()`), ne(mmHolds.cartId, excludeCartId)))
    .groupBy(mmHolds.productId)
    .as("held");
  return db
    .select({ line: mmCatalogProducts, product: mmProducts, heldByOthers: sql<number>`coalesce(${held.qty}, 0)`.mapWith(Number) })
    .from(mmCatalogProducts)
    .innerJoin(mmProducts, eq(mmProducts.productId, mmCatalogProducts.productId))
    .leftJoin(held, eq(held.productId, mmCatalogProducts.productId))
    .where(and(eq(mmCatalogProducts.catalogId, catalogId), eq(mmProducts.active, true), productIds ? inArray(mmCatalogProducts.productId, productIds) : undefined))
    .orderBy(asc(mmProducts.category), asc(mmProducts.description), asc(mmProducts.productId));
}

/**
 * Locks a catalog's lines for a stock decision, in product id order (two buyers never deadlock).
 * NO KEY UPDATE serialises buyers like FOR UPDATE without blocking the holds' foreign-key checks.
 */
export async function lockCatalogLines(tx: DbOrTx, catalogId: number, productIds: string[]): Promise<void> {
  if (!productIds.length) return;
  await tx
    .select({ id: mmCatalogProducts.productId })
    .from(mmCatalogProducts)
    .where(and(eq(mmCatalogProducts.catalogId, catalogId), inArray(mmCatalogProducts.productId, productIds)))
    .orderBy(asc(mmCatalogProducts.productId))
    .for("no key update");
}

const ownerWhere = (o: MmOwner) => and(eq(carts.userId, o.userId), eq(carts.customerId, o.customerId), eq(carts.retailerId, 0), eq(carts.store, "mm"));

export async function findCart(db: DbOrTx, owner: MmOwner): Promise<MmCartRow | undefined> {
  const [c] = await db.select().from(carts).where(ownerWhere(owner));
  return c;
}

/** The owner's MM cart, created on first use (boxed when the customer always is). */
export async function ensureCart(db: DbOrTx, owner: MmOwner, alwaysBoxed: boolean): Promise<MmCartRow> {
  const found = await findCart(db, owner);
  if (found) return found;
  await db.insert(carts).values({ userId: owner.userId, customerId: owner.customerId, retailerId: 0, store: "mm", boxed: alwaysBoxed }).onConflictDoNothing();
  return (await findCart(db, owner))!;
}

/** The owner's cart locked for the rest of the transaction (created first if missing). */
export async function lockCart(tx: DbOrTx, owner: MmOwner, alwaysBoxed: boolean): Promise<MmCartRow> {
  const [existing] = await tx.select().from(carts).where(ownerWhere(owner)).for("update");
  if (existing) return existing;
  await tx.insert(carts).values({ userId: owner.userId, customerId: owner.customerId, retailerId: 0, store: "mm", boxed: alwaysBoxed }).onConflictDoNothing();
  const [cart] = await tx.select().from(carts).where(ownerWhere(owner)).for("update");
  return cart!;
}

export async function cartLinesOf(db: DbOrTx, cartId: number): Promise<MmCartLineRow[]> {
  return db.select().from(cartLines).where(eq(cartLines.cartId, cartId)).orderBy(asc(cartLines.position), asc(cartLines.id));
}

export async function updateCart(tx: DbOrTx, cartId: number, values: { shipDate?: string | null; boxed?: boolean; holdMs?: number | null; keepHold?: Date | null }) {
  const holdExpiresAt =
    values.holdMs !== undefined && values.holdMs !== null ? sql`now() + ${values.holdMs} * interval '1 millisecond'` : (values.keepHold ?? null);
  const [saved] = await tx
    .update(carts)
    .set({
      ...(values.shipDate !== undefined ? { shipDate: values.shipDate } : {}),
      ...(values.boxed !== undefined ? { boxed: values.boxed } : {}),
      holdExpiresAt,
      version: sql`${carts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(carts.id, cartId))
    .returning();
  return saved!;
}

/** Replaces a cart's lines and holds (lines with quantity held get a hold until `expiresAt`). */
export async function replaceCartContents(
  tx: DbOrTx,
  cartId: number,
  lines: NewCartLine[],
  holds: { catalogId: number; productId: string; quantity: number }[],
  expiresAt: Date | null,
): Promise<void> {
  await tx.delete(mmHolds).where(eq(mmHolds.cartId, cartId));
  if (holds.length && expiresAt) {
    await tx.insert(mmHolds).values(holds.map((h) => ({ cartId, ...h, expiresAt })));
  }
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  if (lines.length) await tx.insert(cartLines).values(lines);
}

/** The label data this customer last used, per product. */
export async function rememberedBarcodes(db: DbOrTx, customerId: string, productIds: string[]): Promise<Map<string, BarcodeRow>> {
  if (!productIds.length) return new Map();
  const rows = await db.select().from(mmBarcodes).where(and(eq(mmBarcodes.customerId, customerId), inArray(mmBarcodes.productId, productIds)));
  return new Map(rows.map((r) => [r.productId, r]));
}

export async function rememberBarcodes(
  tx: DbOrTx,
  rows: { customerId: string; productId: string; barcodeNumber: string; barcodeTop: string | null; barcodeLeft: string | null; barcodeBottom: string | null }[],
): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(mmBarcodes)
    .values(rows)
    .onConflictDoUpdate({
      target: [mmBarcodes.customerId, mmBarcodes.productId],
      set: {
        barcodeNumber: sql`excluded.barcode_number`,
        barcodeTop: sql`excluded.barcode_top`,
        barcodeLeft: sql`excluded.barcode_left`,
        barcodeBottom: sql`excluded.barcode_bottom`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Adds ordered bouquets to a catalog's lines, guarded by the invariant: ordered + other carts'
 * active holds never exceed what the catalog has. Returns how many lines took the quantity; fewer
 * than asked means the stock changed and the caller rolls back.
 */
export async function takeStock(tx: DbOrTx, catalogId: number, cartId: number, take: Map<string, number>): Promise<number> {
  if (!take.size) return 0;
  const values = sql.join(
    [...take].map(([productId, q]) => sql`(${productId}::text, ${q}::int)`),
    sql`, `,
  );
  const updated = rowsOf<{ product_id: string }>(
    await tx.execute(sql`
      update mm_catalog_products as cp set quantity_ordered = cp.quantity_ordered + v.q
        from (values ${values}) as v(product_id, q)
       where cp.catalog_id = ${catalogId} and cp.product_id = v.product_id
         and cp.quantity_ordered + v.q + coalesce((select sum(h.quantity) from mm_holds h
               where h.catalog_id = cp.catalog_id and h.product_id = cp.product_id
                 and h.cart_id <> ${cartId} and h.expires_at > now()), 0) <= cp.available
      returning cp.product_id`),
  );
  return updated.length;
}

export async function orderByKey(db: DbOrTx, userId: string, key: string) {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key), eq(orders.store, "mm")));
  return o;
}

export async function insertOrder(tx: DbOrTx, values: typeof orders.$inferInsert, lines: (NewOrderLine & { label?: LabelValues | null })[]) {
  const [order] = await tx.insert(orders).values(values).returning();
  const saved = await tx
    .insert(orderLines)
    .values(lines.map(({ label: _label, ...l }) => ({ ...l, orderId: order!.id })))
    .returning({ id: orderLines.id, position: orderLines.position });
  const byPosition = new Map(saved.map((s) => [s.position, s.id]));
  const labels = lines.flatMap((l) => (l.label ? [{ orderLineId: byPosition.get(l.position!)!, ...l.label }] : []));
  if (labels.length) await tx.insert(mmOrderLineLabels).values(labels);
  return order!;
}

export interface LabelValues {
  barcodeNumber: string | null;
  barcodeTop: string | null;
  barcodeLeft: string | null;
  barcodeBottom: string | null;
}

export async function emptyCart(tx: DbOrTx, cartId: number): Promise<void> {
  await tx.delete(mmHolds).where(eq(mmHolds.cartId, cartId));
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await tx
    .update(carts)
    .set({ shipDate: null, holdExpiresAt: null, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

export type OrderRow = typeof orders.$inferSelect;

/** A customer's mass-market orders, newest first. */
export async function ordersOf(db: DbOrTx, customerId: string, limit: number) {
  const items = sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = "orders"."id" and lower(l.category) not in ('boxes', 'pails') and l.description <> 'Eco Fee')`.mapWith(Number);
  return db
    .select({ o: orders, itemCount: items })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.store, "mm")))
    .orderBy(desc(orders.placedAt), desc(orders.orderNumber))
    .limit(limit);
}

export async function orderOf(db: DbOrTx, customerId: string, orderNumber: number) {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.store, "mm"), eq(orders.orderNumber, orderNumber)));
  if (!o) return null;
  const lines = await db
    .select({ l: orderLines, label: mmOrderLineLabels })
    .from(orderLines)
    .leftJoin(mmOrderLineLabels, eq(mmOrderLineLabels.orderLineId, orderLines.id))
    .where(eq(orderLines.orderId, o.id))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  return { o, lines };
}

/** Catalog lines of the next ship date's catalog whose catalog price is below the list price. */
export async function priceDrops(db: DbOrTx, catalogId: number, limit: number): Promise<CatalogLine[]> {
  const rows = await catalogLines(db, catalogId, 0);
  return rows
    .filter((r) => r.line.pricePerBouquetCents !== null && r.line.pricePerBouquetCents < r.product.pricePerBouquetCents)
    .slice(0, limit);
}

/** The held part of a fingerprint: the active holds of other carts on a catalog (SQL fragment). */
const heldBy = (catalogId: unknown, excludeCartId: unknown) => sql`(select count(*)::text || '.' || coalesce(sum(hashtext(h.cart_id::text || ':' || h.product_id || ':' || h.quantity::text)::bigint), 0)::text
         from mm_holds h where h.catalog_id = ${catalogId} and h.expires_at > now() and h.cart_id <> ${excludeCartId})`;
/** The lines part of a fingerprint, read from the (catalog_id, version) index (SQL fragment). */
const linesOf = (catalogId: unknown) => sql`(select coalesce(sum(version), 0)::text || '.' || count(*)::text
         from mm_catalog_products where catalog_id = ${catalogId})`;

export interface ProductsKey {
  /** The customer's kind; undefined when there is no such customer. */
  kind?: string;
  /** The catalog asked for, when it is a mass-market catalog covering the date for this customer. */
  catalog: { id: number; orderId: number } | null;
  /** The owner's MM cart, 0 when it has none yet (then no hold is its own). */
  cartId: number;
  fingerprint: string;
  /** When the catalog's first active hold lapses (the answer changes then), or null. */
  nextHoldExpiry: Date | null;
}

/**
 * Everything a Products request needs before its answer, in one statement (one round trip instead of
 * five): the customer's kind, the catalog `orderId` if it covers `date` for the customer (as
 * catalogsCovering decides), the owner's cart, and the catalog's fingerprint: what the answer
 * depends on, read without loading the lines. That is the catalog's lines and their bouquets
 * (sum(version) and count(*) from the (catalog_id, version) index: a trigger gives a line a new
 * version whenever it or its product changes, an insert takes a new one, a delete lowers the count)
 * and the active holds of other carts. A hold lapsing leaves the set, so the fingerprint changes with
 * time alone, as the answer does. The sum, not the max: a version is taken before its commit, so one
 * committed after a higher one would leave the max unchanged (store/repo.ts catalogFingerprint).
 */
export async function productsKey(db: DbOrTx, owner: MmOwner, date: string, orderId: number): Promise<ProductsKey> {
  const result = await db.execute(sql`
    select cu.kind, c.id as catalog_id, c.order_id, coalesce(k.id, 0) as cart_id,
           ${linesOf(sql`c.id`)} as lines, ${heldBy(sql`c.id`, sql`coalesce(k.id, 0)`)} as held,
           (select min(h.expires_at) from mm_holds h where h.catalog_id = c.id and h.expires_at > now()) as next_expiry
      from ${customers} cu
      left join ${catalogs} c
        on c.order_id = ${orderId} and c.kind = 'massMarket' and c.ship_date_from <= ${date}::date and c.ship_date_to >= ${date}::date
       and ${catalogCover(sql`cu.customer_id`, { catalogId: sql`c.id` }).covers}
      left join ${carts} k
        on k.user_id = ${owner.userId} and k.customer_id = cu.customer_id and k.retailer_id = 0 and k.store = 'mm'
     where cu.customer_id = ${owner.customerId}`);
  const row = rowsOf<{ kind: string; catalog_id: number | null; order_id: number | null; cart_id: number; lines: string; held: string; next_expiry: Date | string | null }>(result)[0];
  if (!row) return { catalog: null, cartId: 0, fingerprint: "", nextHoldExpiry: null };
  return {
    kind: row.kind,
    catalog: row.catalog_id === null ? null : { id: Number(row.catalog_id), orderId: Number(row.order_id) },
    cartId: Number(row.cart_id),
    fingerprint: `${row.lines}|${row.held}`,
    nextHoldExpiry: row.next_expiry === null ? null : new Date(row.next_expiry),
  };
}
