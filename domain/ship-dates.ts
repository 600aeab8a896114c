// Ship and pickup dates (SPEC §6 "Customer versus retailer", DOMAIN.md "Ship
// dates"). Dates are 'YYYY-MM-DD' calendar dates; every "today" and every
// cut-off is read on the wall clock of America/New_York, whatever the zone of
// the server or browser.
import { DateTime } from "luxon";
import { CUTOFF_TIMEZONE } from "./constants.ts";
import { newYorkDay } from "./dates.ts";
import { isClosedDay, type ClosedDays } from "./closed-days.ts";

/** weekday: Sunday=1 .. Saturday=7 (SPEC numbering); cutoffShipTime: 'HH:mm' (':ss' tolerated). */
export interface ShipTime {
  weekday: number;
  cutoffShipTime: string;
}

export interface PickupDays {
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
}

export const RETAILER_WEEKDAYS = { monday: 2, tuesday: 3, wednesday: 4, thursday: 5, friday: 6 } as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
/** A ship date more than this many days before pickup would not arrive fresh. */
const MAX_SHIP_DAYS_BEFORE_PICKUP = 7;

/** Luxon/ISO weekday (Monday=1 .. Sunday=7) -> SPEC weekday (Sunday=1 .. Saturday=7). */
export function isoToSpecWeekday(isoWeekday: number): number {
  if (!Number.isInteger(isoWeekday) || isoWeekday < 1 || isoWeekday > 7) {
    throw new RangeError(`ISO weekday must be 1..7, got ${isoWeekday}`);
  }
  return (isoWeekday % 7) + 1;
}

function parseDate(date: string): DateTime | null {
  if (typeof date !== "string" || !DATE_RE.test(date)) return null;
  const parsed = DateTime.fromISO(date, { zone: CUTOFF_TIMEZONE });
  return parsed.isValid ? parsed : null;
}

function toDateString(d: DateTime): string {
  return d.toISODate() ?? "";
}

const todayInNewYork = newYorkDay;

export function specWeekdayOfDate(date: string): number {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Expected a YYYY-MM-DD date, got ${date}`);
  return isoToSpecWeekday(parsed.weekday);
}

export function pickupWeekdays(pickupDays: PickupDays): number[] {
  return (Object.keys(RETAILER_WEEKDAYS) as (keyof PickupDays)[])
    .filter((day) => pickupDays[day] === true)
    .map((day) => RETAILER_WEEKDAYS[day]);
}

/**
 * The instant a date's cut-off passes, or null for a malformed time.
 * Daylight-saving edges: a wall time skipped in spring (02:00-02:59) means
 * the cut-off passes when the clocks jump (03:00 EDT), and a wall time that
 * happens twice in autumn (01:00-01:59) means its first occurrence (EDT):
 * either way ordering closes as soon as the clock on the wall has read it.
 */
export function cutoffInstant(date: string, cutoffShipTime: string): DateTime | null {
  const day = parseDate(date);
  const time = typeof cutoffShipTime === "string" ? TIME_RE.exec(cutoffShipTime.trim()) : null;
  if (!day || !time) return null;
  const hour = Number(time[1]);
  const minute = Number(time[2]);
  const second = Number(time[3] ?? 0);
  const cut = day.set({ hour, minute, second, millisecond: 0 });
  if (cut.hour !== hour || cut.minute !== minute) return cut.startOf("hour");
  const earlier = cut.minus({ hours: 1 });
  if (earlier.hour === hour && earlier.minute === minute && earlier.offset !== cut.offset) return earlier;
  return cut;
}

/**
 * Open when the date's weekday has a ship time and `now` is strictly before
 * that date's cut-off in New York: same-day shipping is allowed until the
 * cut-off, so past dates (whose cut-off has passed) are closed. If several
 * ship times share a weekday the latest cut-off wins. A closed day of the store (`closed`, see
 * closed-days.ts) is never open.
 */
export function isShipDateOpen(date: string, shipTimes: readonly ShipTime[], now: Date, closed?: ClosedDays): boolean {
  const weekday = weekdayOfDate(date);
  if (weekday === null || isClosedDay(date, closed)) return false;
  const nowMs = now.getTime();
  return shipTimes.some((st) => {
    if (st.weekday !== weekday) return false;
    const cut = cutoffMs(date, st.cutoffShipTime);
    return cut !== null && nowMs < cut;
  });
}

// A save asks isShipDateOpen of the same few dates again and again, and each answer of luxon in
// New York costs a time-zone lookup (Intl): the weekday of a date and the instant of a cut-off never
// change, so they are kept (a bounded memory, emptied when full).
const MEMO_MAX = 2000;
const weekdays = new Map<string, number | null>();
const cutoffs = new Map<string, number | null>();

/** The SPEC weekday of a YYYY-MM-DD date, null when it is not one (parseDate's rules). */
function weekdayOfDate(date: string): number | null {
  if (typeof date !== "string") return null;
  let weekday = weekdays.get(date);
  if (weekday === undefined) {
    const day = parseDate(date);
    weekday = day ? isoToSpecWeekday(day.weekday) : null;
    if (weekdays.size >= MEMO_MAX) weekdays.clear();
    weekdays.set(date, weekday);
  }
  return weekday;
}

/** cutoffInstant as epoch milliseconds (null when it is null). */
function cutoffMs(date: string, cutoffShipTime: string): number | null {
  const key = `${date}|${cutoffShipTime}`;
  let ms = cutoffs.get(key);
  if (ms === undefined) {
    ms = cutoffInstant(date, cutoffShipTime)?.toMillis() ?? null;
    if (cutoffs.size >= MEMO_MAX) cutoffs.clear();
    cutoffs.set(key, ms);
  }
  return ms;
}

/** The next `count` open ship dates (closed days left out), starting today in New York, ascending. */
export function nextOpenShipDates(shipTimes: readonly ShipTime[], now: Date, count: number, closed?: ClosedDays): string[] {
  const result: string[] = [];
  if (count <= 0 || shipTimes.length === 0) return result;
  const start = todayInNewYork(now);
  // Any valid ship time opens one day a week, so this bound cannot cut off an answer (closed days
  // only cut into it when a whole run of weeks is closed: then there is nothing to offer anyway).
  const horizon = 7 * (count + 1) + (closed?.size ?? 0);
  for (let i = 0; i <= horizon && result.length < count; i++) {
    const date = toDateString(start.plus({ days: i }));
    if (isShipDateOpen(date, shipTimes, now, closed)) result.push(date);
  }
  return result;
}

/**
 * First pickup weekday on or after today + leadDays (New York). Throws when
 * the retailer has no pickup day at all: that is a data problem to report,
 * not a date to invent.
 */
export function earliestPickupDate(pickupDays: PickupDays, now: Date, leadDays = 1): string {
  if (!Number.isInteger(leadDays) || leadDays < 0) throw new RangeError(`leadDays must be a non-negative integer, got ${leadDays}`);
  const weekdays = pickupWeekdays(pickupDays);
  if (weekdays.length === 0) throw new RangeError("Retailer has no pickup days");
  let day = todayInNewYork(now).plus({ days: leadDays });
  while (!weekdays.includes(isoToSpecWeekday(day.weekday))) day = day.plus({ days: 1 });
  return toDateString(day);
}

/** A pickup weekday of the retailer, not before earliestPickupDate. */
export function isPickupDateValid(date: string, pickupDays: PickupDays, now: Date, leadDays = 1): boolean {
  const day = parseDate(date);
  if (!day) return false;
  const weekdays = pickupWeekdays(pickupDays);
  if (!weekdays.includes(isoToSpecWeekday(day.weekday))) return false;
  return date >= earliestPickupDate(pickupDays, now, leadDays);
}

/** A valid pickup date (isPickupDateValid) that is not a closed day of the store. */
export function isPickupDateOpen(date: string, pickupDays: PickupDays, now: Date, closed?: ClosedDays): boolean {
  return !isClosedDay(date, closed) && isPickupDateValid(date, pickupDays, now);
}

/**
 * Rule: a retailer's pickup date is served by the wholesaler's latest open ship
 * date strictly before it (the flowers must arrive before the pickup, and the
 * latest one keeps them freshest), looking back at most 7 days. Null when no
 * ship date in that window is still open (a closed day is not open: the one before it serves).
 */
export function pickupToShipDate(pickupDate: string, shipTimes: readonly ShipTime[], now: Date, closed?: ClosedDays): string | null {
  const pickup = parseDate(pickupDate);
  if (!pickup) return null;
  for (let back = 1; back <= MAX_SHIP_DAYS_BEFORE_PICKUP; back++) {
    const date = toDateString(pickup.minus({ days: back }));
    if (isShipDateOpen(date, shipTimes, now, closed)) return date;
  }
  return null;
}
