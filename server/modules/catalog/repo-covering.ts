// Which catalogs cover a customer (SPEC §7 "current catalog"), written once for both stores: a
// catalog made for the customer (it names the customer among its customers), or a general one (it
// names nobody) when the customer may buy from general catalogs. "Current first" ranks the ones
// made for the customer before the general ones.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { catalogCustomers } from "../../../db/schema/index.ts";

/** The catalogs table's id as a query over `catalogs` names it. */
const CATALOG_ID = sql.raw(`"catalogs"."id"`);

export interface CatalogCover {
  /** True when the catalog names the customer: what "current first" ranks first. */
  mine: SQL<boolean>;
  /** True when the catalog covers the customer. */
  covers: SQL<boolean>;
}

/**
 * The covering filter for one customer. `customerId` is a value or a column; `catalogId` the
 * catalog's id column (the `catalogs` table's by default); `general` whether catalogs naming nobody
 * cover the customer too (mass-market and wholesale customers of their own store: yes).
 */
export function catalogCover(customerId: string | SQL, { catalogId = CATALOG_ID, general = true }: { catalogId?: SQL; general?: boolean } = {}): CatalogCover {
  const mine = sql<boolean>`exists (select 1 from ${catalogCustomers} cc where cc.catalog_id = ${catalogId} and cc.customer_id = ${customerId})`;
  const open = sql<boolean>`not exists (select 1 from ${catalogCustomers} cc where cc.catalog_id = ${catalogId})`;
  return { mine, covers: general ? sql<boolean>`(${mine} or ${open})` : mine };
}

// ---- which catalogs name a customer: the administration desk's links (SPEC: customer ↔ catalog) ----

/** How many customers the catalog `catalogId` (an SQL expression) is restricted to; 0: open to all. */
export const catalogCustomerCountSql = (catalogId: SQL) =>
  sql<number>`(select count(*)::int from ${catalogCustomers} cc where cc.catalog_id = ${catalogId})`.mapWith(Number);

/** The catalogs that name the customer, by id. */
export async function catalogIdsOfCustomer(db: DbOrTx, customerId: string): Promise<number[]> {
  const rows = await db.select({ id: catalogCustomers.catalogId }).from(catalogCustomers).where(eq(catalogCustomers.customerId, customerId)).orderBy(asc(catalogCustomers.catalogId));
  return rows.map((r) => r.id);
}

/** Names the customer on the catalogs `add` and no longer on `remove`, in the caller's transaction. */
export async function linkCatalogs(tx: DbOrTx, customerId: string, add: number[], remove: number[]) {
  if (remove.length) await tx.delete(catalogCustomers).where(and(eq(catalogCustomers.customerId, customerId), inArray(catalogCustomers.catalogId, remove)));
  if (add.length) await tx.insert(catalogCustomers).values(add.map((catalogId) => ({ catalogId, customerId }))).onConflictDoNothing();
}
