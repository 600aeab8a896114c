// The mass-market store's bouquets (mm_products), packages (mm_packages) and a mass-market catalog's
// lines (mm_catalog_products) as the supply desk (server/modules/supply) keeps them: whole rows with
// what is sold and held on them, and their writes, each in the desk's transaction. lockMmLine takes
// the lines' row lock (FOR NO KEY UPDATE) that every MM stock decision of the store takes too
// (lockCatalogLines in repo.ts), so a quantity change and a buyer's hold or order are decided one
// after the other.
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { likeContaining, type DbOrTx } from "../../../db/client.ts";
import { mmCatalogProducts, mmHoldsRead, mmPackages, mmProducts } from "../../../db/schema/index.ts";

export type BouquetRow = typeof mmProducts.$inferSelect;
export type NewBouquetRow = typeof mmProducts.$inferInsert;
export type PackageRow = typeof mmPackages.$inferSelect;
export type NewPackageRow = typeof mmPackages.$inferInsert;
export type MmLineRow = typeof mmCatalogProducts.$inferSelect;

// ---- bouquets ---------------------------------------------------------------------------------

/** Bouquets ever ordered: mass-market order lines naming it, cancelled orders included (it was ordered). */
const orderedOf = sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines_read l join orders_read o on o.id = l.order_id where o.store = 'mm' and l.product_id = "mm_products"."product_id")`.mapWith(Number);
const orderLinesOf = sql<number>`(select count(*)::int from order_lines_read l join orders_read o on o.id = l.order_id where o.store = 'mm' and l.product_id = "mm_products"."product_id")`.mapWith(Number);
const catalogLinesOf = sql<number>`(select count(*)::int from mm_catalog_products c where c.product_id = "mm_products"."product_id")`.mapWith(Number);

export async function listBouquets(db: DbOrTx, q: string | undefined, limit: number) {
  return db
    .select({ b: mmProducts, ordered: orderedOf, orderLines: orderLinesOf, catalogLines: catalogLinesOf })
    .from(mmProducts)
    .where(q ? or(ilike(mmProducts.productId, likeContaining(q)), ilike(mmProducts.description, likeContaining(q))) : undefined)
    .orderBy(asc(mmProducts.description), asc(mmProducts.productId))
    .limit(limit);
}

export async function bouquetById(db: DbOrTx, productId: string, lock = false) {
  const q = db.select({ b: mmProducts, ordered: orderedOf, orderLines: orderLinesOf, catalogLines: catalogLinesOf }).from(mmProducts).where(eq(mmProducts.productId, productId));
  const [row] = lock ? await q.for("update", { of: mmProducts }) : await q;
  return row;
}

export async function insertBouquet(db: DbOrTx, values: NewBouquetRow): Promise<boolean> {
  const rows = await db.insert(mmProducts).values(values).onConflictDoNothing().returning({ id: mmProducts.productId });
  return rows.length === 1;
}

export async function updateBouquet(db: DbOrTx, productId: string, set: Partial<NewBouquetRow>) {
  await db.update(mmProducts).set(set).where(eq(mmProducts.productId, productId));
}

export async function deleteBouquet(db: DbOrTx, productId: string) {
  await db.delete(mmProducts).where(eq(mmProducts.productId, productId));
}

// ---- packages ---------------------------------------------------------------------------------

const bouquetsOfPackage = sql<number>`(select count(*)::int from mm_products p where p.box_type = "mm_packages"."type")`.mapWith(Number);
const orderLinesOfPackage = sql<number>`(select count(*)::int from order_lines_read l join orders_read o on o.id = l.order_id where o.store = 'mm' and l.product_id = "mm_packages"."type")`.mapWith(Number);

export async function listPackages(db: DbOrTx) {
  return db
    .select({ p: mmPackages, bouquets: bouquetsOfPackage, orderLines: orderLinesOfPackage })
    .from(mmPackages)
    .orderBy(asc(mmPackages.category), asc(mmPackages.type));
}

export async function packageByType(db: DbOrTx, type: string, lock = false) {
  const q = db.select({ p: mmPackages, bouquets: bouquetsOfPackage, orderLines: orderLinesOfPackage }).from(mmPackages).where(eq(mmPackages.type, type));
  // FOR SHARE when a bouquet takes it (no one deletes or retires it meanwhile), FOR UPDATE to change it.
  const [row] = lock ? await q.for("update", { of: mmPackages }) : await q;
  return row;
}

/** The package a bouquet is to take, share-locked so it cannot be retired or deleted before commit. */
export async function packageForBouquet(tx: DbOrTx, type: string): Promise<PackageRow | undefined> {
  const [row] = await tx.select().from(mmPackages).where(eq(mmPackages.type, type)).for("share");
  return row;
}

export async function insertPackage(db: DbOrTx, values: NewPackageRow): Promise<boolean> {
  const rows = await db.insert(mmPackages).values(values).onConflictDoNothing().returning({ type: mmPackages.type });
  return rows.length === 1;
}

export async function updatePackage(db: DbOrTx, type: string, set: Partial<NewPackageRow>) {
  await db.update(mmPackages).set(set).where(eq(mmPackages.type, type));
}

export async function deletePackage(db: DbOrTx, type: string) {
  await db.delete(mmPackages).where(eq(mmPackages.type, type));
}

// ---- a mass-market catalog's lines ------------------------------------------------------------------

/** Active holds of every cart on each line. */
const heldOf = sql<number>`(select coalesce(sum(h.quantity), 0)::int from ${mmHoldsRead} h where h.catalog_id = "mm_catalog_products"."catalog_id" and h.product_id = "mm_catalog_products"."product_id" and h.expires_at > now())`.mapWith(Number);

export interface MmLineWithBouquet {
  line: MmLineRow;
  b: BouquetRow;
  held: number;
}

export async function catalogLines(db: DbOrTx, catalogId: number, productIds?: string[]): Promise<MmLineWithBouquet[]> {
  return db
    .select({ line: mmCatalogProducts, b: mmProducts, held: heldOf })
    .from(mmCatalogProducts)
    .innerJoin(mmProducts, eq(mmProducts.productId, mmCatalogProducts.productId))
    .where(and(eq(mmCatalogProducts.catalogId, catalogId), productIds ? inArray(mmCatalogProducts.productId, productIds) : undefined))
    .orderBy(asc(mmProducts.description), asc(mmProducts.productId));
}

/**
 * Locks one line of a catalog (FOR NO KEY UPDATE: the store's lock), then answers it with its bouquet
 * and active holds, read after the lock so no hold can be added between the read and the write.
 */
export async function lockMmLine(tx: DbOrTx, catalogId: number, productId: string): Promise<MmLineWithBouquet | undefined> {
  await tx
    .select({ id: mmCatalogProducts.productId })
    .from(mmCatalogProducts)
    .where(and(eq(mmCatalogProducts.catalogId, catalogId), eq(mmCatalogProducts.productId, productId)))
    .for("no key update");
  const [row] = await catalogLines(tx, catalogId, [productId]);
  return row;
}

export async function insertMmLine(tx: DbOrTx, values: typeof mmCatalogProducts.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(mmCatalogProducts).values(values).onConflictDoNothing().returning({ id: mmCatalogProducts.productId });
  return rows.length === 1;
}

export async function updateMmLine(tx: DbOrTx, catalogId: number, productId: string, set: Partial<typeof mmCatalogProducts.$inferInsert>) {
  await tx.update(mmCatalogProducts).set(set).where(and(eq(mmCatalogProducts.catalogId, catalogId), eq(mmCatalogProducts.productId, productId)));
}

export async function deleteMmLine(tx: DbOrTx, catalogId: number, productId: string) {
  await tx.delete(mmCatalogProducts).where(and(eq(mmCatalogProducts.catalogId, catalogId), eq(mmCatalogProducts.productId, productId)));
}
