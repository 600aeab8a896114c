// Shared set-up of the mass-market reorder and standing-program tests (not a test file itself).
import type { LightMyRequestResponse } from "fastify";
import { and, eq } from "drizzle-orm";
import { mmCatalogProducts } from "../../db/schema/index.ts";
import { loginAs, SAME_ORIGIN, type TestApp } from "./test-app.ts";
import {
  ALL_WEEKDAYS,
  addDays,
  DEFAULT_TEST_PASSWORD,
  insertCatalog,
  insertCustomer,
  insertMmCatalogProduct,
  insertMmPackage,
  insertMmProduct,
  insertUser,
  isoDateAt,
  nextCode,
  shipTimesOn,
} from "../factories/index.ts";

export interface MmClient {
  userId: string;
  customerId: string;
  cookie: string;
  get(path: string, query?: Record<string, string | number>): Promise<LightMyRequestResponse>;
  send(method: "POST" | "PUT" | "DELETE", path: string, payload?: object, query?: Record<string, string | number>): Promise<LightMyRequestResponse>;
  save(body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** CreateOrder with this idempotency key (none by default) and body (`{}` by default). */
  order(key?: string, body?: object): Promise<LightMyRequestResponse>;
}

const qs = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

/** The MM API as one user acting for one customer (`?customerId&userId`). */
export function mmClient(t: TestApp, cookie: string, userId: string, customerId: string): MmClient {
  const base = { customerId, userId };
  const headers = { cookie, ...SAME_ORIGIN };
  return {
    userId,
    customerId,
    cookie,
    get: (path, query = {}) => t.app.inject({ method: "GET", url: `/api/${path}?${qs({ ...base, ...query })}`, headers: { cookie } }),
    send: (method, path, payload, query = {}) => t.app.inject({ method, url: `/api/${path}?${qs({ ...base, ...query })}`, headers, ...(payload ? { payload } : {}) }),
    save: (body) => t.app.inject({ method: "POST", url: `/api/MMStore/SaveCart/?${qs(base)}`, payload: { items: [], ...body }, headers }),
    order: (key, body = {}) => t.app.inject({ method: "POST", url: `/api/MMOrder/CreateOrder?${qs(base)}`, payload: body, headers: { ...headers, ...(key ? { "idempotency-key": key } : {}) } }),
  };
}

/** A mass-market customer shipping on these weekdays (default every day) until 23:59, and its MassMarket user, signed in. */
export async function mmBuyer(t: TestApp, weekdays: readonly number[] = ALL_WEEKDAYS): Promise<MmClient> {
  const c = await insertCustomer(t.db, { kind: "massMarket", shipTimes: shipTimesOn(weekdays, "23:59") });
  const u = await insertUser(t.db, { roles: ["MassMarket"], customerIds: [c.customerId] });
  return mmClient(t, await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD), u.id, c.customerId);
}

/** A staff member of this role, signed in, acting for the customer. */
export async function mmStaff(t: TestApp, customerId: string, role: "SalesPerson" | "Administrator" = "SalesPerson"): Promise<MmClient> {
  const s = await insertUser(t.db, { roles: [role] });
  return mmClient(t, await loginAs(t.app, s.email, DEFAULT_TEST_PASSWORD), s.id, customerId);
}

/** A mass-market catalog for these customers covering today to `days` ahead (default 14). */
export function mmCatalog(t: TestApp, customerIds: string[], days = 14) {
  return insertCatalog(t.db, { kind: "massMarket", customerIds, shipDateFrom: isoDateAt(), shipDateTo: addDays(isoDateAt(), days) });
}

/**
 * A bouquet packed in `boxType` at `priceCents` a boxed bouquet (20 cents less unboxed), with
 * `available` of it on the catalog; `product` sets any other of its columns.
 */
export async function mmBouquet(t: TestApp, catalogId: number, boxType: string, priceCents: number, available: number, product: Parameters<typeof insertMmProduct>[1] = {}) {
  const p = await insertMmProduct(t.db, { boxType, pricePerBouquetCents: priceCents, pricePerBouquetNoBoxCents: priceCents - 20, priceCents, ...product });
  await insertMmCatalogProduct(t.db, { catalogId, productId: p.productId, available });
  return p;
}

/**
 * A catalog for these customers covering today to `days` ahead (default 14) with three bouquets of
 * their own box type, `available` of each (default 100).
 */
export async function mmOffer(t: TestApp, customerIds: string[], opts: { available?: number; days?: number } = {}) {
  const box = await insertMmPackage(t.db, { type: nextCode("BXR-"), priceCents: 40, description: "Medium box" });
  const catalog = await mmCatalog(t, customerIds, opts.days);
  const available = opts.available ?? 100;
  const lily = await mmBouquet(t, catalog.id, box.type, 1299, available);
  const rose = await mmBouquet(t, catalog.id, box.type, 1899, available);
  const tulip = await mmBouquet(t, catalog.id, box.type, 999, available);
  return { box, catalog, lily, rose, tulip };
}

/** Sets what a catalog line has (and has had ordered) and its catalog price per boxed bouquet. */
export async function setCatalogLine(t: TestApp, catalogId: number, productId: string, set: { available?: number; pricePerBouquetCents?: number; pricePerBouquetNoBoxCents?: number }) {
  await t.db.update(mmCatalogProducts).set(set).where(and(eq(mmCatalogProducts.catalogId, catalogId), eq(mmCatalogProducts.productId, productId)));
}
