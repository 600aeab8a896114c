import { freeStock } from "../../../domain/free-stock.ts";
import type { OfferLineRow } from "./repo.ts";

/**
 * What a buyer may still take: original - ordered - active holds of other carts (the buyer's own
 * hold counts as theirs). Never below 0 even if stock counts were lowered under existing orders.
 * A line whose stock the grower has not confirmed yet (original null) has nothing to hold.
 */
export function freeQuantity(ol: Pick<OfferLineRow, "originalQuantity" | "quantityOrdered">, heldByOthers: number): number {
  return freeStock({ stock: ol.originalQuantity, ordered: ol.quantityOrdered, heldByOthers });
}
