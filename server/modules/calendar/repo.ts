// Storage of the calendar desk: closed days (customers' ship times and retailers' pickup days are the
// buyers module's).
import { and, asc, between, eq, gte } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { closedDays } from "../../../db/schema/index.ts";

export type ClosedDayRow = { date: string; store: string; reason: string };

/** Closed days of both stores on or after `from` (YYYY-MM-DD). */
export async function closedDaysFrom(db: DbOrTx, from: string): Promise<ClosedDayRow[]> {
  return db.select({ date: closedDays.date, store: closedDays.store, reason: closedDays.reason }).from(closedDays).where(gte(closedDays.date, from));
}

export async function closedDaysBetween(db: DbOrTx, from: string, to: string): Promise<ClosedDayRow[]> {
  return db
    .select({ date: closedDays.date, store: closedDays.store, reason: closedDays.reason })
    .from(closedDays)
    .where(between(closedDays.date, from, to))
    .orderBy(asc(closedDays.date), asc(closedDays.store));
}

/** Inserts the days not closed yet; answers those inserted. */
export async function insertClosedDays(db: DbOrTx, rows: ClosedDayRow[], createdBy: string | null): Promise<ClosedDayRow[]> {
  if (!rows.length) return [];
  return db
    .insert(closedDays)
    .values(rows.map((r) => ({ ...r, createdBy })))
    .onConflictDoNothing()
    .returning({ date: closedDays.date, store: closedDays.store, reason: closedDays.reason });
}

export async function deleteClosedDay(db: DbOrTx, date: string, store: string): Promise<ClosedDayRow | null> {
  const [row] = await db
    .delete(closedDays)
    .where(and(eq(closedDays.date, date), eq(closedDays.store, store)))
    .returning({ date: closedDays.date, store: closedDays.store, reason: closedDays.reason });
  return row ?? null;
}
