import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { Product } from "../../../contract/store.ts";
import { offerLines, orders, products } from "../../../db/schema/index.ts";
import { applyCustomerDiscount } from "../../../domain/pricing.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import {
  addDays,
  buildOfferLine,
  buildProduct,
  insertCatalog,
  insertCustomer,
  insertOfferLine,
  insertProduct,
  isoDateAt,
  shipTimesOn,
  specWeekday,
  WEEKDAYS_MON_FRI,
} from "../../../tests/factories/index.ts";
import { buyer, lapseHolds, offer, retailerBuyer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe("Profile and dates", () => {
  it("gives a customer its ship times and its next open ship dates", async () => {
    const a = await buyer(t, { shipTimes: shipTimesOn(WEEKDAYS_MON_FRI, "23:59"), alwaysBoxed: true });
    const res = await a.get(`/api/Store/Profile/${a.userId}/${a.customerId}/0`);
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile.shipTimes).toEqual(WEEKDAYS_MON_FRI.map((weekday) => ({ weekday, cutoffShipTime: "23:59" })));
    expect(profile.pickupDays).toBeNull();
    expect(profile.alwaysBoxed).toBe(true);
    expect(profile.openDates).toHaveLength(14);
    expect(profile.openDates.every((d: string) => WEEKDAYS_MON_FRI.includes(specWeekday(d) as 2))).toBe(true);
    expect([...profile.openDates].sort()).toEqual(profile.openDates);
    expect(profile.openDates[0] >= isoDateAt()).toBe(true);
  });

  it("gives a retailer its pickup days, earliest pickup date and the ship date serving it", async () => {
    const { r, api } = await retailerBuyer(t);
    const base = `${api.userId}/${api.customerId}/${r.retailerId}`;
    const profile = (await api.get(`/api/Store/Profile/${base}`)).json();
    expect(profile.pickupDays).toEqual({ monday: false, tuesday: true, wednesday: false, thursday: true, friday: true });
    expect(profile.openDates.every((d: string) => [3, 5, 6].includes(specWeekday(d)))).toBe(true);

    const earliest = (await api.get(`/api/Store/Retailer/EarlistDate/${base}`)).json().receiptDate;
    expect(earliest).toBe(profile.openDates[0]);
    expect(earliest > isoDateAt()).toBe(true);
    expect([3, 5, 6]).toContain(specWeekday(earliest));
    // The latest open ship date before the pickup: the day before, as the customer ships every day.
    expect((await api.get(`/api/Store/Retailer/Shipdate/${base}/${earliest}`)).json()).toEqual({ shipDate: addDays(earliest, -1) });
    const monday = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(earliest, i)).find((d) => specWeekday(d) === 2)!;
    expect((await api.get(`/api/Store/Retailer/Shipdate/${base}/${monday}`)).json()).toEqual({ shipDate: null });
    const bad = await api.get(`/api/Store/Retailer/Shipdate/${base}/2025-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ date: "Invalid format" });
  });

  it("answers EarlistDate for a buyer without a retailer with 400", async () => {
    const a = await buyer(t);
    const res = await a.get(`/api/Store/Retailer/EarlistDate/${a.userId}/${a.customerId}/0`);
    expect(res.statusCode).toBe(400);
  });

  it("saves a retailer's cart with the server's ship date for its pickup date, and places the order with both", async () => {
    const { r, api } = await retailerBuyer(t);
    const { products: [p] } = await offer(t.db, [api.customerId]);
    const earliest = (await api.get(`/api/Store/Retailer/EarlistDate/${api.userId}/${api.customerId}/${r.retailerId}`)).json().receiptDate;
    const saved = await api.save({ shipDate: "2000-01-03", receivingDate: earliest, items: [{ productId: p!.productId, quantity: 2 }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ retailerId: r.retailerId, shipDate: addDays(earliest, -1), receivingDate: earliest });
    const monday = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(earliest, i)).find((d) => specWeekday(d) === 2)!;
    const refused = await api.save({ receivingDate: monday, items: [{ productId: p!.productId, quantity: 2 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`The pickup date ${monday} is not available. Please choose another date.`);
    const placed = (await api.place()).json();
    expect(placed.shipDate).toBe(addDays(earliest, -1));
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    expect(order).toMatchObject({ retailerId: r.retailerId, receivingDate: earliest, shipDate: addDays(earliest, -1) });
  });
});

describe("Catalog", () => {
  it("lists the catalogs covering the date for this customer, its own first", async () => {
    const a = await buyer(t);
    const other = await insertCustomer(t.db);
    const today = isoDateAt();
    const general = await insertCatalog(t.db, { shipDateFrom: addDays(today, 1), shipDateTo: addDays(today, 9) });
    const mine = await insertCatalog(t.db, { customerIds: [a.customerId], shipDateFrom: today, shipDateTo: addDays(today, 3) });
    await insertCatalog(t.db, { customerIds: [other.customerId] });
    await insertCatalog(t.db, { kind: "massMarket" });
    await insertCatalog(t.db, { shipDateFrom: addDays(today, 5), shipDateTo: addDays(today, 9) });
    const res = await a.get(`/api/Store/Catalog/${a.customerId}/${tomorrow()}/${a.userId}`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list[0]).toEqual({ orderId: mine.orderId, title: mine.title, shipDateFrom: mine.shipDateFrom, shipDateTo: mine.shipDateTo });
    expect(list.map((c: { orderId: number }) => c.orderId)).toContain(general.orderId);
    expect(list.every((c: { shipDateFrom: string; shipDateTo: string }) => c.shipDateFrom <= tomorrow() && c.shipDateTo >= tomorrow())).toBe(true);
    const bad = await a.get(`/api/Store/Catalog/${a.customerId}/2025-1-1/${a.userId}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ date: "Invalid format" });
  });
});

describe("Catalog/Products", () => {
  it("answers exactly its declared response schema, though it sends the cached JSON without the serializer", async () => {
    const a = await buyer(t, { discountPercent: 5 });
    const { catalog } = await offer(t.db, [a.customerId], { count: 3, line: { special: true } });
    const res = await a.products(catalog.orderId, tomorrow());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(3);
    // Strict: no field the contract does not declare, none missing, every type as declared.
    expect(z.array(Product.strict()).parse(body)).toEqual(body);
  });

  it("shows live availability, the customer's prices and only what is shown in the store", async () => {
    const a = await buyer(t, { discountPercent: 10 });
    const b = await buyer(t);
    const { catalog, offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId, b.customerId], { line: { originalQuantity: 20, quantityOrdered: 3, special: true } });
    const hidden = await insertOfferLine(t.db, { catalogId: catalog.id, showStore: false });
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] });
    await b.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 4 }] });
    const res = await a.products(catalog.orderId, tomorrow());
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((x: { productId: string }) => x.productId)).toEqual([p!.productId]);
    expect(list.map((x: { productId: string }) => x.productId)).not.toContain(hidden.productId);
    const d = (c: number) => applyCustomerDiscount(c, 10) / 100;
    expect(list[0]).toEqual({
      productId: p!.productId,
      description: p!.description,
      category: p!.category,
      colour: p!.colour,
      colourHex: p!.colourHex,
      image: p!.image,
      grade: p!.grade,
      stemsPerBunch: p!.stemsPerBunch,
      // 20 - 3 ordered - 4 held by b; a's own 2 are still a's to take.
      quantityRemaining: 13,
      originalQuantityRemaining: 17,
      unitOfMeasure: p!.unitOfMeasure,
      unitOfMeasureQty: p!.unitOfMeasureQty,
      bunchesPerBox: p!.bunchesPerBox,
      stemsPerBox: p!.stemsPerBox,
      isFinalProduct: false,
      special: true,
      discount: 15,
      discountQuantity: 8,
      discountQuantity2: 24,
      standardPrice: d(ol!.standardPriceCents),
      price: d(ol!.priceCents),
      standardPriceNoPail: d(ol!.standardPriceNoPailCents),
      priceNoPail: d(ol!.priceNoPailCents),
      discountPrice: d(ol!.discountPriceCents),
      discountPriceNoPail: d(ol!.discountPriceNoPailCents),
      discountPrice2: d(ol!.discountPrice2Cents),
      discountPriceNoPail2: d(ol!.discountPriceNoPail2Cents),
      showStore: true,
      nextAvailableDate: null,
      offerOrderNumber: catalog.orderId,
    });
    // b sees a's hold taken off, and its own not.
    expect((await b.products(catalog.orderId, tomorrow())).json()[0].quantityRemaining).toBe(15);
  });

  it("gives an unconfirmed line the next date with stock to sell, skipping later offers still unconfirmed", async () => {
    const a = await buyer(t);
    const day = tomorrow();
    const first = await insertCatalog(t.db, { customerIds: [a.customerId], shipDateFrom: day, shipDateTo: day });
    const p = await insertProduct(t.db);
    await insertOfferLine(t.db, { catalogId: first.id, productId: p.productId, originalQuantity: null });
    const unconfirmed = await insertCatalog(t.db, { customerIds: [a.customerId], shipDateFrom: addDays(day, 1), shipDateTo: addDays(day, 1) });
    await insertOfferLine(t.db, { catalogId: unconfirmed.id, productId: p.productId, originalQuantity: null });
    const soldOut = await insertCatalog(t.db, { customerIds: [a.customerId], shipDateFrom: addDays(day, 2), shipDateTo: addDays(day, 2) });
    await insertOfferLine(t.db, { catalogId: soldOut.id, productId: p.productId, originalQuantity: 5, quantityOrdered: 5 });
    const stocked = await insertCatalog(t.db, { customerIds: [a.customerId], shipDateFrom: addDays(day, 3), shipDateTo: addDays(day, 3) });
    await insertOfferLine(t.db, { catalogId: stocked.id, productId: p.productId, originalQuantity: 40 });
    const list = (await a.products(first.orderId, day)).json() as { productId: string; originalQuantityRemaining: number | null; nextAvailableDate: string | null }[];
    const line = list.find((x) => x.productId === p.productId)!;
    expect(line.originalQuantityRemaining).toBeNull();
    expect(line.nextAvailableDate).toBe(addDays(day, 3));
  });

  it("answers 404 for a catalog that does not serve this customer on that date", async () => {
    const a = await buyer(t);
    const other = await insertCustomer(t.db);
    const { catalog } = await offer(t.db, [other.customerId]);
    expect((await a.products(catalog.orderId, tomorrow())).statusCode).toBe(404);
    const { catalog: mine } = await offer(t.db, [a.customerId]);
    expect((await a.products(mine.orderId, addDays(isoDateAt(), 30))).statusCode).toBe(404);
  });

  it("answers 304 to If-None-Match until holds, orders or the offer change, or a hold lapses", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const { catalog, offerLines: [ol], products: [p] } = await offer(t.db, [a.customerId, b.customerId], { line: { originalQuantity: 10 } });
    const first = await a.products(catalog.orderId, tomorrow());
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const same = await a.products(catalog.orderId, tomorrow(), { "if-none-match": etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");

    const changed = async (before: string) => {
      const res = await a.products(catalog.orderId, tomorrow(), { "if-none-match": before });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(before);
      return { tag: String(res.headers.etag), body: res.json() };
    };
    // Another cart holds 4.
    await b.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 4 }] });
    const afterHold = await changed(etag);
    expect(afterHold.body[0].quantityRemaining).toBe(6);
    expect((await a.products(catalog.orderId, tomorrow(), { "if-none-match": `"x", ${afterHold.tag}` })).statusCode).toBe(304);
    // Its hold lapses with no write at all to the offer.
    await lapseHolds(t.db, b.userId);
    const afterLapse = await changed(afterHold.tag);
    expect(afterLapse.body[0].quantityRemaining).toBe(10);
    // An order.
    await b.save({ items: [{ productId: p!.productId, quantity: 4 }] });
    const held = await changed(afterLapse.tag);
    await b.place();
    const afterOrder = await changed(held.tag);
    expect(afterOrder.body[0]).toMatchObject({ quantityRemaining: 6, originalQuantityRemaining: 6 });
    // A price change by staff.
    await t.db.update(offerLines).set({ standardPriceNoPailCents: 9999 }).where(eq(offerLines.id, ol!.id));
    const afterPrice = await changed(afterOrder.tag);
    expect(afterPrice.body[0].standardPriceNoPail).toBe(99.99);
    // A product edit.
    await t.db.update(products).set({ description: "Renamed lily" }).where(eq(products.productId, p!.productId));
    expect((await changed(afterPrice.tag)).body[0].description).toBe("Renamed lily");
  });

  it("serves a catalog of 5,000 products with their holds in one answer", { timeout: 90_000 }, async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const catalog = await insertCatalog(t.db, { customerIds: [a.customerId, b.customerId] });
    const made = Array.from({ length: 5000 }, () => buildProduct());
    for (let i = 0; i < made.length; i += 1000) {
      const part = made.slice(i, i + 1000);
      await t.db.insert(products).values(part);
      await t.db.insert(offerLines).values(part.map((p) => buildOfferLine({ catalogId: catalog.id, productId: p.productId, originalQuantity: 50 })));
    }
    await b.save({ shipDate: tomorrow(), items: made.slice(0, 300).map((p) => ({ productId: p.productId, quantity: 7 })) });
    const res = await a.products(catalog.orderId, tomorrow());
    expect(res.statusCode).toBe(200);
    const list: { productId: string; quantityRemaining: number }[] = res.json();
    expect(list).toHaveLength(5000);
    const held = new Set(made.slice(0, 300).map((p) => p.productId));
    expect(list.filter((x) => x.quantityRemaining === 43).map((x) => x.productId).sort()).toEqual([...held].sort());
    expect(list.filter((x) => !held.has(x.productId)).every((x) => x.quantityRemaining === 50)).toBe(true);
    expect((await a.products(catalog.orderId, tomorrow(), { "if-none-match": String(res.headers.etag) })).statusCode).toBe(304);
  });
});
