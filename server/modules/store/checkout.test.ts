import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, asc, count, eq } from "drizzle-orm";
import { cartLines, carts, holds, orderLines, orders, sessions, shipTimes } from "../../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { ALL_WEEKDAYS, addDays, insertUser, isoDateAt, newYorkInstant, shipTimesOn, specWeekday } from "../../../tests/factories/index.ts";
import { buyer, committed, lapseHolds, offer, retailerBuyer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
const linesOf = (orderId: number) => t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

describe("PlaceOrder", () => {
  it("turns holds into ordered stock, writes priced lines, and empties the cart", async () => {
    const a = await buyer(t);
    const { offerLines: ols, products: ps, catalog } = await offer(t.db, [a.customerId], { count: 2, line: { originalQuantity: 30 } });
    await a.save({ shipDate: tomorrow(), items: [{ productId: ps[0]!.productId, quantity: 10 }, { productId: ps[1]!.productId, quantity: 3 }] });
    const res = await a.place({ key: "order-1" });
    expect(res.statusCode).toBe(200);
    const [o1, o2] = ols;
    const total1 = 8 * o1!.discountPriceCents + 2 * o1!.discountPriceNoPailCents; // tier 1 from one pail
    const total2 = 3 * o2!.standardPriceNoPailCents; // three loose bunches at the standard price
    const body = res.json();
    expect(body).toEqual({ orderNumber: expect.any(Number), shipDate: tomorrow(), total: (total1 + total2) / 100, pendingLines: 0 });
    expect(body.orderNumber).toBeGreaterThanOrEqual(100001);

    const [order] = await ordersOf(a.userId);
    expect(order).toMatchObject({
      orderNumber: body.orderNumber,
      store: "wholesale",
      customerId: a.customerId,
      retailerId: 0,
      salesUserId: null,
      shipDate: tomorrow(),
      status: "submitted",
      subtotalCents: total1 + total2,
      totalCents: total1 + total2,
      idempotencyKey: "order-1",
    });
    const lines = await linesOf(order!.id);
    expect(lines.map((l) => [l.productId, l.quantity, l.pails, l.looseBunches, l.pailPriceCents, l.bunchPriceCents, l.quantityConfirmed, l.quantityPending, l.lineTotalCents, l.offerOrderNumber])).toEqual([
      [ps[0]!.productId, 10, 1, 2, o1!.discountPriceCents, o1!.discountPriceNoPailCents, 10, 0, total1, catalog.orderId],
      [ps[1]!.productId, 3, 0, 3, o2!.standardPriceCents, o2!.standardPriceNoPailCents, 3, 0, total2, catalog.orderId],
    ]);
    expect(await committed(t.db, o1!.id)).toEqual({ original: 30, ordered: 10, held: 0 });
    expect(await committed(t.db, o2!.id)).toEqual({ original: 30, ordered: 3, held: 0 });
    const cart = (await a.cart()).json();
    expect(cart).toMatchObject({ items: [], shipDate: null, receivingDate: null, holdTime: null });
    const [row] = await t.db.select().from(carts).where(eq(carts.userId, a.userId));
    expect(await t.db.select().from(holds).where(eq(holds.cartId, row!.id))).toEqual([]);
  });

  it("places the pending part as pending and counts pending lines", async () => {
    const a = await buyer(t);
    const { offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 4 } });
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 7 }] });
    const res = (await a.place()).json();
    expect(res.pendingLines).toBe(1);
    const [order] = await ordersOf(a.userId);
    expect((await linesOf(order!.id)).map((l) => [l.quantity, l.quantityConfirmed, l.quantityPending])).toEqual([[7, 4, 3]]);
    expect(await committed(t.db, ol!.id)).toEqual({ original: 4, ordered: 4, held: 0 });
  });

  it("re-holds a lapsed line when stock is free, and makes it pending when another buyer took it", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const { offerLines: ols, products: ps } = await offer(t.db, [a.customerId, b.customerId], { count: 2, line: { originalQuantity: 5 } });
    await a.save({ shipDate: tomorrow(), items: ps.map((p) => ({ productId: p.productId, quantity: 5 })) });
    await lapseHolds(t.db, a.userId);
    // b takes 4 of the second product while a's hold has lapsed.
    await b.save({ shipDate: tomorrow(), items: [{ productId: ps[1]!.productId, quantity: 4 }] });
    const res = (await a.place()).json();
    expect(res.pendingLines).toBe(1);
    const [order] = await ordersOf(a.userId);
    expect((await linesOf(order!.id)).map((l) => [l.productId, l.quantityConfirmed, l.quantityPending])).toEqual([
      [ps[0]!.productId, 5, 0],
      [ps[1]!.productId, 1, 4],
    ]);
    expect(await committed(t.db, ols[0]!.id)).toEqual({ original: 5, ordered: 5, held: 0 });
    expect(await committed(t.db, ols[1]!.id)).toEqual({ original: 5, ordered: 1, held: 4 });
  });

  it("refuses an empty cart", async () => {
    const a = await buyer(t);
    const res = await a.place();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Your cart is empty.");
    expect(await ordersOf(a.userId)).toEqual([]);
  });

  it("records salesUserId only from an impersonating session, never from the query alone", async () => {
    const a = await buyer(t);
    const staff = await insertUser(t.db, { roles: ["SalesPerson"] });
    const { products: [p] } = await offer(t.db, [a.customerId]);
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 1 }] });
    await a.place({ query: `salesUserId=${staff.id}` });
    await t.db.update(sessions).set({ originalUserId: staff.id }).where(eq(sessions.userId, a.userId));
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 1 }] });
    await a.place({ query: "salesUserId=someone-else" });
    expect((await ordersOf(a.userId)).map((o) => o.salesUserId)).toEqual([null, staff.id]);
  });
});

describe("idempotency", () => {
  it("answers a retried request with the first order and creates no second one", async () => {
    const a = await buyer(t);
    const { offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 4 } });
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 6 }] });
    const first = await a.place({ key: "retry-me" });
    const again = await a.place({ key: "retry-me" });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(first.json().pendingLines).toBe(1);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(a.userId)).toHaveLength(1);
    expect((await committed(t.db, ol!.id)).ordered).toBe(4);
    // A new key is a new request: the cart is empty now.
    const other = await a.place({ key: "another" });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe("Your cart is empty.");
  });

  it("answers a retry with the first order when the cart was filled again meanwhile, and leaves the new lines alone", async () => {
    const a = await buyer(t);
    const { offerLines: [ol, ol2], products: [p, p2] } = await offer(t.db, [a.customerId], { count: 2, line: { originalQuantity: 10 } });
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 3 }] });
    const first = await a.place({ key: "slow-network" });
    expect(first.statusCode).toBe(200);
    // The buyer goes on shopping; the first request's copy arrives late.
    await a.save({ shipDate: tomorrow(), items: [{ productId: p2!.productId, quantity: 2 }] });
    const again = await a.place({ key: "slow-network" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(a.userId)).toHaveLength(1);
    expect(await committed(t.db, ol!.id)).toEqual({ original: 10, ordered: 3, held: 0 });
    expect(await committed(t.db, ol2!.id)).toEqual({ original: 10, ordered: 0, held: 2 });
    expect((await a.cart()).json().items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[p2!.productId, 2]]);
  });

  it("creates exactly one order from concurrent copies of a request", async () => {
    const a = await buyer(t);
    const { offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId]);
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 6 }] });
    const results = await Promise.all(Array.from({ length: 8 }, () => a.place({ key: "same-click" })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const numbers = new Set(results.map((r) => r.json().orderNumber));
    expect(numbers.size).toBe(1);
    const mine = await ordersOf(a.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.orderNumber).toBe([...numbers][0]);
    expect((await t.db.select({ n: count() }).from(orderLines).where(eq(orderLines.orderId, mine[0]!.id)))[0]!.n).toBe(1);
    expect((await committed(t.db, ol!.id)).ordered).toBe(6);
  });

  it("refuses a malformed key", async () => {
    const a = await buyer(t);
    const res = await a.place({ key: "x".repeat(201) });
    expect(res.statusCode).toBe(400);
  });

  it("is per user: another user's identical key is another order", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId, b.customerId]);
    for (const c of [a, b]) await c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 1 }] });
    const ra = (await a.place({ key: "shared-key" })).json();
    const rb = (await b.place({ key: "shared-key" })).json();
    expect(ra.orderNumber).not.toBe(rb.orderNumber);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, b.userId));
    expect((await t.db.select({ n: count() }).from(cartLines).where(eq(cartLines.cartId, cart!.id)))[0]!.n).toBe(0);
  });
});

describe("PlaceOrder for a retailer: the pickup date must still map to the cart's ship date", () => {
  /** A pickup date of the shop (Tuesday, Thursday or Friday) at least three days ahead. */
  const pickupAhead = () => {
    let d = addDays(isoDateAt(), 3);
    while (![3, 5, 6].includes(specWeekday(d))) d = addDays(d, 1);
    return d;
  };
  const dropShipDay = (customerId: string, date: string) =>
    t.db.delete(shipTimes).where(and(eq(shipTimes.customerId, customerId), eq(shipTimes.weekday, specWeekday(date))));

  /** Saves 4 bunches for `pickup` and checks the cart got `shipDate`; returns what the test needs. */
  async function retailerCart(pickup: string, shipDate: string, customer: Parameters<typeof retailerBuyer>[1] = {}) {
    const shop = await retailerBuyer(t, customer);
    const { offerLines: [ol], products: [p] } = await offer(t.db, [shop.c.customerId]);
    const saved = await shop.api.save({ receivingDate: pickup, items: [{ productId: p!.productId, quantity: 4 }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ shipDate, receivingDate: pickup, items: [{ quantity: 4, quantityConfirmed: 4 }] });
    return { ...shop, ol: ol! };
  }

  /** Refused with the pickup-date message, and nothing written: no order, the hold and the cart as they were. */
  async function expectRefused(shop: Awaited<ReturnType<typeof retailerCart>>, pickup: string, shipDate: string, place = () => shop.api.place({ key: "moved" })) {
    const res = await place();
    expect(res.statusCode).toBe(400);
    const message = `The pickup date ${pickup} is not available. Please choose another date.`;
    expect(res.json()).toMatchObject({ message, fields: { receivingDate: message } });
    expect(await ordersOf(shop.u.id)).toEqual([]);
    expect(await committed(t.db, shop.ol.id)).toEqual({ original: 100, ordered: 0, held: 4 });
    expect((await shop.api.cart()).json()).toMatchObject({ shipDate, receivingDate: pickup, items: [{ quantity: 4, quantityConfirmed: 4 }] });
  }

  it("refuses when a new ship day now serves the pickup date, though the cart's ship date is still open", async () => {
    const pickup = pickupAhead();
    // No shipping the day before the pickup: it is served two days before.
    const days = ALL_WEEKDAYS.filter((d) => d !== specWeekday(addDays(pickup, -1)));
    const shop = await retailerCart(pickup, addDays(pickup, -2), { shipTimes: shipTimesOn(days, "23:59") });
    // The grower starts shipping the day before: the pickup now maps to that later date.
    await t.db.insert(shipTimes).values({ customerId: shop.c.customerId, weekday: specWeekday(addDays(pickup, -1)), cutoffShipTime: "23:59" });
    await expectRefused(shop, pickup, addDays(pickup, -2));
  });

  it("refuses when the cart's ship day is dropped and an earlier date would serve the pickup", async () => {
    const pickup = pickupAhead();
    const shop = await retailerCart(pickup, addDays(pickup, -1));
    await dropShipDay(shop.c.customerId, addDays(pickup, -1));
    await expectRefused(shop, pickup, addDays(pickup, -1));
  });

  it("refuses once the cart's ship date is past its cut-off, so that nothing serves the pickup date", async () => {
    const pickup = pickupAhead();
    const shipDate = addDays(pickup, -1);
    const shop = await retailerCart(pickup, shipDate, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "20:00") });
    // The clock of this process (the app's) moves to 20:30 in New York on the ship date; the
    // session is kept fresh so that only the date rule answers.
    const later = new Date(newYorkInstant(shipDate, 20, 30));
    await t.db.update(sessions).set({ lastSeenAt: later }).where(eq(sessions.userId, shop.u.id));
    vi.useFakeTimers({ toFake: ["Date"], now: later });
    let res;
    try {
      res = await shop.api.place({ key: "late" });
    } finally {
      vi.useRealTimers();
    }
    await t.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.userId, shop.u.id));
    await expectRefused(shop, pickup, shipDate, async () => res);
  });

  it("still places the order when the mapping has not moved", async () => {
    const pickup = pickupAhead();
    const shop = await retailerCart(pickup, addDays(pickup, -1));
    const res = await shop.api.place();
    expect(res.statusCode).toBe(200);
    expect(res.json().shipDate).toBe(addDays(pickup, -1));
    const [order] = await ordersOf(shop.u.id);
    expect(order).toMatchObject({ shipDate: addDays(pickup, -1), receivingDate: pickup, retailerId: shop.r.retailerId });
  });
});
