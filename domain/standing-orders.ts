// Standing orders (docs/domain-orders.md "Standing orders"): a weekly template that becomes a cart,
// or an order, ahead of each week's ship date cut-off. Pure rules; the module strings them together.
import { specWeekdayOfDate, pickupWeekdays, type PickupDays, type ShipTime } from "./ship-dates.ts";

export const STANDING_ORDER_MODES = ["cart", "order"] as const;
export type StandingOrderMode = (typeof STANDING_ORDER_MODES)[number];

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** SPEC numbering: Sunday=1 .. Saturday=7. */
export const weekdayName = (weekday: number) => WEEKDAY_NAMES[weekday - 1] ?? "";

export const notShipDayMessage = (weekday: number) => `Orders do not ship on ${weekdayName(weekday)}. Please choose another day.`;
export const notPickupDayMessage = (weekday: number) => `The shop does not pick up on ${weekdayName(weekday)}. Please choose another day.`;

/** The weekdays a template may name: the customer's ship weekdays, or a retailer's pickup weekdays. */
export function standingWeekdays(buyer: { retailerId: number; shipTimes: readonly ShipTime[]; pickupDays: PickupDays | null }): number[] {
  const days = buyer.retailerId > 0 ? (buyer.pickupDays ? pickupWeekdays(buyer.pickupDays) : []) : buyer.shipTimes.map((s) => s.weekday);
  return [...new Set(days)].sort((a, b) => a - b);
}

export interface Occurrence {
  /** The date the buyer chose the weekday for: a ship date, or a retailer's pickup date. */
  date: string;
  shipDate: string;
  cutoffAt: Date;
}

/**
 * The next week's occurrence: the first candidate date (open dates, earliest first) on the weekday,
 * after `after` (the occurrence already run), whose cut-off is still ahead.
 */
export function nextOccurrence(
  candidates: readonly Occurrence[],
  weekday: number | readonly number[],
  now: Date,
  after: string | null = null,
  pause: PauseRange = {},
): Occurrence | null {
  const days = typeof weekday === "number" ? [weekday] : weekday;
  return (
    candidates.find(
      (c) => days.includes(specWeekdayOfDate(c.date)) && (after === null || c.date > after) && c.cutoffAt.getTime() > now.getTime() && !isPausedOn(c.date, pause),
    ) ?? null
  );
}

/** A pause of a standing order over a range of dates (inclusive; an end left out is open). */
export interface PauseRange {
  pausedFrom?: string | null;
  pausedUntil?: string | null;
}

/** Whether `date` falls in the pause range (a range with neither end pauses nothing). */
export function isPausedOn(date: string, { pausedFrom, pausedUntil }: PauseRange): boolean {
  if (!pausedFrom && !pausedUntil) return false;
  return (!pausedFrom || date >= pausedFrom) && (!pausedUntil || date <= pausedUntil);
}

/** When the job runs: `leadMs` before the cut-off, or now when that moment has passed already. */
export function standingRunAt(cutoffAt: Date, leadMs: number, now: Date): Date {
  return new Date(Math.max(now.getTime(), cutoffAt.getTime() - leadMs));
}

/** Sums repeated products (first position wins). */
export function mergeTemplateLines(lines: readonly { productId: string; quantity: number }[]): { productId: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}
