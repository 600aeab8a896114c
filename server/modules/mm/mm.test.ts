// The mass-market store API on a real database (PGlite, or PostgreSQL with DATABASE_URL): ownership,
// prices and fees from the server only, holds that never oversell, idempotent CreateOrder, barcodes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { carts, mmCatalogProducts, mmHolds, orders } from "../../../db/schema/index.ts";
import type { MmCart, MmCartItem } from "../../../contract/mm.ts";
import { shipDayText } from "../../../domain/cart-flags.ts";
import { labelRenders } from "./labels.ts";
import { buildTestApp, loginAs, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, DEFAULT_TEST_PASSWORD, insertCustomer, insertMmPackage, insertUser, isoDateAt, nextCode, type MmPackage } from "../../../tests/factories/index.ts";
import { mmBouquet, mmBuyer, mmCatalog, mmClient, mmStaff, setCatalogLine } from "../../../tests/helpers/mm-fixtures.ts";

let t: TestApp;
let boxA: MmPackage;
let boxB: MmPackage;
let pail: MmPackage;
const tomorrow = () => addDays(isoDateAt(), 1);

beforeAll(async () => {
  t = await buildTestApp();
  boxA = await insertMmPackage(t.db, { type: nextCode("BXA-"), priceCents: 40, description: "Medium box" });
  boxB = await insertMmPackage(t.db, { type: nextCode("BXB-"), priceCents: 55, description: "Large box" });
  pail = await insertMmPackage(t.db, { type: "RFLP1", category: "pails", size: "Pail", priceCents: 75, description: "Pail fee" });
});
afterAll(async () => t?.close());

/** A catalog for these customers covering tomorrow, with a boxed bouquet, a second box type and a pail item. */
async function mmOffer(customerIds: string[], opts: { available?: number; catalogPrices?: boolean } = {}) {
  const catalog = await mmCatalog(t, customerIds, 7);
  const available = opts.available ?? 100;
  const lily = await mmBouquet(t, catalog.id, boxA.type, 1299, available);
  const rose = await mmBouquet(t, catalog.id, boxB.type, 1899, available, { colour: "Pink" });
  const pailItem = await mmBouquet(t, catalog.id, boxB.type, 3599, available, { unitOfMeasure: "Pail", category: "Pail Packs", bouquet: false });
  if (opts.catalogPrices) await setCatalogLine(t, catalog.id, lily.productId, { pricePerBouquetCents: 1199, pricePerBouquetNoBoxCents: 1149 });
  return { catalog, lily, rose, pailItem };
}

const line = (cart: MmCart, productId: string) => cart.items.find((i) => i.productId === productId) as MmCartItem;
const fees = (cart: MmCart) => cart.items.filter((i) => i.category === "boxes" || i.category === "pails").map((i) => ({ productId: i.productId, quantity: i.quantity, price: i.price }));

describe("MM store reads", () => {
  it("gives profile, packages, catalogs and products of the first catalog", async () => {
    const b = await mmBuyer(t);
    const { catalog, lily } = await mmOffer([b.customerId], { catalogPrices: true });
    const profile = await b.get("MMStore/MMProfile");
    expect(profile.statusCode).toBe(200);
    expect(profile.json().openDates).toContain(tomorrow());
    const pk = (await b.get("MMStore/Packages", { shipDateTime: `${tomorrow()}T00:00:00`, retailerId: "" })).json();
    expect(pk).toEqual(expect.arrayContaining([{ type: "RFLP1", category: "pails", size: "Pail", description: "Pail fee", price: 0.75 }]));
    const cats = await b.get("MMStore/Catalogs", { shipDateTime: `${tomorrow()}T00:00:00` });
    expect(cats.json().map((c: { orderId: number }) => c.orderId)).toEqual([catalog.orderId]);
    const products = await b.get("MMStore/Products", { shipDateTime: `${tomorrow()}T00:00:00`, catalog: catalog.orderId });
    expect(products.statusCode).toBe(200);
    const p = products.json().find((x: { productId: string }) => x.productId === lily.productId);
    expect(p).toMatchObject({ pricePerBouquet: 11.99, pricePerBouquetNoBox: 11.49, available: 100, boxType: boxA.type, offerOrderNumber: catalog.orderId });
  });

  it("refuses a catalog that does not cover the date, and bad query values, with 4xx", async () => {
    const b = await mmBuyer(t);
    const { catalog } = await mmOffer([b.customerId]);
    expect((await b.get("MMStore/Products", { shipDateTime: addDays(isoDateAt(), 30), catalog: catalog.orderId })).statusCode).toBe(404);
    expect((await b.get("MMStore/Products", { shipDateTime: "not-a-date", catalog: catalog.orderId })).statusCode).toBe(400);
    expect((await b.get("MMStore/Products", { shipDateTime: tomorrow(), catalog: "" })).statusCode).toBe(400);
    expect((await b.get("MMStore/Catalogs", { shipDateTime: "2026-02-30" })).statusCode).toBe(400);
  });
});

describe("Products reads, never writes", () => {
  it("answers a buyer without a cart, creating none, and counts the holds of every other cart", async () => {
    const [a, b] = [await mmBuyer(t), await mmBuyer(t)];
    const { catalog, lily } = await mmOffer([a.customerId, b.customerId], { available: 10 });
    await b.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 3 }] });
    const products = await a.get("MMStore/Products", { shipDateTime: `${tomorrow()}T00:00:00`, catalog: catalog.orderId });
    expect(products.statusCode).toBe(200);
    expect(products.json().find((p: { productId: string }) => p.productId === lily.productId).available).toBe(7);
    expect(await t.db.select().from(carts).where(eq(carts.userId, a.userId))).toEqual([]);
  });
});

describe("Products is conditional", () => {
  it("answers 304 to its ETag until stock moves, then the new availability", async () => {
    const [a, b] = [await mmBuyer(t), await mmBuyer(t)];
    const { catalog, lily } = await mmOffer([a.customerId, b.customerId], { available: 10 });
    const query = { shipDateTime: `${tomorrow()}T00:00:00`, catalog: catalog.orderId };
    const url = `/api/MMStore/Products?${new URLSearchParams({ customerId: a.customerId, userId: a.userId, shipDateTime: query.shipDateTime, catalog: String(query.catalog) })}`;
    const first = await a.get("MMStore/Products", query);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const again = await t.app.inject({ method: "GET", url: url, headers: { cookie: a.cookie, "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    // A 304 has no body, and says so: a length would leave a keep-alive client waiting for bytes.
    expect(again.body).toBe("");
    expect(again.headers["content-length"]).toBeUndefined();
    await b.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 4 }] });
    const moved = await t.app.inject({ method: "GET", url: url, headers: { cookie: a.cookie, "if-none-match": etag } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().find((p: { productId: string }) => p.productId === lily.productId).available).toBe(6);
    const gz = await t.app.inject({ method: "GET", url: url, headers: { cookie: a.cookie, "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
  });
});

describe("ownership", () => {
  it("answers 403 for another customer, another user id, or a wholesale customer, and 401 signed out", async () => {
    const a = await mmBuyer(t);
    const other = await mmBuyer(t);
    const wholesale = await insertCustomer(t.db, { kind: "wholesale" });
    const linked = await insertUser(t.db, { roles: ["MassMarket"], customerIds: [wholesale.customerId] });
    const w = mmClient(t, await loginAs(t.app, linked.email, DEFAULT_TEST_PASSWORD), linked.id, wholesale.customerId);
    const cross = mmClient(t, a.cookie, a.userId, other.customerId);
    const wrongUser = mmClient(t, a.cookie, other.userId, a.customerId);
    for (const c of [cross, wrongUser]) {
      expect((await c.get("MMStore/Cart")).statusCode).toBe(403);
      expect((await c.get("MMStore/MMProfile")).statusCode).toBe(403);
      expect((await c.save({ items: [] })).statusCode).toBe(403);
      expect((await c.order()).statusCode).toBe(403);
      expect((await c.get("MMOrder/Orders")).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: `/api/MMDashboard/Orders/${other.customerId}`, headers: { cookie: a.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/MMDashboard/Specials/${a.userId}/${other.customerId}/0`, headers: { cookie: a.cookie } })).statusCode).toBe(403);
    expect((await w.get("MMStore/Cart")).json().message).toBe("This customer does not buy in the mass-market store.");
    expect((await t.app.inject({ method: "GET", url: `/api/MMStore/Cart?customerId=${a.customerId}` })).statusCode).toBe(401);
  });
});

describe("SaveCart", () => {
  it("prices lines from the catalog, recomputes box fees and totals, and ignores what the client says about them", async () => {
    const b = await mmBuyer(t);
    const { lily, rose } = await mmOffer([b.customerId], { catalogPrices: true });
    const res = await b.save({
      shipDate: tomorrow(),
      boxed: true,
      items: [
        { productId: lily.productId, quantity: 6, price: 0.01, description: "free", category: "Bouquets" },
        { productId: rose.productId, quantity: 4, price: 0 },
        { productId: boxA.type, quantity: 999, price: 0, category: "boxes" },
        { productId: "RFLP1", quantity: 50, category: "pails" },
      ],
      total: 1,
    });
    expect(res.statusCode).toBe(200);
    const cart: MmCart = res.json();
    expect(line(cart, lily.productId)).toMatchObject({ quantity: 6, price: 11.99, lineTotal: 71.94 });
    expect(line(cart, rose.productId)).toMatchObject({ quantity: 4, price: 18.99 });
    expect(fees(cart)).toEqual([
      { productId: boxA.type, quantity: 6, price: 0.4 },
      { productId: boxB.type, quantity: 4, price: 0.55 },
    ]);
    // 6 x 11.99 + 4 x 18.99 + 6 x 0.40 + 4 x 0.55 = 71.94 + 75.96 + 2.40 + 2.20
    expect(cart.total).toBe(152.5);
    expect(cart.itemCount).toBe(10);
    expect(cart.pailTotal).toBe(0);
    // A box line takes its package's size (SPEC §4 "Fee rules (MM)"); it was dropped for not being a number.
    expect(line(cart, boxA.type).packSize).toBe(boxA.size);
  });

  it("reprices every line and swaps box fees for the pail fee when boxed is turned off", async () => {
    const b = await mmBuyer(t);
    const { lily, pailItem } = await mmOffer([b.customerId], { catalogPrices: true });
    await b.save({ shipDate: tomorrow(), boxed: true, items: [{ productId: lily.productId, quantity: 2 }, { productId: pailItem.productId, quantity: 3 }] });
    const cart: MmCart = (await b.save({ boxed: false, items: [{ productId: lily.productId, quantity: 2 }, { productId: pailItem.productId, quantity: 3 }] })).json();
    expect(line(cart, lily.productId).price).toBe(11.49);
    expect(line(cart, pailItem.productId).price).toBe(35.79);
    expect(fees(cart)).toEqual([{ productId: pail.type, quantity: 3, price: 0.75 }]);
    expect(cart.pailTotal).toBe(3);
    expect(cart.total).toBe(2 * 11.49 + 3 * 35.79 + 3 * 0.75);
  });

  it("needs an open ship date first and refuses a closed one", async () => {
    const b = await mmBuyer(t);
    const { lily } = await mmOffer([b.customerId]);
    const none = await b.save({ items: [{ productId: lily.productId, quantity: 1 }] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Please choose a ship date first.");
    const past = await b.save({ shipDate: addDays(isoDateAt(), -1), items: [{ productId: lily.productId, quantity: 1 }] });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.shipDate).toMatch(/closed/);
    // Nothing was written.
    expect((await b.get("MMStore/Cart")).json().items).toEqual([]);
  });

  it("validates barcode check digits with a clear message and writes nothing", async () => {
    const b = await mmBuyer(t);
    const { lily } = await mmOffer([b.customerId]);
    const bad = await b.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 1, barcodeNumber: "036000291453" }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields["items.0.barcodeNumber"]).toContain("the last digit should be 2");
    expect((await b.get("MMStore/Cart")).json().items).toEqual([]);
  });

  it("answers 409 with the current cart for a stale version", async () => {
    const b = await mmBuyer(t);
    const { lily } = await mmOffer([b.customerId]);
    const first: MmCart = (await b.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 1 }] })).json();
    await b.save({ version: first.version, items: [{ productId: lily.productId, quantity: 2 }] });
    const stale = await b.save({ version: first.version, items: [] });
    expect(stale.statusCode).toBe(409);
    expect(line(stale.json().data, lily.productId).quantity).toBe(2);
  });

  it("caps a line at what remains with SPEC's message", async () => {
    const b = await mmBuyer(t);
    const { lily } = await mmOffer([b.customerId], { available: 5 });
    const cart: MmCart = (await b.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 8 }] })).json();
    expect(line(cart, lily.productId)).toMatchObject({ quantity: 5, message: `You can only order up to the quantity remaining for ${shipDayText(tomorrow())}: 5 bouquets left.` });
  });
});

/** Ordered + active holds of one catalog line. */
async function committed(catalogId: number, productId: string) {
  const [row] = await t.db
    .select({
      available: mmCatalogProducts.available,
      ordered: mmCatalogProducts.quantityOrdered,
      held: sql<number>`coalesce((select sum(h.quantity)::int from ${mmHolds} h where h.catalog_id = ${catalogId} and h.product_id = ${productId} and h.expires_at > now()), 0)`.mapWith(Number),
    })
    .from(mmCatalogProducts)
    .where(and(eq(mmCatalogProducts.catalogId, catalogId), eq(mmCatalogProducts.productId, productId)));
  return row!;
}

describe("the last bouquets", () => {
  it("are never oversold when twelve buyers race for them, in saves and in orders", async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => mmBuyer(t)));
    const { catalog, lily } = await mmOffer(buyers.map((b) => b.customerId), { available: 7 });
    const saved = await Promise.all(buyers.map((b) => b.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 2 }] })));
    expect(saved.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const held = saved.map((r) => (r.json() as MmCart).items.find((i) => i.productId === lily.productId)?.quantity ?? 0);
    expect(held.reduce((a, b) => a + b, 0)).toBe(7);
    expect(await committed(catalog.id, lily.productId)).toEqual({ available: 7, ordered: 0, held: 7 });

    const placed = await Promise.all(buyers.map((b, i) => b.order(`race-${i}`)));
    const ok = placed.filter((r) => r.statusCode === 200);
    expect(placed.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
    expect(ok.length).toBe(held.filter((h) => h > 0).length);
    expect(await committed(catalog.id, lily.productId)).toEqual({ available: 7, ordered: 7, held: 0 });
  });

  it("refuses an order whose lapsed hold was taken by someone else, writing nothing", async () => {
    const [a, b] = [await mmBuyer(t), await mmBuyer(t)];
    const { catalog, lily } = await mmOffer([a.customerId, b.customerId], { available: 4 });
    await a.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 4 }] });
    await t.db.update(mmHolds).set({ expiresAt: sql`now() - interval '1 second'` });
    await b.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 3 }] });
    const res = await a.order();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Only 1 of .* are left/);
    expect(await committed(catalog.id, lily.productId)).toEqual({ available: 4, ordered: 0, held: 3 });
    expect((await t.db.select().from(orders).where(eq(orders.userId, a.userId))).length).toBe(0);
  });
});

describe("CreateOrder", () => {
  it("makes one order for one Idempotency-Key, priced and fee'd by the server, and empties the cart", async () => {
    const b = await mmBuyer(t);
    const { lily, rose } = await mmOffer([b.customerId], { catalogPrices: true });
    await b.save({ shipDate: tomorrow(), boxed: true, items: [{ productId: lily.productId, quantity: 3 }, { productId: rose.productId, quantity: 1 }] });
    const tampered = { boxed: false, items: [{ productId: lily.productId, quantity: 300, price: 0.01 }], total: 0.03 };
    const [r1, r2] = await Promise.all([b.order("k-1", tampered), b.order("k-1", tampered)]);
    const r3 = await b.order("k-1");
    expect([r1.statusCode, r2.statusCode, r3.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([r1.json().orderNumber, r2.json().orderNumber, r3.json().orderNumber]).size).toBe(1);
    // 3 x 11.99 + 18.99 + 3 x 0.40 + 1 x 0.55
    expect(r1.json()).toMatchObject({ total: 56.71, itemCount: 4, shipDate: tomorrow() });
    expect((await t.db.select().from(orders).where(eq(orders.userId, b.userId))).length).toBe(1);
    expect((await b.get("MMStore/Cart")).json().items).toEqual([]);

    const detail = (await b.get("MMOrder/Order", { orderNumber: r1.json().orderNumber })).json();
    expect(detail.lines.filter((l: { fee: boolean }) => l.fee).map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [boxA.type, 3],
      [boxB.type, 1],
    ]);
    expect(detail.salesUserId).toBeNull();
    const history = (await b.get("MMOrder/Orders")).json();
    expect(history.map((o: { orderNumber: number }) => o.orderNumber)).toEqual([r1.json().orderNumber]);
    const dash = await t.app.inject({ method: "GET", url: `/api/MMDashboard/Orders/${b.customerId}`, headers: { cookie: b.cookie } });
    expect(dash.json()[0].orderNumber).toBe(r1.json().orderNumber);
  });

  it("refuses an empty cart", async () => {
    const b = await mmBuyer(t);
    const res = await b.order();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Your cart is empty.");
  });

  it("records the staff member acting for the customer as salesUserId", async () => {
    const customer = await mmBuyer(t);
    const s = await mmStaff(t, customer.customerId);
    const { lily } = await mmOffer([customer.customerId]);
    expect((await s.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 1 }] })).statusCode).toBe(200);
    const placed = await s.order("staff-1");
    expect(placed.statusCode).toBe(200);
    const detail = (await s.get("MMOrder/Order", { orderNumber: placed.json().orderNumber })).json();
    expect(detail.salesUserId).toBe(s.userId);
  });

  it("remembers barcodes per customer and product for the next order, and prints them as labels", async () => {
    const b = await mmBuyer(t);
    const { lily, rose } = await mmOffer([b.customerId]);
    await b.save({
      shipDate: tomorrow(),
      items: [{ productId: lily.productId, quantity: 2, barcodeNumber: "036000291452", barcodeTop: "$14.99", barcodeLeft: "Floral", barcodeBottom: "Lily bouquet" }],
    });
    const placed = await b.order();
    expect(placed.statusCode).toBe(200);
    const next: MmCart = (await b.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 1 }, { productId: rose.productId, quantity: 1 }] })).json();
    expect(line(next, lily.productId)).toMatchObject({ barcodeNumber: "036000291452", barcodeTop: "$14.99", barcodeLeft: "Floral", barcodeBottom: "Lily bouquet" });
    expect(line(next, rose.productId).barcodeNumber).toBeNull();
    // A label text the label cannot print is refused with a message, and the cart keeps what it had.
    const unprintable = await b.save({ items: [{ productId: lily.productId, quantity: 1, barcodeTop: "花店 Lily" }] });
    expect(unprintable.statusCode).toBe(400);
    expect(Object.values(unprintable.json().fields ?? {}).concat(unprintable.json().message).join(" ")).toContain('cannot print "花", "店"');
    expect(line((await b.get("MMStore/Cart")).json(), lily.productId).barcodeTop).toBe("$14.99");
    // Explicitly cleared stays cleared.
    const cleared: MmCart = (await b.save({ items: [{ productId: lily.productId, quantity: 1, barcodeNumber: null }] })).json();
    expect(line(cleared, lily.productId).barcodeNumber).toBeNull();

    const pdf = await b.get("MMOrder/Labels", { orderNumber: placed.json().orderNumber });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text;
    expect(text).toContain("$14.99");
    expect(text).toContain("036000291452");
    // Printed again: the same bytes from the label cache, nothing drawn (issue 23.9).
    const renders = labelRenders.renders;
    const again = await b.get("MMOrder/Labels", { orderNumber: placed.json().orderNumber });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, pdf.rawPayload)).toBe(0);
    expect(labelRenders.renders).toBe(renders);
    const other = await mmBuyer(t);
    expect((await mmClient(t, other.cookie, other.userId, b.customerId).get("MMOrder/Labels", { orderNumber: placed.json().orderNumber })).statusCode).toBe(403);
    expect((await other.get("MMOrder/Labels", { orderNumber: placed.json().orderNumber })).statusCode).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("documents every MM route", async () => {
    const paths = Object.keys((await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/MMDashboard/Specials/{userId}/{customerId}/{retailerId}",
        "/api/MMDashboard/Orders/{customerId}",
        "/api/MMDashboard/InteractiveImage",
        "/api/MMStore/MMProfile",
        "/api/MMStore/Packages",
        "/api/MMStore/Cart",
        "/api/MMStore/SaveCart",
        "/api/MMStore/Catalogs",
        "/api/MMStore/Products",
        "/api/MMOrder/CreateOrder",
        "/api/MMOrder/Orders",
        "/api/MMOrder/Order",
        "/api/MMOrder/Labels",
      ]),
    );
  });
});
