import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { cartLines, carts, holds, offerLines, shipTimes } from "../../../db/schema/index.ts";
import { shipDayText } from "../../../domain/cart-flags.ts";
import { lineTotal } from "../../../domain/pricing.ts";
import { applyCustomerDiscount } from "../../../domain/pricing.ts";
import { buildTestApp, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, isoDateAt, specWeekday } from "../../../tests/factories/index.ts";
import { buyer, committed, lapseHolds, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ HOLD_MINUTES: "30" });
});
afterAll(async () => t?.close());

const cents = (dollars: number) => Math.round(dollars * 100);

async function cartRow(userId: string) {
  const [c] = await t.db.select().from(carts).where(eq(carts.userId, userId));
  return c;
}
async function holdRows(userId: string) {
  const c = await cartRow(userId);
  return c ? t.db.select().from(holds).where(eq(holds.cartId, c.id)) : [];
}

describe("GET Cart", () => {
  it("creates an empty cart on first use", async () => {
    const a = await buyer(t);
    const res = await a.cart();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      customerId: a.customerId,
      retailerId: 0,
      items: [],
      shipDate: null,
      receivingDate: null,
      boxed: false,
      fresh: true,
      holdTime: null,
      version: 0,
      subtotal: 0,
      itemCount: 0,
    });
    expect(await cartRow(a.userId)).toBeDefined();
  });

  it("shows a dateless cart with the ship date the client has chosen, and refuses a malformed one", async () => {
    const a = await buyer(t);
    expect((await a.cart(`shipdate=${tomorrow()}`)).json().shipDate).toBe(tomorrow());
    const bad = await a.cart("shipdate=2025-02-30");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ shipdate: "Invalid format" });
  });
});

describe("Cart/Save", () => {
  it("holds what is free, prices lines from the database at the customer's level, and bumps the version", async () => {
    const a = await buyer(t, { discountPercent: 10 });
    const { offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 50 } });
    const res = await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 10 }], version: 0 });
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    const d = (c: number) => applyCustomerDiscount(c, 10);
    // 10 bunches with 8 to a pail and tier 1 from 8: one pail at the tier-1 pail price, 2 loose at the tier-1 loose price.
    const expected = 8 * d(ol!.discountPriceCents) + 2 * d(ol!.discountPriceNoPailCents);
    expect(cart).toMatchObject({ shipDate: tomorrow(), version: 1, itemCount: 1, subtotal: expected / 100, messages: [] });
    expect(cart.items).toEqual([
      {
        id: expect.any(Number),
        productId: p!.productId,
        description: p!.description,
        category: p!.category,
        colour: p!.colour,
        quantity: 10,
        price: Math.round(expected / 10) / 100,
        ysnPending: false,
        ysnIsFinalProduct: false,
        quantityConfirmed: 10,
        quantityPending: 0,
        offerOrderNumber: expect.any(Number),
        unitOfMeasureQty: 8,
        bunchesPerBox: p!.bunchesPerBox,
        pails: 1,
        looseBunches: 2,
        pailPrice: d(ol!.discountPriceCents) / 100,
        bunchPrice: d(ol!.discountPriceNoPailCents) / 100,
        lineTotal: expected / 100,
        message: null,
      },
    ]);
    expect(cents(cart.subtotal)).toBe(lineTotal(10, { ...ol!, unitOfMeasureQty: 8, discountPriceCents: d(ol!.discountPriceCents), discountPriceNoPailCents: d(ol!.discountPriceNoPailCents) }).totalCents);
    const hs = await holdRows(a.userId);
    expect(hs.map((h) => [h.offerLineId, h.quantity])).toEqual([[ol!.id, 10]]);
    expect(new Date(cart.holdTime).getTime()).toBe(hs[0]!.expiresAt.getTime());
  });

  it("makes the part beyond what remains pending, and reduces the hold when the quantity goes down", async () => {
    const a = await buyer(t);
    const { offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 6 } });
    const first = (await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 9 }] })).json();
    expect(first.items[0]).toMatchObject({ quantity: 9, quantityConfirmed: 6, quantityPending: 3, ysnPending: true });
    const second = (await a.save({ items: [{ productId: p!.productId, quantity: 4 }], version: first.version })).json();
    expect(second.items[0]).toMatchObject({ quantity: 4, quantityConfirmed: 4, quantityPending: 0, ysnPending: false });
    expect(second.shipDate).toBe(tomorrow());
    expect(await committed(t.db, ol!.id)).toEqual({ original: 6, ordered: 0, held: 4 });
    // Lowering a quantity takes nothing new: the hold keeps its running expiry.
    expect(second.holdTime).toBe(first.holdTime);
  });

  it("caps a final product at what remains with the spec's message, and drops it when nothing remains", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const { offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId, b.customerId], { line: { originalQuantity: 5, isFinalProduct: true } });
    const capped = (await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 8 }] })).json();
    expect(capped.items[0]).toMatchObject({
      quantity: 5,
      quantityConfirmed: 5,
      quantityPending: 0,
      ysnIsFinalProduct: true,
      ysnPending: false,
      message: `You can only order up to the quantity remaining for ${shipDayText(tomorrow())}: 5 bunches left.`,
    });
    const none = (await b.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] })).json();
    expect(none.items).toEqual([]);
    expect(none.messages).toEqual([{ productId: p!.productId, description: p!.description, message: `You can only order up to the quantity remaining for ${shipDayText(tomorrow())}: none left.` }]);
    expect(await committed(t.db, ol!.id)).toEqual({ original: 5, ordered: 0, held: 5 });
  });

  it("releases the holds of lines that leave the cart", async () => {
    const a = await buyer(t);
    const { offerLines: ols, products: ps } = await offer(t.db, [a.customerId], { count: 2 });
    const one = (await a.save({ shipDate: tomorrow(), items: ps.map((p) => ({ productId: p.productId, quantity: 3 })) })).json();
    expect((await holdRows(a.userId)).length).toBe(2);
    await a.save({ items: [{ productId: ps[1]!.productId, quantity: 3 }], version: one.version });
    expect((await holdRows(a.userId)).map((h) => h.offerLineId)).toEqual([ols[1]!.id]);
    const empty = (await a.save({ items: [] })).json();
    expect(empty.items).toEqual([]);
    expect(empty.holdTime).toBeNull();
    expect(await holdRows(a.userId)).toEqual([]);
  });

  it("re-matches lines to the catalog of a new ship date by product, and removes what it does not offer", async () => {
    const a = await buyer(t);
    const today = isoDateAt();
    const later = addDays(today, 20);
    const first = await offer(t.db, [a.customerId], { count: 2 });
    // A second offer from day 20 with only the first product, at another price.
    const { insertCatalog, insertOfferLine } = await import("../../../tests/factories/index.ts");
    const next = await insertCatalog(t.db, { shipDateFrom: later, shipDateTo: addDays(later, 7), customerIds: [a.customerId] });
    const moved = await insertOfferLine(t.db, { catalogId: next.id, productId: first.products[0]!.productId, basePriceCents: 2000 });
    const saved = (await a.save({ shipDate: tomorrow(), items: first.products.map((p) => ({ productId: p.productId, quantity: 2 })) })).json();
    expect(saved.items.map((i: { offerOrderNumber: number }) => i.offerOrderNumber)).toEqual([first.catalog.orderId, first.catalog.orderId]);
    const res = (await a.save({ shipDate: later, items: first.products.map((p) => ({ productId: p.productId, quantity: 2 })), version: saved.version })).json();
    expect(res.items).toHaveLength(1);
    expect(res.items[0]).toMatchObject({ productId: first.products[0]!.productId, offerOrderNumber: next.orderId, bunchPrice: 20 });
    expect(res.messages).toEqual([
      { productId: first.products[1]!.productId, description: first.products[1]!.description, message: `This product is not offered for ${later}.` },
    ]);
    expect((await holdRows(a.userId)).map((h) => h.offerLineId)).toEqual([moved.id]);
  });

  it("forces boxed for a customer that always boxes", async () => {
    const a = await buyer(t, { alwaysBoxed: true });
    const res = (await a.save({ boxed: false, items: [] })).json();
    expect(res.boxed).toBe(true);
  });
});

describe("stale saves", () => {
  it("answers an old version with 409 and the current cart, and keeps the newer change", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId]);
    const v1 = (await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }], version: 0 })).json();
    const v2 = (await a.save({ items: [{ productId: p!.productId, quantity: 3 }], version: v1.version })).json();
    expect(v2.version).toBe(2);
    const stale = await a.save({ items: [{ productId: p!.productId, quantity: 7 }], version: v1.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("Your cart was changed in another window. Please review it and try again.");
    expect(stale.json().data).toMatchObject({ version: 2, items: [{ productId: p!.productId, quantity: 3 }] });
    const now = (await a.cart()).json();
    expect(now.version).toBe(2);
    expect(now.items[0].quantity).toBe(3);
    expect((await holdRows(a.userId))[0]!.quantity).toBe(3);
  });
});

describe("tampered bodies", () => {
  it("ignores prices, flags and confirmed quantities the client sends (extra fields are stripped)", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId, b.customerId], { line: { originalQuantity: 4 } });
    const clean = (await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 6 }] })).json();
    const tampered = await b.save({
      shipDate: tomorrow(),
      customerId: a.customerId,
      subtotal: 0.01,
      holdTime: "2999-01-01T00:00:00.000Z",
      version: 0,
      items: [
        {
          productId: p!.productId,
          quantity: 6,
          price: 0.01,
          lineTotal: 0.01,
          ysnPending: false,
          ysnIsFinalProduct: false,
          quantityConfirmed: 6,
          quantityPending: 0,
          offerOrderNumber: 1,
        },
      ] as never,
    });
    expect(tampered.statusCode).toBe(200);
    const got = tampered.json();
    // a holds all 4: b's 6 are all pending, at the same server prices a got.
    expect(got.customerId).toBe(b.customerId);
    expect(got.items[0]).toMatchObject({ quantity: 6, quantityConfirmed: 0, quantityPending: 6, ysnPending: true, price: clean.items[0].price, lineTotal: clean.items[0].lineTotal });
    expect(got.subtotal).toBe(clean.subtotal);
    expect(got.holdTime).toBeNull();
    expect(got.items[0].offerOrderNumber).toBe(clean.items[0].offerOrderNumber);
  });
});

describe("bad input", () => {
  const INVALID = "Invalid Quantity: Please enter a valid quantity";

  it.each([
    ["zero", 0],
    ["negative", -3],
    ["fractional", 1.5],
    ["huge", 100_001],
    ["enormous", 1e15],
    ["a string", "5"],
    ["null", null],
  ])("refuses a %s quantity with the spec's message and writes nothing", async (_label, quantity) => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId]);
    const ok = (await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] })).json();
    const res = await a.save({ items: [{ productId: p!.productId, quantity }] as never });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ "items.0.quantity": INVALID });
    const after = (await a.cart()).json();
    expect(after.version).toBe(ok.version);
    expect(after.items[0].quantity).toBe(2);
    expect((await holdRows(a.userId))[0]!.quantity).toBe(2);
  });

  it("refuses repeated lines that add up beyond the limit", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId]);
    const res = await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 60_000 }, { productId: p!.productId, quantity: 60_000 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID);
  });

  it("refuses an unknown product and writes nothing", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId]);
    const res = await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }, { productId: "NO-SUCH-SKU", quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "Unknown product NO-SUCH-SKU.", fields: { "items.1.productId": "Unknown product" } });
    expect(await holdRows(a.userId)).toEqual([]);
    const c = await cartRow(a.userId);
    if (c) {
      expect(c.version).toBe(0);
      expect((await t.db.select({ n: count() }).from(cartLines).where(eq(cartLines.cartId, c.id)))[0]!.n).toBe(0);
    }
  });

  it.each([["2025-13-01"], ["2025-02-30"], ["25-01-01"], ["tomorrow"], [""]])("refuses the ship date %j with 'Invalid format'", async (date) => {
    const a = await buyer(t);
    const res = await a.save({ shipDate: date, items: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ shipDate: "Invalid format" });
    expect((await a.cart()).json().version).toBe(0);
  });

  it("refuses a body without items, a missing product id and more than 500 lines", async () => {
    const a = await buyer(t);
    const url = `/api/Store/Cart/Save/${a.userId}/${a.customerId}`;
    const noItems = await t.app.inject({ method: "POST", url, payload: { shipDate: tomorrow() }, headers: { cookie: a.cookie, ...SAME_ORIGIN } });
    expect(noItems.statusCode).toBe(400);
    const blank = await a.save({ shipDate: tomorrow(), items: [{ productId: "  ", quantity: 1 }] });
    expect(blank.json().fields).toEqual({ "items.0.productId": "This field is required" });
    const many = await a.save({ shipDate: tomorrow(), items: Array.from({ length: 501 }, (_, i) => ({ productId: `P${i}`, quantity: 1 })) });
    expect(many.statusCode).toBe(400);
    expect(many.json().fields).toEqual({ items: "A cart holds at most 500 lines" });
  });

  it("asks for a ship date before taking items", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId]);
    const res = await a.save({ items: [{ productId: p!.productId, quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "Please choose a ship date first.", fields: { shipDate: "This field is required" } });
  });
});

describe("closed ship dates", () => {
  it("refuses a date after its cut-off, a past date and a day the customer does not ship", async () => {
    const today = isoDateAt();
    const weekdays = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== specWeekday(addDays(today, 2)));
    // Every day but the day after tomorrow, closing at midnight: today is already past its cut-off.
    const a = await buyer(t, { shipTimes: weekdays.map((weekday) => ({ weekday, cutoffShipTime: "00:00" })) });
    const { offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId]);
    for (const date of [today, addDays(today, -1), addDays(today, 2)]) {
      const res = await a.save({ shipDate: date, items: [{ productId: p!.productId, quantity: 1 }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`The ship date ${date} is closed for ordering. Please choose another date.`);
    }
    expect(await committed(t.db, ol!.id)).toEqual({ original: 100, ordered: 0, held: 0 });
    expect((await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 1 }] })).statusCode).toBe(200);
  });

  it("refuses to place an order once the cart's ship date has closed, and changes nothing", async () => {
    const a = await buyer(t);
    const { offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId]);
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 4 }] });
    // The grower stops shipping on that weekday.
    await t.db.delete(shipTimes).where(and(eq(shipTimes.customerId, a.customerId), eq(shipTimes.weekday, specWeekday(tomorrow()))));
    const res = await a.place({ key: "closed-1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`The ship date ${tomorrow()} is closed for ordering. Please choose another date.`);
    expect(await committed(t.db, ol!.id)).toEqual({ original: 100, ordered: 0, held: 4 });
    expect((await a.cart()).json().items).toHaveLength(1);
  });
});

describe("holds lapse and RemoveHold", () => {
  it("gives lapsed stock back to everyone by time alone; the lapsed cart re-acquires only what is free", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const { offerLines: [ol], products: [p], catalog } = await offer(t.db, [a.customerId, b.customerId], { line: { originalQuantity: 5 } });
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 5 }] });
    expect((await b.products(catalog.orderId, tomorrow())).json()[0].quantityRemaining).toBe(0);
    expect((await b.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 3 }] })).json().items[0]).toMatchObject({ quantityConfirmed: 0, quantityPending: 3 });

    await lapseHolds(t.db, a.userId);
    expect((await b.products(catalog.orderId, tomorrow())).json()[0]).toMatchObject({ quantityRemaining: 5, originalQuantityRemaining: 5 });
    const bNow = (await b.save({ items: [{ productId: p!.productId, quantity: 3 }] })).json();
    expect(bNow.items[0]).toMatchObject({ quantityConfirmed: 3, quantityPending: 0 });
    expect(new Date(bNow.holdTime).getTime()).toBeGreaterThan(Date.now());

    // a's hold time is reported as passed; saving again takes only what is left.
    const aCart = (await a.cart()).json();
    expect(new Date(aCart.holdTime).getTime()).toBeLessThan(Date.now());
    const aNow = (await a.save({ items: [{ productId: p!.productId, quantity: 5 }] })).json();
    expect(aNow.items[0]).toMatchObject({ quantity: 5, quantityConfirmed: 2, quantityPending: 3 });
    expect(new Date(aNow.holdTime).getTime()).toBeGreaterThan(Date.now());
    expect(await committed(t.db, ol!.id)).toEqual({ original: 5, ordered: 0, held: 5 });
  });

  it("sets the hold time HOLD_MINUTES after a save that took stock", async () => {
    const short = await buildTestApp({ HOLD_MINUTES: "2" }, t.database);
    try {
      const a = await buyer(t, {}, short.app);
      const { products: [p] } = await offer(t.db, [a.customerId]);
      const before = Date.now();
      const res = (await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 1 }] })).json();
      const holdTime = new Date(res.holdTime).getTime();
      // The database clock sets it; allow for a few seconds between the two clocks.
      expect(holdTime).toBeGreaterThan(before + 120_000 - 5_000);
      expect(holdTime).toBeLessThan(Date.now() + 120_000 + 5_000);
    } finally {
      await short.close();
    }
  });

  it("RemoveHold releases at once; the lines stay as pending requests", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const { offerLines: [ol], products: [p], catalog } = await offer(t.db, [a.customerId, b.customerId], { line: { originalQuantity: 5 } });
    const saved = (await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 5 }] })).json();
    expect((await b.products(catalog.orderId, tomorrow())).json()[0].quantityRemaining).toBe(0);
    const res = await a.removeHold();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ holdTime: null, version: saved.version + 1, items: [{ quantity: 5, quantityConfirmed: 0, quantityPending: 5, ysnPending: true }] });
    expect((await b.products(catalog.orderId, tomorrow())).json()[0].quantityRemaining).toBe(5);
    expect(await committed(t.db, ol!.id)).toEqual({ original: 5, ordered: 0, held: 0 });
    const [row] = await t.db.select().from(offerLines).where(eq(offerLines.id, ol!.id));
    expect(row!.quantityOrdered).toBe(0);
  });
});
