// Closed days (issue 25 item 5, docs/domain-supply.md "Calendar"): dates the grower does not ship or
// hand over flowers in one store (wholesale, mass market), each with its reason. Pure rules; the
// server reads the set once per instance (server/modules/calendar) and passes it to ship-dates.ts.
import { DateTime } from "luxon";

export const CLOSED_STORES = ["wholesale", "massMarket"] as const;
export type ClosedStore = (typeof CLOSED_STORES)[number];
export const CLOSED_STORE_NAMES: Record<ClosedStore, string> = { wholesale: "Wholesale store", massMarket: "Mass-market store" };

/** One store's closed dates: YYYY-MM-DD → reason. */
export type ClosedDays = ReadonlyMap<string, string>;
export const NO_CLOSED_DAYS: ClosedDays = new Map();

/** The reason `date` is closed, or null when it is open. */
export function closedReason(date: string, closed: ClosedDays | undefined): string | null {
  return closed?.get(date) ?? null;
}

export const isClosedDay = (date: string, closed: ClosedDays | undefined) => closedReason(date, closed) !== null;

/** "Thursday, November 26, 2026" */
export function longDate(iso: string): string {
  const d = DateTime.fromISO(iso, { zone: "UTC" });
  return d.isValid ? d.toFormat("cccc, LLLL d, yyyy") : iso;
}

/** The refusal of a date on a closed day: "The ship date Thursday, November 26, 2026 is closed (Thanksgiving). …" */
export function closedDayMessage(kind: "ship" | "pickup", date: string, reason: string): string {
  return `The ${kind} date ${longDate(date)} is closed (${reason}). Please choose another date.`;
}

export interface Holiday {
  date: string;
  reason: string;
}

/**
 * The US holidays a grower closes on, in `year`: New Year's Day (January 1), Thanksgiving (the fourth
 * Thursday of November) and Christmas Day (December 25), in date order.
 */
export function usHolidays(year: number): Holiday[] {
  if (!Number.isInteger(year) || year < 1900 || year > 9999) throw new RangeError(`year must be 1900..9999, got ${year}`);
  const nov1 = DateTime.utc(year, 11, 1);
  // Luxon weekday: Monday=1 .. Sunday=7; Thursday=4.
  const firstThursday = 1 + ((4 - nov1.weekday + 7) % 7);
  const thanksgiving = nov1.set({ day: firstThursday + 21 }).toISODate()!;
  return [
    { date: `${year}-01-01`, reason: "New Year's Day" },
    { date: thanksgiving, reason: "Thanksgiving" },
    { date: `${year}-12-25`, reason: "Christmas Day" },
  ];
}

/** Whether a text is a real calendar date 'YYYY-MM-DD'. */
export function isRealDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: "UTC" }).isValid;
}

/** A reason as stored: trimmed, spaces folded; empty is refused by the caller. */
export const cleanReason = (text: string) => text.trim().replace(/\s+/g, " ");

/** Cut-off times 'HH:mm' (24 h, New York). */
export const CUTOFF_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
