// Shared set-up of the store, dashboard and order integration tests (not a test file itself).
import type { LightMyRequestResponse } from "fastify";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { carts, holds, offerLines } from "../../db/schema/index.ts";
import type { CartSaveBody } from "../../contract/store.ts";
import { loginAs, type Injector, type TestApp } from "./test-app.ts";
import {
  ALL_WEEKDAYS,
  addDays,
  DEFAULT_TEST_PASSWORD,
  insertCatalogWithOffers,
  insertCustomer,
  insertRetailer,
  insertUser,
  isoDateAt,
  shipTimesOn,
  type InsertCustomerOptions,
  type InsertRetailerOptions,
  type OfferLineOptions,
} from "../factories/index.ts";

/** Tomorrow in New York: open for a customer shipping every day with a 23:59 cut-off. */
export const tomorrow = () => addDays(isoDateAt(), 1);

export interface Client {
  userId: string;
  customerId: string;
  cookie: string;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  save(body: Partial<CartSaveBody> & Record<string, unknown>, query?: string): Promise<LightMyRequestResponse>;
  cart(query?: string): Promise<LightMyRequestResponse>;
  removeHold(query?: string): Promise<LightMyRequestResponse>;
  place(opts?: { key?: string; query?: string }): Promise<LightMyRequestResponse>;
  products(orderId: number, date: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** The API as one user of one customer, through an app in this process or a server process (Injector). */
export function client(app: Injector, cookie: string, userId: string, customerId: string): Client {
  const headers = (extra: Record<string, string> = {}) => ({ cookie, ...extra });
  const q = (query?: string) => (query ? `?${query}` : "");
  return {
    userId,
    customerId,
    cookie,
    get: (url, extra) => app.inject({ method: "GET", url, headers: headers(extra) }),
    save: (body, query) =>
      app.inject({ method: "POST", url: `/api/Store/Cart/Save/${userId}/${customerId}${q(query)}`, payload: { items: [], ...body }, headers: headers() }),
    cart: (query) => app.inject({ method: "GET", url: `/api/Store/Cart/${userId}/${customerId}${q(query)}`, headers: headers() }),
    removeHold: (query) => app.inject({ method: "PUT", url: `/api/Store/Cart/RemoveHold/${userId}/${customerId}${q(query)}`, headers: headers() }),
    place: (opts = {}) =>
      app.inject({
        method: "POST",
        url: `/api/Store/PlaceOrder/${userId}/${customerId}${q(opts.query)}`,
        headers: headers(opts.key ? { "idempotency-key": opts.key } : {}),
      }),
    products: (orderId, date, extra) => app.inject({ method: "GET", url: `/api/Store/Catalog/Products/${userId}/${customerId}/${orderId}/${date}`, headers: headers(extra) }),
  };
}

/** A wholesale customer shipping every day until 23:59, one wholesaler user of it, signed in. */
export async function buyer(t: TestApp, customer: InsertCustomerOptions = {}, app: Injector = t.app): Promise<Client> {
  const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59"), ...customer });
  const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
  return client(app, await loginAs(app, u.email, DEFAULT_TEST_PASSWORD), u.id, c.customerId);
}

/**
 * A shop (by default picking up Tuesday, Thursday and Friday) buying through a customer that ships
 * every day until 23:59, and its Retailer user, signed in.
 */
export async function retailerBuyer(t: TestApp, customer: InsertCustomerOptions = {}, retailer: InsertRetailerOptions = {}) {
  const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59"), ...customer });
  const r = await insertRetailer(t.db, { ...retailer, customerIds: [c.customerId] });
  const u = await insertUser(t.db, {
    roles: ["Retailer"],
    claims: [
      { claim: "WholesalerId", value: c.customerId },
      { claim: "retailerid", value: String(r.retailerId) },
    ],
  });
  const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
  return { c, r, u, api: client(t.app, cookie, u.id, c.customerId) };
}

/** A catalog (today .. today + 14) with offers, restricted to the given customers so tests do not see each other's. */
export async function offer(db: Db, customerIds: string[], opts: { count?: number; line?: OfferLineOptions } = {}) {
  return insertCatalogWithOffers(db, { count: opts.count ?? 1, catalog: { customerIds }, line: opts.line ?? {} });
}

/** Active holds + ordered of one offer line: must never exceed its original quantity. */
export async function committed(db: Db, offerLineId: number) {
  const [row] = await db
    .select({
      original: offerLines.originalQuantity,
      ordered: offerLines.quantityOrdered,
      held: sql<number>`coalesce((select sum(h.quantity)::int from holds h where h.offer_line_id = "offer_lines"."id" and h.expires_at > now()), 0)`.mapWith(Number),
    })
    .from(offerLines)
    .where(eq(offerLines.id, offerLineId));
  return row!;
}

/** Moves a cart's holds (and its hold time) into the past: lapsing by time alone, without waiting. */
export async function lapseHolds(db: Db, userId: string) {
  const mine = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  for (const { id } of mine) {
    await db.update(holds).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(holds.cartId, id));
    await db.update(carts).set({ holdExpiresAt: sql`now() - interval '1 second'` }).where(eq(carts.id, id));
  }
}
