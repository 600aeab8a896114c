// Wholesale cart line rules: SPEC §4 "Cart line flags (wholesale)", SPEC §5
// quantity messages, DOMAIN.md "Carts and holds".
import { DateTime } from "luxon";
import { INVALID_QUANTITY_MESSAGE, QUANTITY_REMAINING_MESSAGE } from "./constants.ts";

export const MAX_ORDER_QUANTITY = 100_000;

export function isLinePending(line: {
  quantityRemaining: number;
  priceCents: number;
  standardPriceCents: number;
  special: boolean;
}): boolean {
  return line.quantityRemaining <= 0 || (line.priceCents !== line.standardPriceCents && !line.special);
}

export function isLineFinalProduct(line: {
  isFinalProduct: boolean;
  quantity: number;
  quantityRemaining: number;
  pending: boolean;
}): boolean {
  return line.isFinalProduct && line.quantity >= line.quantityRemaining && !line.pending;
}

/** What a quantity message counts: bunches in the wholesale store, bouquets in the mass-market one. */
export type StockUnit = "bunch" | "bouquet";

/** The date in a ship-date message: "Fri, Nov 27". */
export function shipDayText(isoDate: string): string {
  // Asked again and again of the same few ship dates (each short line of a save): kept, bounded.
  let text = shipDayTexts.get(isoDate);
  if (text === undefined) {
    text = DateTime.fromISO(isoDate, { zone: "UTC" }).setLocale("en-US").toFormat("ccc, LLL d");
    if (shipDayTexts.size >= 1000) shipDayTexts.clear();
    shipDayTexts.set(isoDate, text);
  }
  return text;
}
const shipDayTexts = new Map<string, string>();

/** "85 bunches", "1 bouquet", "100,015 bunches": counts are written one way. */
export function stockCount(n: number, unit: StockUnit = "bunch"): string {
  const plural = unit === "bunch" ? "bunches" : "bouquets";
  return `${n.toLocaleString("en-US")} ${n === 1 ? unit : plural}`;
}

/**
 * SPEC §5's 'You can only order up to the quantity remaining today' with how many are left: the
 * SPEC text as it stands for today's ship date (or no date yet), "for Fri, Nov 27" in place of
 * "today" for a later ship date, then the count ("85 bunches left", or "none left"). The one wording
 * of the message, used by the server's cart saves of both stores and by the browser. `today` is the
 * grower's date (isoDateAt).
 */
export function quantityRemainingMessage(left: number, shipDate: string | null | undefined, today: string, unit: StockUnit = "bunch"): string {
  const n = Math.max(0, Math.floor(left));
  // A ship date may come with a time (SPEC §7 shipDateTime); the date part is what counts.
  const day = shipDate ? shipDate.slice(0, 10) : null;
  const sentence = day && day > today ? QUANTITY_REMAINING_MESSAGE.replace(/ today$/, ` for ${shipDayText(day)}`) : QUANTITY_REMAINING_MESSAGE;
  return `${sentence}: ${n === 0 ? "none" : stockCount(n, unit)} left.`;
}

export interface ConfirmedPendingSplit {
  quantityConfirmed: number;
  quantityPending: number;
  /** Set when a final product's request was cut down to what remains. */
  cappedTo?: number;
  /** quantityRemainingMessage for what remains (the SPEC text alone when no date is given). */
  error?: string;
}

/**
 * The part that is available is held (confirmed); the rest is a pending request
 * the grower confirms later. Final products cannot be requested beyond what
 * remains, so they are capped instead. Negative availability (should not
 * happen, but stock counts come from elsewhere) counts as nothing available.
 * With `on` (the cart's ship date and the grower's today) the error says how many are left.
 */
export function splitConfirmedPending(
  requested: number,
  available: number,
  isFinalProduct: boolean,
  on?: { shipDate: string | null; today: string },
): ConfirmedPendingSplit {
  const free = Math.max(0, available);
  const quantityConfirmed = Math.min(requested, free);
  if (requested <= free) return { quantityConfirmed, quantityPending: 0 };
  if (isFinalProduct) {
    const error = on ? quantityRemainingMessage(free, on.shipDate, on.today) : QUANTITY_REMAINING_MESSAGE;
    return { quantityConfirmed, quantityPending: 0, cappedTo: free, error };
  }
  return { quantityConfirmed, quantityPending: requested - quantityConfirmed };
}

export type QuantityValidation =
  | { ok: true; quantity: number }
  | { ok: false; message: typeof INVALID_QUANTITY_MESSAGE };

/** Accepts a positive whole number of bunches, as a number or as typed digits (e.g. " 12 "). */
export function validateQuantity(raw: unknown): QuantityValidation {
  let value: number;
  if (typeof raw === "number") {
    value = raw;
  } else if (typeof raw === "string" && /^\s*\d+\s*$/.test(raw)) {
    value = Number(raw.trim());
  } else {
    return { ok: false, message: INVALID_QUANTITY_MESSAGE };
  }
  if (!Number.isInteger(value) || value < 1 || value > MAX_ORDER_QUANTITY) {
    return { ok: false, message: INVALID_QUANTITY_MESSAGE };
  }
  return { ok: true, quantity: value };
}

/** A pending part up to this many bunches is an ordinary request, not worth a question. */
export const PENDING_QUESTION_MIN = 10;

/**
 * The rule behind "Request more than is available?": true when a line of `quantity` bunches (the
 * whole line, counting what is already in the cart) would have a pending part larger than what can be
 * held now and more than a few bunches (e.g. 9,999 bunches of a product with 40 available). Not for
 * final products (capped instead), stock not confirmed yet (`originalQuantityRemaining` null:
 * everything is a request there, and the screen says so), or a line that is not growing.
 * `quantityRemaining` already counts the buyer's own hold as theirs.
 */
export function isFarBeyondAvailable(
  quantity: number,
  product: { isFinalProduct: boolean; quantityRemaining: number; originalQuantityRemaining: number | null },
  inCartQuantity = 0,
): boolean {
  if (product.isFinalProduct || product.originalQuantityRemaining === null) return false;
  const available = Math.max(0, product.quantityRemaining);
  const pending = quantity - available;
  return pending > PENDING_QUESTION_MIN && pending > available && quantity > inCartQuantity;
}
