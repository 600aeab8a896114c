// The first rows of a date's offer, while the rest of its thousands of products are still being
// parsed (issue 30: a chosen date shows its first screen of flowers without waiting for the whole
// list). productsQuery puts them in the query cache under storeKeys.firstRows; this reads them.
import { useQuery } from "@tanstack/react-query";
import type { Product } from "../../../contract/store.ts";
import { storeKeys, type StoreIds } from "./queries.ts";

const noRead = () => null;

/** The first rows of the products of (orderId, shipDate) parsed so far, or null; only while `wanted`. */
export function useFirstRows(ids: StoreIds, orderId: number | null, shipDate: string | null, wanted: boolean): Product[] | null {
  // Never fetched (enabled false): the cache entry is written by productsQuery's read, and watched here.
  const q = useQuery<Product[] | null>({ queryKey: storeKeys.firstRows(ids, orderId ?? 0, shipDate ?? ""), queryFn: noRead, enabled: false, staleTime: Infinity, gcTime: 30_000 });
  return wanted && orderId !== null && shipDate ? (q.data ?? null) : null;
}
