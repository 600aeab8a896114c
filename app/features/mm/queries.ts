// Query keys, API paths and hooks of the mass-market store (SPEC §7 MM store, MMDashboard, MMOrder).
// Every path is built here so the screens never spell one; empty query values are left out (api.ts).
import { useSerialCartSaver, type CartSaveOutcome } from "../../lib/cart-saver.ts";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import { MmCart, MmCatalog, MmOrder, MmOrderResponse, MmOrderSummary, MmPackage, MmProduct, MmProfile } from "../../../contract/mm.ts";
import type { MmCartSaveBody } from "../../../contract/mm.ts";
import { InteractiveImage } from "../../../contract/store.ts";
import { api, ApiError, withQuery } from "../../lib/api.ts";
import type { StoreIds } from "../store/queries.ts";
import { useLiveAvailability } from "../../lib/live-availability.ts";

export { useStoreIds, type StoreIds } from "../store/queries.ts";

const e = encodeURIComponent;
const ask = (ids: StoreIds) => ({ customerId: ids.customerId, userId: ids.userId });
/** SPEC §7: shipDateTime is the ship date with a time. */
export const shipDateTime = (date: string) => `${date}T00:00:00`;

export const mmPaths = {
  specials: (ids: StoreIds) => `/api/MMDashboard/Specials/${e(ids.userId)}/${e(ids.customerId)}/${ids.retailerId}`,
  recentOrders: (ids: StoreIds) => `/api/MMDashboard/Orders/${e(ids.customerId)}`,
  interactiveImage: () => `/api/MMDashboard/InteractiveImage`,
  profile: () => `/api/MMStore/MMProfile`,
  packages: () => `/api/MMStore/Packages`,
  cart: () => `/api/MMStore/Cart`,
  saveCart: () => `/api/MMStore/SaveCart/`,
  catalogs: () => `/api/MMStore/Catalogs`,
  products: () => `/api/MMStore/Products`,
  live: () => `/api/MMStore/Live`,
  createOrder: () => `/api/MMOrder/CreateOrder`,
  orders: () => `/api/MMOrder/Orders`,
  order: () => `/api/MMOrder/Order`,
  /** The labels PDF, opened as a plain link. */
  labels: (ids: StoreIds, orderNumber: number) => withQuery("/api/MMOrder/Labels", { ...ask(ids), orderNumber }),
};

const who = (ids: StoreIds) => [ids.userId, ids.customerId] as const;
export const mmKeys = {
  all: ["mm"] as const,
  profile: (ids: StoreIds) => ["mm", "profile", ...who(ids)] as const,
  packages: (ids: StoreIds) => ["mm", "packages", ...who(ids)] as const,
  cart: (ids: StoreIds) => ["mm", "cart", ...who(ids)] as const,
  catalogs: (ids: StoreIds, date: string) => ["mm", "catalogs", ...who(ids), date] as const,
  products: (ids: StoreIds, orderId: number, date: string) => ["mm", "products", ...who(ids), orderId, date] as const,
  specials: (ids: StoreIds) => ["mm", "specials", ...who(ids)] as const,
  recentOrders: (ids: StoreIds) => ["mm", "recentOrders", ...who(ids)] as const,
  interactiveImage: () => ["mm", "interactiveImage"] as const,
  orders: (ids: StoreIds) => ["mm", "orders", ...who(ids)] as const,
  order: (ids: StoreIds, orderNumber: number) => ["mm", "orders", ...who(ids), orderNumber] as const,
};

export function useMmProfile(ids: StoreIds) {
  return useQuery({ queryKey: mmKeys.profile(ids), queryFn: () => api.get(mmPaths.profile(), ask(ids), MmProfile), staleTime: 5 * 60_000 });
}

export function useMmPackages(ids: StoreIds) {
  return useQuery({ queryKey: mmKeys.packages(ids), queryFn: () => api.get(mmPaths.packages(), { customerId: ids.customerId }, z.array(MmPackage)), staleTime: 5 * 60_000 });
}

export function useMmCart(ids: StoreIds) {
  return useQuery({ queryKey: mmKeys.cart(ids), queryFn: () => api.get(mmPaths.cart(), ask(ids), MmCart), staleTime: 0 });
}

export function useMmCatalogs(ids: StoreIds, date: string | null) {
  return useQuery({
    queryKey: mmKeys.catalogs(ids, date ?? ""),
    queryFn: () => api.get(mmPaths.catalogs(), { ...ask(ids), shipDateTime: shipDateTime(date!) }, z.array(MmCatalog)),
    enabled: !!date,
    staleTime: 60_000,
  });
}

export function useMmProducts(ids: StoreIds, orderId: number | null, date: string | null) {
  const q = useQuery({
    queryKey: mmKeys.products(ids, orderId ?? 0, date ?? ""),
    queryFn: () => api.getList(mmPaths.products(), { ...ask(ids), shipDateTime: shipDateTime(date!), catalog: orderId! }, MmProduct),
    enabled: !!date && !!orderId,
    staleTime: 30_000,
  });
  // Other buyers' holds and orders reach the open list as they happen (issue 14).
  const live = date && orderId ? withQuery(mmPaths.live(), { ...ask(ids), shipDateTime: shipDateTime(date), catalog: orderId }) : null;
  useLiveAvailability<MmProduct>(live, mmKeys.products(ids, orderId ?? 0, date ?? ""), orderId || null, "available");
  return q;
}

export function useMmSpecials(ids: StoreIds) {
  return useQuery({ queryKey: mmKeys.specials(ids), queryFn: () => api.get(mmPaths.specials(ids), undefined, z.array(MmProduct)), staleTime: 5 * 60_000 });
}

export function useMmRecentOrders(ids: StoreIds) {
  return useQuery({ queryKey: mmKeys.recentOrders(ids), queryFn: () => api.get(mmPaths.recentOrders(ids), undefined, z.array(MmOrderSummary)) });
}

export function useMmInteractiveImage() {
  return useQuery({ queryKey: mmKeys.interactiveImage(), queryFn: () => api.get(mmPaths.interactiveImage(), undefined, InteractiveImage), staleTime: 60 * 60_000 });
}

// Like every hook here, these take the ids of a chosen customer: a screen renders them only once the
// customer is known (useMmStoreIds), so no key or path is ever built from a missing customer (issue 27).
export function useMmOrders(ids: StoreIds) {
  return useQuery({ queryKey: mmKeys.orders(ids), queryFn: () => api.get(mmPaths.orders(), ask(ids), z.array(MmOrderSummary)) });
}

export function useMmOrder(ids: StoreIds, orderNumber: number) {
  return useQuery({
    queryKey: mmKeys.order(ids, orderNumber),
    queryFn: () => api.get(mmPaths.order(), { ...ask(ids), orderNumber }, MmOrder),
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 1,
  });
}

export type MmSaveOutcome = CartSaveOutcome<MmCart>;

/**
 * Saves the whole cart built from the current one, through the one save path both stores use
 * (app/lib/cart-saver.ts): one at a time, a 409 answer's current cart shown. SPEC §8: a failed MM
 * save is only logged (the caller decides whether to say more).
 */
export function useMmCartSaver(ids: StoreIds) {
  const save = useSerialCartSaver<MmCart, MmCartSaveBody>({ key: mmKeys.cart(ids), path: mmPaths.saveCart(), query: ask(ids), schema: MmCart });
  return useCallback(
    async (build: (cart: MmCart) => MmCartSaveBody): Promise<MmSaveOutcome | null> => {
      const outcome = await save(build);
      if (outcome && !outcome.ok) console.error("MM cart save failed", outcome.error.status, outcome.error.message);
      return outcome;
    },
    [save],
  );
}

/** CreateOrder with one Idempotency-Key per checkout attempt (a retry of the same click reuses it). */
export async function createMmOrder(ids: StoreIds, cart: MmCart, key: string): Promise<MmOrderResponse> {
  return api.post(mmPaths.createOrder(), cart, ask(ids), { "idempotency-key": key }, MmOrderResponse);
}
