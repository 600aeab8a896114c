// The SQL of live availability: one catalog's stock as every open stream of it needs it (read once
// per catalog and burst of notices, shared by all its streams), and which sessions still stand.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { freeStock } from "../../../domain/free-stock.ts";

/** What a catalog has left before anybody's holds, and the active holds on it per buying account. */
export interface CatalogStock {
  /** Product id → free stock before anybody's holds (domain freeStock with no holds: never below 0). */
  base: Map<string, number>;
  /** Holds by owner ("user|customer|retailer") → product id → quantity. */
  holds: Map<string, Map<string, number>>;
  /** When the soonest active hold lapses (epoch ms), Infinity when none is active. */
  until: number;
  /**
   * A digest of what the store shows beside the quantities (prices, specials, tiers, flags, and the
   * combo specials running today): when it moves the page reads its list again (issue 25 promotions).
   */
  terms: string;
}

/** A catalog line's stock as read: its stock (null when not confirmed) and what is ordered. */
type LineStock = { product_id: string; stock: number | null; ordered: number };

function collect(lines: LineStock[], holds: { product_id: string; owner: string; qty: number; until: number }[], terms = ""): CatalogStock {
  const stock: CatalogStock = { base: new Map(), holds: new Map(), until: Infinity, terms };
  for (const l of lines) stock.base.set(l.product_id, freeStock({ stock: l.stock === null ? null : Number(l.stock), ordered: Number(l.ordered), heldByOthers: 0 }));
  for (const h of holds) {
    let own = stock.holds.get(h.owner);
    if (!own) stock.holds.set(h.owner, (own = new Map()));
    own.set(h.product_id, Number(h.qty));
    stock.until = Math.min(stock.until, Number(h.until));
  }
  return stock;
}

/**
 * A wholesale catalog's lines in the store (as Catalog/Products lists them: the line, its product
 * shown and active) with their stock and what is ordered (a line whose stock is not confirmed reads as 0: nothing), and
 * the active holds on them per cart owner.
 */
export async function wholesaleStock(db: DbOrTx, catalogId: number): Promise<CatalogStock> {
  const lines = rowsOf<LineStock>(
    await db.execute(sql`
      select ol.product_id, coalesce(ol.original_quantity, 0) as stock, ol.quantity_ordered as ordered
        from offer_lines ol join products p on p.product_id = ol.product_id
       where ol.catalog_id = ${catalogId} and ol.show_store and p.show_store and p.active`),
  );
  const holds = rowsOf<{ product_id: string; owner: string; qty: number; until: number }>(
    await db.execute(sql`
      select ol.product_id, c.user_id || '|' || c.customer_id || '|' || c.retailer_id as owner, sum(h.quantity)::int as qty,
             (extract(epoch from min(h.expires_at)) * 1000)::float8 as until
        from holds h join offer_lines ol on ol.id = h.offer_line_id join carts c on c.id = h.cart_id
       where ol.catalog_id = ${catalogId} and h.expires_at > now()
       group by 1, 2`),
  );
  const [terms] = rowsOf<{ terms: string | null }>(
    await db.execute(sql`
      select md5(coalesce((
        select string_agg(concat_ws('|', ol.product_id, ol.special, ol.standard_price_cents, ol.standard_price_no_pail_cents, ol.price_cents,
                                    ol.price_no_pail_cents, ol.discount_quantity, ol.discount_price_cents, ol.discount_price_no_pail_cents,
                                    ol.discount_quantity2, ol.discount_price2_cents, ol.discount_price_no_pail2_cents, ol.is_final_product,
                                    ol.next_available_date), ';' order by ol.product_id)
          from offer_lines ol where ol.catalog_id = ${catalogId} and ol.show_store), '')
        || '#' || coalesce((
        select string_agg(cs.id || ':' || cs.discount_percent || ':' || csp.product_id, ';' order by cs.id, csp.product_id)
          from combo_specials cs join combo_special_products csp on csp.combo_special_id = cs.id
         where cs.starts_on <= (now() at time zone 'America/New_York')::date::text
           and cs.ends_on >= (now() at time zone 'America/New_York')::date::text), '')) as terms`),
  );
  return collect(lines, holds, terms?.terms ?? "");
}

/** A mass-market catalog's active bouquets with their stock (`available`) and what is ordered, and the active holds per cart owner. */
export async function massMarketStock(db: DbOrTx, catalogId: number): Promise<CatalogStock> {
  const lines = rowsOf<LineStock>(
    await db.execute(sql`
      select cp.product_id, cp.available as stock, cp.quantity_ordered as ordered
        from mm_catalog_products cp join mm_products p on p.product_id = cp.product_id
       where cp.catalog_id = ${catalogId} and p.active`),
  );
  const holds = rowsOf<{ product_id: string; owner: string; qty: number; until: number }>(
    await db.execute(sql`
      select h.product_id, c.user_id || '|' || c.customer_id || '|' || c.retailer_id as owner, sum(h.quantity)::int as qty,
             (extract(epoch from min(h.expires_at)) * 1000)::float8 as until
        from mm_holds h join carts c on c.id = h.cart_id
       where h.catalog_id = ${catalogId} and h.expires_at > now()
       group by 1, 2`),
  );
  return collect(lines, holds);
}

/** Which of these sessions (hashed ids) are still signed in. */
export async function sessionsSignedIn(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from sessions where id = any(${sql`ARRAY[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`}) and expires_at > now()`),
  );
  return new Set(rows.map((r) => r.id));
}
