// Every SQL statement of the mass-market store.
import { and, asc, desc, eq, getTableColumns, gt, inArray, ne, sql } from "drizzle-orm";
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

// ---- lean cart saves -------------------------------------------------------------------------------
// A save is BEGIN, lockSaveCart, lockSaleCatalog, saleLines, writeSavedMmCart, COMMIT: six statements
// whatever the number of lines, as the wholesale save (store/repo.ts "Lean cart writes").

const textArray = (values: string[]) => sql`ARRAY[${sql.join(
  values.map((v) => sql`${v}`),
  sql`, `,
)}]::text[]`;

/** A line the cart held before a save: what the save compares against and names in its messages. */
export interface PreviousLine {
  productId: string;
  quantity: number;
  description: string;
}

const jsonOf = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/**
 * The owner's MM cart, created on first use and locked for the rest of the transaction, in one
 * statement (an insert that on conflict "updates" the row to itself takes the same row lock as
 * SELECT … FOR UPDATE and returns the row either way), with the lines it holds now and the fee
 * packages the answer is priced with.
 */
export async function lockSaveCart(
  tx: DbOrTx,
  owner: MmOwner,
  alwaysBoxed: boolean,
): Promise<{ cart: MmCartRow; previous: PreviousLine[]; packages: MmPackageRow[] }> {
  const previous = sql<PreviousLine[]>`(select coalesce(jsonb_agg(jsonb_build_object('productId', l.product_id, 'quantity', l.quantity, 'description', l.description) order by l.position, l.id), '[]'::jsonb)
       from ${cartLines} l where l.cart_id = ${carts.id})`;
  const packages = sql<MmPackageRow[]>`(select coalesce(jsonb_agg(jsonb_build_object('type', p.type, 'category', p.category, 'size', p.size, 'description', p.description, 'priceCents', p.price_cents, 'active', p.active)
       order by p.category, p.price_cents, p.type), '[]'::jsonb) from ${mmPackages} p)`;
  const [row] = await tx
    .insert(carts)
    .values({ userId: owner.userId, customerId: owner.customerId, retailerId: 0, store: "mm", boxed: alwaysBoxed })
    .onConflictDoUpdate({ target: [carts.userId, carts.customerId, carts.retailerId, carts.store], set: { store: sql`excluded.store` } })
    .returning({ ...getTableColumns(carts), previous, packages });
  const { previous: lines, packages: fees, ...cart } = row!;
  return { cart, previous: jsonOf(lines), packages: jsonOf(fees) };
}

/**
 * The catalog a save sells from (the first covering `date` for the customer, as catalogsCovering
 * ranks them) with the lines of `productIds` locked in product order (two buyers never deadlock;
 * NO KEY UPDATE does not block the holds' foreign-key checks). One statement; null when no catalog
 * covers the date.
 */
export async function lockSaleCatalog(tx: DbOrTx, customerId: string, date: string, productIds: string[]): Promise<{ id: number; orderId: number } | null> {
  const { mine, covers } = catalogCover(customerId);
  const result = await tx.execute(sql`
    with chosen as (
      select "catalogs"."id" as id, "catalogs"."order_id" as order_id from ${catalogs}
       where "catalogs"."kind" = 'massMarket' and "catalogs"."ship_date_from" <= ${date}::date and "catalogs"."ship_date_to" >= ${date}::date and ${covers}
       order by ${mine} desc, "catalogs"."ship_date_from" desc, "catalogs"."order_id" desc
       limit 1
    ), locked as (
      select cp.product_id from ${mmCatalogProducts} cp
       where cp.catalog_id = (select id from chosen) and cp.product_id = any(${textArray(productIds)})
       order by cp.product_id
         for no key update
    )
    select chosen.id, chosen.order_id, (select count(*) from locked)::int as locked from chosen`);
  const row = rowsOf<{ id: number; order_id: number }>(result)[0];
  return row ? { id: Number(row.id), orderId: Number(row.order_id) } : null;
}

/** A catalog line a save sells, with the label data the customer last used for its product. */
export interface SaleLine extends CatalogLine {
  remembered: BarcodeRow | null;
}

/** The catalog's lines of these products (read after lockSaleCatalog), other carts' holds and the remembered labels. One statement. */
export async function saleLines(db: DbOrTx, catalogId: number, excludeCartId: number, customerId: string, productIds: string[]): Promise<SaleLine[]> {
  if (!productIds.length) return [];
  const held = db
    .select({ productId: mmHolds.productId, qty: sql<number>`sum(${mmHolds.quantity})::int`.as("held_qty") })
    .from(mmHolds)
    .where(and(eq(mmHolds.catalogId, catalogId), gt(mmHolds.expiresAt, sql`now()`), ne(mmHolds.cartId, excludeCartId)))
    .groupBy(mmHolds.productId)
    .as("held");
  return db
    .select({ line: mmCatalogProducts, product: mmProducts, heldByOthers: sql<number>`coalesce(${held.qty}, 0)`.mapWith(Number), remembered: mmBarcodes })
    .from(mmCatalogProducts)
    .innerJoin(mmProducts, eq(mmProducts.productId, mmCatalogProducts.productId))
    .leftJoin(held, eq(held.productId, mmCatalogProducts.productId))
    .leftJoin(mmBarcodes, and(eq(mmBarcodes.customerId, customerId), eq(mmBarcodes.productId, mmCatalogProducts.productId)))
    .where(and(eq(mmCatalogProducts.catalogId, catalogId), eq(mmProducts.active, true), inArray(mmCatalogProducts.productId, productIds)));
}

/** What a save writes on the cart row besides a new version. */
export interface MmCartSaveFields {
  shipDate: string | null;
  boxed: boolean;
  /** "extend": now + holdMs; a date: keep that expiry; null: no hold. */
  holdExpiresAt: "extend" | Date | null;
  holdMs: number;
}

/**
 * Everything a save writes, in one statement: the cart row (fields, version + 1, hold expiry), the
 * holds (dropped for bouquets that left or another catalog, upserted for the rest, expiring with the
 * cart) and the lines (replaced). An extended expiry is whole milliseconds, so it reads back into a
 * Date exactly. Answers the new version and expiry and the new lines' ids by position.
 */
export async function writeSavedMmCart(
  tx: DbOrTx,
  cartId: number,
  f: MmCartSaveFields,
  catalogId: number | null,
  held: { productId: string; quantity: number }[],
  lines: NewCartLine[],
): Promise<{ version: number; holdExpiresAt: Date | null; lineIds: number[] }> {
  const expiry =
    f.holdExpiresAt === "extend"
      ? sql`date_trunc('milliseconds', now() + ${f.holdMs} * interval '1 millisecond')`
      : f.holdExpiresAt
        ? sql`${f.holdExpiresAt.toISOString()}::timestamptz`
        : sql`null::timestamptz`;
  const json = JSON.stringify(
    lines.map((l) => ({
      position: l.position,
      product_id: l.productId,
      offer_order_number: l.offerOrderNumber,
      description: l.description,
      category: l.category,
      quantity: l.quantity,
      price_cents: l.priceCents,
      quantity_confirmed: l.quantityConfirmed,
      unit_of_measure: l.unitOfMeasure,
      unit_of_measure_qty: l.unitOfMeasureQty,
      box_type: l.boxType,
      boxed: l.boxed,
      available: l.available,
      barcode_number: l.barcodeNumber,
      barcode_top: l.barcodeTop,
      barcode_left: l.barcodeLeft,
      barcode_bottom: l.barcodeBottom,
      bouquet: l.bouquet,
      pack_size: l.packSize,
    })),
  );
  const keep = textArray(held.map((h) => h.productId));
  const result = await tx.execute(sql`
    with saved as (
      update ${carts}
         set ship_date = ${f.shipDate}::date, boxed = ${f.boxed}, version = version + 1, updated_at = now(), hold_expires_at = ${expiry}
       where id = ${cartId}
      returning version, hold_expires_at
    ), dropped as (
      delete from ${mmHolds} where cart_id = ${cartId} and not (catalog_id = ${catalogId ?? 0} and product_id = any(${keep}))
    ), upserted as (
      insert into ${mmHolds} (cart_id, catalog_id, product_id, quantity, expires_at)
      select ${cartId}, ${catalogId ?? 0}, h.p, h.q, (select hold_expires_at from saved)
        from unnest(${keep}, ${sql`ARRAY[${sql.join(held.map((h) => sql`${h.quantity}`), sql`, `)}]::int[]`}) as h(p, q)
       where (select hold_expires_at from saved) is not null
      on conflict (cart_id, catalog_id, product_id) do update set quantity = excluded.quantity, expires_at = excluded.expires_at
    ), emptied as (
      delete from ${cartLines} where cart_id = ${cartId}
    ), added as (
      insert into ${cartLines} (cart_id, position, product_id, offer_order_number, description, category, quantity, price_cents,
                                quantity_confirmed, unit_of_measure, unit_of_measure_qty, box_type, boxed, available,
                                barcode_number, barcode_top, barcode_left, barcode_bottom, bouquet, pack_size)
      select ${cartId}, x.position, x.product_id, x.offer_order_number, x.description, x.category, x.quantity, x.price_cents,
             x.quantity_confirmed, x.unit_of_measure, x.unit_of_measure_qty, x.box_type, x.boxed, x.available,
             x.barcode_number, x.barcode_top, x.barcode_left, x.barcode_bottom, x.bouquet, x.pack_size
        from jsonb_to_recordset(${json}::jsonb) as x(position int, product_id text, offer_order_number int, description text,
             category text, quantity int, price_cents int, quantity_confirmed int, unit_of_measure text, unit_of_measure_qty int,
             box_type text, boxed boolean, available int, barcode_number text, barcode_top text, barcode_left text,
             barcode_bottom text, bouquet boolean, pack_size int)
      returning id, position
    )
    select saved.version,
           (extract(epoch from saved.hold_expires_at) * 1000)::float8 as expires_ms,
           (select coalesce(jsonb_agg(jsonb_build_array(a.position, a.id)), '[]'::jsonb) from added a) as line_ids
      from saved`);
  const row = rowsOf<{ version: number; expires_ms: number | null; line_ids: [number, number][] | string }>(result)[0]!;
  const lineIds: number[] = [];
  for (const [position, id] of jsonOf(row.line_ids)) lineIds[position] = Number(id);
  return { version: Number(row.version), holdExpiresAt: row.expires_ms === null ? null : new Date(Number(row.expires_ms)), lineIds };
}
