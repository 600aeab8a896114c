// Every SQL statement of the mass-market store.
import { and, asc, desc, eq, getViewSelectedFields, inArray, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { selectShaped, type Placeholders } from "../../../db/prepared.ts";
import { catalogsRead, customersRead, mmBarcodes, mmCatalogProducts, mmOrderLineLabels, mmPackages, mmProducts, orderLinesRead, ordersRead } from "../../../db/schema/index.ts";
import {
  bouquetHeldByOthersSql,
  bouquetHoldsFingerprintSql,
  bouquetNextHoldExpirySql,
  bouquetsHeldByOthers,
  cartAtVersionSql,
  cartIdSql,
  type CartLineRow,
  type CartRow,
  type SavedLine,
} from "../carts/index.ts";
import { catalogCover } from "../catalog/index.ts";

export type MmCatalogRow = typeof catalogsRead.$inferSelect;

/** The covering filter over the catalogs read model (catalogCover names the catalogs table by default). */
const coverOf = (customerId: string | SQL) => catalogCover(customerId, { catalogId: sql`${catalogsRead.id}` });
export type MmProductRow = typeof mmProducts.$inferSelect;
export type MmCatalogLineRow = typeof mmCatalogProducts.$inferSelect;
export type MmPackageRow = typeof mmPackages.$inferSelect;
export type MmCartRow = CartRow;
export type MmCartLineRow = CartLineRow;
export type NewCartLine = SavedLine;
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
  const { mine, covers } = coverOf(customerId);
  return db
    .select()
    .from(catalogsRead)
    .where(and(eq(catalogsRead.kind, "massMarket"), sql`${catalogsRead.shipDateFrom} <= ${date}::date`, sql`${catalogsRead.shipDateTo} >= ${date}::date`, covers))
    .orderBy(sql`${mine} desc`, desc(catalogsRead.shipDateFrom), desc(catalogsRead.orderId));
}

export async function catalogByOrderId(db: DbOrTx, orderId: number): Promise<MmCatalogRow | undefined> {
  const [c] = await db.select().from(catalogsRead).where(and(eq(catalogsRead.orderId, orderId), eq(catalogsRead.kind, "massMarket")));
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
  const held = bouquetsHeldByOthers(db, catalogId, excludeCartId);
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
         and cp.quantity_ordered + v.q + ${bouquetHeldByOthersSql(sql`cp.catalog_id`, sql`cp.product_id`, cartId)} <= cp.available
      returning cp.product_id`),
  );
  return updated.length;
}

// ---- the order desk's stock moves: mm_catalog_products of the catalog an order was placed from ----

/**
 * Bouquets still free on a mass-market catalog line (every cart's active hold counts against it);
 * locks the row. Null when the catalog no longer offers the product.
 */
export async function lockMmFree(tx: DbOrTx, catalogOrderId: number, productId: string): Promise<{ catalogId: number; free: number } | null> {
  const rows = rowsOf<{ catalog_id: number; free: number }>(
    await tx.execute(sql`
      select cp.catalog_id, (cp.available - cp.quantity_ordered - coalesce((select sum(h.quantity) from mm_holds_read h
               where h.catalog_id = cp.catalog_id and h.product_id = cp.product_id and h.expires_at > now()), 0))::int as free
        from mm_catalog_products cp join catalogs_read c on c.id = cp.catalog_id
       where c.order_id = ${catalogOrderId} and c.kind = 'massMarket' and cp.product_id = ${productId}
       for no key update of cp`),
  );
  const r = rows[0];
  return r ? { catalogId: Number(r.catalog_id), free: Math.max(0, Number(r.free)) } : null;
}

/** Adds ordered bouquets under the invariant, checked by the UPDATE itself; false (nothing written) when it would oversell. */
export async function takeMmStock(tx: DbOrTx, catalogId: number, productId: string, quantity: number): Promise<boolean> {
  const rows = rowsOf<{ product_id: string }>(
    await tx.execute(sql`
      update mm_catalog_products as cp set quantity_ordered = cp.quantity_ordered + ${quantity}
       where cp.catalog_id = ${catalogId} and cp.product_id = ${productId}
         and cp.quantity_ordered + ${quantity} + coalesce((select sum(h.quantity) from mm_holds_read h
               where h.catalog_id = cp.catalog_id and h.product_id = cp.product_id and h.expires_at > now()), 0) <= cp.available
      returning cp.product_id`),
  );
  return rows.length === 1;
}

/** Gives ordered bouquets back to a mass-market catalog line (the one the order was placed from). */
export async function giveBackMmStock(tx: DbOrTx, catalogOrderId: number, productId: string, quantity: number) {
  if (quantity <= 0) return;
  await tx.execute(sql`
    update mm_catalog_products cp set quantity_ordered = greatest(0, cp.quantity_ordered - ${quantity})
      from catalogs_read c
     where c.id = cp.catalog_id and c.order_id = ${catalogOrderId} and c.kind = 'massMarket' and cp.product_id = ${productId}`);
}

/** The labels of an order's lines (line id → label), written with the order. */
export async function insertLabels(tx: DbOrTx, labels: ({ orderLineId: number } & LabelValues)[]): Promise<void> {
  if (labels.length) await tx.insert(mmOrderLineLabels).values(labels);
}

export interface LabelValues {
  barcodeNumber: string | null;
  barcodeTop: string | null;
  barcodeLeft: string | null;
  barcodeBottom: string | null;
}

export type OrderRow = typeof ordersRead.$inferSelect;

/** A customer's mass-market orders, newest first. */
export async function ordersOf(db: DbOrTx, customerId: string, limit: number) {
  const items = sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLinesRead} l where l.order_id = "orders_read"."id" and lower(l.category) not in ('boxes', 'pails') and l.description <> 'Eco Fee')`.mapWith(Number);
  return db
    .select({ o: getViewSelectedFields(ordersRead), itemCount: items })
    .from(ordersRead)
    .where(and(eq(ordersRead.customerId, customerId), eq(ordersRead.store, "mm")))
    .orderBy(desc(ordersRead.placedAt), desc(ordersRead.orderNumber))
    .limit(limit);
}

export async function orderOf(db: DbOrTx, customerId: string, orderNumber: number) {
  const [o] = await db
    .select()
    .from(ordersRead)
    .where(and(eq(ordersRead.customerId, customerId), eq(ordersRead.store, "mm"), eq(ordersRead.orderNumber, orderNumber)));
  if (!o) return null;
  const lines = await db
    .select({ l: getViewSelectedFields(orderLinesRead), label: mmOrderLineLabels })
    .from(orderLinesRead)
    .leftJoin(mmOrderLineLabels, eq(mmOrderLineLabels.orderLineId, orderLinesRead.id))
    .where(eq(orderLinesRead.orderId, o.id))
    .orderBy(asc(orderLinesRead.position), asc(orderLinesRead.id));
  return { o, lines };
}

/** Catalog lines of the next ship date's catalog whose catalog price is below the list price. */
export async function priceDrops(db: DbOrTx, catalogId: number, limit: number): Promise<CatalogLine[]> {
  const rows = await catalogLines(db, catalogId, 0);
  return rows
    .filter((r) => r.line.pricePerBouquetCents !== null && r.line.pricePerBouquetCents < r.product.pricePerBouquetCents)
    .slice(0, limit);
}

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
    select cu.kind, c.id as catalog_id, c.order_id, k.id as cart_id,
           ${linesOf(sql`c.id`)} as lines, ${bouquetHoldsFingerprintSql(sql`c.id`, sql`k.id`)} as held,
           ${bouquetNextHoldExpirySql(sql`c.id`)} as next_expiry
      from ${customersRead} cu
      left join ${catalogsRead} c
        on c.order_id = ${orderId} and c.kind = 'massMarket' and c.ship_date_from <= ${date}::date and c.ship_date_to >= ${date}::date
       and ${catalogCover(sql`cu.customer_id`, { catalogId: sql`c.id` }).covers}
      cross join lateral (select ${cartIdSql({ userId: owner.userId, customerId: sql`cu.customer_id`, retailerId: 0 }, "mm")} as id) k
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

// ---- the offers of a cart save ---------------------------------------------------------------------
// A save is BEGIN, lock the cart (carts engine, with the fee packages: packagesSql), lockSaleLines,
// the holds (carts engine), the write (carts engine), COMMIT: six statements whatever the number of
// lines, as the wholesale save.

/** Every fee package as an SQL value (MmPackageRow[] as JSON), read by the cart's lock. */
export const packagesSql = () => sql`(select coalesce(jsonb_agg(jsonb_build_object('type', p.type, 'category', p.category, 'size', p.size, 'description', p.description, 'priceCents', p.price_cents, 'active', p.active)
       order by p.category, p.price_cents, p.type), '[]'::jsonb) from ${mmPackages} p)`;

/** A catalog line a save sells, with the label data the customer last used for its product. */
export interface SaleLine {
  line: MmCatalogLineRow;
  product: MmProductRow;
  remembered: BarcodeRow | null;
}

/**
 * The catalog a save sells from (the first covering `date` for the customer, as catalogsCovering
 * ranks them) with its lines of `productIds`, locked FOR NO KEY UPDATE in product order (two buyers
 * never deadlock; NO KEY UPDATE does not block the holds' foreign-key checks), each with its bouquet
 * and the customer's remembered labels. The lines are the locked rows themselves, so what they say is
 * what stands after the lock. One statement; null when no catalog covers the date.
 */
export function lockSaleLines(
  tx: DbOrTx,
  customerId: string,
  date: string,
  productIds: string[],
  ahead?: { userId: string; version: number | undefined },
): Promise<{ catalog: { id: number; orderId: number }; lines: SaleLine[] } | null> {
  // Built once (selectShaped) and asked before this returns, so the carts engine can send it in the
  // cart lock's write (CartPolicy.chooseAhead; db/fold.ts askTogether). Sent so (`ahead`: the cart's
  // owner and the body's version), a cart at another version chooses no catalog and locks nothing.
  const rows = selectShaped(
    tx,
    "mm_sale_lock",
    "all",
    (p: Placeholders<"customerId" | "date" | "productIds" | "userId" | "version">) => {
      const { mine, covers } = coverOf(p.customerId);
      const current = cartAtVersionSql({ userId: p.userId, customerId: p.customerId, retailerId: 0 }, "mm", p.version);
      const chosen = tx.$with("chosen").as(
        tx
          .select({ id: sql<number>`${catalogsRead.id}`.as("chosen_id"), orderId: sql<number>`${catalogsRead.orderId}`.as("chosen_order_id") })
          .from(catalogsRead)
          .where(and(eq(catalogsRead.kind, "massMarket"), sql`${catalogsRead.shipDateFrom} <= ${p.date}::date`, sql`${catalogsRead.shipDateTo} >= ${p.date}::date`, covers, current))
          .orderBy(sql`${mine} desc`, desc(catalogsRead.shipDateFrom), desc(catalogsRead.orderId))
          .limit(1),
      );
      const locked = tx.$with("locked").as(
        tx
          .select()
          .from(mmCatalogProducts)
          .where(and(sql`${mmCatalogProducts.catalogId} = (select chosen_id from chosen)`, sql`${mmCatalogProducts.productId} = any(${p.productIds}::text[])`))
          .orderBy(asc(mmCatalogProducts.productId))
          .for("no key update"),
      );
      const line = {
        catalogId: locked.catalogId,
        productId: locked.productId,
        available: locked.available,
        quantityOrdered: locked.quantityOrdered,
        priceCents: locked.priceCents,
        pricePerBouquetCents: locked.pricePerBouquetCents,
        pricePerBouquetNoBoxCents: locked.pricePerBouquetNoBoxCents,
        version: locked.version,
      } satisfies Record<keyof MmCatalogLineRow, unknown>;
      return tx
        .with(chosen, locked)
        .select({ catalogId: chosen.id, orderId: chosen.orderId, line, product: mmProducts, remembered: mmBarcodes })
        .from(chosen)
        .leftJoin(locked, sql`true`)
        .leftJoin(mmProducts, and(eq(mmProducts.productId, locked.productId), eq(mmProducts.active, true)))
        .leftJoin(mmBarcodes, and(sql`${mmBarcodes.customerId} = ${p.customerId}`, eq(mmBarcodes.productId, locked.productId)));
    },
    { customerId, date, productIds, userId: ahead?.userId ?? null, version: ahead?.version ?? null },
  );
  return rows.then((found) => {
    const first = found[0];
    if (!first) return null;
    return {
      catalog: { id: Number(first.catalogId), orderId: Number(first.orderId) },
      lines: found.flatMap((r) => (r.product && r.line ? [{ line: r.line, product: r.product, remembered: r.remembered }] : [])),
    };
  });
}
