// Query keys, API paths and hooks of the wholesale store and its dashboard (SPEC §7).
// Every path is built here so the screens never spell one.
import { useSerialCartSaver, type CartSaveOutcome } from "../../lib/cart-saver.ts";
import { replaceEqualDeep, useMutation, useQuery, useQueryClient, type QueryClient, type QueryFunctionContext } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import type { CartSaveBody } from "../../../contract/store.ts";
import {
  BlitzVoucher,
  Cart,
  Catalog,
  ComboSpecial,
  EarliestDateResponse,
  FutureSpecial,
  InteractiveImage,
  Order,
  OrderSummary,
  PlaceOrderResponse,
  Product,
  Profile,
  ShipDateDetail,
  ShipDateResponse,
  VoucherQuote,
} from "../../../contract/store.ts";
import { DeskOrder } from "../../../contract/order-desk.ts";
import { api, ApiError } from "../../lib/api.ts";
import { useRootData } from "../../lib/session.ts";
import { useLiveAvailability } from "../../lib/live-availability.ts";

/** Who the store is acting for. retailerId is 0 for a user without a retailer (a path segment). */
export interface StoreIds {
  userId: string;
  customerId: string;
  retailerId: number;
  isRetailer: boolean;
  /** The staff member acting as this user, sent as salesUserId when an order is placed. */
  salesUserId: string | null;
}

/** Null until the user has a current customer: nothing customer-specific is fetched before that. */
export function useStoreIds(): StoreIds | null {
  const { session } = useRootData();
  const user = session.user;
  const userId = user?.id;
  const customerId = user?.currentCustomer?.customerID;
  const retailerID = user?.retailerID ?? null;
  const salesUserId = session.originalUser?.id ?? null;
  return useMemo(
    () =>
      userId && customerId
        ? { userId, customerId, retailerId: retailerID ?? 0, isRetailer: retailerID !== null, salesUserId }
        : null,
    [userId, customerId, retailerID, salesUserId],
  );
}

const e = encodeURIComponent;
const seg = (ids: StoreIds) => `${e(ids.userId)}/${e(ids.customerId)}/${ids.retailerId}`;
const retailerQuery = (ids: StoreIds) => ({ retailerId: ids.isRetailer ? ids.retailerId : undefined });

export const storePaths = {
  profile: (ids: StoreIds) => `/api/Store/Profile/${seg(ids)}`,
  earliestDate: (ids: StoreIds) => `/api/Store/Retailer/EarlistDate/${seg(ids)}`,
  retailerShipDate: (ids: StoreIds, date: string) => `/api/Store/Retailer/Shipdate/${seg(ids)}/${e(date)}`,
  catalog: (ids: StoreIds, date: string) => `/api/Store/Catalog/${e(ids.customerId)}/${e(date)}/${e(ids.userId)}`,
  products: (ids: StoreIds, orderId: number, date: string) => `/api/Store/Catalog/Products/${e(ids.userId)}/${e(ids.customerId)}/${orderId}/${e(date)}`,
  /** Live availability of the catalog (server-sent events), with the retailer as Catalog/Products takes it. */
  live: (ids: StoreIds, orderId: number, date: string) =>
    `/api/Store/Catalog/Live/${e(ids.userId)}/${e(ids.customerId)}/${orderId}/${e(date)}${ids.isRetailer ? `?retailerId=${ids.retailerId}` : ""}`,
  cart: (ids: StoreIds) => `/api/Store/Cart/${e(ids.userId)}/${e(ids.customerId)}`,
  saveCart: (ids: StoreIds) => `/api/Store/Cart/Save/${e(ids.userId)}/${e(ids.customerId)}`,
  removeHold: (ids: StoreIds) => `/api/Store/Cart/RemoveHold/${e(ids.userId)}/${e(ids.customerId)}`,
  blitzVoucher: (ids: StoreIds) => `/api/Store/GetBlitzVoucher/${e(ids.userId)}`,
  voucherQuote: (ids: StoreIds) => `/api/Store/VoucherQuote/${e(ids.userId)}/${e(ids.customerId)}`,
  placeOrder: (ids: StoreIds) => `/api/Store/PlaceOrder/${e(ids.userId)}/${e(ids.customerId)}`,
  recommended: () => `/api/Store/Recommended`,
  specials: (ids: StoreIds) => `/api/Dashboard/Specials/${seg(ids)}`,
  futureSpecials: (ids: StoreIds) => `/api/Dashboard/FutureSpecials/${seg(ids)}`,
  recentOrders: (ids: StoreIds) => `/api/Dashboard/RecentOrders/${e(ids.customerId)}`,
  interactiveImage: () => `/api/Dashboard/InteractiveImg`,
  comboSpecials: () => `/api/Dashboard/ComboSpecials`,
  orders: (ids: StoreIds) => `/api/Orders/${e(ids.userId)}/${e(ids.customerId)}`,
  order: (ids: StoreIds, orderNumber: number) => `/api/Orders/${e(ids.userId)}/${e(ids.customerId)}/${orderNumber}`,
  shipDateDetail: (ids: StoreIds, orderNumber: number) => `/api/Orders/${e(ids.userId)}/${e(ids.customerId)}/${orderNumber}/ShipDateDetail`,
};

const who = (ids: StoreIds) => [ids.userId, ids.customerId, ids.retailerId] as const;

export const storeKeys = {
  all: ["store"] as const,
  profile: (ids: StoreIds) => ["store", "profile", ...who(ids)] as const,
  earliestDate: (ids: StoreIds) => ["store", "earliestDate", ...who(ids)] as const,
  retailerShipDate: (ids: StoreIds, date: string) => ["store", "retailerShipDate", ...who(ids), date] as const,
  catalog: (ids: StoreIds, date: string) => ["store", "catalog", ...who(ids), date] as const,
  products: (ids: StoreIds, orderId: number, date: string) => ["store", "products", ...who(ids), orderId, date] as const,
  productsAll: (ids: StoreIds) => ["store", "products", ...who(ids)] as const,
  /** The first rows of a date's products, parsed before the rest (not a query of its own: see useFirstRows). */
  firstRows: (ids: StoreIds, orderId: number, date: string) => ["store", "firstRows", ...who(ids), orderId, date] as const,
  cart: (ids: StoreIds) => ["store", "cart", ...who(ids)] as const,
  blitz: (ids: StoreIds) => ["store", "blitz", ...who(ids)] as const,
  voucherQuote: (ids: StoreIds, code: string) => ["store", "voucherQuote", ...who(ids), code] as const,
  recommended: (ids: StoreIds) => ["store", "recommended", ...who(ids)] as const,
  specials: (ids: StoreIds) => ["store", "specials", ...who(ids)] as const,
  futureSpecials: (ids: StoreIds) => ["store", "futureSpecials", ...who(ids)] as const,
  recentOrders: (ids: StoreIds) => ["store", "recentOrders", ...who(ids)] as const,
  interactiveImage: () => ["store", "interactiveImage"] as const,
  comboSpecials: (ids: StoreIds) => ["store", "comboSpecials", ...who(ids)] as const,
  orders: (ids: StoreIds) => ["store", "orders", ...who(ids)] as const,
  order: (ids: StoreIds, orderNumber: number) => ["store", "orders", ...who(ids), orderNumber] as const,
  shipDateDetail: (ids: StoreIds, orderNumber: number) => ["store", "orders", ...who(ids), orderNumber, "shipDate"] as const,
};

// ---- fetchers (also used imperatively by the ship-date change) ------------------------------

/** SPEC §8: a ship date lookup failure gives null. */
export async function fetchRetailerShipDate(ids: StoreIds, date: string): Promise<string | null> {
  try {
    const res = await api.get(storePaths.retailerShipDate(ids, date), undefined, ShipDateResponse);
    return res?.shipDate ?? null;
  } catch {
    return null;
  }
}

/** What Catalog answers (a list, current first); one catalog or null are read the same way. */
const CatalogAnswer = z.union([z.array(Catalog), Catalog, z.null()]);

/** The offer (catalog) for a ship date; null when there is none. */
export async function fetchCatalog(ids: StoreIds, date: string): Promise<Catalog | null> {
  try {
    const res = await api.get(storePaths.catalog(ids, date), undefined, CatalogAnswer);
    if (Array.isArray(res)) return res[0] ?? null;
    return res ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * SPEC §8 "Catalogue products": 510 is fatal (rethrown to the route's error screen); other errors give
 * nothing. Given the list already cached (`previous`), a product that has not changed keeps its object,
 * and the list is `previous` itself when nothing changed, as TanStack Query's structural sharing would
 * give; but compared one product at a time while the answer is parsed in chunks, never all thousands
 * in one task (the products query turns the query's own sharing off).
 */
export async function fetchProducts(
  ids: StoreIds,
  orderId: number,
  date: string,
  previous?: Product[],
  onFirstRows?: (first: Product[]) => void,
  signal?: AbortSignal,
): Promise<Product[]> {
  try {
    const cached = previous && previous.length > 0 ? new Map(previous.map((p) => [p.productId, p])) : null;
    // Thousands of products: parsed in chunks, so a date's offer arriving never blocks the page.
    const list = await api.getList(storePaths.products(ids, orderId, date), retailerQuery(ids), Product, cached ? (p) => replaceEqualDeep(cached.get(p.productId), p) : undefined, onFirstRows, signal);
    return previous && list.length === previous.length && list.every((p, i) => p === previous[i]) ? previous : list;
  } catch (err) {
    if (err instanceof ApiError && err.status === 510) throw err;
    // Given up (no longer wanted): not an empty offer.
    if (signal?.aborted) throw err;
    return [];
  }
}

export const fetchCart = (ids: StoreIds) => api.get(storePaths.cart(ids), retailerQuery(ids), Cart);

export function catalogQuery(ids: StoreIds, date: string) {
  return { queryKey: storeKeys.catalog(ids, date), queryFn: () => fetchCatalog(ids, date), staleTime: 60_000 };
}
export function productsQuery(ids: StoreIds, orderId: number, date: string) {
  return {
    queryKey: storeKeys.products(ids, orderId, date),
    // With `signal` read, the query is cancelled when the page stops watching it while it is read (the
    // buyer chose another date before this one's offer was in): its download and its chunked parse stop,
    // so the date chosen does not wait behind them, and its rows are never put in the cache (issue 30).
    // A read asked for while the page does not watch it (a date read ahead) runs to its end, unless the
    // page starts watching it and then stops before it is in.
    queryFn: ({ client, queryKey, signal }: QueryFunctionContext) => {
      const previous = client.getQueryData<Product[]>(queryKey);
      // A date's first read: its first rows are shown while the rest is parsed (useFirstRows).
      const first = previous ? undefined : (rows: Product[]) => client.setQueryData(storeKeys.firstRows(ids, orderId, date), rows);
      return fetchProducts(ids, orderId, date, previous, first, signal);
    },
    staleTime: 30_000,
    // fetchProducts shares the unchanged products with the cached list itself, in chunks.
    structuralSharing: false,
  };
}

/**
 * The products offered for a ship date: the date's catalog, then its products. A catalog of the date
 * the page already holds (read ahead of the choice: the dates' catalogs, a date's button hovered or
 * focused) names the products' request at once, even when it is due to be read again: the products
 * are asked for while the catalog is, not after it (issue 30). Should the catalog read now name
 * another offer, that offer's products are read as before.
 */
export async function loadProductsFor(client: QueryClient, ids: StoreIds, shipDate: string): Promise<Product[]> {
  const known = client.getQueryData<Catalog | null>(storeKeys.catalog(ids, shipDate));
  const early = known ? client.fetchQuery(productsQuery(ids, known.orderId, shipDate)) : null;
  // A failure of the early read is the store's products query's to show (it reads again), not ours.
  early?.catch(() => undefined);
  const catalog = await client.fetchQuery(catalogQuery(ids, shipDate));
  if (!catalog) return [];
  if (early && known?.orderId === catalog.orderId) return early;
  return client.fetchQuery(productsQuery(ids, catalog.orderId, shipDate));
}

/**
 * Reads the catalogs of the dates offered (a short answer each, one after another) into the query
 * cache, so that choosing one of them asks for its products at once (loadProductsFor). Stops when
 * `signal` aborts; a failure is left to the store's catalog query, which reads again.
 */
export async function prefetchCatalogs(client: QueryClient, ids: StoreIds, dates: readonly string[], signal: AbortSignal): Promise<void> {
  for (const date of dates) {
    if (signal.aborted) return;
    await client.prefetchQuery(catalogQuery(ids, date));
  }
}

/**
 * Starts reading a ship date's offer (its catalog, then its products) into the query cache, without
 * waiting for it: the store's queries for that date then find it read or on its way. A failure is
 * left to those queries, which read again and show it as they always do.
 */
export function prefetchProductsFor(client: QueryClient, ids: StoreIds, shipDate: string): void {
  loadProductsFor(client, ids, shipDate).catch(() => undefined);
}

// ---- hooks --------------------------------------------------------------------------------

export function useProfile(ids: StoreIds | null) {
  return useQuery({
    queryKey: ids ? storeKeys.profile(ids) : ["store", "profile", "none"],
    queryFn: () => api.get(storePaths.profile(ids!), undefined, Profile),
    enabled: !!ids,
    staleTime: 5 * 60_000,
  });
}

export function useEarliestDate(ids: StoreIds | null) {
  return useQuery({
    queryKey: ids ? storeKeys.earliestDate(ids) : ["store", "earliestDate", "none"],
    queryFn: async () => {
      try {
        return (await api.get(storePaths.earliestDate(ids!), undefined, EarliestDateResponse)).receiptDate ?? null;
      } catch {
        return null;
      }
    },
    enabled: !!ids?.isRetailer,
    staleTime: 5 * 60_000,
  });
}

export function useCart(ids: StoreIds | null) {
  return useQuery({
    queryKey: ids ? storeKeys.cart(ids) : ["store", "cart", "none"],
    queryFn: () => fetchCart(ids!),
    enabled: !!ids,
    staleTime: 0,
  });
}

export function useCatalog(ids: StoreIds | null, shipDate: string | null) {
  return useQuery({ ...catalogQuery(ids!, shipDate ?? ""), enabled: !!ids && !!shipDate });
}

/** Every buyer's combo specials (the prefix of storeKeys.comboSpecials). */
const COMBOS_KEY = ["store", "comboSpecials"] as const;

export function useProducts(ids: StoreIds | null, orderId: number | null, shipDate: string | null) {
  const q = useQuery({
    ...productsQuery(ids!, orderId ?? 0, shipDate ?? ""),
    enabled: !!ids && !!shipDate && orderId !== null,
    // A 510 is fatal: the route's error screen takes it (SPEC §8).
    throwOnError: (err) => err instanceof ApiError && err.status === 510,
  });
  // Other buyers' holds and orders reach the open list as they happen (issue 14).
  const live = ids && shipDate && orderId !== null ? storePaths.live(ids, orderId, shipDate) : null;
  // A price, special or combo special the grower changed asks for the list (and the combos) again.
  useLiveAvailability<Product>(live, storeKeys.products(ids!, orderId ?? 0, shipDate ?? ""), orderId, "quantityRemaining", COMBOS_KEY);
  return q;
}

export function useComboSpecials(ids: StoreIds | null, initial?: ComboSpecial[]) {
  return useQuery({
    initialData: initial,
    queryKey: ids ? storeKeys.comboSpecials(ids) : ["store", "comboSpecials", "none"],
    queryFn: () =>
      api.get(
        storePaths.comboSpecials(),
        { userId: ids!.userId, customerId: ids!.customerId, retailerId: ids!.isRetailer ? ids!.retailerId : undefined },
        z.array(ComboSpecial),
      ),
    enabled: !!ids,
    staleTime: 5 * 60_000,
  });
}

export function useSpecials(ids: StoreIds | null, initial?: Product[]) {
  return useQuery({
    initialData: initial,
    queryKey: ids ? storeKeys.specials(ids) : ["store", "specials", "none"],
    queryFn: () => api.get(storePaths.specials(ids!), undefined, z.array(Product)),
    enabled: !!ids,
  });
}

export function useFutureSpecials(ids: StoreIds | null, initial?: FutureSpecial[]) {
  return useQuery({
    initialData: initial,
    queryKey: ids ? storeKeys.futureSpecials(ids) : ["store", "futureSpecials", "none"],
    queryFn: () => api.get(storePaths.futureSpecials(ids!), undefined, z.array(FutureSpecial)),
    enabled: !!ids,
  });
}

export function useRecentOrders(ids: StoreIds | null, initial?: OrderSummary[]) {
  return useQuery({
    initialData: initial,
    queryKey: ids ? storeKeys.recentOrders(ids) : ["store", "recentOrders", "none"],
    queryFn: () => api.get(storePaths.recentOrders(ids!), undefined, z.array(OrderSummary)),
    enabled: !!ids,
  });
}

export function useInteractiveImage(enabled: boolean, initial?: InteractiveImage) {
  return useQuery({
    initialData: initial,
    queryKey: storeKeys.interactiveImage(),
    queryFn: () => api.get(storePaths.interactiveImage(), undefined, InteractiveImage),
    enabled,
    staleTime: 60 * 60_000,
  });
}

export function useRecommended(ids: StoreIds | null, initial?: Product[]) {
  return useQuery({
    initialData: initial,
    queryKey: ids ? storeKeys.recommended(ids) : ["store", "recommended", "none"],
    queryFn: () => api.get(storePaths.recommended(), { customerId: ids!.customerId, userId: ids!.userId, retailerId: ids!.retailerId }, z.array(Product)),
    enabled: !!ids,
  });
}

export function useBlitzVoucher(ids: StoreIds | null, initial?: BlitzVoucher) {
  return useQuery({
    initialData: initial,
    queryKey: ids ? storeKeys.blitz(ids) : ["store", "blitz", "none"],
    queryFn: () => api.get(storePaths.blitzVoucher(ids!), undefined, BlitzVoucher),
    enabled: !!ids,
  });
}

/** A typed voucher code's terms before the order is placed (nothing is written); a refusal says why. */
export function useVoucherQuote(ids: StoreIds | null, code: string) {
  const normalised = code.trim().toUpperCase();
  return useQuery({
    queryKey: ids ? storeKeys.voucherQuote(ids, normalised) : ["store", "voucherQuote", "none"],
    queryFn: () => api.get(storePaths.voucherQuote(ids!), { code: normalised, ...retailerQuery(ids!) }, VoucherQuote),
    enabled: !!ids && normalised.length > 0 && normalised.length <= 40,
    retry: false,
    staleTime: 30_000,
  });
}

export function useOrders(ids: StoreIds | null) {
  return useQuery({
    queryKey: ids ? storeKeys.orders(ids) : ["store", "orders", "none"],
    queryFn: () => api.get(storePaths.orders(ids!), retailerQuery(ids!), z.array(OrderSummary)),
    enabled: !!ids,
  });
}

export function useOrder(ids: StoreIds | null, orderNumber: number) {
  return useQuery({
    queryKey: ids ? storeKeys.order(ids, orderNumber) : ["store", "order", "none"],
    queryFn: () => api.get(storePaths.order(ids!, orderNumber), retailerQuery(ids!), Order),
    enabled: !!ids,
  });
}

/** A buyer's own change of an order until the ship date's cut-off: a line's new quantity, or cancelling it. */
export function useChangeOwnOrder(ids: StoreIds | null, orderNumber: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: { lineId: number; quantity: number } | { cancel: true }) =>
      "cancel" in c
        ? api.post(`${storePaths.order(ids!, orderNumber)}/Cancel`, {}, retailerQuery(ids!), undefined, DeskOrder)
        : api.put(`${storePaths.order(ids!, orderNumber)}/Lines/${c.lineId}`, { quantity: c.quantity }, retailerQuery(ids!), DeskOrder),
    onSettled: () => qc.invalidateQueries({ queryKey: ["store", "orders"] }),
  });
}

export function useShipDateDetail(ids: StoreIds | null, orderNumber: number) {
  return useQuery({
    queryKey: ids ? storeKeys.shipDateDetail(ids, orderNumber) : ["store", "shipDateDetail", "none"],
    queryFn: () => api.get(storePaths.shipDateDetail(ids!, orderNumber), retailerQuery(ids!), ShipDateDetail),
    enabled: !!ids,
  });
}

// ---- cart writes --------------------------------------------------------------------------

export type SaveOutcome = CartSaveOutcome<Cart>;

/** The wholesale cart's save (app/lib/cart-saver.ts: one after another; a 409's current cart replaces ours). */
export function useCartSaver(ids: StoreIds | null) {
  return useSerialCartSaver<Cart, CartSaveBody>(ids ? { key: storeKeys.cart(ids), path: storePaths.saveCart(ids), query: retailerQuery(ids), schema: Cart } : null);
}

export function useRemoveHold(ids: StoreIds | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.put(storePaths.removeHold(ids!), {}, retailerQuery(ids!), Cart);
    },
    onSettled: async () => {
      if (!ids) return;
      // The released stock shows again for everyone, this screen included.
      await Promise.all([
        client.invalidateQueries({ queryKey: storeKeys.cart(ids) }),
        client.invalidateQueries({ queryKey: storeKeys.productsAll(ids) }),
      ]);
    },
  });
}

export async function placeOrder(
  ids: StoreIds,
  idempotencyKey: string,
  voucherCode = "",
  extra: { poNumber?: string; deliveryNotes?: string } = {},
): Promise<PlaceOrderResponse> {
  const body: Record<string, string> = {};
  if (voucherCode.trim()) body.voucherCode = voucherCode.trim();
  if (extra.poNumber?.trim()) body.poNumber = extra.poNumber.trim();
  if (extra.deliveryNotes?.trim()) body.deliveryNotes = extra.deliveryNotes.trim();
  return api.post(
    storePaths.placeOrder(ids),
    body,
    { retailerId: ids.isRetailer ? ids.retailerId : undefined, salesUserId: ids.salesUserId ?? undefined },
    { "Idempotency-Key": idempotencyKey },
    PlaceOrderResponse,
  );
}
