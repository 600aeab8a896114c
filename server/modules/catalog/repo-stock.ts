import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { executePrepared, intArray, selectPrepared, selectShaped, textArray, type Placeholders } from "../../../db/prepared.ts";
import { catalogs, offerLines, products } from "../../../db/schema/index.ts";
import type { Buyer } from "../buyers/index.ts";
import { cartAtVersionSql, cartIdSql, holdSumsOf, offerLineHeldByOthersSql, type HoldSums } from "../carts/index.ts";
import type { OfferLineRow, ProductRow } from "./repo.ts";
import { visible, wholesaleCover } from "./repo.ts";

// ---------------------------------------------------------------------------------------------
// The offers behind a cart (cart.ts) and an order (checkout.ts). Every function takes DbOrTx so the
// service runs it inside its transaction; the locks taken here are the ones the never-oversold
// invariant relies on.

/**
 * Adds `take` (offer line id → bunches) to the lines' ordered quantity, each only where ordered +
 * other carts' active holds stay within the original quantity: the invariant, checked by the
 * database itself. Answers the ids it updated (fewer than asked: the caller rolls back).
 */
export async function addOrderedQuantities(db: DbOrTx, take: Map<number, number>, cartId: number): Promise<number[]> {
  if (!take.size) return [];
  const updated = rowsOf<{ id: number }>(
    await executePrepared(
      db,
      "stock_take",
      sql`
      update offer_lines as ol set quantity_ordered = ol.quantity_ordered + v.q
        from unnest(${intArray([...take.keys()])}, ${intArray([...take.values()])}) as v(id, q)
       where ol.id = v.id
         and ol.quantity_ordered + v.q + ${offerLineHeldByOthersSql(sql`ol.id`, cartId)} <= ol.original_quantity
      returning ol.id`,
    ),
  );
  return updated.map((u) => Number(u.id));
}

/**
 * The order desk's stock moves on one offer line, in its transaction (server/modules/order-desk:
 * confirming, changing and cancelling lines). Adds ordered quantity under the invariant, checked by
 * the UPDATE itself: ordered + every active hold never exceeds the original quantity. False (nothing
 * written) when it would.
 */
export async function takeOfferLineStock(tx: DbOrTx, offerLineId: number, quantity: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update offer_lines as ol set quantity_ordered = ol.quantity_ordered + ${quantity}
       where ol.id = ${offerLineId}
         and ol.quantity_ordered + ${quantity} + coalesce((select sum(h.quantity) from holds_read h
               where h.offer_line_id = ol.id and h.expires_at > now()), 0) <= ol.original_quantity
      returning ol.id`),
  );
  return rows.length === 1;
}

/** Gives ordered quantity back to everyone (never below 0 if counts were edited under the order). */
export async function giveBackOfferLineStock(tx: DbOrTx, offerLineId: number, quantity: number) {
  if (quantity <= 0) return;
  await tx.execute(sql`update offer_lines set quantity_ordered = greatest(0, quantity_ordered - ${quantity}) where id = ${offerLineId}`);
}

/** What a save needs to know of a product it names: whether it exists and sells, and its name. */
export interface ProductFacts {
  productId: string;
  description: string;
  active: boolean;
}

/** What a save needs to know of these products, as an SQL value read by the cart's lock (ProductFacts[] as JSON). */
export function productFactsSql(productIds: string[] | SQL) {
  // One text for any number of products (none: the empty array finds none, so '[]').
  return sql`(select coalesce(jsonb_agg(jsonb_build_object('productId', p.product_id, 'description', p.description, 'active', p.active)), '[]'::jsonb)
         from ${products} p where p.product_id = any(${Array.isArray(productIds) ? textArray(productIds) : sql`${productIds}::text[]`}))`;
}

/** An offer line chosen for a product of a save, locked, with its product and its catalog's order number. */
export interface ChosenOffer {
  ol: OfferLineRow;
  p: ProductRow;
  orderId: number;
}

/** The offers chosen for a save's products (by product id), and the active holds on them read after their locks. */
export interface ChosenOffers {
  offers: Map<string, ChosenOffer>;
  holds: HoldSums<number>;
}

/**
 * For each product, the store-visible offer line of the first catalog covering `date` for the
 * buyer (catalogsFor's order), locked FOR NO KEY UPDATE in id order (the order every stock decision
 * locks in, so two buyers never deadlock), with the active holds on it: of other carts than the
 * cart (its id, or an owner's wholesale cart, found by the statement: a save's own lock has made it
 * by then), and of that cart. One statement: each line's holds are read after its lock, by
 * offer_line_hold_sums (migration 0029), whose own snapshot sees every hold committed by a
 * transaction the lock waited for. The statement is asked before this returns, so a caller can
 * pipeline it (db/fold.ts).
 */
export function lockChosenOfferLines(
  tx: DbOrTx,
  buyer: Pick<Buyer, "customerId" | "kind">,
  date: string,
  productIds: string[],
  cart: number | { userId: string; customerId: string; retailerId: number; version?: number },
): Promise<ChosenOffers> {
  if (!productIds.length) return Promise.resolve({ offers: new Map(), holds: { others: new Map(), own: new Map() } });
  const byOwner = typeof cart !== "number";
  // Built once per kind of buyer and way of naming the cart (executeShaped): each save passes only its values.
  const rows = selectShaped(
    tx,
    "offers_lock",
    byOwner ? `${buyer.kind}|owner` : buyer.kind,
    (p: Placeholders<"customerId" | "date" | "productIds" | "cartId" | "userId" | "cartCustomerId" | "retailerId" | "version">) => {
      const owner = { userId: p.userId, customerId: p.cartCustomerId, retailerId: sql`${p.retailerId}::int` };
      const cartId = byOwner ? cartIdSql(owner, "wholesale") : sql`${p.cartId}::int`;
      const { mine, coveringOn } = wholesaleCover({ customerId: p.customerId, kind: buyer.kind }, p.date);
      const covering = tx
        .select({
          id: catalogs.id,
          orderId: catalogs.orderId,
          rank: sql<number>`row_number() over (order by ${mine} desc, ${catalogs.shipDateFrom} desc, ${catalogs.orderId} desc)`.as("rank"),
        })
        .from(catalogs)
        .where(coveringOn)
        .as("covering");
      const chosen = tx
        .selectDistinctOn([offerLines.productId], { lineId: sql<number>`${offerLines.id}`.as("line_id"), orderId: sql<number>`${covering.orderId}`.as("order_id") })
        .from(offerLines)
        .innerJoin(covering, eq(covering.id, offerLines.catalogId))
        .innerJoin(products, eq(products.productId, offerLines.productId))
        // Found by its owner (sent behind the cart's lock), a cart at another version than the body's chooses nothing.
        .where(and(sql`${offerLines.productId} = any(${p.productIds}::text[])`, visible, byOwner ? cartAtVersionSql(owner, "wholesale", p.version) : undefined))
        .orderBy(offerLines.productId, covering.rank)
        .as("chosen");
      // The lines as locked (after a wait, their latest versions), and only then their holds.
      const locked = tx.$with("locked").as(
        tx
          .select({ ...getTableColumns(offerLines), orderId: chosen.orderId })
          .from(offerLines)
          .innerJoin(chosen, eq(chosen.lineId, offerLines.id))
          .orderBy(asc(offerLines.id))
          .for("no key update", { of: offerLines }),
      );
      const ol = Object.fromEntries(Object.keys(getTableColumns(offerLines)).map((k) => [k, locked[k as keyof typeof locked]])) as unknown as ReturnType<typeof getTableColumns<typeof offerLines>>;
      return tx
        .with(locked)
        .select({ ol, p: products, orderId: locked.orderId, held: sql<number[] | null>`offer_line_hold_sums(${locked.id}, ${cartId})`.as("held") })
        .from(locked)
        .innerJoin(products, eq(products.productId, locked.productId))
        .orderBy(asc(locked.id));
    },
    {
      customerId: buyer.customerId,
      date,
      productIds,
      ...(byOwner
        ? { cartId: null, userId: cart.userId, cartCustomerId: cart.customerId, retailerId: cart.retailerId, version: cart.version ?? null }
        : { cartId: cart, userId: null, cartCustomerId: null, retailerId: null, version: null }),
    },
  );
  return rows.then((found) => ({
    offers: new Map(found.map((r) => [r.p.productId, { ol: r.ol, p: r.p, orderId: Number(r.orderId) }])),
    holds: holdSumsOf(found.map((r) => [r.ol.id, r.held ?? [0, 0]] as [number, number[]])),
  }));
}

/**
 * The offer lines of a cart's lines with their products, locked FOR NO KEY UPDATE in id order (the
 * order every stock decision locks in): what placing the order takes stock from. One statement.
 */
export async function lockOfferLinesWithProducts(tx: DbOrTx, offerLineIds: number[]): Promise<Map<number, { ol: OfferLineRow; p: ProductRow }>> {
  if (!offerLineIds.length) return new Map();
  const rows = await selectPrepared(
    tx,
    "offers_lock_ids",
    tx
      .select({ ol: offerLines, p: products })
      .from(offerLines)
      .innerJoin(products, eq(products.productId, offerLines.productId))
      .where(sql`${offerLines.id} = any(${intArray(offerLineIds)})`)
      .orderBy(asc(offerLines.id))
      .for("no key update", { of: offerLines }),
  );
  return new Map(rows.map((r) => [r.ol.id, r]));
}

/**
 * What a cart's lines are sold from now: each product with the line's offer line (null when it was
 * withdrawn), by product id. One statement.
 */
export async function offersOfLines(db: DbOrTx, lines: { productId: string; offerLineId: number | null }[]): Promise<Map<string, { ol: OfferLineRow | null; p: ProductRow }>> {
  if (!lines.length) return new Map();
  const lineIds = lines.flatMap((l) => (l.offerLineId === null ? [] : [l.offerLineId]));
  const rows = await db
    .select({ ol: offerLines, p: products })
    .from(products)
    .leftJoin(offerLines, and(eq(offerLines.productId, products.productId), sql`${offerLines.id} = any(${intArray(lineIds.length ? lineIds : [0])})`))
    .where(inArray(products.productId, lines.map((l) => l.productId)));
  return new Map(rows.map((r) => [r.p.productId, r]));
}

/** The offer lines of these catalogs, as a subquery (what the carts engine asks its holds about). */
export const offerLinesOfCatalogs = (catalogIds: number[]) => sql`(select ol.id from ${offerLines} ol where ol.catalog_id = any(${intArray(catalogIds.length ? catalogIds : [0])}))`;

/** A condition on offer lines: only these products (for a catalog read of some products). */
export const offerLineOfProducts = (productIds: string[]) => inArray(offerLines.productId, productIds);
