// SPEC §4 "Product availability": quantityRemaining above 0 shows pre-confirmed inventory, 0 shows
// pending; otherwise the display is Availability Pending, Sold out Today or Not Available, plus the
// next available date. The SPEC names the texts but not when each applies; our rule (first match
// wins), with the data the server has for each (docs/domain-store.md "Availability states"):
//
//   1. not offered for this ship date (showStore false)  -> notAvailable 'Not Available'
//      The server lists a product that a later offer of the buyer has but this date's offer does
//      not have (or has withdrawn) with showStore false and the date it is next offered.
//   2. quantityRemaining > 0                            -> preconfirmed '{n} available'
//      Stock the grower has confirmed and this buyer can hold now.
//   3. stock not confirmed yet (originalQuantityRemaining null: the offer line's original quantity
//      is not set)                                      -> availabilityPending 'Availability Pending'
//      Nothing can be held; an ordinary product is still orderable as a pending request.
//   4. final product, nothing remains                   -> soldOutToday 'Sold out Today'
//      Final products are capped at what remains (cart-flags splitConfirmedPending), so it cannot
//      be ordered for this date, whether orders, other carts' holds or a zero count took it.
//   5. ordinary product, nothing remains                -> pending 'Pending'
//      Orderable: the quantity becomes a request the grower confirms later.
//
// The three text states carry nextAvailableDate when one is known; the orderable states never do.
import { addDays, specWeekday } from "./dates.ts";

export type AvailabilityKind = "preconfirmed" | "pending" | "availabilityPending" | "soldOutToday" | "notAvailable";

export const AVAILABILITY_PENDING_LABEL = "Availability Pending";
export const SOLD_OUT_TODAY_LABEL = "Sold out Today";
export const NOT_AVAILABLE_LABEL = "Not Available";
export const PENDING_LABEL = "Pending";

export interface AvailabilityInput {
  /** What this buyer may still take (0 when nothing can be held). */
  quantityRemaining: number;
  /** Original quantity minus orders; null while the grower has not confirmed the line's stock. */
  originalQuantityRemaining: number | null;
  /** False when the product is not offered for this ship date. */
  showStore: boolean;
  nextAvailableDate?: string | null;
  /** Optional so a partial product can be passed; absent means an ordinary (non-final) product. */
  isFinalProduct?: boolean;
}

export interface AvailabilityState {
  kind: AvailabilityKind;
  label: string;
  nextAvailableDate?: string;
}

function textState(kind: AvailabilityKind, label: string, nextAvailableDate: string | null | undefined): AvailabilityState {
  return nextAvailableDate ? { kind, label, nextAvailableDate } : { kind, label };
}

export function availabilityState(input: AvailabilityInput): AvailabilityState {
  const { quantityRemaining, originalQuantityRemaining, showStore, nextAvailableDate } = input;
  if (!showStore) return textState("notAvailable", NOT_AVAILABLE_LABEL, nextAvailableDate);
  if (quantityRemaining > 0) return { kind: "preconfirmed", label: `${quantityRemaining} available` };
  if (originalQuantityRemaining === null) return textState("availabilityPending", AVAILABILITY_PENDING_LABEL, nextAvailableDate);
  if (input.isFinalProduct) return textState("soldOutToday", SOLD_OUT_TODAY_LABEL, nextAvailableDate);
  return { kind: "pending", label: PENDING_LABEL };
}

/** Whether the state is one of the three text states (the ones that show a next available date). */
export function isTextState(kind: AvailabilityKind): boolean {
  return kind === "availabilityPending" || kind === "soldOutToday" || kind === "notAvailable";
}

/**
 * Whether a quantity can be put in the cart for this date: held stock, or a pending request of an
 * ordinary product. A final product is never requested beyond what remains (SPEC §5 'You can only
 * order up to the quantity remaining today'); a product not offered for the date cannot be ordered.
 */
export function isOrderable(input: AvailabilityInput): boolean {
  const kind = availabilityState(input).kind;
  if (kind === "preconfirmed" || kind === "pending") return true;
  return kind === "availabilityPending" && !input.isFinalProduct;
}


/**
 * The first ship date an offer running `from`..`to` (inclusive, YYYY-MM-DD) can serve after `after`:
 * the earliest day strictly after `after`, inside the range, on one of the buyer's ship weekdays
 * (SPEC numbering, Sunday = 1). Null when the range has no such day. Cut-off times are not applied:
 * the day is in the future of the ship date being viewed.
 */
export function firstShipDayAfter(range: { from: string; to: string }, after: string, shipWeekdays: readonly number[]): string | null {
  const days = new Set(shipWeekdays);
  if (days.size === 0) return null;
  const next = addDays(after, 1);
  // Seven consecutive days cover every weekday, so the search never runs longer than a week.
  for (let day = range.from > next ? range.from : next, n = 0; day <= range.to && n < 7; day = addDays(day, 1), n++) {
    if (days.has(specWeekday(day))) return day;
  }
  return null;
}

/**
 * The later offers that can serve the buyer, each with its first servable ship date after `after`
 * (firstShipDayAfter), soonest first; offers with no such day are left out, and offers serving the
 * same day keep their given order. A product's next available date is the date of the first of
 * these offers that has it.
 */
export function servableOffers<T extends { from: string; to: string }>(
  offers: readonly T[],
  after: string,
  shipWeekdays: readonly number[],
): { offer: T; date: string }[] {
  return offers
    .map((offer, index) => ({ offer, index, date: firstShipDayAfter(offer, after, shipWeekdays) }))
    .filter((o): o is { offer: T; index: number; date: string } => o.date !== null)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.index - b.index))
    .map(({ offer, date }) => ({ offer, date }));
}
