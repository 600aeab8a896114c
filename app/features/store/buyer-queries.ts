// Favourites and reorder (issue 13): paths, keys and hooks, beside queries.ts's SPEC §7 calls.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { Cart, Favourites, ReorderResponse } from "../../../contract/store.ts";
import { api, ApiError } from "../../lib/api.ts";
import { storeKeys, type StoreIds } from "./queries.ts";

const e = encodeURIComponent;
const retailerQuery = (ids: StoreIds) => ({ retailerId: ids.isRetailer ? ids.retailerId : undefined });

export const buyerPaths = {
  favourites: (ids: StoreIds) => `/api/Store/Favourites/${e(ids.userId)}/${e(ids.customerId)}`,
  favourite: (ids: StoreIds, productId: string) => `/api/Store/Favourites/${e(ids.userId)}/${e(ids.customerId)}/${e(productId)}`,
  reorder: (ids: StoreIds, orderNumber: number) => `/api/Store/Reorder/${e(ids.userId)}/${e(ids.customerId)}/${orderNumber}`,
};

export const favouritesKey = (ids: StoreIds) => ["store", "favourites", ids.userId, ids.customerId, ids.retailerId] as const;
const NONE: ReadonlySet<string> = new Set();

/** The buying account's starred products, and a toggle that shows the change at once (undone if the server refuses it). */
export function useFavourites(ids: StoreIds | null) {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ids ? favouritesKey(ids) : ["store", "favourites", "none"],
    queryFn: () => api.get(buyerPaths.favourites(ids!), retailerQuery(ids!), Favourites),
    enabled: !!ids,
    staleTime: 60_000,
  });
  const set = useMemo(() => (q.data ? new Set(q.data.productIds) : NONE), [q.data]);
  const toggle = useMutation({
    mutationFn: async ({ productId, star }: { productId: string; star: boolean }) => {
      const path = buyerPaths.favourite(ids!, productId);
      const query = retailerQuery(ids!);
      return star ? api.put(path, {}, query, Favourites) : api.del(path, query, Favourites);
    },
    onMutate: async ({ productId, star }) => {
      const key = favouritesKey(ids!);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Favourites>(key);
      const ids0 = before?.productIds ?? [];
      client.setQueryData<Favourites>(key, { productIds: star ? [...ids0.filter((x) => x !== productId), productId] : ids0.filter((x) => x !== productId) });
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) client.setQueryData(favouritesKey(ids!), context.before);
    },
    onSuccess: (answer) => {
      client.setQueryData(favouritesKey(ids!), answer);
    },
  });
  return { favourites: set, loaded: q.isSuccess, toggle: (productId: string, star: boolean) => toggle.mutateAsync({ productId, star }) };
}

/** Reorders a past order into the cart for a date; the cart query takes the answer's cart (or, on 409, the current one). */
export function useReorder(ids: StoreIds | null, orderNumber: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.post(buyerPaths.reorder(ids!, orderNumber), { date }, retailerQuery(ids!), undefined, ReorderResponse),
    onSuccess: (answer) => client.setQueryData(storeKeys.cart(ids!), answer.cart),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        const current = Cart.safeParse(err.data);
        if (current.success) client.setQueryData(storeKeys.cart(ids!), current.data);
      }
    },
  });
}
