// All SQL of the fresh list: preferences and the one-a-day send rows.
import { and, desc, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { freshListPreferences, freshListSends } from "../../../db/schema/index.ts";
import * as accounts from "../accounts/index.ts";
import * as buyers from "../buyers/index.ts";

export type PreferenceRow = typeof freshListPreferences.$inferSelect;

export async function preferenceOf(db: DbOrTx, userId: string): Promise<PreferenceRow | null> {
  const [row] = await db.select().from(freshListPreferences).where(eq(freshListPreferences.userId, userId));
  return row ?? null;
}

export async function upsertPreference(db: DbOrTx, row: { userId: string; customerId: string; enabled: boolean; sendMinute: number }) {
  await db
    .insert(freshListPreferences)
    .values(row)
    .onConflictDoUpdate({
      target: freshListPreferences.userId,
      set: { customerId: row.customerId, enabled: row.enabled, sendMinute: row.sendMinute, updatedAt: new Date() },
    });
}

/**
 * Claims today's send for a user: true when this transaction inserted the row. A second transaction
 * (another instance) waits on the primary key until the first commits, then inserts nothing.
 */
export async function claimSend(db: DbOrTx, row: { userId: string; day: string; customerId: string }): Promise<boolean> {
  const inserted = await db.insert(freshListSends).values(row).onConflictDoNothing().returning({ day: freshListSends.day });
  return inserted.length > 0;
}

export async function completeSend(db: DbOrTx, userId: string, day: string, shipDate: string | null, productIds: string[]) {
  await db
    .update(freshListSends)
    .set({ shipDate, lines: productIds.length, productIds })
    .where(and(eq(freshListSends.userId, userId), eq(freshListSends.day, day)));
}

/** The products of the user's last list sent before `day` (to mark today's new ones), or null. */
export async function previousProducts(db: DbOrTx, userId: string, day: string): Promise<string[] | null> {
  const [row] = await db
    .select({ productIds: freshListSends.productIds })
    .from(freshListSends)
    .where(and(eq(freshListSends.userId, userId), lt(freshListSends.day, day)))
    .orderBy(desc(freshListSends.day))
    .limit(1);
  return row ? row.productIds : null;
}

/** Users are the accounts module's. */
export const userContact = (db: DbOrTx, userId: string) => accounts.userContact(db, userId);

export async function sendsOf(db: DbOrTx, userId: string) {
  return db.select().from(freshListSends).where(eq(freshListSends.userId, userId)).orderBy(desc(freshListSends.day));
}

/** Customers are the buyers module's. */
export const companyName = (db: DbOrTx, customerId: string) => buyers.companyName(db, customerId);
