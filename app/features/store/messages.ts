// SPEC §8 store error texts, word for word.
import { ApiError } from "../../lib/api.ts";

export const CART_FETCH_ERROR_TITLE = "Error fetching cart";
export const CART_FETCH_ERROR_DEFAULT = "An error occurred while fetching the cart";
export const CART_UPDATE_ERROR_TITLE = "Cart Update Error";
export const CART_UPDATE_ERROR_DEFAULT = "An error occurred while updating the cart";
export const ADD_TO_CART_FAILED = "There was an issue adding items to your cart. Please try again.";
export const PLACE_ORDER_FAILED = "Failed to place order";

/** The server's message when it sent one; a network failure (status 0) or an empty message gets the fallback. */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status !== 0 && err.message && err.message !== "Request failed") return err.message;
  return fallback;
}
