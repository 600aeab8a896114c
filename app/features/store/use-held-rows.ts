// The list a chosen date's rows are drawn from while its own offer is read (issue 30): the last whole
// offer the page had, of the date it had before. Its products are shown marked as updating, with no
// availability, price or quantity entry of theirs (catalogue-rows.tsx `pending`), until the new date's
// first rows arrive: the same flowers, never one date's stock or prices presented as another's.
import { useState } from "react";
import type { Product } from "../../../contract/store.ts";
import type { FilterState } from "./filters.ts";

/** The whole offer of the date shown (`whole`, when read), else the last whole offer the page had, or null. */
export function useHeldRows(whole: Product[] | undefined): Product[] | null {
  const [held, setHeld] = useState<Product[] | null>(null);
  // Kept while rendering (React's pattern for state from the previous render): no extra commit.
  if (whole && whole.length > 0 && whole !== held) setHeld(whole);
  return whole && whole.length > 0 ? whole : held;
}

/**
 * Whether held rows may stand in for a date's list under these filters: not when what is listed or
 * its order depends on the date's stock or prices (they are not shown until the date's own arrive).
 */
export function heldRowsFit(filters: FilterState): boolean {
  return (filters.sort === "" || filters.sort === "name") && !filters.onlyAvailable && !filters.onlyDiscounted;
}
