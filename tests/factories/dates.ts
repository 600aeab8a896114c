import { DateTime } from "luxon";
import { CUTOFF_TIMEZONE } from "../../domain/constants.ts";

/** The grower's calendar date (America/New_York) at `now`, as YYYY-MM-DD. */
export function isoDateAt(now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: CUTOFF_TIMEZONE }).toISODate()!;
}

export function addDays(isoDate: string, days: number): string {
  return DateTime.fromISO(isoDate, { zone: "UTC" }).plus({ days }).toISODate()!;
}

/** The spec's weekday numbering: Sunday=1 .. Saturday=7. */
export function specWeekday(isoDate: string): number {
  return (DateTime.fromISO(isoDate, { zone: "UTC" }).weekday % 7) + 1;
}

/** Days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    DateTime.fromISO(to, { zone: "UTC" }).diff(DateTime.fromISO(from, { zone: "UTC" }), "days").days,
  );
}

/** A wall-clock time on a calendar date in New York, as an instant. */
export function newYorkInstant(isoDate: string, hour: number, minute = 0): Date {
  return DateTime.fromISO(isoDate, { zone: CUTOFF_TIMEZONE }).set({ hour, minute }).toJSDate();
}
