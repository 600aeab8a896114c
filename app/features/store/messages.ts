// SPEC §8 store error texts, word for word.
import type { AlertData } from "../../components/ui/alert.tsx";
import { ApiError } from "../../lib/api.ts";

export const CART_FETCH_ERROR_TITLE = "Error fetching cart";
export const CART_FETCH_ERROR_DEFAULT = "An error occurred while fetching the cart";
export const CART_UPDATE_ERROR_TITLE = "Cart Update Error";
export const CART_UPDATE_ERROR_DEFAULT = "An error occurred while updating the cart";
export const ADD_TO_CART_FAILED = "There was an issue adding items to your cart. Please try again.";
/** A line from a date's list whose turn came after that date's save failed: the cart is on another date. */
export const LINE_NOT_FOR_CART_DATE = "Not added: your cart is not on the date these flowers are listed for. Please choose the date again.";
/** A ship date whose save came after a change to the cart its check did not cover: nothing is saved. */
export const CART_CHANGED_DURING_DATE_CHECK = "Your cart changed while the date was checked. Please choose the date again.";
export const PLACE_ORDER_FAILED = "Failed to place order";

/**
 * The server's message when it sent one; a network failure, an answer without a message of its own
 * (only an HTTP status text such as 'Bad Gateway') or any other error gets the fallback (SPEC §8).
 */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.fromServer && err.status !== 0 && err.message) return err.message;
  return fallback;
}

/**
 * SPEC §8 "Cart save failure": an alert titled 'Cart Update Error' with the server's message or the
 * fallback. A 409 (the cart changed in another window) is one too: its message says so, and the
 * saver has already put the server's current cart in place of ours.
 */
export function cartUpdateErrorAlert(err: unknown): AlertData {
  return { type: "error", title: CART_UPDATE_ERROR_TITLE, message: serverMessage(err, CART_UPDATE_ERROR_DEFAULT) };
}
