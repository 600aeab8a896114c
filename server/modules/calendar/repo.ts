// Storage of the calendar desk: closed days, customers' ship times, retailers' pickup days.
import { and, asc, between, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { closedDays, customers, retailers, shipTimes } from "../../../db/schema/index.ts";

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

export async function customersWithShipTimes(db: DbOrTx, limit: number) {
  return db
    .select({
      customerId: customers.customerId,
      companyName: customers.companyName,
      kind: customers.kind,
      active: customers.active,
      shipTimes: sql<{ weekday: number; cutoffShipTime: string }[]>`coalesce((select json_agg(json_build_object('weekday', st.weekday, 'cutoffShipTime', st.cutoff_ship_time) order by st.weekday) from ship_times st where st.customer_id = "customers"."customer_id"), '[]'::json)`,
    })
    .from(customers)
    .orderBy(asc(customers.companyName), asc(customers.customerId))
    .limit(limit);
}

export async function customerForUpdate(db: DbOrTx, customerId: string) {
  const [c] = await db.select({ customerId: customers.customerId, companyName: customers.companyName }).from(customers).where(eq(customers.customerId, customerId)).for("no key update");
  return c ?? null;
}

export async function shipTimesOf(db: DbOrTx, customerId: string) {
  return db
    .select({ weekday: shipTimes.weekday, cutoffShipTime: shipTimes.cutoffShipTime })
    .from(shipTimes)
    .where(eq(shipTimes.customerId, customerId))
    .orderBy(asc(shipTimes.weekday));
}

export async function replaceShipTimes(db: DbOrTx, customerId: string, times: { weekday: number; cutoffShipTime: string }[]) {
  await db.delete(shipTimes).where(eq(shipTimes.customerId, customerId));
  if (times.length) await db.insert(shipTimes).values(times.map((t) => ({ customerId, ...t })));
}

const pickupColumns = {
  retailerId: retailers.retailerId,
  name: retailers.name,
  code: retailers.code,
  active: retailers.active,
  monday: retailers.pickupMonday,
  tuesday: retailers.pickupTuesday,
  wednesday: retailers.pickupWednesday,
  thursday: retailers.pickupThursday,
  friday: retailers.pickupFriday,
};

export async function retailersWithPickupDays(db: DbOrTx, limit: number) {
  return db.select(pickupColumns).from(retailers).orderBy(asc(retailers.name), asc(retailers.retailerId)).limit(limit);
}

export async function retailerForUpdate(db: DbOrTx, retailerId: number) {
  const [r] = await db.select(pickupColumns).from(retailers).where(eq(retailers.retailerId, retailerId)).for("no key update");
  return r ?? null;
}

export async function setPickupDays(db: DbOrTx, retailerId: number, d: { monday: boolean; tuesday: boolean; wednesday: boolean; thursday: boolean; friday: boolean }) {
  await db
    .update(retailers)
    .set({ pickupMonday: d.monday, pickupTuesday: d.tuesday, pickupWednesday: d.wednesday, pickupThursday: d.thursday, pickupFriday: d.friday })
    .where(eq(retailers.retailerId, retailerId));
}
