// All SQL of the standing orders module.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { mmProductsRead, productsRead, standingOrderLines, standingOrders } from "../../../db/schema/index.ts";
import * as accounts from "../accounts/index.ts";

export type StandingOrderRow = typeof standingOrders.$inferSelect;
export type StandingLineRow = typeof standingOrderLines.$inferSelect;

export interface Owner {
  userId: string;
  customerId: string;
  retailerId: number;
}

/** Which store's templates: the wholesale store's standing orders, or the mass-market store's programs. */
export type StandingStore = StandingOrderRow["store"];

const ownedBy = (o: Owner, store: StandingStore = "wholesale") =>
  and(eq(standingOrders.userId, o.userId), eq(standingOrders.customerId, o.customerId), eq(standingOrders.retailerId, o.retailerId), eq(standingOrders.store, store));

export async function standingOrdersOf(db: DbOrTx, owner: Owner, store: StandingStore = "wholesale"): Promise<StandingOrderRow[]> {
  return db.select().from(standingOrders).where(ownedBy(owner, store)).orderBy(asc(standingOrders.weekday), asc(standingOrders.id));
}

/** One of the owner's standing orders, locked for the caller's transaction when `lock`. */
export async function ownStandingOrder(db: DbOrTx, owner: Owner, id: number, lock = false, store: StandingStore = "wholesale"): Promise<StandingOrderRow | null> {
  const q = db.select().from(standingOrders).where(and(eq(standingOrders.id, id), ownedBy(owner, store)));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

export async function standingOrderById(db: DbOrTx, id: number, lock = false): Promise<StandingOrderRow | null> {
  const q = db.select().from(standingOrders).where(eq(standingOrders.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

/** Lines of several standing orders with the product's description (or its id when the product is gone). */
export async function linesOf(db: DbOrTx, ids: number[]): Promise<(StandingLineRow & { description: string | null; active: boolean | null })[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ l: standingOrderLines, description: productsRead.description, active: productsRead.active })
    .from(standingOrderLines)
    .leftJoin(productsRead, eq(productsRead.productId, standingOrderLines.productId))
    .where(inArray(standingOrderLines.standingOrderId, ids))
    .orderBy(asc(standingOrderLines.standingOrderId), asc(standingOrderLines.position));
  return rows.map((r) => ({ ...r.l, description: r.description, active: r.active }));
}

/** Lines of MM programs with the bouquet's description (or its id when the bouquet is gone). */
export async function mmLinesOf(db: DbOrTx, ids: number[]): Promise<(StandingLineRow & { description: string | null; active: boolean | null })[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ l: standingOrderLines, description: mmProductsRead.description, active: mmProductsRead.active })
    .from(standingOrderLines)
    .leftJoin(mmProductsRead, eq(mmProductsRead.productId, standingOrderLines.productId))
    .where(inArray(standingOrderLines.standingOrderId, ids))
    .orderBy(asc(standingOrderLines.standingOrderId), asc(standingOrderLines.position));
  return rows.map((r) => ({ ...r.l, description: r.description, active: r.active }));
}

/** The ids among these that are active mass-market bouquets. */
export async function activeMmProductIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: mmProductsRead.productId }).from(mmProductsRead).where(and(inArray(mmProductsRead.productId, ids), eq(mmProductsRead.active, true)));
  return new Set(rows.map((r) => r.id));
}

/** The ids among these that are active products. */
export async function activeProductIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: productsRead.productId }).from(productsRead).where(and(inArray(productsRead.productId, ids), eq(productsRead.active, true)));
  return new Set(rows.map((r) => r.id));
}

export async function insertStandingOrder(db: DbOrTx, row: typeof standingOrders.$inferInsert): Promise<StandingOrderRow> {
  const [created] = await db.insert(standingOrders).values(row).returning();
  return created!;
}

export async function updateStandingOrder(db: DbOrTx, id: number, set: Partial<typeof standingOrders.$inferInsert>) {
  await db.update(standingOrders).set(set).where(eq(standingOrders.id, id));
}

export type LabelColumns = Pick<StandingLineRow, "barcodeNumber" | "barcodeTop" | "barcodeLeft" | "barcodeBottom">;

export async function replaceLines(db: DbOrTx, id: number, lines: ({ productId: string; quantity: number } & Partial<LabelColumns>)[]) {
  await db.delete(standingOrderLines).where(eq(standingOrderLines.standingOrderId, id));
  if (lines.length) await db.insert(standingOrderLines).values(lines.map((l, position) => ({ ...l, standingOrderId: id, position })));
}

export async function deleteStandingOrder(db: DbOrTx, id: number) {
  await db.delete(standingOrders).where(eq(standingOrders.id, id));
}

/** Users are the accounts module's. */
export const userContact = (db: DbOrTx, userId: string) => accounts.userContact(db, userId);
