// The calendar desk's ship weekdays with their cut-offs (customers) and pickup days (retailers)
// (docs/domain-supply.md "Calendar"): the buyers' own rows, so this module holds the desk's rules and
// the calendar module only its closed days (the buyers read closed days from calendar, so calendar
// cannot ask buyers). Every change is one transaction and one audit entry of the calendar desk; the
// tables' triggers tell every instance (topic "accounts").
import type { Db } from "../../../db/client.ts";
import { weekdayName } from "../../../domain/standing-orders.ts";
import { badRequest, notFound } from "../../errors.ts";
import { record, type Actor } from "../calendar/index.ts";
import * as repo from "./repo-desks.ts";
import { shipTimesOf } from "./repo.ts";

/** How many rows the grids list (every customer and retailer of a grower fits). */
const GRID_LIMIT = 2_000;

export async function shipTimesGrid(db: Db) {
  return { customers: await repo.customersWithShipTimes(db, GRID_LIMIT) };
}

const describeTimes = (times: { weekday: number; cutoffShipTime: string }[]) =>
  times.length ? times.map((t) => `${weekdayName(t.weekday)} ${t.cutoffShipTime}`).join(", ") : "no ship days";

export async function setShipTimes(db: Db, actor: Actor, customerId: string, times: { weekday: number; cutoffShipTime: string }[]) {
  const seen = new Set<number>();
  const fields: Record<string, string> = {};
  times.forEach((t, i) => {
    if (seen.has(t.weekday)) fields[`shipTimes.${i}.weekday`] = `${weekdayName(t.weekday)} is given twice`;
    seen.add(t.weekday);
  });
  if (Object.keys(fields).length) throw badRequest("One cut-off per weekday.", fields);
  const sorted = [...times].sort((a, b) => a.weekday - b.weekday);
  return db.transaction(async (tx) => {
    const customer = await repo.customerForUpdate(tx, customerId);
    if (!customer) throw notFound("Customer not found.");
    const before = await shipTimesOf(tx, customerId);
    const same = before.length === sorted.length && before.every((b, i) => b.weekday === sorted[i]!.weekday && b.cutoffShipTime === sorted[i]!.cutoffShipTime);
    if (!same) {
      await repo.replaceShipTimes(tx, customerId, sorted);
      await record(tx, actor, "supply.calendar.shipTimes", {
        customerId,
        summary: `${customer.companyName}: ${describeTimes(before)} → ${describeTimes(sorted)}`,
        before,
        after: sorted,
      });
    }
    return { customerId, shipTimes: sorted };
  });
}

export async function pickupDaysGrid(db: Db) {
  return { retailers: await repo.retailersWithPickupDays(db, GRID_LIMIT) };
}

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
type Pickup = Record<(typeof DAYS)[number], boolean>;
const describeDays = (d: Pickup) => DAYS.filter((k) => d[k]).map((k) => k[0]!.toUpperCase() + k.slice(1)).join(", ") || "no pickup days";

export async function setPickupDays(db: Db, actor: Actor, retailerId: number, days: Pickup) {
  return db.transaction(async (tx) => {
    const r = await repo.retailerForUpdate(tx, retailerId);
    if (!r) throw notFound("Retailer not found.");
    const before = Object.fromEntries(DAYS.map((k) => [k, r[k]])) as Pickup;
    if (DAYS.some((k) => before[k] !== days[k])) {
      await repo.setPickupDays(tx, retailerId, days);
      await record(tx, actor, "supply.calendar.pickupDays", { retailerId, summary: `${r.name}: ${describeDays(before)} → ${describeDays(days)}`, before, after: days });
    }
    return { ...r, ...days };
  });
}
