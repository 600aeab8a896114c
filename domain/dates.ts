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

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `days` after a YYYY-MM-DD date. A well-formed date of years 1 to 9999 and a whole number of days are
 * counted on a UTC Date (a cart save asks this on every save, and luxon's way cost 3 % of the save's
 * time); anything else (an invalid date, a fraction) is luxon's answer, as it always was.
 */
export function addDays(isoDate: string, days: number): string {
  const m = typeof isoDate === "string" && Number.isInteger(days) ? ISO_DAY.exec(isoDate) : null;
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const at = new Date(0);
    at.setUTCFullYear(y, mo - 1, d);
    // A day that does not exist (2026-02-30) is rolled over by Date: left to luxon, which refuses it.
    if (at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d) {
      at.setUTCDate(d + days);
      const year = at.getUTCFullYear();
      if (year >= 1 && year <= 9999) {
        return `${String(year).padStart(4, "0")}-${String(at.getUTCMonth() + 1).padStart(2, "0")}-${String(at.getUTCDate()).padStart(2, "0")}`;
      }
    }
  }
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
