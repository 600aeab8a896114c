// SPEC §4 "Product availability". The SPEC names five displays but not when
// each text state applies; the rule chosen here (first match wins):
//
//   1. showStore is false                      -> notAvailable  'Not Available'
//      (the line is not offered for this ship date at all)
//   2. quantityRemaining > 0                   -> preconfirmed  '{n} available'
//      (stock the grower has already confirmed; it can be held now)
//   3. quantityRemaining unknown (null/NaN)    -> availabilityPending 'Availability Pending'
//      (the grower has not published a count for this date yet)
//   4. nothing remains, ordinary product       -> pending 'Pending'
//      (still orderable: the quantity becomes a pending request the grower
//      confirms later, see cart-flags splitConfirmedPending)
//   5. nothing remains, final product that had
//      stock today (originalQuantityRemaining > 0) -> soldOutToday 'Sold out Today'
//   6. nothing remains, final product that never
//      had stock today                         -> notAvailable 'Not Available'
//
// Final products are capped at what remains, so for them "0 left" means they
// cannot be ordered; that is the only case where 0 is not shown as pending.
// The three text states carry nextAvailableDate when the server knows one.

export type AvailabilityKind = "preconfirmed" | "pending" | "availabilityPending" | "soldOutToday" | "notAvailable";

export const AVAILABILITY_PENDING_LABEL = "Availability Pending";
export const SOLD_OUT_TODAY_LABEL = "Sold out Today";
export const NOT_AVAILABLE_LABEL = "Not Available";
export const PENDING_LABEL = "Pending";

export interface AvailabilityInput {
  quantityRemaining: number | null | undefined;
  originalQuantityRemaining: number | null | undefined;
  showStore: boolean;
  nextAvailableDate?: string | null;
  /** Optional so a whole product can be passed; absent means an ordinary (non-final) product. */
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
  if (typeof quantityRemaining !== "number" || Number.isNaN(quantityRemaining)) {
    return textState("availabilityPending", AVAILABILITY_PENDING_LABEL, nextAvailableDate);
  }
  if (quantityRemaining > 0) return { kind: "preconfirmed", label: `${quantityRemaining} available` };
  if (!input.isFinalProduct) return { kind: "pending", label: PENDING_LABEL };
  if ((originalQuantityRemaining ?? 0) > 0) return textState("soldOutToday", SOLD_OUT_TODAY_LABEL, nextAvailableDate);
  return textState("notAvailable", NOT_AVAILABLE_LABEL, nextAvailableDate);
}
