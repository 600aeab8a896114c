// The SQL of live availability: one catalog's stock as every open stream of it needs it (read once
// per catalog and burst of notices, shared by all its streams), and which sessions still stand.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { comboSpecialProductsRead, comboSpecialsRead, mmCatalogProductsRead, mmProductsRead, offerLinesRead, productsRead } from "../../../db/schema/index.ts";
import { freeStock } from "../../../domain/free-stock.ts";
import { bouquetHoldsByOwner, offerLineHoldsByOwner, type OwnerHold } from "../carts/index.ts";
import { offerTermsSql } from "../catalog/index.ts";

export { sessionsSignedIn } from "../accounts/index.ts";

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

function collect(lines: LineStock[], holds: OwnerHold[], terms = ""): CatalogStock {
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
        from ${offerLinesRead} ol join ${productsRead} p on p.product_id = ol.product_id
       where ol.catalog_id = ${catalogId} and ol.show_store and p.show_store and p.active`),
  );
  const holds = await offerLineHoldsByOwner(db, catalogId);
  const [terms] = rowsOf<{ terms: string | null }>(
    await db.execute(sql`
      select md5(coalesce(${offerTermsSql(catalogId)}, '')
        || '#' || coalesce((
        select string_agg(cs.id || ':' || cs.discount_percent || ':' || csp.product_id, ';' order by cs.id, csp.product_id)
          from ${comboSpecialsRead} cs join ${comboSpecialProductsRead} csp on csp.combo_special_id = cs.id
         where cs.starts_on <= (now() at time zone 'America/New_York')::date::text
           and cs.ends_on >= (now() at time zone 'America/New_York')::date::text), '')) as terms`),
  );
  return collect(lines, holds, terms?.terms ?? "");
}

/**
 * A wholesale catalog's stock with only its holds read again: the lines' stock and terms of `last`
 * (a full read), which stand until an "offers" notice (offer lines, products, catalogs and combo
 * specials all send one). A hold's notice, the one a cart save sends, moves nothing else.
 */
export async function wholesaleHoldsAgain(db: DbOrTx, catalogId: number, last: CatalogStock): Promise<CatalogStock> {
  const stock = collect([], await offerLineHoldsByOwner(db, catalogId), last.terms);
  stock.base = last.base;
  return stock;
}

/** A mass-market catalog's active bouquets with their stock (`available`) and what is ordered, and the active holds per cart owner. */
export async function massMarketStock(db: DbOrTx, catalogId: number): Promise<CatalogStock> {
  const lines = rowsOf<LineStock>(
    await db.execute(sql`
      select cp.product_id, cp.available as stock, cp.quantity_ordered as ordered
        from ${mmCatalogProductsRead} cp join ${mmProductsRead} p on p.product_id = cp.product_id
       where cp.catalog_id = ${catalogId} and p.active`),
  );
  const holds = await bouquetHoldsByOwner(db, catalogId);
  return collect(lines, holds);
}
