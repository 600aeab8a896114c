// The save's write (issue 30 §2): everything a cart save writes, in one statement built once per shape.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { executeShaped, type Placeholders } from "../../../db/prepared.ts";
import { cartLines, carts, holds, mmHolds } from "../../../db/schema/index.ts";
import { COLUMN_LIST, jsonOf, LINE_COLUMNS, RECORD_TYPE, X_COLUMN_LIST, type SavedLine } from "./repo.ts";

/** What a save writes on the cart row besides a new version. */
export interface CartSaveFields {
  shipDate: string | null;
  receivingDate: string | null;
  boxed: boolean;
  /** "extend": now + holdMs; a date: keep it; null: no holds. */
  holdExpiresAt: "extend" | Date | null;
  holdMs: number;
  /** Another insert to run in the same statement: the wholesale hold-expiry reminder job. */
  alsoInsert?: ExtraInsert;
}

/**
 * Another insert of a save's write, built once per `key` like the rest of the statement (executeShaped):
 * `insert` is given the cart's id and its new hold expiry (null when the cart holds nothing) as SQL
 * expressions, and a placeholder for each of its own `values`.
 */
export interface ExtraInsert<K extends string = string> {
  key: string;
  values: Record<K, unknown>;
  insert(p: Placeholders<K> & { cartId: SQL; holdExpiresAt: SQL }): SQL;
}

/** The holds a save keeps: on offer lines (wholesale) or on one catalog's bouquets (mass market; null: none). */
export type HoldWrite =
  | { offerLines: { offerLineId: number; quantity: number }[] }
  | {
      catalogId: number | null;
      bouquets: { productId: string; quantity: number }[];
    };

/** An extra insert's placeholders, with the cart's id and new expiry beside them. */
const withCart = (p: Placeholders<string>, cartId: SQL, holdExpiresAt: SQL) =>
  new Proxy(p, { get: (target, name) => (name === "cartId" ? cartId : name === "holdExpiresAt" ? holdExpiresAt : target[name as string]) }) as Placeholders<string> & {
    cartId: SQL;
    holdExpiresAt: SQL;
  };

/** The holds part of a save's write: drop what left, upsert the rest expiring with the cart (`expiry`: the saved expiry). */
function holdsWrite(p: Placeholders<"cartId" | "keep" | "quantities" | "catalogId">, wholesale: boolean, expiry: SQL): SQL {
  if (wholesale) {
    return sql`dropped as (
      delete from ${holds} where cart_id = ${p.cartId} and not (offer_line_id = any(${p.keep}::int[]))
    ), upserted as (
      insert into ${holds} (cart_id, offer_line_id, quantity, expires_at)
      select ${p.cartId}, h.id, h.q, ${expiry}
        from unnest(${p.keep}::int[], ${p.quantities}::int[]) as h(id, q)
       where ${expiry} is not null
      on conflict (cart_id, offer_line_id) do update set quantity = excluded.quantity, expires_at = excluded.expires_at
    )`;
  }
  return sql`dropped as (
      delete from ${mmHolds} where cart_id = ${p.cartId} and not (catalog_id = ${p.catalogId} and product_id = any(${p.keep}::text[]))
    ), upserted as (
      insert into ${mmHolds} (cart_id, catalog_id, product_id, quantity, expires_at)
      select ${p.cartId}, ${p.catalogId}, h.p, h.q, ${expiry}
        from unnest(${p.keep}::text[], ${p.quantities}::int[]) as h(p, q)
       where ${expiry} is not null
      on conflict (cart_id, catalog_id, product_id) do update set quantity = excluded.quantity, expires_at = excluded.expires_at
    )`;
}

/**
 * Everything a save writes, in one statement: the cart row (fields, version + 1, hold expiry), the
 * holds (dropped for lines that left or hold nothing, upserted for the rest, expiring with the cart),
 * the lines (replaced), and `f.alsoInsert` when given. An extended expiry is whole milliseconds, so
 * it reads back into a Date exactly. Answers the new version and expiry and the new lines' ids by
 * position.
 */
export async function writeSavedCart(
  tx: DbOrTx,
  cartId: number,
  f: CartSaveFields,
  held: HoldWrite,
  lines: SavedLine[],
): Promise<{ version: number; holdExpiresAt: Date | null; lineIds: number[] }> {
  const expiryKind = f.holdExpiresAt === "extend" ? "extend" : f.holdExpiresAt ? "keep" : "none";
  const wholesale = "offerLines" in held;
  const extra = f.alsoInsert;
  type Name = "cartId" | "shipDate" | "receivingDate" | "boxed" | "holdMs" | "expiresAt" | "keep" | "quantities" | "catalogId" | "lines";
  const result = await executeShaped(
    tx,
    "cart_write",
    `${expiryKind}|${wholesale ? "wholesale" : "mm"}|${extra?.key ?? ""}`,
    (p: Placeholders<Name>) => {
      const expiry =
        expiryKind === "extend"
          ? sql`date_trunc('milliseconds', now() + ${p.holdMs}::int * interval '1 millisecond')`
          : expiryKind === "keep"
            ? sql`${p.expiresAt}::timestamptz`
            : sql`null::timestamptz`;
      const savedExpiry = sql`(select hold_expires_at from saved)`;
      return sql`
    with saved as (
      update ${carts}
         set ship_date = ${p.shipDate}::date, receiving_date = ${p.receivingDate}::date, boxed = ${p.boxed}::boolean,
             version = version + 1, updated_at = now(), hold_expires_at = ${expiry}
       where id = ${p.cartId}
      returning version, hold_expires_at
    ), ${holdsWrite(p, wholesale, savedExpiry)}, emptied as (
      delete from ${cartLines} where cart_id = ${p.cartId}
    ), added as (
      insert into ${cartLines} (cart_id, ${COLUMN_LIST})
      select ${p.cartId}, ${X_COLUMN_LIST}
        from jsonb_to_recordset(${p.lines}::jsonb) as x(${RECORD_TYPE})
      returning id, position
    )${extra ? sql`, also as (${extra.insert(withCart(p as unknown as Placeholders<string>, sql`${p.cartId}::int`, savedExpiry))})` : sql``}
    select saved.version,
           (extract(epoch from saved.hold_expires_at) * 1000)::float8 as expires_ms,
           (select coalesce(jsonb_agg(jsonb_build_array(a.position, a.id)), '[]'::jsonb) from added a) as line_ids
      from saved`;
    },
    {
      ...extra?.values,
      cartId,
      shipDate: f.shipDate,
      receivingDate: f.receivingDate,
      boxed: f.boxed,
      holdMs: f.holdMs,
      expiresAt: f.holdExpiresAt instanceof Date ? f.holdExpiresAt.toISOString() : null,
      keep: "offerLines" in held ? held.offerLines.map((h) => h.offerLineId) : held.bouquets.map((h) => h.productId),
      quantities: "offerLines" in held ? held.offerLines.map((h) => h.quantity) : held.bouquets.map((h) => h.quantity),
      catalogId: "offerLines" in held ? 0 : (held.catalogId ?? 0),
      lines: JSON.stringify(lines.map((l) => Object.fromEntries(LINE_COLUMNS.map(([k, c]) => [c, l[k]])))),
    },
  );
  const row = rowsOf<{
    version: number;
    expires_ms: number | null;
    line_ids: [number, number][] | string;
  }>(result)[0]!;
  const lineIds: number[] = [];
  for (const [position, id] of jsonOf(row.line_ids)) lineIds[position] = Number(id);
  return {
    version: Number(row.version),
    holdExpiresAt: row.expires_ms === null ? null : new Date(Number(row.expires_ms)),
    lineIds,
  };
}
