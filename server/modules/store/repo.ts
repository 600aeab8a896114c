import { and, asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { cartLines, carts, catalogs, holds, offerLines, orderLines, orders, products } from "../../../db/schema/index.ts";
import type { Buyer } from "../buyers/index.ts";
import { catalogCover } from "./repo-covering.ts";
import type { CartLineInsert, CartRow, OfferLineRow, OrderInsert, OrderLineInsert, ProductRow } from "./catalog-repo.ts";

import { visible } from "./catalog-repo.ts";

// The store's data in three files by aggregate (catalogue reads, carts and orders here, the buyer's
// tools), read by the services through this one.
export * from "./catalog-repo.ts";
export * from "./buyer-tools-repo.ts";

// ---------------------------------------------------------------------------------------------
// Carts (cart.ts) and orders (checkout.ts). Every function takes DbOrTx so the service runs it
// inside its transaction; the locks taken here are the ones the never-oversold invariant relies on.

/** Who owns a wholesale cart: one cart per user, customer and retailer (0 = none). */
export interface CartKey {
  userId: string;
  customerId: string;
  retailerId: number;
}

const cartKeyWhere = (o: CartKey) =>
  and(eq(carts.userId, o.userId), eq(carts.customerId, o.customerId), eq(carts.retailerId, o.retailerId), eq(carts.store, "wholesale"));

/** Creates the owner's empty wholesale cart unless it exists (a concurrent create is harmless). */
export async function insertCartIfMissing(db: DbOrTx, owner: CartKey, boxed: boolean): Promise<void> {
  await db
    .insert(carts)
    .values({ userId: owner.userId, customerId: owner.customerId, retailerId: owner.retailerId, store: "wholesale", boxed })
    .onConflictDoNothing();
}

/** The owner's wholesale cart, or undefined (read only: lockCartRow locks). */
export async function cartOf(db: DbOrTx, owner: CartKey): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(cartKeyWhere(owner));
  return row;
}

/** A cart's lines in their order, each with its offer line and product (null when gone). */
export async function cartLinesWithOffers(db: DbOrTx, cartId: number) {
  return db
    .select({ cl: cartLines, ol: offerLines, p: products })
    .from(cartLines)
    .leftJoin(offerLines, eq(offerLines.id, cartLines.offerLineId))
    .leftJoin(products, eq(products.productId, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.position), asc(cartLines.id));
}

/** What a cart save writes on the cart row besides a new version (writeSavedCart). */
export interface CartSaveFields {
  shipDate: string | null;
  receivingDate: string | null;
  boxed: boolean;
  /** "extend": now + holdMs; a date: keep it; null: no holds. */
  holdExpiresAt: "extend" | Date | null;
  holdMs: number;
  /**
   * Another insert to run in the same statement, given the cart's new hold expiry as an SQL
   * expression (null when the cart holds nothing): the hold-expiry reminder job (reminders.ts).
   */
  alsoInsert?: (holdExpiresAt: SQL) => SQL;
}

/**
 * The hold-expiry reminder's key, payload and run time from the expiry expression: key
 * `<kind>:<cart id>:<expiry in epoch ms>`, payload `{ cartId, holdExpiresAt }` (ISO, as
 * Date.toISOString writes it), due `leadMs` before the expiry (now at the earliest), only when there
 * is an expiry.
 */
export function holdReminderFields(kind: string, cartId: number, leadMs: number, holdExpiresAt: SQL) {
  return {
    key: sql`(${`${kind}:${cartId}:`}::text || floor(extract(epoch from ${holdExpiresAt}) * 1000)::bigint::text)`,
    payload: sql`jsonb_build_object('cartId', ${cartId}::int, 'holdExpiresAt', to_char(${holdExpiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
    runAt: sql`greatest(now(), ${holdExpiresAt} - ${leadMs}::int * interval '1 millisecond')`,
    when: sql`${holdExpiresAt} is not null`,
  };
}

/**
 * Gives every held bunch of a cart back: holds dropped, lines made pending requests, the expiry
 * cleared and the version bumped. Answers the cart row.
 */
export async function releaseCartHolds(db: DbOrTx, cartId: number): Promise<CartRow> {
  await db.delete(holds).where(eq(holds.cartId, cartId));
  await db
    .update(cartLines)
    .set({ quantityConfirmed: 0, quantityPending: sql`${cartLines.quantity}`, isPending: true, isFinalProduct: false })
    .where(eq(cartLines.cartId, cartId));
  const [saved] = await db
    .update(carts)
    .set({ holdExpiresAt: null, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId))
    .returning();
  return saved!;
}

/** A user's order placed with this Idempotency-Key: number, ship date, total and pending line count. */
export async function orderByIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  const [o] = await db
    .select({
      orderNumber: orders.orderNumber,
      shipDate: orders.shipDate,
      totalCents: orders.totalCents,
      pendingLines: sql<number>`(select count(*)::int from ${orderLines} ol where ol.order_id = "orders"."id" and ol.quantity_pending > 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return o;
}

/**
 * Adds `take` (offer line id → bunches) to the lines' ordered quantity, each only where ordered +
 * other carts' active holds stay within the original quantity: the invariant, checked by the
 * database itself. Answers the ids it updated (fewer than asked: the caller rolls back).
 */
export async function addOrderedQuantities(db: DbOrTx, take: Map<number, number>, cartId: number): Promise<number[]> {
  if (!take.size) return [];
  const values = sql.join(
    [...take].map(([id, q]) => sql`(${id}::int, ${q}::int)`),
    sql`, `,
  );
  const updated = rowsOf<{ id: number }>(
    await db.execute(sql`
      update offer_lines as ol set quantity_ordered = ol.quantity_ordered + v.q
        from (values ${values}) as v(id, q)
       where ol.id = v.id
         and ol.quantity_ordered + v.q + coalesce((select sum(h.quantity) from holds h
               where h.offer_line_id = ol.id and h.cart_id <> ${cartId} and h.expires_at > now()), 0) <= ol.original_quantity
      returning ol.id`),
  );
  return updated.map((u) => Number(u.id));
}

// ---------------------------------------------------------------------------------------------
// Lean cart writes: a cart save is BEGIN, lockCartRow, lockChosenOfferLines, activeHoldsOn,
// writeSavedCart (with the hold-reminder job), COMMIT — six statements whatever the number of lines.

/** What a save needs to know of a product it names: whether it exists and sells, and its name. */
export interface ProductFacts {
  productId: string;
  description: string;
  active: boolean;
}

/**
 * The owner's wholesale cart, created on first use and locked for the rest of the transaction, in
 * one statement: an insert that on conflict "updates" the existing row to itself takes the same row
 * lock as SELECT … FOR UPDATE, and returns the row either way. With `productIds`, the same statement
 * answers what the save needs of those products.
 */
export async function lockCartRow(
  tx: DbOrTx,
  owner: CartKey,
  boxed: boolean,
  productIds: string[] = [],
): Promise<{ cart: CartRow; products: ProductFacts[] }> {
  const facts = productIds.length
    ? sql<ProductFacts[]>`(select coalesce(jsonb_agg(jsonb_build_object('productId', p.product_id, 'description', p.description, 'active', p.active)), '[]'::jsonb)
         from ${products} p where p.product_id = any(${textArray(productIds)}))`
    : sql<ProductFacts[]>`'[]'::jsonb`;
  const [row] = await tx
    .insert(carts)
    .values({ userId: owner.userId, customerId: owner.customerId, retailerId: owner.retailerId, store: "wholesale", boxed })
    .onConflictDoUpdate({ target: [carts.userId, carts.customerId, carts.retailerId, carts.store], set: { store: sql`excluded.store` } })
    .returning({ ...getTableColumns(carts), facts });
  const { facts: found, ...cart } = row!;
  return { cart, products: typeof found === "string" ? (JSON.parse(found) as ProductFacts[]) : found };
}

const textArray = (values: string[]) => sql`ARRAY[${sql.join(
  values.map((v) => sql`${v}`),
  sql`, `,
)}]::text[]`;
const intArray = (values: number[]) => sql`ARRAY[${sql.join(
  values.map((v) => sql`${v}::int`),
  sql`, `,
)}]::int[]`;

/** An offer line chosen for a product of a save, locked, with its product and its catalog's order number. */
export interface ChosenOffer {
  ol: OfferLineRow;
  p: ProductRow;
  orderId: number;
}

/**
 * For each product, the store-visible offer line of the first catalog covering `date` for the
 * buyer (catalogsFor's order), locked FOR NO KEY UPDATE in id order (the order every stock decision
 * locks in, so two buyers never deadlock). One statement.
 */
export async function lockChosenOfferLines(
  tx: DbOrTx,
  buyer: Pick<Buyer, "customerId" | "kind">,
  date: string,
  productIds: string[],
): Promise<Map<string, ChosenOffer>> {
  if (!productIds.length) return new Map();
  const { mine, covers } = catalogCover(buyer.customerId, { general: buyer.kind === "wholesale" });
  const covering = tx
    .select({
      id: catalogs.id,
      orderId: catalogs.orderId,
      rank: sql<number>`row_number() over (order by ${mine} desc, ${catalogs.shipDateFrom} desc, ${catalogs.orderId} desc)`.as("rank"),
    })
    .from(catalogs)
    .where(
      and(
        eq(catalogs.kind, "wholesale"),
        sql`${catalogs.shipDateFrom} <= ${date}::date`,
        sql`${catalogs.shipDateTo} >= ${date}::date`,
        covers,
      ),
    )
    .as("covering");
  const chosen = tx
    .selectDistinctOn([offerLines.productId], { lineId: sql<number>`${offerLines.id}`.as("line_id"), orderId: sql<number>`${covering.orderId}`.as("order_id") })
    .from(offerLines)
    .innerJoin(covering, eq(covering.id, offerLines.catalogId))
    .innerJoin(products, eq(products.productId, offerLines.productId))
    .where(and(sql`${offerLines.productId} = any(${textArray(productIds)})`, visible))
    .orderBy(offerLines.productId, covering.rank)
    .as("chosen");
  const rows = await tx
    .select({ ol: offerLines, p: products, orderId: chosen.orderId })
    .from(offerLines)
    .innerJoin(chosen, eq(chosen.lineId, offerLines.id))
    .innerJoin(products, eq(products.productId, offerLines.productId))
    .orderBy(asc(offerLines.id))
    .for("no key update", { of: offerLines });
  return new Map(rows.map((r) => [r.p.productId, { ol: r.ol, p: r.p, orderId: Number(r.orderId) }]));
}

/**
 * Active holds on these offer lines in one statement: summed per line for every other cart, and
 * this cart's own. Read after the lines are locked, so it sees every hold committed before.
 */
export async function activeHoldsOn(tx: DbOrTx, offerLineIds: number[], cartId: number): Promise<{ others: Map<number, number>; own: Map<number, number> }> {
  if (!offerLineIds.length) return { others: new Map(), own: new Map() };
  const rows = rowsOf<{ id: number; others: number | null; own: number | null }>(
    await tx.execute(sql`
      select offer_line_id as id,
             sum(quantity) filter (where cart_id <> ${cartId})::int as others,
             sum(quantity) filter (where cart_id = ${cartId})::int as own
        from ${holds}
       where offer_line_id = any(${intArray(offerLineIds)}) and expires_at > now()
       group by offer_line_id`),
  );
  const others = new Map<number, number>();
  const own = new Map<number, number>();
  for (const r of rows) {
    if (r.others) others.set(Number(r.id), Number(r.others));
    if (r.own) own.set(Number(r.id), Number(r.own));
  }
  return { others, own };
}

/** A cart line as a save writes it (the wholesale columns). */
export type SavedLine = Required<Pick<CartLineInsert, SavedColumn>>;
type SavedColumn =
  | "position"
  | "productId"
  | "offerLineId"
  | "offerOrderNumber"
  | "description"
  | "category"
  | "quantity"
  | "priceCents"
  | "quantityConfirmed"
  | "quantityPending"
  | "isPending"
  | "isFinalProduct"
  | "unitOfMeasure"
  | "unitOfMeasureQty"
  | "boxed";

/**
 * Everything a save writes, in one statement: the cart row (fields, version + 1, hold expiry), the
 * holds (dropped for lines that left or hold nothing, upserted for the rest, expiring with the
 * cart), the lines (replaced), and `f.alsoInsert` (the reminder job) when given. An extended expiry
 * is whole milliseconds, so it reads back into a Date exactly. Answers the new version and expiry and the new lines' ids by
 * position.
 */
export async function writeSavedCart(
  tx: DbOrTx,
  cartId: number,
  f: CartSaveFields,
  held: { offerLineId: number; quantity: number }[],
  lines: SavedLine[],
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
      offer_line_id: l.offerLineId,
      offer_order_number: l.offerOrderNumber,
      description: l.description,
      category: l.category,
      quantity: l.quantity,
      price_cents: l.priceCents,
      quantity_confirmed: l.quantityConfirmed,
      quantity_pending: l.quantityPending,
      is_pending: l.isPending,
      is_final_product: l.isFinalProduct,
      unit_of_measure: l.unitOfMeasure,
      unit_of_measure_qty: l.unitOfMeasureQty,
      boxed: l.boxed,
    })),
  );
  const keep = intArray(held.map((h) => h.offerLineId));
  const result = await tx.execute(sql`
    with saved as (
      update ${carts}
         set ship_date = ${f.shipDate}::date, receiving_date = ${f.receivingDate}::date, boxed = ${f.boxed},
             version = version + 1, updated_at = now(), hold_expires_at = ${expiry}
       where id = ${cartId}
      returning version, hold_expires_at
    ), dropped as (
      delete from ${holds} where cart_id = ${cartId} and not (offer_line_id = any(${keep}))
    ), upserted as (
      insert into ${holds} (cart_id, offer_line_id, quantity, expires_at)
      select ${cartId}, h.id, h.q, (select hold_expires_at from saved)
        from unnest(${keep}, ${intArray(held.map((h) => h.quantity))}) as h(id, q)
      on conflict (cart_id, offer_line_id) do update set quantity = excluded.quantity, expires_at = excluded.expires_at
    ), emptied as (
      delete from ${cartLines} where cart_id = ${cartId}
    ), added as (
      insert into ${cartLines} (cart_id, position, product_id, offer_line_id, offer_order_number, description, category, quantity,
                                price_cents, quantity_confirmed, quantity_pending, is_pending, is_final_product, unit_of_measure,
                                unit_of_measure_qty, boxed)
      select ${cartId}, x.position, x.product_id, x.offer_line_id, x.offer_order_number, x.description, x.category, x.quantity,
             x.price_cents, x.quantity_confirmed, x.quantity_pending, x.is_pending, x.is_final_product, x.unit_of_measure,
             x.unit_of_measure_qty, x.boxed
        from jsonb_to_recordset(${json}::jsonb) as x(position int, product_id text, offer_line_id int, offer_order_number int,
             description text, category text, quantity int, price_cents int, quantity_confirmed int, quantity_pending int,
             is_pending boolean, is_final_product boolean, unit_of_measure text, unit_of_measure_qty int, boxed boolean)
      returning id, position
    )${f.alsoInsert ? sql`, also as (${f.alsoInsert(sql`(select hold_expires_at from saved)`)})` : sql``}
    select saved.version,
           (extract(epoch from saved.hold_expires_at) * 1000)::float8 as expires_ms,
           (select coalesce(jsonb_agg(jsonb_build_array(a.position, a.id)), '[]'::jsonb) from added a) as line_ids
      from saved`);
  const row = rowsOf<{ version: number; expires_ms: number | null; line_ids: [number, number][] | string }>(result)[0]!;
  const pairs = typeof row.line_ids === "string" ? (JSON.parse(row.line_ids) as [number, number][]) : row.line_ids;
  const lineIds: number[] = [];
  for (const [position, id] of pairs) lineIds[position] = Number(id);
  return { version: Number(row.version), holdExpiresAt: row.expires_ms === null ? null : new Date(Number(row.expires_ms)), lineIds };
}

/** A cart's lines in their order, each with its product row (null when the product is gone). One statement. */
export async function cartLinesWithProducts(db: DbOrTx, cartId: number) {
  return db
    .select({ cl: cartLines, p: products })
    .from(cartLines)
    .leftJoin(products, eq(products.productId, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.position), asc(cartLines.id));
}

/**
 * Everything placing an order writes, in one statement whatever the number of lines: the order, its
 * lines, and the cart emptied (holds and lines dropped, dates and expiry cleared, version + 1).
 * Answers the order's number. Built from Drizzle inserts, so every column of the order is written.
 */
export async function insertOrderEmptyingCart(
  tx: DbOrTx,
  cartId: number,
  order: OrderInsert,
  lines: Omit<OrderLineInsert, "orderId">[],
): Promise<{ id: number; orderNumber: number }> {
  const placed = tx.insert(orders).values(order).returning({ id: orders.id, orderNumber: orders.orderNumber }).getSQL();
  const withLines = tx
    .insert(orderLines)
    .values(lines.map((l) => ({ ...l, orderId: sql`(select id from placed)` })))
    .getSQL();
  const result = await tx.execute(sql`
    with placed as (${placed}),
         placed_lines as (${withLines}),
         dropped_holds as (delete from ${holds} where cart_id = ${cartId}),
         dropped_lines as (delete from ${cartLines} where cart_id = ${cartId}),
         emptied as (
           update ${carts} set ship_date = null, receiving_date = null, hold_expires_at = null, version = version + 1, updated_at = now()
            where id = ${cartId})
    select id, order_number from placed`);
  const row = rowsOf<{ id: number; order_number: number }>(result)[0]!;
  return { id: Number(row.id), orderNumber: Number(row.order_number) };
}

/**
 * The owner's wholesale cart when it holds stock, not yet lapsed, on a line of any of these catalogs;
 * 0 when it holds none there (or there is no cart).
 */
export async function cartHoldingIn(db: DbOrTx, owner: { userId: string; customerId: string; retailerId: number }, catalogIds: number[]): Promise<number> {
  if (!catalogIds.length) return 0;
  const result = await db.execute(sql`
    select c.id from ${carts} c
     where c.user_id = ${owner.userId} and c.customer_id = ${owner.customerId} and c.retailer_id = ${owner.retailerId} and c.store = 'wholesale'
       and exists (
         select 1 from ${holds} h join ${offerLines} ol on ol.id = h.offer_line_id
          where h.cart_id = c.id and h.expires_at > now() and ol.catalog_id = any(${intArray(catalogIds)}))`);
  return Number(rowsOf<{ id: number }>(result)[0]?.id ?? 0);
}

/**
 * When the soonest active hold on these catalogs' lines, or on these offer lines, lapses (epoch ms;
 * Infinity when none is active): until then an answer built from the holds stays true by time alone.
 */
export async function nextHoldExpiry(db: DbOrTx, where: { catalogIds?: number[]; offerLineIds?: number[] }): Promise<number> {
  const catalogIds = where.catalogIds ?? [];
  const lineIds = where.offerLineIds ?? [];
  if (!catalogIds.length && !lineIds.length) return Infinity;
  const result = await db.execute(sql`
    select (extract(epoch from min(h.expires_at)) * 1000)::float8 as next
      from ${holds} h join ${offerLines} ol on ol.id = h.offer_line_id
     where h.expires_at > now()
       and (ol.catalog_id = any(${intArray(catalogIds.length ? catalogIds : [0])}) or h.offer_line_id = any(${intArray(lineIds.length ? lineIds : [0])}))`);
  const next = rowsOf<{ next: number | null }>(result)[0]?.next;
  return next === null || next === undefined ? Infinity : Number(next);
}
