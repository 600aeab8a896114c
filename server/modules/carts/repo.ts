// Every SQL statement on carts, their lines and their holds, for both stores (the wholesale cart holds
// offer lines, the mass-market cart holds catalog bouquets; the save's one write is in repo-write.ts).
// Other modules reach these tables only through this module's index.ts: its functions, or the SQL
// pieces below that let an owner of stock check "ordered + other carts' active holds" inside its own
// statement.
import { and, asc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { executePrepared, executeShaped, intArray, selectPrepared, selectShaped, type Placeholders } from "../../../db/prepared.ts";
import { cartLines, carts, holds, mmHolds, offerLinesRead } from "../../../db/schema/index.ts";

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;
export type CartStore = CartRow["store"];

/** Who owns a cart: one per user, customer, retailer (0 = none; always 0 in the mass-market store) and store. */
export interface CartOwner {
  userId: string;
  customerId: string;
  retailerId: number;
}

/** A cart line as a save writes it: every column, the store's policy filling what it does not use. */
export type SavedLine = Omit<CartLineRow, "id" | "cartId">;

const ownerWhere = (o: CartOwner, store: CartStore) =>
  and(eq(carts.userId, o.userId), eq(carts.customerId, o.customerId), eq(carts.retailerId, o.retailerId), eq(carts.store, store));

/** Values as SQL params, where a statement built for placeholders is built once for one call. */
const plainValues = <K extends string>(values: Record<K, unknown>): Placeholders<K> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, sql`${v}`])) as Placeholders<K>;

export const jsonOf = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

export const LINE_COLUMNS: [keyof SavedLine, string, string][] = [
  ["position", "position", "int"],
  ["productId", "product_id", "text"],
  ["offerLineId", "offer_line_id", "int"],
  ["offerOrderNumber", "offer_order_number", "int"],
  ["description", "description", "text"],
  ["category", "category", "text"],
  ["quantity", "quantity", "int"],
  ["priceCents", "price_cents", "int"],
  ["quantityConfirmed", "quantity_confirmed", "int"],
  ["quantityPending", "quantity_pending", "int"],
  ["isPending", "is_pending", "boolean"],
  ["isFinalProduct", "is_final_product", "boolean"],
  ["unitOfMeasure", "unit_of_measure", "text"],
  ["unitOfMeasureQty", "unit_of_measure_qty", "int"],
  ["boxType", "box_type", "text"],
  ["boxed", "boxed", "boolean"],
  ["available", "available", "int"],
  ["barcodeBottom", "barcode_bottom", "text"],
  ["barcodeLeft", "barcode_left", "text"],
  ["barcodeTop", "barcode_top", "text"],
  ["barcodeNumber", "barcode_number", "text"],
  ["boughtIn", "bought_in", "boolean"],
  ["bouquet", "bouquet", "boolean"],
  ["packSize", "pack_size", "int"],
];
export const COLUMN_LIST = sql.raw(LINE_COLUMNS.map(([, c]) => c).join(", "));
export const X_COLUMN_LIST = sql.raw(LINE_COLUMNS.map(([, c]) => `x.${c}`).join(", "));
export const RECORD_TYPE = sql.raw(LINE_COLUMNS.map(([, c, t]) => `${c} ${t}`).join(", "));

const LINE_AS_JSON = sql.raw(LINE_COLUMNS.map(([k, c]) => `'${k}', l.${c}`).join(", "));

/** The owner's cart, or undefined (read only: lockCartRow locks). */
export async function cartOf(db: DbOrTx, owner: CartOwner, store: CartStore): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(ownerWhere(owner, store));
  return row;
}

/** The owner's cart, created empty on first use (boxed when the customer always is; a concurrent create is harmless). */
export async function ensureCart(db: DbOrTx, owner: CartOwner, store: CartStore, boxed: boolean): Promise<CartRow> {
  const found = await cartOf(db, owner, store);
  if (found) return found;
  await db
    .insert(carts)
    .values({ ...owner, store, boxed })
    .onConflictDoNothing();
  return (await cartOf(db, owner, store))!;
}

/** The id of the owner's cart, 0 when it has none yet, as an SQL expression (for a statement of another module). */
export const cartIdSql = (owner: SqlOwner, store: CartStore) => sql`coalesce((select k.id from ${carts} k where ${ownedBy(owner, store)}), 0)`;

/** A cart's owner as SQL values or plain ones. */
type SqlOwner = { userId: SQL | string; customerId: SQL | string; retailerId: SQL | number };

/** The condition on `carts k` that finds the owner's cart of this store. */
const ownedBy = (owner: SqlOwner, store: CartStore) =>
  sql`k.user_id = ${owner.userId} and k.customer_id = ${owner.customerId} and k.retailer_id = ${owner.retailerId} and k.store = ${store}`;

/**
 * True when no version is asked (`version` null) or the owner's cart of this store is at `version`:
 * for a statement sent right behind the cart's lock, before the engine's version check (a policy's
 * chooseAhead). With a stale version it chooses and locks nothing, so the engine's 409 never waits
 * for another transaction's locks on the offers (nor fails when such a wait times out).
 */
export const cartAtVersionSql = (owner: SqlOwner, store: CartStore, version: SQL) =>
  sql`(${version}::int is null or exists (select 1 from ${carts} k where ${ownedBy(owner, store)} and k.version = ${version}::int))`;

/** A cart's lines in their order. */
export async function cartLinesOf(db: DbOrTx, cartId: number): Promise<CartLineRow[]> {
  return db.select().from(cartLines).where(eq(cartLines.cartId, cartId)).orderBy(asc(cartLines.position), asc(cartLines.id));
}

/**
 * The owner's cart's lines in their order, the cart found by its owner inside the statement: it can
 * go out right behind the cart's lock, before its answer (db/fold.ts askTogether), and, run after the
 * lock, it sees what a save that held the lock wrote. Built once per store (selectShaped).
 */
export function cartLinesOfOwner(db: DbOrTx, owner: CartOwner, store: CartStore): Promise<CartLineRow[]> {
  return selectShaped(
    db,
    "cart_lines_owner",
    store,
    (p: Placeholders<"userId" | "customerId" | "retailerId">) =>
      db
        .select()
        .from(cartLines)
        .where(eq(cartLines.cartId, cartIdSql({ userId: p.userId, customerId: p.customerId, retailerId: sql`${p.retailerId}::int` }, store)))
        .orderBy(asc(cartLines.position), asc(cartLines.id)),
    { userId: owner.userId, customerId: owner.customerId, retailerId: owner.retailerId },
  );
}

/**
 * The owner's cart, created on first use and locked for the rest of the transaction, in one
 * statement: an insert that on conflict "updates" the existing row to itself takes the same row lock
 * as SELECT … FOR UPDATE, and returns the row either way. The same statement reads the cart's lines
 * (in their order; as the statement's snapshot saw them, which a concurrent save that held the lock
 * may have changed since: a reader that must see them after the lock reads them again) and, with `alongside`, what the store's policy needs read with it (an SQL value of
 * another module's tables, answered as `alongside`).
 */
/**
 * What a store's policy reads with the cart's lock, built once per `key` from placeholders (the
 * statement's text is then the same on every save: see executeShaped) with this save's `values`; or
 * a plain SQL value, built on every call.
 */
export type AlongsideSql = SQL | { key: string; build: (p: Placeholders<string>) => SQL; values: Record<string, unknown> };

export async function lockCartRow(
  tx: DbOrTx,
  owner: CartOwner,
  store: CartStore,
  boxed: boolean,
  alongside?: AlongsideSql,
): Promise<{ cart: CartRow; lines: CartLineRow[]; alongside: unknown }> {
  const statement = (p: Placeholders<"userId" | "customerId" | "retailerId" | "store" | "boxed">, also: SQL | undefined) => {
    const upsert = tx
      .insert(carts)
      .values({ userId: p.userId, customerId: p.customerId, retailerId: p.retailerId, store: p.store, boxed: p.boxed })
      .onConflictDoUpdate({ target: [carts.userId, carts.customerId, carts.retailerId, carts.store], set: { store: sql`excluded.store` } })
      .returning()
      .getSQL();
    return sql`
    with locked as (${upsert})
    select k.id, k.user_id, k.customer_id, k.retailer_id, k.store, k.ship_date::text as ship_date, k.receiving_date::text as receiving_date,
           k.boxed, k.fresh, k.version, (extract(epoch from k.hold_expires_at) * 1000)::float8 as hold_expires_ms,
           (extract(epoch from k.updated_at) * 1000)::float8 as updated_ms,
           (select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'cartId', l.cart_id, ${LINE_AS_JSON}) order by l.position, l.id), '[]'::jsonb)
              from ${cartLines} l where l.cart_id = k.id) as lines,
           ${also ?? sql`null::jsonb`} as alongside
      from locked k`;
  };
  const ownerValues = { userId: owner.userId, customerId: owner.customerId, retailerId: owner.retailerId, store, boxed };
  const result =
    alongside === undefined || !("key" in alongside && "build" in alongside)
      ? await executePrepared(tx, "cart_lock", statement(plainValues(ownerValues), alongside))
      : await executeShaped(tx, "cart_lock", alongside.key, (p) => statement(p, alongside.build(p)), { ...alongside.values, ...ownerValues });
  const r = rowsOf<{
    id: number;
    user_id: string;
    customer_id: string;
    retailer_id: number;
    store: CartStore;
    ship_date: string | null;
    receiving_date: string | null;
    boxed: boolean;
    fresh: boolean;
    version: number;
    hold_expires_ms: number | null;
    updated_ms: number;
    lines: CartLineRow[] | string;
    alongside: unknown;
  }>(result)[0]!;
  const cart: CartRow = {
    id: Number(r.id),
    userId: r.user_id,
    customerId: r.customer_id,
    retailerId: Number(r.retailer_id),
    store: r.store,
    shipDate: r.ship_date,
    receivingDate: r.receiving_date,
    boxed: r.boxed,
    fresh: r.fresh,
    version: Number(r.version),
    holdExpiresAt: r.hold_expires_ms === null ? null : new Date(Number(r.hold_expires_ms)),
    updatedAt: new Date(Number(r.updated_ms)),
  };
  return { cart, lines: jsonOf(r.lines), alongside: r.alongside === null ? null : jsonOf(r.alongside as string) };
}

// ---- holds ------------------------------------------------------------------------------------------

/** What a save holds: offer lines (wholesale), or bouquets of one catalog (mass market). */
export type HoldTarget = { offerLineIds: number[] } | { catalogId: number; productIds: string[] };

/** Active holds summed per line: of every other cart, and of this one. */
export interface HoldSums<K> {
  others: Map<K, number>;
  own: Map<K, number>;
}

/**
 * Active holds on what a save sells, in one statement: summed per line for every other cart, and
 * this cart's own. Read after the lines are locked, so it sees every hold committed before.
 */
export async function activeHolds(tx: DbOrTx, cartId: number, target: { offerLineIds: number[] }): Promise<HoldSums<number>>;
export async function activeHolds(tx: DbOrTx, cartId: number, target: { catalogId: number; productIds: string[] }): Promise<HoldSums<string>>;
export async function activeHolds(tx: DbOrTx, cartId: number, target: HoldTarget): Promise<HoldSums<number> | HoldSums<string>> {
  const wholesale = "offerLineIds" in target;
  if (wholesale ? !target.offerLineIds.length : !target.productIds.length) return { others: new Map(), own: new Map() };
  const rows = rowsOf<{
    id: number | string;
    others: number | null;
    own: number | null;
  }>(
    await (wholesale
      ? executeShaped(
          tx,
          "cart_holds",
          "wholesale",
          (p: Placeholders<"cartId" | "ids">) => sql`
      select offer_line_id as id,
             sum(quantity) filter (where cart_id <> ${p.cartId})::int as others,
             sum(quantity) filter (where cart_id = ${p.cartId})::int as own
        from ${holds}
       where offer_line_id = any(${p.ids}::int[]) and expires_at > now()
       group by offer_line_id`,
          { cartId, ids: target.offerLineIds },
        )
      : executeShaped(
          tx,
          "cart_holds",
          "mm",
          (p: Placeholders<"cartId" | "catalogId" | "ids">) => sql`
      select product_id as id,
             sum(quantity) filter (where cart_id <> ${p.cartId})::int as others,
             sum(quantity) filter (where cart_id = ${p.cartId})::int as own
        from ${mmHolds}
       where catalog_id = ${p.catalogId} and product_id = any(${p.ids}::text[]) and expires_at > now()
       group by product_id`,
          { cartId, catalogId: target.catalogId, ids: target.productIds },
        )),
  );
  const key = (id: number | string) => (wholesale ? Number(id) : String(id));
  const others = new Map<number | string, number>();
  const own = new Map<number | string, number>();
  for (const r of rows) {
    if (r.others) others.set(key(r.id), Number(r.others));
    if (r.own) own.set(key(r.id), Number(r.own));
  }
  return { others, own } as HoldSums<number> | HoldSums<string>;
}

/** HoldSums from each line's offer_line_hold_sums value (migration 0029: an int[2]; both drivers parse int[]). */
export function holdSumsOf<K>(lines: Iterable<[K, number[]]>): HoldSums<K> {
  const others = new Map<K, number>();
  const own = new Map<K, number>();
  for (const [key, [o, m]] of lines) {
    if (o) others.set(key, Number(o));
    if (m) own.set(key, Number(m));
  }
  return { others, own };
}

/** Bunches other carts hold now on the offer line `offerLineId` (an SQL expression), for the stock owner's guarded update. */
export const offerLineHeldByOthersSql = (offerLineId: SQL, cartId: number) =>
  sql`coalesce((select sum(h.quantity) from ${holds} h where h.offer_line_id = ${offerLineId} and h.cart_id <> ${cartId} and h.expires_at > now()), 0)`;

/** Bouquets other carts hold now on a catalog line (SQL expressions), for the stock owner's guarded update. */
export const bouquetHeldByOthersSql = (catalogId: SQL, productId: SQL, cartId: number) =>
  sql`coalesce((select sum(h.quantity) from ${mmHolds} h where h.catalog_id = ${catalogId} and h.product_id = ${productId} and h.cart_id <> ${cartId} and h.expires_at > now()), 0)`;

/** A catalog's active mass-market holds of carts other than one, summed per bouquet (a subquery to join on productId). */
export const bouquetsHeldByOthers = (db: DbOrTx, catalogId: number, excludeCartId: number) =>
  db
    .select({
      productId: mmHolds.productId,
      qty: sql<number>`sum(${mmHolds.quantity})::int`.as("held_qty"),
    })
    .from(mmHolds)
    .where(and(eq(mmHolds.catalogId, catalogId), gt(mmHolds.expiresAt, sql`now()`), ne(mmHolds.cartId, excludeCartId)))
    .groupBy(mmHolds.productId)
    .as("held");

/**
 * The held part of a mass-market catalog's fingerprint (SQL expressions in, text out): the active
 * holds of other carts, an order-free sum of hashes; and when the first of them lapses.
 */
export const bouquetHoldsFingerprintSql = (
  catalogId: SQL,
  excludeCartId: SQL,
) => sql`(select count(*)::text || '.' || coalesce(sum(hashtext(h.cart_id::text || ':' || h.product_id || ':' || h.quantity::text)::bigint), 0)::text
         from ${mmHolds} h where h.catalog_id = ${catalogId} and h.expires_at > now() and h.cart_id <> ${excludeCartId})`;
export const bouquetNextHoldExpirySql = (catalogId: SQL) =>
  sql`(select min(h.expires_at) from ${mmHolds} h where h.catalog_id = ${catalogId} and h.expires_at > now())`;

/**
 * The owner's wholesale cart when it holds stock, not yet lapsed, on any of `offerLineIds` (the
 * stock owner's subquery of the lines of some catalogs); 0 when it holds none there (or has no cart).
 */
export async function cartHoldingOn(db: DbOrTx, owner: CartOwner, offerLineIds: SQL): Promise<number> {
  const result = await db.execute(sql`
    select c.id from ${carts} c
     where c.user_id = ${owner.userId} and c.customer_id = ${owner.customerId} and c.retailer_id = ${owner.retailerId} and c.store = 'wholesale'
       and exists (select 1 from ${holds} h where h.cart_id = c.id and h.expires_at > now() and h.offer_line_id in ${offerLineIds})`);
  return Number(rowsOf<{ id: number }>(result)[0]?.id ?? 0);
}

/**
 * When the soonest active wholesale hold on these offer lines lapses (epoch ms; Infinity when none is
 * active): until then an answer built from the holds stays true by time alone. `offerLineIds` is a
 * list, or the stock owner's subquery.
 */
export async function nextHoldExpiry(db: DbOrTx, offerLineIds: number[] | SQL): Promise<number> {
  if (Array.isArray(offerLineIds) && !offerLineIds.length) return Infinity;
  const on = Array.isArray(offerLineIds) ? sql`h.offer_line_id = any(${intArray(offerLineIds)})` : sql`h.offer_line_id in ${offerLineIds}`;
  const result = await db.execute(
    sql`select (extract(epoch from min(h.expires_at)) * 1000)::float8 as next from ${holds} h where h.expires_at > now() and ${on}`,
  );
  const next = rowsOf<{ next: number | null }>(result)[0]?.next;
  return next === null || next === undefined ? Infinity : Number(next);
}

/**
 * Gives every held bunch of a wholesale cart back: holds dropped, lines made pending requests, the
 * expiry cleared and the version bumped. Answers the cart row.
 */
export async function releaseCartHolds(db: DbOrTx, cartId: number): Promise<CartRow> {
  await db.delete(holds).where(eq(holds.cartId, cartId));
  await db
    .update(cartLines)
    .set({
      quantityConfirmed: 0,
      quantityPending: sql`${cartLines.quantity}`,
      isPending: true,
      isFinalProduct: false,
    })
    .where(eq(cartLines.cartId, cartId));
  const [saved] = await db
    .update(carts)
    .set({
      holdExpiresAt: null,
      version: sql`${carts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(carts.id, cartId))
    .returning();
  return saved!;
}

/**
 * The cart emptied once its order is placed, as statements to run inside the order's own write (CTEs
 * of one `with`): holds of both kinds and lines dropped, dates and expiry cleared, version + 1.
 */
export function emptyCartSql(cartId: number): SQL {
  return sql`dropped_holds as (delete from ${holds} where cart_id = ${cartId}),
         dropped_mm_holds as (delete from ${mmHolds} where cart_id = ${cartId}),
         dropped_lines as (delete from ${cartLines} where cart_id = ${cartId}),
         emptied as (
           update ${carts} set ship_date = null, receiving_date = null, hold_expires_at = null, version = version + 1, updated_at = now()
            where id = ${cartId})`;
}

// ---- what the wholesale store reads of carts and holds (its catalogue, fingerprints and reminders) ----

/** A cart by its id, or null. */
export async function cartById(db: DbOrTx, cartId: number): Promise<CartRow | null> {
  const [c] = await db.select().from(carts).where(eq(carts.id, cartId));
  return c ?? null;
}

/** Bunches the cart holds now (active holds). */
export async function activeHeldQuantity(db: DbOrTx, cartId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(sum(${holds.quantity}), 0)::int`.mapWith(Number) })
    .from(holds)
    .where(and(eq(holds.cartId, cartId), gt(holds.expiresAt, sql`now()`)));
  return r?.n ?? 0;
}

/** Active holds on the given offer lines, summed per line, of every cart except one. */
export async function offerLinesHeldByOthers(db: DbOrTx, offerLineIds: number[], cartId: number): Promise<Map<number, number>> {
  if (!offerLineIds.length) return new Map();
  const rows = await selectPrepared(
    db,
    "holds_of_others",
    db
      .select({ id: holds.offerLineId, qty: sql<number>`sum(${holds.quantity})::int`.mapWith(Number) })
      .from(holds)
      .where(and(sql`${holds.offerLineId} = any(${intArray(offerLineIds)})`, ne(holds.cartId, cartId), gt(holds.expiresAt, sql`now()`)))
      .groupBy(holds.offerLineId),
  );
  return new Map(rows.map((r) => [r.id, r.qty]));
}

/** The active holds of carts other than one on the offer lines of these catalogs, summed per line (a subquery to join on offerLineId). */
export const catalogLinesHeldByOthers = (db: DbOrTx, catalogIds: number[], excludeCartId: number) =>
  db
    .select({ offerLineId: holds.offerLineId, qty: sql<number>`sum(${holds.quantity})::int`.as("held_qty") })
    .from(holds)
    .innerJoin(offerLinesRead, eq(offerLinesRead.id, holds.offerLineId))
    .where(and(inArray(offerLinesRead.catalogId, catalogIds), gt(holds.expiresAt, sql`now()`), ne(holds.cartId, excludeCartId)))
    .groupBy(holds.offerLineId)
    .as("held");

/**
 * The held part of a wholesale catalog's fingerprint (text): the active holds of carts other than one
 * on its offer lines, an order-free sum of hashes and their count.
 */
export const offerLineHoldsFingerprintSql = (catalogId: number, excludeCartId: number) =>
  sql`(select coalesce(sum(hashtext(h.cart_id::text || ':' || h.offer_line_id::text || ':' || h.quantity::text)::bigint), 0)::text || '.' || count(*)::text
         from ${holds} h join ${offerLinesRead} ol on ol.id = h.offer_line_id
        where ol.catalog_id = ${catalogId} and h.expires_at > now() and h.cart_id <> ${excludeCartId})`;

// ---- what live availability reads: a catalog's active holds per buying account ----

/** Active holds on a catalog, per cart owner ("user|customer|retailer") and product, with when the soonest of them lapses (epoch ms). */
export interface OwnerHold {
  product_id: string;
  owner: string;
  qty: number;
  until: number;
}

/** A wholesale catalog's active holds per cart owner and product (the product of the held offer line). */
export async function offerLineHoldsByOwner(db: DbOrTx, catalogId: number): Promise<OwnerHold[]> {
  return rowsOf<OwnerHold>(
    await db.execute(sql`
      select ol.product_id, c.user_id || '|' || c.customer_id || '|' || c.retailer_id as owner, sum(h.quantity)::int as qty,
             (extract(epoch from min(h.expires_at)) * 1000)::float8 as until
        from ${holds} h join ${offerLinesRead} ol on ol.id = h.offer_line_id join ${carts} c on c.id = h.cart_id
       where ol.catalog_id = ${catalogId} and h.expires_at > now()
       group by 1, 2`),
  );
}

/** A mass-market catalog's active holds per cart owner and bouquet. */
export async function bouquetHoldsByOwner(db: DbOrTx, catalogId: number): Promise<OwnerHold[]> {
  return rowsOf<OwnerHold>(
    await db.execute(sql`
      select h.product_id, c.user_id || '|' || c.customer_id || '|' || c.retailer_id as owner, sum(h.quantity)::int as qty,
             (extract(epoch from min(h.expires_at)) * 1000)::float8 as until
        from ${mmHolds} h join ${carts} c on c.id = h.cart_id
       where h.catalog_id = ${catalogId} and h.expires_at > now()
       group by 1, 2`),
  );
}
