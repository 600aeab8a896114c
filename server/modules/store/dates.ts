// Ship and pickup dates as the server applies them (docs/domain-store.md "Dates"). The rules
// themselves are domain/ship-dates.ts; this file only strings them together for a buyer.
import { addDays, isoDateAt } from "../../../domain/dates.ts";
import { closedDayMessage, closedReason } from "../../../domain/closed-days.ts";
import {
  earliestPickupDate,
  isPickupDateOpen,
  isShipDateOpen,
  nextOpenShipDates,
  pickupToShipDate,
} from "../../../domain/ship-dates.ts";
import { badRequest } from "../../errors.ts";
import type { Buyer } from "../buyers/index.ts";

/** How many dates the profile offers to choose from. */
export const OPEN_DATES_COUNT = 14;
/**
 * No catalog is planned further ahead than this: a cart date beyond it can never be served, so it is
 * refused like a closed date (e.g. 9999-12-31).
 */
export const CART_DATE_HORIZON_DAYS = 365;
/** How far ahead a retailer's pickup dates are looked for. */
const PICKUP_HORIZON_DAYS = 70;

export const closedShipDateMessage = (date: string) => `The ship date ${date} is closed for ordering. Please choose another date.`;
export const closedPickupDateMessage = (date: string) => `The pickup date ${date} is not available. Please choose another date.`;

/**
 * The 400 of a date the buyer may not choose: on a closed day of the store, it says so and why
 * ("The ship date Thursday, November 26, 2026 is closed (Thanksgiving). …"); otherwise the usual text.
 */
export function refusedDate(buyer: Pick<Buyer, "closed">, kind: "ship" | "pickup", date: string, field: string) {
  const reason = closedReason(date, buyer.closed);
  const message = reason ? closedDayMessage(kind, date, reason) : kind === "ship" ? closedShipDateMessage(date) : closedPickupDateMessage(date);
  return badRequest(message, { [field]: message });
}

/**
 * A retailer's pickup dates that can still be served: a pickup weekday, not before the earliest
 * pickup date, and with an open ship date of the wholesaler in the week before it.
 */
export function openPickupDates(buyer: Buyer, now: Date, count: number): string[] {
  if (!buyer.pickupDays) return [];
  let first: string;
  try {
    first = earliestPickupDate(buyer.pickupDays, now);
  } catch {
    return []; // a shop without pickup days has nothing to choose
  }
  const result: string[] = [];
  for (let i = 0; i < PICKUP_HORIZON_DAYS && result.length < count; i++) {
    const date = addDays(first, i);
    if (isPickupDateOpen(date, buyer.pickupDays, now, buyer.closed) && pickupToShipDate(date, buyer.shipTimes, now, buyer.closed)) result.push(date);
  }
  return result;
}

/** The dates the buyer may choose: ship dates for a customer, pickup dates for a retailer. */
export function openDates(buyer: Buyer, now: Date, count = OPEN_DATES_COUNT): string[] {
  return buyer.retailerId > 0 ? openPickupDates(buyer, now, count) : nextOpenShipDates(buyer.shipTimes, now, count, buyer.closed);
}

/** The ship date a retailer's pickup date is served by, or null when it cannot be. */
export function retailerShipDate(buyer: Buyer, pickupDate: string, now: Date): string | null {
  if (!buyer.pickupDays || !isPickupDateOpen(pickupDate, buyer.pickupDays, now, buyer.closed)) return null;
  return pickupToShipDate(pickupDate, buyer.shipTimes, now, buyer.closed);
}

/** The buyer's next ship date: what the dashboard's "current" catalog is chosen by. */
export function nextShipDate(buyer: Buyer, now: Date): string | null {
  if (buyer.retailerId > 0) {
    const pickup = openPickupDates(buyer, now, 1)[0];
    return pickup ? retailerShipDate(buyer, pickup, now) : null;
  }
  return nextOpenShipDates(buyer.shipTimes, now, 1, buyer.closed)[0] ?? null;
}

/**
 * The dates a cart is saved with. A customer's ship date must be open. A retailer chooses a pickup
 * (receiving) date; the ship date is the server's mapping of it, whatever the client sent.
 */
export function resolveCartDates(
  buyer: Buyer,
  wanted: { shipDate: string | null; receivingDate: string | null },
  hasItems: boolean,
  now: Date,
): { shipDate: string | null; receivingDate: string | null } {
  const horizon = addDays(isoDateAt(now), CART_DATE_HORIZON_DAYS);
  if (buyer.retailerId > 0) {
    const pickup = wanted.receivingDate;
    if (!pickup) {
      if (hasItems) throw badRequest("Please choose a pickup date first.", { receivingDate: "This field is required" });
      return { shipDate: null, receivingDate: null };
    }
    const shipDate = pickup > horizon ? null : retailerShipDate(buyer, pickup, now);
    if (!shipDate) throw refusedDate(buyer, "pickup", pickup, "receivingDate");
    return { shipDate, receivingDate: pickup };
  }
  const date = wanted.shipDate;
  if (!date) {
    if (hasItems) throw badRequest("Please choose a ship date first.", { shipDate: "This field is required" });
    return { shipDate: null, receivingDate: null };
  }
  if (date > horizon || !isShipDateOpen(date, buyer.shipTimes, now, buyer.closed)) throw refusedDate(buyer, "ship", date, "shipDate");
  return { shipDate: date, receivingDate: null };
}
