// Favourites and reorder (issue 13), through the API on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { favourites, offerLines } from "../../../db/schema/index.ts";
import { buildTestApp, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { insertProduct } from "../../../tests/factories/index.ts";
import { buyer, committed, offer, retailerBuyer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ HOLD_MINUTES: "30" });
});
afterAll(async () => t?.close());

const send = (c: Client, method: "PUT" | "DELETE" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: c.cookie, ...SAME_ORIGIN }, ...(payload ? { payload } : {}) });
const favUrl = (c: Client, productId = "", query = "") => `/api/Store/Favourites/${c.userId}/${c.customerId}${productId ? `/${productId}` : ""}${query}`;

describe("Favourites", () => {
  it("stars and unstars products for the customer, starring twice changing nothing", async () => {
    const a = await buyer(t);
    const { products } = await offer(t.db, [a.customerId], { count: 2 });
    const [p1, p2] = products;
    expect((await a.get(favUrl(a))).json()).toEqual({ productIds: [] });
    expect((await send(a, "PUT", favUrl(a, p1!.productId))).json()).toEqual({ productIds: [p1!.productId] });
    expect((await send(a, "PUT", favUrl(a, p2!.productId))).json()).toEqual({ productIds: [p1!.productId, p2!.productId] });
    expect((await send(a, "PUT", favUrl(a, p1!.productId))).statusCode).toBe(200);
    expect((await a.get(favUrl(a))).json().productIds).toHaveLength(2);
    expect((await send(a, "DELETE", favUrl(a, p1!.productId))).json()).toEqual({ productIds: [p2!.productId] });
    const rows = await t.db.select().from(favourites).where(eq(favourites.customerId, a.customerId));
    expect(rows.map((r) => [r.productId, r.retailerId])).toEqual([[p2!.productId, 0]]);
  });

  it("answers 404 for an unknown product and 400 for a malformed code, writing nothing", async () => {
    const a = await buyer(t);
    const unknown = await send(a, "PUT", favUrl(a, "NO-SUCH-1"));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Unknown product.");
    const bad = await send(a, "PUT", favUrl(a, "%24%24%24"));
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(favourites).where(eq(favourites.customerId, a.customerId))).toEqual([]);
  });

  it("keeps a retailer's favourites apart from its wholesaler's, and refuses another customer's", async () => {
    const { api: shop, c } = await retailerBuyer(t);
    const other = await buyer(t);
    const p = await insertProduct(t.db);
    expect((await send(shop, "PUT", favUrl(shop, p.productId))).statusCode).toBe(200);
    const [row] = await t.db.select().from(favourites).where(and(eq(favourites.customerId, c.customerId), eq(favourites.productId, p.productId)));
    expect(row!.retailerId).toBeGreaterThan(0);
    const foreign = await send(shop, "PUT", `/api/Store/Favourites/${shop.userId}/${other.customerId}/${p.productId}`);
    expect(foreign.statusCode).toBe(403);
    expect((await other.get(favUrl(other))).json()).toEqual({ productIds: [] });
  });
});

async function placedOrder(a: Client, quantities: number[], line: { originalQuantity?: number } = {}) {
  const made = await offer(t.db, [a.customerId], { count: quantities.length, line: { originalQuantity: 100, ...line } });
  const items = made.products.map((p, i) => ({ productId: p.productId, quantity: quantities[i]! }));
  expect((await a.save({ shipDate: tomorrow(), items })).statusCode).toBe(200);
  const placed = await a.place({ key: `reorder-${a.userId}` });
  expect(placed.statusCode).toBe(200);
  return { ...made, orderNumber: placed.json().orderNumber as number };
}

describe("Reorder", () => {
  it("adds the lines the date offers at today's prices and names the rest with why", async () => {
    const a = await buyer(t);
    const { offerLines: lines, products, orderNumber } = await placedOrder(a, [3, 4]);
    // Since the order: the first line's price went up; the second is no longer offered.
    await t.db.update(offerLines).set({ standardPriceCents: 999, standardPriceNoPailCents: 1099 }).where(eq(offerLines.id, lines[0]!.id));
    await t.db.update(offerLines).set({ showStore: false }).where(eq(offerLines.id, lines[1]!.id));
    const res = await send(a, "POST", `/api/Store/Reorder/${a.userId}/${a.customerId}/${orderNumber}`, { date: tomorrow() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.added).toEqual([{ productId: products[0]!.productId, description: products[0]!.description, quantity: 3 }]);
    expect(body.skipped).toEqual([
      { productId: products[1]!.productId, description: products[1]!.description, quantity: 4, reason: `This product is not offered for ${tomorrow()}.` },
    ]);
    const line = body.cart.items.find((i: { productId: string }) => i.productId === products[0]!.productId);
    expect(line.quantity).toBe(3);
    expect(line.bunchPrice).toBe(10.99);
    expect(body.cart.shipDate).toBe(tomorrow());
    // The reordered bunches are held like any other.
    expect((await committed(t.db, lines[0]!.id)).held).toBe(3);
  });

  it("adds to what the cart already has, and holds only what is free: the rest is pending", async () => {
    const a = await buyer(t);
    const { offerLines: lines, products, orderNumber } = await placedOrder(a, [8], { originalQuantity: 10 });
    expect((await a.save({ shipDate: tomorrow(), items: [{ productId: products[0]!.productId, quantity: 1 }] })).statusCode).toBe(200);
    const res = await send(a, "POST", `/api/Store/Reorder/${a.userId}/${a.customerId}/${orderNumber}`, { date: tomorrow() });
    expect(res.statusCode).toBe(200);
    const [item] = res.json().cart.items;
    expect(item.quantity).toBe(9);
    expect(item.quantityConfirmed).toBe(2);
    expect(item.quantityPending).toBe(7);
    const c = await committed(t.db, lines[0]!.id);
    expect(c.ordered + c.held).toBeLessThanOrEqual(c.original!);
  });

  it("refuses a cart with lines on another date (409 with the cart), another customer's order (404) and a bad date (400)", async () => {
    const a = await buyer(t);
    const { orderNumber, products } = await placedOrder(a, [2]);
    const later = (await import("../../../tests/factories/index.ts")).addDays(tomorrow(), 1);
    expect((await a.save({ shipDate: later, items: [{ productId: products[0]!.productId, quantity: 1 }] })).statusCode).toBe(200);
    const busy = await send(a, "POST", `/api/Store/Reorder/${a.userId}/${a.customerId}/${orderNumber}`, { date: tomorrow() });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain(`Your cart has flowers for ${later}`);
    expect(busy.json().data.items).toHaveLength(1);

    const b = await buyer(t);
    const foreign = await send(b, "POST", `/api/Store/Reorder/${b.userId}/${b.customerId}/${orderNumber}`, { date: tomorrow() });
    expect(foreign.statusCode).toBe(404);
    expect((await b.cart()).json().items).toEqual([]);

    const bad = await send(a, "POST", `/api/Store/Reorder/${a.userId}/${a.customerId}/${orderNumber}`, { date: "tomorrow" });
    expect(bad.statusCode).toBe(400);
  });
});
