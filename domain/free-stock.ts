// What a buyer may still take of a line (DOMAIN "free stock"): the line's stock less what is ordered
// and less the active holds of other carts. The buyer's own hold counts as theirs, so it is not
// taken off. Used by both stores, the live availability streams, the order desk and the supply desk
// (where every cart's holds count: the grower is no cart).

/** A line's stock figures, as both stores keep them. */
export interface StockFigures {
  /** What the line has to sell; null when the grower has not confirmed it yet (nothing to hold). */
  stock: number | null;
  /** Already ordered. */
  ordered: number;
  /** Active holds of carts other than the asking one. */
  heldByOthers: number;
}

/**
 * stock - ordered - others' holds, never below 0 (stock counts lowered under existing orders or
 * holds leave nothing, not a negative number). An unconfirmed stock (null) leaves nothing.
 */
export function freeStock({ stock, ordered, heldByOthers }: StockFigures): number {
  return Math.max(0, (stock ?? 0) - ordered - heldByOthers);
}
