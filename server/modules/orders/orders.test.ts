import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, DEFAULT_TEST_PASSWORD, insertOrder, insertRetailer, insertUser, isoDateAt } from "../../../tests/factories/index.ts";
import { buyer, client, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const numbers = (list: { orderNumber: number }[]) => list.map((o) => o.orderNumber);

describe("order history", () => {
  it("lists the customer's orders newest first and shows one with its lines", async () => {
    const a = await buyer(t);
    const { products: [p], offerLines: [ol] } = await offer(t.db, [a.customerId]);
    const older = await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, placedAt: new Date(Date.now() - 86_400_000) });
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 3 }] });
    const placed = (await a.place()).json();

    const list = await a.get(`/api/Orders/${a.userId}/${a.customerId}`);
    expect(list.statusCode).toBe(200);
    expect(numbers(list.json())).toEqual([placed.orderNumber, older.orderNumber]);

    const res = await a.get(`/api/Orders/${a.userId}/${a.customerId}/${placed.orderNumber}`);
    expect(res.statusCode).toBe(200);
    const total = 3 * ol!.standardPriceNoPailCents;
    expect(res.json()).toMatchObject({
      orderNumber: placed.orderNumber,
      customerId: a.customerId,
      retailerId: 0,
      shipDate: tomorrow(),
      status: "submitted",
      lineCount: 1,
      subtotal: total / 100,
      total: total / 100,
      salesUserId: null,
      lines: [
        {
          productId: p!.productId,
          description: p!.description,
          category: p!.category,
          quantity: 3,
          pails: 0,
          looseBunches: 3,
          pailPrice: ol!.standardPriceCents / 100,
          bunchPrice: ol!.standardPriceNoPailCents / 100,
          quantityConfirmed: 3,
          quantityPending: 0,
          lineTotal: total / 100,
        },
      ],
    });
  });

  it("answers 404 for an order of another customer, and 400 for a malformed number", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const theirs = await insertOrder(t.db, { customerId: b.customerId, userId: b.userId });
    expect((await a.get(`/api/Orders/${a.userId}/${a.customerId}/${theirs.orderNumber}`)).statusCode).toBe(404);
    expect((await a.get(`/api/Orders/${a.userId}/${a.customerId}/${theirs.orderNumber}/ShipDateDetail`)).statusCode).toBe(404);
    const bad = await a.get(`/api/Orders/${a.userId}/${a.customerId}/12x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ orderNumber: "Only integer values are allowed" });
  });

  it("ShipDateDetail gathers every line on that ship date across the customer's orders", async () => {
    const a = await buyer(t);
    const day = addDays(isoDateAt(), 3);
    const one = await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, shipDate: day, lines: [{ quantity: 8 }] });
    const two = await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, shipDate: day, lines: [{ quantity: 3 }, { quantity: 16 }] });
    await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, shipDate: day, status: "cancelled" });
    await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, shipDate: addDays(day, 1) });
    const res = await a.get(`/api/Orders/${a.userId}/${a.customerId}/${two.orderNumber}/ShipDateDetail`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.orderNumber).toBe(two.orderNumber);
    expect(detail.shipDate).toBe(day);
    expect(detail.lines.map((l: { orderNumber: number; quantity: number; pails: number; looseBunches: number }) => [l.orderNumber, l.quantity, l.pails, l.looseBunches])).toEqual([
      [one.orderNumber, 8, 1, 0],
      [two.orderNumber, 3, 0, 3],
      [two.orderNumber, 16, 2, 0],
    ]);
    const sum = [...one.lines, ...two.lines].reduce((s, l) => s + l.lineTotalCents, 0);
    expect(detail.total).toBe(sum / 100);
  });

  it("shows a Retailer user only its own shop's orders; the customer's own users see all or filter by retailer", async () => {
    const a = await buyer(t);
    const shop = await insertRetailer(t.db, { customerIds: [a.customerId] });
    const other = await insertRetailer(t.db, { customerIds: [a.customerId] });
    const u = await insertUser(t.db, {
      roles: ["Retailer"],
      claims: [
        { claim: "WholesalerId", value: a.customerId },
        { claim: "retailerid", value: String(shop.retailerId) },
      ],
    });
    const r = client(t.app, await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD), u.id, a.customerId);
    const own = await insertOrder(t.db, { customerId: a.customerId, userId: u.id, retailerId: shop.retailerId });
    const notMine = await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, retailerId: other.retailerId });
    const customers = await insertOrder(t.db, { customerId: a.customerId, userId: a.userId });

    expect(numbers((await r.get(`/api/Orders/${u.id}/${a.customerId}`)).json())).toEqual([own.orderNumber]);
    expect(numbers((await r.get(`/api/Dashboard/RecentOrders/${a.customerId}`)).json())).toEqual([own.orderNumber]);
    expect((await r.get(`/api/Orders/${u.id}/${a.customerId}/${notMine.orderNumber}`)).statusCode).toBe(404);
    expect((await r.get(`/api/Orders/${u.id}/${a.customerId}?retailerId=${other.retailerId}`)).statusCode).toBe(403);

    const everything = numbers((await a.get(`/api/Orders/${a.userId}/${a.customerId}`)).json());
    expect(everything.sort()).toEqual([own.orderNumber, notMine.orderNumber, customers.orderNumber].sort());
    expect(numbers((await a.get(`/api/Orders/${a.userId}/${a.customerId}?retailerId=${shop.retailerId}`)).json())).toEqual([own.orderNumber]);
    expect(numbers((await a.get(`/api/Orders/${a.userId}/${a.customerId}?retailerId=0`)).json())).toEqual([customers.orderNumber]);
  });
});
