// One order desk for both stores (issue 26): wholesale and mass-market orders through the same desk
// calls, the "today" view, bulk confirm/decline, shipping early with a reason, a blitz voucher given
// back on cancelling, and desk calls refused to every buyer. Real database: PGlite, or PostgreSQL
// with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { auditLog, catalogs, mmCatalogProducts, orders, vouchers } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { ALL_WEEKDAYS, addDays, DEFAULT_TEST_PASSWORD, insertCustomer, insertMmPackage, insertOrder, insertUser, isoDateAt, nextCode, shipTimesOn, type MmPackage } from "../../../tests/factories/index.ts";
import { mmBouquet, mmBuyer, mmCatalog } from "../../../tests/helpers/mm-fixtures.ts";
import { buyer, committed, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
let staffCookie: string;
let box: MmPackage;

beforeAll(async () => {
  t = await buildTestApp({ TAX_RATE_BP: "825" });
  const s = await insertUser(t.db, { roles: ["Administrator"] });
  staffCookie = await loginAs(t.app, s.email, DEFAULT_TEST_PASSWORD);
  box = await insertMmPackage(t.db, { type: nextCode("BXD-"), priceCents: 40, description: "Desk box" });
});
afterAll(async () => t?.close());

type Method = "GET" | "POST" | "PUT";
const staff = (method: Method, url: string, payload?: object) => t.app.inject({ method, url: `/api/OrderDesk${url}`, headers: { ...SAME_ORIGIN, cookie: staffCookie }, payload });
const asCookie = (cookie: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, payload });

/** A mass-market customer and its signed-in MassMarket user; a boxed order of 3 + 2 bouquets with label data, placed in /MM. */
async function mmOrder(available = 10) {
  const b = await mmBuyer(t);
  const catalog = await mmCatalog(t, [b.customerId], 7);
  const lily = await mmBouquet(t, catalog.id, box.type, 1299, available);
  const rose = await mmBouquet(t, catalog.id, box.type, 1899, available);
  const saved = await b.save({
    shipDate: tomorrow(),
    boxed: true,
    items: [
      { productId: lily.productId, quantity: 3, barcodeNumber: "036000291452", barcodeTop: "FRESH LILIES" },
      { productId: rose.productId, quantity: 2 },
    ],
  });
  expect(saved.statusCode).toBe(200);
  const placed = await b.order();
  expect(placed.statusCode).toBe(200);
  return { customerId: b.customerId, userId: b.userId, cookie: b.cookie, catalog, lily, rose, orderNumber: placed.json().orderNumber as number };
}

async function mmOrdered(catalogId: number, productId: string) {
  const [r] = await t.db.select().from(mmCatalogProducts).where(and(eq(mmCatalogProducts.catalogId, catalogId), eq(mmCatalogProducts.productId, productId)));
  return r!.quantityOrdered;
}

/** A wholesale order of `quantity` bunches on an offer of `stock`, placed through the store. */
async function wholesaleOrder(stock: number, quantity: number, voucherFor?: (userId: string) => Promise<string>) {
  const a = await buyer(t);
  const voucherCode = voucherFor ? await voucherFor(a.userId) : undefined;
  const { products: [p], offerLines: [ol] } = await offer(t.db, [a.customerId], { line: { originalQuantity: stock } });
  expect((await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity }] })).statusCode).toBe(200);
  const placed = voucherCode
    ? await asCookie(a.cookie, "POST", `/api/Store/PlaceOrder/${a.userId}/${a.customerId}`, { voucherCode })
    : await a.place();
  expect(placed.statusCode).toBe(200);
  return { a, p: p!, ol: ol!, orderNumber: placed.json().orderNumber as number };
}

const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("one desk for both stores", () => {
  it("takes a mass-market order through the same calls as a wholesale one: list, detail, change, confirm, pack, ship, invoice, statement", async () => {
    const mm = await mmOrder();
    const ws = await wholesaleOrder(20, 4);

    // Both in one list, each with its store.
    const list = ok(await staff("GET", `/Orders?shipDate=${tomorrow()}`));
    const found = list.orders.filter((o: { orderNumber: number }) => [mm.orderNumber, ws.orderNumber].includes(o.orderNumber));
    expect(found.map((o: { store: string }) => o.store).sort()).toEqual(["mm", "wholesale"]);
    expect(ok(await staff("GET", `/Orders?store=mm&customerId=${mm.customerId}`)).orders.map((o: { orderNumber: number }) => o.orderNumber)).toEqual([mm.orderNumber]);

    // The MM order's detail: bouquet lines with label data, and the box fee line.
    const detail = ok(await staff("GET", `/Orders/${mm.orderNumber}`));
    expect(detail).toMatchObject({ store: "mm", status: "submitted", boxed: true, total: 78.95 }); // 3 x 12.99 + 2 x 18.99 + 5 boxes x 0.40
    const lily = detail.lines.find((l: { productId: string }) => l.productId === mm.lily.productId);
    expect(lily).toMatchObject({ quantity: 3, fee: false, boxType: box.type, barcodeNumber: "036000291452", barcodeTop: "FRESH LILIES" });
    const fee = detail.lines.find((l: { fee: boolean }) => l.fee);
    expect(fee).toMatchObject({ productId: box.type, quantity: 5, fee: true });
    expect(await mmOrdered(mm.catalog.id, mm.lily.productId)).toBe(3);

    // A fee line cannot be changed by hand; lowering a bouquet line gives stock back and the box line follows.
    expect((await staff("PUT", `/Orders/${mm.orderNumber}/Lines/${fee.lineId}`, { quantity: 9 })).statusCode).toBe(400);
    const lowered = ok(await staff("PUT", `/Orders/${mm.orderNumber}/Lines/${lily.lineId}`, { quantity: 1 }));
    expect(await mmOrdered(mm.catalog.id, mm.lily.productId)).toBe(1);
    expect(lowered.lines.find((l: { fee: boolean }) => l.fee).quantity).toBe(3);
    expect(lowered.total).toBeCloseTo(12.99 + 2 * 18.99 + 3 * 0.4, 2);
    // Raising past what is free is refused with the numbers; nothing changes.
    const tooMany = await staff("PUT", `/Orders/${mm.orderNumber}/Lines/${lily.lineId}`, { quantity: 12 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(`Only 9 bouquets more of ${lily.description} are free.`);
    expect(await mmOrdered(mm.catalog.id, mm.lily.productId)).toBe(1);

    // The same steps as a wholesale order, ending in an invoice.
    for (const n of [mm.orderNumber, ws.orderNumber]) {
      expect(ok(await staff("POST", `/Orders/${n}/Confirm`)).status).toBe("confirmed");
      expect(ok(await staff("POST", `/Orders/${n}/Pack`)).nextStep).toBe("ship");
      const shipped = ok(await staff("POST", `/Orders/${n}/Ship`, { reason: "The customer asked for it a day early." }));
      expect(shipped).toMatchObject({ status: "invoiced", actions: [] });
      expect(shipped.invoiceNumber).toBeGreaterThan(500_000);
    }
    const invoiced = ok(await staff("GET", `/Orders/${mm.orderNumber}`));
    const invoice = ok(await asCookie(staffCookie, "GET", `/api/Invoices/${invoiced.invoiceNumber}`));
    expect(invoice.lines.map((l: { description: string; quantity: number }) => [l.description, l.quantity])).toEqual(
      expect.arrayContaining([
        [lily.description, 1],
        [expect.stringContaining("Desk box"), 3],
      ]),
    );

    // The MM customer's statement lists it, like a wholesale customer's.
    const statement = ok(await asCookie(staffCookie, "GET", `/api/Invoices/Statement/${mm.customerId}`));
    expect(statement.items.map((i: { invoiceNumber: number }) => i.invoiceNumber)).toEqual([invoiced.invoiceNumber]);
    // The MM buyer sees one status: invoiced.
    const own = ok(await asCookie(mm.cookie, "GET", `/api/MMOrder/Order?customerId=${mm.customerId}&userId=${mm.userId}&orderNumber=${mm.orderNumber}`));
    expect(own.status).toBe("invoiced");
  });

  it("cancelling a mass-market order gives every bouquet back and drops nothing but the order", async () => {
    const mm = await mmOrder();
    const cancelled = ok(await staff("POST", `/Orders/${mm.orderNumber}/Cancel`, { reason: "Store closed for stocktaking." }));
    expect(cancelled.status).toBe("cancelled");
    expect(await mmOrdered(mm.catalog.id, mm.lily.productId)).toBe(0);
    expect(await mmOrdered(mm.catalog.id, mm.rose.productId)).toBe(0);
    // Setting the last bouquet lines to 0 cancels too (fee lines alone do not keep an order).
    const other = await mmOrder();
    const d = ok(await staff("GET", `/Orders/${other.orderNumber}`));
    const bouquets = d.lines.filter((l: { fee: boolean }) => !l.fee);
    ok(await staff("PUT", `/Orders/${other.orderNumber}/Lines/${bouquets[0].lineId}`, { quantity: 0 }));
    const last = ok(await staff("PUT", `/Orders/${other.orderNumber}/Lines/${bouquets[1].lineId}`, { quantity: 0 }));
    expect(last).toMatchObject({ status: "cancelled", lines: [] });
    const [catalogRow] = await t.db.select().from(catalogs).where(eq(catalogs.id, other.catalog.id));
    expect(catalogRow).toBeDefined();
    expect(await mmOrdered(other.catalog.id, other.lily.productId)).toBe(0);
  });
});

describe("today first", () => {
  it("lists the open orders of the next week by ship date and cut-off, with counts per step", async () => {
    const early = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "09:00") });
    const late = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "22:00") });
    const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [early.customerId, late.customerId] });
    const d = addDays(isoDateAt(), 2);
    const lateOrder = await insertOrder(t.db, { customerId: late.customerId, userId: u.id, shipDate: d });
    const earlyOrder = await insertOrder(t.db, { customerId: early.customerId, userId: u.id, shipDate: d, lines: [{ quantity: 5, quantityConfirmed: 2, quantityPending: 3 }] });
    const packed = await insertOrder(t.db, { customerId: early.customerId, userId: u.id, shipDate: d, status: "confirmed" });
    await t.db.update(orders).set({ packedAt: new Date() }).where(eq(orders.id, packed.id));
    const done = await insertOrder(t.db, { customerId: early.customerId, userId: u.id, shipDate: d, status: "invoiced" });
    const farAway = await insertOrder(t.db, { customerId: early.customerId, userId: u.id, shipDate: addDays(isoDateAt(), 30) });

    const today = ok(await staff("GET", "/Orders?view=today"));
    const mine = today.orders.filter((o: { customerId: string }) => [early.customerId, late.customerId].includes(o.customerId));
    const numbers = mine.map((o: { orderNumber: number }) => o.orderNumber);
    expect(numbers).not.toContain(done.orderNumber);
    expect(numbers).not.toContain(farAway.orderNumber);
    // The 09:00 cut-off comes before the 22:00 one on the same ship date.
    expect(numbers.indexOf(earlyOrder.orderNumber)).toBeLessThan(numbers.indexOf(lateOrder.orderNumber));
    const steps = Object.fromEntries(mine.map((o: { orderNumber: number; nextStep: string }) => [o.orderNumber, o.nextStep]));
    expect(steps).toEqual({ [earlyOrder.orderNumber]: "decide", [packed.orderNumber]: "ship", [lateOrder.orderNumber]: "confirm" });
    expect(mine.find((o: { orderNumber: number }) => o.orderNumber === earlyOrder.orderNumber).cutoff).toMatch(/T1[34]:00:00/); // 09:00 in New York
    const day = today.days.find((x: { shipDate: string }) => x.shipDate === d);
    expect(day.orders).toBeGreaterThanOrEqual(3);
    expect(day.decide + day.confirm + day.pack + day.ship).toBe(day.orders);
    // Ship dates in order.
    const dates = today.days.map((x: { shipDate: string }) => x.shipDate);
    expect([...dates].sort()).toEqual(dates);
    expect((await staff("GET", "/Orders?view=soon")).statusCode).toBe(400);
  });
});

describe("bulk and safe", () => {
  it("confirms three orders at once, pending lines first; one refusal writes nothing", async () => {
    const three = [await wholesaleOrder(20, 4), await wholesaleOrder(20, 6), await wholesaleOrder(3, 5)];
    // The third has 2 bunches pending; free them up so confirming them can take stock.
    await t.db.execute(sql`update offer_lines set original_quantity = 10 where id = ${three[2]!.ol.id}`);
    const res = ok(await staff("POST", "/Bulk", { action: "confirm", orders: three.map((o) => o.orderNumber) }));
    expect(res.orders.map((o: { status: string; pendingQuantity: number }) => [o.status, o.pendingQuantity])).toEqual([
      ["confirmed", 0],
      ["confirmed", 0],
      ["confirmed", 0],
    ]);
    expect((await committed(t.db, three[2]!.ol.id)).ordered).toBe(5);

    // A batch with one order that cannot be confirmed (cancelled) is refused, naming it, and the others stay as they were.
    const [x, y] = [await wholesaleOrder(20, 2), await wholesaleOrder(20, 2)];
    ok(await staff("POST", `/Orders/${y.orderNumber}/Cancel`, {}));
    const refused = await staff("POST", "/Bulk", { action: "confirm", orders: [x.orderNumber, y.orderNumber] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(new RegExp(`^Order ${y.orderNumber}: `));
    expect(ok(await staff("GET", `/Orders/${x.orderNumber}`)).status).toBe("submitted");

    // Declining chosen lines in bulk.
    const p = await wholesaleOrder(1, 4);
    const line = ok(await staff("GET", `/Orders/${p.orderNumber}`)).lines[0];
    const declined = ok(await staff("POST", "/Bulk", { action: "decline", lines: [{ orderNumber: p.orderNumber, lineId: line.lineId }] }));
    expect(declined.orders[0].lines[0]).toMatchObject({ quantity: 1, quantityPending: 0 });

    // Bad input: 400 with field messages.
    const empty = await staff("POST", "/Bulk", { action: "confirm" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty("orders");
    expect((await staff("POST", "/Bulk", { action: "ship", orders: [1] })).statusCode).toBe(400);
  });

  it("shipping before the ship date needs a reason, which is audited", async () => {
    const ws = await wholesaleOrder(20, 4);
    ok(await staff("POST", `/Orders/${ws.orderNumber}/Confirm`));
    const packed = ok(await staff("POST", `/Orders/${ws.orderNumber}/Pack`));
    expect(packed.shipsEarly).toBe(true);
    const bare = await staff("POST", `/Orders/${ws.orderNumber}/Ship`);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({ reason: "Say why this order ships before its ship date." });
    expect(ok(await staff("GET", `/Orders/${ws.orderNumber}`))).toMatchObject({ status: "confirmed", invoiceNumber: null });
    const shipped = ok(await staff("POST", `/Orders/${ws.orderNumber}/Ship`, { reason: "Truck leaves a day early for the holiday." }));
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "order.ship"), sql`${auditLog.detail}->>'orderNumber' = ${String(ws.orderNumber)}`));
    expect(row!.detail).toMatchObject({ early: true, shipDate: tomorrow(), shippedOn: isoDateAt(), reason: "Truck leaves a day early for the holiday.", invoiceNumber: shipped.invoiceNumber });
  });

  it("a cancelled order gives its blitz voucher back (also when its only line is set to 0)", async () => {
    let v: typeof vouchers.$inferSelect | undefined;
    const ws = await wholesaleOrder(20, 4, async (userId) => {
      [v] = await t.db
        .insert(vouchers)
        .values({ code: nextCode("DESK-"), userId, description: "Blitz", percentOff: 0, amountOffCents: 500, startsAt: new Date(Date.now() - 86_400_000), expiresAt: new Date(Date.now() + 86_400_000) })
        .returning();
      return v!.code;
    });
    const blitz = () => asCookie(ws.a.cookie, "GET", `/api/Store/GetBlitzVoucher/${ws.a.userId}`);
    expect((await blitz()).json()).toBeNull();
    const line = ok(await staff("GET", `/Orders/${ws.orderNumber}`)).lines[0];
    const gone = ok(await staff("PUT", `/Orders/${ws.orderNumber}/Lines/${line.lineId}`, { quantity: 0 }));
    expect(gone.status).toBe("cancelled");
    expect((await blitz()).json()).toMatchObject({ code: v!.code });
    // And it can be used again at checkout.
    const { products: [p] } = await offer(t.db, [ws.a.customerId], { line: { originalQuantity: 10 } });
    expect((await ws.a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] })).statusCode).toBe(200);
    const again = await asCookie(ws.a.cookie, "POST", `/api/Store/PlaceOrder/${ws.a.userId}/${ws.a.customerId}`, { voucherCode: v!.code });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe("desk calls are staff only", () => {
  it("refuses every desk call to a wholesaler and to a mass-market buyer (403), and to nobody signed in (401)", async () => {
    const mm = await mmOrder();
    const ws = await wholesaleOrder(20, 4);
    const calls: [Method, string, object?][] = [
      ["GET", "/Orders"],
      ["GET", "/Orders?view=today"],
      ["GET", `/Orders/${mm.orderNumber}`],
      ["POST", `/Orders/${mm.orderNumber}/Confirm`],
      ["POST", `/Orders/${mm.orderNumber}/Pack`],
      ["POST", `/Orders/${mm.orderNumber}/Ship`, { reason: "x" }],
      ["POST", `/Orders/${mm.orderNumber}/Invoice`],
      ["POST", `/Orders/${mm.orderNumber}/Cancel`, {}],
      ["PUT", `/Orders/${ws.orderNumber}/Lines/1`, { quantity: 1 }],
      ["POST", `/Orders/${ws.orderNumber}/Lines/1/Confirm`, {}],
      ["POST", `/Orders/${ws.orderNumber}/Lines/1/Decline`, {}],
      ["POST", "/Bulk", { action: "confirm", orders: [ws.orderNumber, mm.orderNumber] }],
    ];
    for (const [method, url, body] of calls) {
      for (const cookie of [mm.cookie, ws.a.cookie]) expect((await asCookie(cookie, method, `/api/OrderDesk${url}`, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url: `/api/OrderDesk${url}`, headers: SAME_ORIGIN, payload: body })).statusCode).toBe(401);
    }
    // Nothing moved.
    expect(ok(await staff("GET", `/Orders/${mm.orderNumber}`)).status).toBe("submitted");
    expect(ok(await staff("GET", `/Orders/${ws.orderNumber}`)).status).toBe("submitted");
  });
});
