// The one date module: every calendar-day calculation of the project (server, browser, seed, tests)
// goes through these, on luxon. Dates are YYYY-MM-DD strings; "today" is the grower's day in New York
// (CUTOFF_TIMEZONE), where cut-offs are counted.
import { DateTime } from "luxon";
import { CUTOFF_TIMEZONE } from "./constants.ts";

/** A calendar date as a luxon day (UTC midnight, so adding days never meets a DST change). */
const day = (isoDate: string) => DateTime.fromISO(isoDate, { zone: "UTC" });

/** The grower's calendar day (America/New_York) at `now`, as a luxon DateTime at its start. */
export function newYorkDay(now: Date = new Date()): DateTime {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError("now must be a valid Date");
  return DateTime.fromJSDate(now, { zone: CUTOFF_TIMEZONE }).startOf("day");
}

// isoDateAt's last answer and the quarter hour (UTC) it was for. New York's offset is a whole number
// of hours and changes on a whole hour, so its date changes only on a whole hour of UTC, never inside
// a quarter hour: the answer stands for the whole of it. (Luxon asks Intl for the zone's offset on
// every call: that was a few per cent of a cart save's time.)
let lastQuarter = NaN;
let lastDate = "";

/** The grower's calendar date (America/New_York) at `now`, as YYYY-MM-DD. */
export function isoDateAt(now: Date = new Date()): string {
  const quarter = Math.floor(now.getTime() / 900_000);
  if (quarter !== lastQuarter) {
    lastDate = newYorkDay(now).toISODate()!;
    lastQuarter = quarter;
  }
  return lastDate;
}

export function addDays(isoDate: string, days: number): string {
  return day(isoDate).plus({ days }).toISODate()!;
}

/** The spec's weekday numbering: Sunday=1 .. Saturday=7. */
export function specWeekday(isoDate: string): number {
  return (day(isoDate).weekday % 7) + 1;
}

/** Days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round(day(to).diff(day(from), "days").days);
}

/** A wall-clock time on a calendar date in New York, as an instant. */
export function newYorkInstant(isoDate: string, hour: number, minute = 0): Date {
  return DateTime.fromISO(isoDate, { zone: CUTOFF_TIMEZONE }).set({ hour, minute }).toJSDate();
}
