// Wholesale cart line rules: SPEC §4 "Cart line flags (wholesale)", SPEC §5
// quantity messages, DOMAIN.md "Carts and holds".
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

export interface ConfirmedPendingSplit {
  quantityConfirmed: number;
  quantityPending: number;
  /** Set when a final product's request was cut down to what remains. */
  cappedTo?: number;
  error?: typeof QUANTITY_REMAINING_MESSAGE;
}

/**
 * The part that is available is held (confirmed); the rest is a pending request
 * the grower confirms later. Final products cannot be requested beyond what
 * remains, so they are capped instead. Negative availability (should not
 * happen, but stock counts come from elsewhere) counts as nothing available.
 */
export function splitConfirmedPending(requested: number, available: number, isFinalProduct: boolean): ConfirmedPendingSplit {
  const free = Math.max(0, available);
  const quantityConfirmed = Math.min(requested, free);
  if (requested <= free) return { quantityConfirmed, quantityPending: 0 };
  if (isFinalProduct) {
    return { quantityConfirmed, quantityPending: 0, cappedTo: free, error: QUANTITY_REMAINING_MESSAGE };
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
