// Promotions on the supply desk on a real database (PGlite by default, PostgreSQL with DATABASE_URL),
// with two app instances: specials set here are what the buyer's dashboard and store show, combo
// specials reach the dashboard and an open store (live stream on the other instance), a blitz voucher
// made here is on its user's dashboard and accepted at checkout by that customer only. Bad input is a
// 400 per field and writes nothing; every change is one audit entry in plain words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, desc, eq, sql } from "drizzle-orm";
import { auditLog, comboSpecials, offerLines, vouchers } from "../../../db/schema/index.ts";
import { buildTwoInstances, signedInUser, SAME_ORIGIN, type TestApp, type TwoInstances } from "../../../tests/helpers/test-app.ts";
import { addDays, isoDateAt } from "../../../tests/factories/index.ts";
import { buyer, client, offer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";
import { openSse, type SseEvent, type SseStream } from "../../../tests/helpers/sse.ts";

let a: TestApp;
let b: TestApp;
let pair: TwoInstances | undefined;
let baseB: string;
let sales: { id: string; cookie: string };
let admin: { id: string; cookie: string };
const opened: SseStream[] = [];

beforeAll(async () => {
  pair = await buildTwoInstances();
  ({ a, b } = pair);
  baseB = await b.app.listen({ port: 0, host: "127.0.0.1" });
  sales = await signedInUser(a, ["SalesPerson"]);
  admin = await signedInUser(a, ["Administrator"]);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await pair?.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const as = (who: { cookie: string }, method: Method, url: string, payload?: object) =>
  a.app.inject({ method, url: `/api/Supply/Promotions${url}`, headers: { ...SAME_ORIGIN, cookie: who.cookie }, payload });
const staff = (method: Method, url: string, payload?: object) => as(sales, method, url, payload);
const today = () => isoDateAt();
const lastAudit = async (action: string) => (await a.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
const combosCount = async () => (await a.db.select({ n: count() }).from(comboSpecials))[0]!.n;
const vouchersCount = async () => (await a.db.select({ n: count() }).from(vouchers))[0]!.n;

/** A buyer and a one-line catalog (tomorrow) of 50 bunches at $12.00 by the pail / $12.00 loose, no tiers. */
async function offered(c?: Client) {
  const who = c ?? (await buyer(a));
  const made = await offer(a.db, [who.customerId], { count: 2, line: { originalQuantity: 50, discountQuantity: 0, discountQuantity2: 0 } });
  return { who, ...made, line: made.offerLines[0]!, product: made.products[0]! };
}

describe("specials", () => {
  it("puts a line on special at its special prices: listed here, on the buyer's dashboard, and in the preview exactly as the dashboard answers", async () => {
    const { who, line, product, catalog } = await offered();
    const standard = line.standardPriceCents / 100;
    const res = await staff("PUT", `/Specials/${line.id}`, { special: true, specialPrice: standard - 2, specialPriceNoPail: line.standardPriceNoPailCents / 100 - 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lineId: line.id, special: true, specialPrice: standard - 2 });

    const list = (await staff("GET", "/Specials")).json().specials as { lineId: number; specialPrice: number; price: number; shown: boolean; orderId: number }[];
    expect(list.find((s) => s.lineId === line.id)).toMatchObject({ specialPrice: standard - 2, price: standard, shown: true, orderId: catalog.orderId });

    const dashboard = await who.get(`/api/Dashboard/Specials/${who.userId}/${who.customerId}/0`);
    expect(dashboard.statusCode).toBe(200);
    const mine = (dashboard.json() as { productId: string; special: boolean; price: number; standardPrice: number }[]).find((p) => p.productId === product.productId);
    expect(mine).toMatchObject({ special: true, price: standard - 2, standardPrice: standard });

    const preview = await staff("GET", `/Dashboard?customerId=${who.customerId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().specials).toEqual(dashboard.json());

    const entry = await lastAudit("supply.special.set");
    expect(entry?.actorUserId).toBe(sales.id);
    expect((entry?.detail as { summary: string }).summary).toContain(`${product.description}`);
    expect((entry?.detail as { summary: string }).summary).toContain(`on special at $${(standard - 2).toFixed(2)} by the pail`);

    // Taken off: gone from the list and the dashboard.
    expect((await staff("PUT", `/Specials/${line.id}`, { special: false })).json()).toMatchObject({ special: false, specialPrice: standard });
    expect(((await staff("GET", "/Specials")).json().specials as { lineId: number }[]).some((s) => s.lineId === line.id)).toBe(false);
    const after = (await who.get(`/api/Dashboard/Specials/${who.userId}/${who.customerId}/0`)).json() as { productId: string }[];
    expect(after.some((p) => p.productId === product.productId)).toBe(false);
    expect(((await lastAudit("supply.special.clear"))?.detail as { summary: string }).summary).toContain("no longer on special");
  });

  it("shows a special of a later catalog among the buyer's future specials", async () => {
    const who = await buyer(a);
    const later = addDays(tomorrow(), 5);
    const { offerLines: [line], products: [product] } = await offer(a.db, [who.customerId], { count: 1, line: { originalQuantity: 10, discountQuantity: 0, discountQuantity2: 0 } });
    await a.db.execute(sql`update catalogs set ship_date_from = ${later}, ship_date_to = ${later} where id = ${line!.catalogId}`);
    expect((await staff("PUT", `/Specials/${line!.id}`, { special: true, specialPrice: 5, specialPriceNoPail: 5 })).statusCode).toBe(200);
    const future = (await who.get(`/api/Dashboard/FutureSpecials/${who.userId}/${who.customerId}/0`)).json() as { productId: string; shipDateFrom: string }[];
    expect(future.find((p) => p.productId === product!.productId)).toMatchObject({ shipDateFrom: later });
    const preview = (await staff("GET", `/Dashboard?customerId=${who.customerId}`)).json();
    expect(preview.futureSpecials).toEqual(future);
  });

  it("refuses a special at or above the standard price, without prices, or out of bounds, per field, writing nothing", async () => {
    const { line } = await offered();
    const standard = line.standardPriceCents / 100;
    const cases: [object, string, string][] = [
      [{ special: true, specialPrice: standard, specialPriceNoPail: 1 }, "specialPrice", "A special price must be below the standard price"],
      [{ special: true, specialPrice: 1 }, "specialPriceNoPail", "Give the special price of a loose bunch"],
      [{ special: true, specialPrice: 0, specialPriceNoPail: 1 }, "specialPrice", "A price must be between $0.01 and $500 a bunch"],
      [{ special: true, specialPrice: -3, specialPriceNoPail: 1 }, "specialPrice", "A price must be between $0.01 and $500 a bunch"],
      [{ special: true, specialPrice: 100000, specialPriceNoPail: 1 }, "specialPrice", "A price must be between $0.01 and $500 a bunch"],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff("PUT", `/Specials/${line.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(res.json())).toBe(message);
    }
    const [still] = await a.db.select().from(offerLines).where(eq(offerLines.id, line.id));
    expect(still!.special).toBe(false);
    expect((await staff("PUT", "/Specials/999999999", { special: false })).statusCode).toBe(404);
    // A tier dearer than the special is refused as the line edit refuses it.
    const tiered = await offer(a.db, [], { count: 1, line: { basePriceCents: 1200 } });
    const t1 = tiered.offerLines[0]!;
    const res = await staff("PUT", `/Specials/${t1.id}`, { special: true, specialPrice: 0.5, specialPriceNoPail: 0.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.tier1Price).toBe("A tier price may not be above the price it discounts");
  });

  it("an unknown customer's preview is a 400 naming it", async () => {
    const res = await staff("GET", "/Dashboard?customerId=NO-SUCH-CUSTOMER");
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.customerId).toBe("Unknown customer: NO-SUCH-CUSTOMER");
  });
});

describe("combo specials", () => {
  it("are made, changed, ended and deleted; the buyer's dashboard shows them while they run", async () => {
    const { who, products, line } = await offered();
    const [p0, p1] = products.map((p) => p.productId) as [string, string];
    const body = { title: "Pair up", description: "Cheaper together", discountPercent: 12.5, startsOn: today(), endsOn: addDays(today(), 7), productIds: [p0, p1] };
    const made = await staff("POST", "/Combos", body);
    expect(made.statusCode, made.body).toBe(200);
    const combo = made.json();
    expect(combo).toMatchObject({ title: "Pair up", discountPercent: 12.5, status: "running" });
    expect(combo.products.map((p: { productId: string }) => p.productId).sort()).toEqual([p0, p1].sort());
    // Each product's price on offer, and that price less 12.5%.
    expect(combo.products[0].price).toBe(line.standardPriceCents / 100);
    expect(combo.products[0].comboPrice).toBe(Math.round(line.standardPriceCents * 0.875) / 100);

    const dash = async () => (await who.get(`/api/Dashboard/ComboSpecials?userId=${who.userId}&customerId=${who.customerId}`)).json() as { id: number; title: string; discountPercent: number; products: { strProductId: string }[] }[];
    const shown = (await dash()).find((c) => c.id === combo.comboId);
    expect(shown).toMatchObject({ title: "Pair up", discountPercent: 12.5 });
    expect(shown!.products.map((p) => p.strProductId).sort()).toEqual([p0, p1].sort());
    expect(((await lastAudit("supply.combo.create"))?.detail as { summary: string }).summary).toBe(`Combo special "Pair up": 12.5% off ${[p0, p1].sort().join(", ")}, ${body.startsOn} to ${body.endsOn}`);

    const edited = await staff("PUT", `/Combos/${combo.comboId}`, { ...body, title: "Pair up more", discountPercent: 15 });
    expect(edited.json()).toMatchObject({ title: "Pair up more", discountPercent: 15 });
    const upd = (await lastAudit("supply.combo.update"))?.detail as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(upd.before).toEqual({ title: "Pair up", discountPercent: "12.50" });
    expect(upd.after).toEqual({ title: "Pair up more", discountPercent: "15.00" });

    // A combo that started earlier ends yesterday: off the dashboard, kept in the list.
    await a.db.update(comboSpecials).set({ startsOn: addDays(today(), -3) }).where(eq(comboSpecials.id, combo.comboId));
    const ended = await staff("POST", `/Combos/${combo.comboId}/End`);
    expect(ended.json()).toMatchObject({ status: "ended", endsOn: addDays(today(), -1) });
    expect((await dash()).some((c) => c.id === combo.comboId)).toBe(false);
    expect((await staff("POST", `/Combos/${combo.comboId}/End`)).statusCode).toBe(409);

    expect((await staff("DELETE", `/Combos/${combo.comboId}`)).json()).toEqual({ deleted: true });
    expect((await staff("GET", "/Combos")).json().combos.some((c: { comboId: number }) => c.comboId === combo.comboId)).toBe(false);
    expect((await lastAudit("supply.combo.delete"))?.actorUserId).toBe(sales.id);
    expect((await staff("DELETE", `/Combos/${combo.comboId}`)).statusCode).toBe(404);
  });

  it("refuses bad input per field and writes nothing", async () => {
    const { products } = await offered();
    const ids = products.map((p) => p.productId);
    const good = { title: "Bad", description: "Bad", discountPercent: 10, startsOn: today(), endsOn: addDays(today(), 2), productIds: ids };
    const before = await combosCount();
    const cases: [object, string, string][] = [
      [{ discountPercent: 0 }, "discountPercent", "A combo takes between 0.01% and 90% off"],
      [{ discountPercent: -5 }, "discountPercent", "A combo takes between 0.01% and 90% off"],
      [{ discountPercent: 150 }, "discountPercent", "A combo takes between 0.01% and 90% off"],
      [{ productIds: [ids[0]] }, "productIds", "A combo needs at least 2 products"],
      [{ productIds: [ids[0], "NO-SUCH-PRODUCT"] }, "productIds", "Unknown product: NO-SUCH-PRODUCT"],
      [{ productIds: [ids[0], ids[0]] }, "productIds", `Named twice: ${ids[0]}`],
      [{ startsOn: addDays(today(), -10), endsOn: addDays(today(), -1) }, "endsOn", "The last day is in the past"],
      [{ endsOn: addDays(today(), -1) }, "endsOn", "The last day is before the first"],
      [{ startsOn: "2026-02-30" }, "startsOn", "Invalid format"],
      [{ title: "" }, "title", "This field is required"],
    ];
    for (const [change, field, message] of cases) {
      const res = await staff("POST", "/Combos", { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields?.[field], `${JSON.stringify(change)} → ${res.body}`).toBe(message);
    }
    expect(await combosCount()).toBe(before);
    expect((await staff("PUT", "/Combos/999999999", good)).statusCode).toBe(404);
  });
});

describe("blitz vouchers", () => {
  const place = (c: Client, voucherCode: string) =>
    a.app.inject({ method: "POST", url: `/api/Store/PlaceOrder/${c.userId}/${c.customerId}`, headers: { cookie: c.cookie, ...SAME_ORIGIN }, payload: { voucherCode } });

  it("made for a buyer: on that user's dashboard, accepted at checkout by that customer only; a used voucher is withdrawn, never deleted", async () => {
    const { who, product, catalog } = await offered();
    const other = await buyer(a);
    await a.db.execute(sql`insert into catalog_customers (catalog_id, customer_id) values (${catalog.id}, ${other.customerId})`);

    const made = await staff("POST", "/Vouchers", { customerId: who.customerId, userId: who.userId, description: "Blitz! $5 off today", amountOff: 5, validUntil: addDays(today(), 2) });
    expect(made.statusCode, made.body).toBe(200);
    const v = made.json();
    expect(v).toMatchObject({ customerId: who.customerId, userId: who.userId, amountOff: 5, percentOff: 0, status: "running", uses: 0, validUntil: addDays(today(), 2) });
    expect(v.code).toMatch(/^BLITZ-[A-Z2-9]{6}$/);
    expect(((await lastAudit("supply.voucher.create"))?.detail as { summary: string }).summary).toMatch(/^Blitz voucher BLITZ-\w+ for .+: \$5\.00 off, valid until \d{4}-\d\d-\d\d$/);

    const shown = await who.get(`/api/Store/GetBlitzVoucher/${who.userId}`);
    expect(shown.json()).toMatchObject({ code: v.code, amountOff: 5, percentOff: 0, description: "Blitz! $5 off today" });

    // Another customer's buyer: not valid, nothing placed.
    expect((await other.save({ shipDate: tomorrow(), items: [{ productId: product.productId, quantity: 3 }] })).statusCode).toBe(200);
    const refused = await place(other, v.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.voucherCode).toBe("This voucher code is not valid.");

    // Its own customer: accepted, $5 off.
    expect((await who.save({ shipDate: tomorrow(), items: [{ productId: product.productId, quantity: 3 }] })).statusCode).toBe(200);
    const placed = await place(who, v.code.toLowerCase());
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ discount: 5, voucherCode: v.code });

    const listed = (await staff("GET", "/Vouchers")).json().vouchers.find((x: { voucherId: number }) => x.voucherId === v.voucherId);
    expect(listed).toMatchObject({ uses: 1, status: "used up" });
    const del = await staff("DELETE", `/Vouchers/${v.voucherId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(`${v.code} was used on 1 order: it cannot be deleted. Withdraw it instead.`);
    const withdrawn = await staff("POST", `/Vouchers/${v.voucherId}/Withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: "withdrawn" });
    expect(withdrawn.json().withdrawnAt).not.toBeNull();
    expect((await staff("POST", `/Vouchers/${v.voucherId}/Withdraw`)).statusCode).toBe(409);
    expect((await staff("PUT", `/Vouchers/${v.voucherId}`, { amountOff: 6 })).statusCode).toBe(409);
  });

  it("edits a voucher (percent instead of amount, later day), and deletes one nobody used", async () => {
    const who = await buyer(a);
    const v = (await as(admin, "POST", "/Vouchers", { customerId: who.customerId, userId: who.userId, code: "spring-fling-1", description: "Spring", percentOff: 10, validUntil: today(), usesPerCustomer: null })).json();
    expect(v).toMatchObject({ code: "SPRING-FLING-1", percentOff: 10, usesPerCustomer: null, validUntil: today() });
    const edited = await staff("PUT", `/Vouchers/${v.voucherId}`, { amountOff: 7.5, validUntil: addDays(today(), 3) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ percentOff: 0, amountOff: 7.5, validUntil: addDays(today(), 3) });
    const upd = (await lastAudit("supply.voucher.update"))?.detail as { before: object; after: object; summary: string };
    expect(upd.before).toEqual({ percentOff: 10, amountOffCents: 0, validUntil: today() });
    expect(upd.after).toEqual({ percentOff: 0, amountOffCents: 750, validUntil: addDays(today(), 3) });
    expect(upd.summary).toContain("$7.50 off");
    // The same code again: 409 on the field.
    const dup = await staff("POST", "/Vouchers", { customerId: who.customerId, code: "SPRING-FLING-1", description: "x", percentOff: 5, validUntil: today() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.code).toBe("This code is taken");
    expect((await staff("DELETE", `/Vouchers/${v.voucherId}`)).json()).toEqual({ deleted: true });
    expect((await lastAudit("supply.voucher.delete"))?.actorUserId).toBe(sales.id);
    expect((await who.get(`/api/Store/GetBlitzVoucher/${who.userId}`)).json()).toBeNull();
  });

  it("refuses bad input per field and writes nothing", async () => {
    const who = await buyer(a);
    const stranger = await buyer(a);
    const good = { customerId: who.customerId, userId: who.userId, description: "Blitz", percentOff: 10, validUntil: addDays(today(), 1) };
    const before = await vouchersCount();
    const cases: [object, string, string][] = [
      [{ percentOff: 150 }, "percentOff", "At most 100 percent"],
      [{ percentOff: -5 }, "percentOff", "At least 0"],
      [{ percentOff: 12.5 }, "percentOff", "Only whole percents are allowed"],
      [{ percentOff: 0, amountOff: -5 }, "amountOff", "At least $0"],
      [{ percentOff: 0, amountOff: 0 }, "amountOff", "Give an amount or a percent off"],
      [{ percentOff: 0, amountOff: 100000 }, "amountOff", "An amount is at most $5,000"],
      [{ percentOff: 10, amountOff: 5 }, "amountOff", "A voucher takes off an amount or a percent, not both"],
      [{ validUntil: addDays(today(), -1) }, "validUntil", "The last day it may be used is in the past"],
      [{ validUntil: "2026-13-01" }, "validUntil", "Invalid format"],
      [{ customerId: "NO-SUCH-CUSTOMER", userId: null }, "customerId", "Unknown customer: NO-SUCH-CUSTOMER"],
      [{ userId: "no-such-user" }, "userId", "Unknown user: no-such-user"],
      [{ userId: stranger.userId }, "userId", expect.stringMatching(/^This user does not buy for /) as unknown as string],
      [{ usesPerCustomer: 0 }, "usesPerCustomer", "At least 1"],
      [{ code: "=cmd" }, "code", "Letters, digits and dashes only"],
    ];
    for (const [change, field, message] of cases) {
      const res = await staff("POST", "/Vouchers", { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields?.[field], `${JSON.stringify(change)} → ${res.body}`).toEqual(message);
    }
    expect(await vouchersCount()).toBe(before);
    expect((await staff("PUT", "/Vouchers/999999999", { percentOff: 5 })).statusCode).toBe(404);
    expect((await staff("DELETE", "/Vouchers/999999999")).statusCode).toBe(404);
  });

  it("lists each wholesale customer with the users who buy for it", async () => {
    const who = await buyer(a);
    const found = (await staff("GET", "/Buyers")).json().customers.find((c: { customerId: string }) => c.customerId === who.customerId);
    expect(found.users.map((u: { userId: string }) => u.userId)).toEqual([who.userId]);
  });
});

describe("who may", () => {
  it("staff only: 401 for the anonymous, 403 for a buyer", async () => {
    const who = await buyer(a);
    for (const [method, url] of [["GET", "/Specials"], ["GET", "/Combos"], ["GET", "/Vouchers"], ["POST", "/Vouchers"]] as const) {
      expect((await a.app.inject({ method, url: `/api/Supply/Promotions${url}`, headers: SAME_ORIGIN, payload: method === "POST" ? {} : undefined })).statusCode).toBe(method === "POST" ? 400 : 401);
      const asBuyer = await a.app.inject({ method, url: `/api/Supply/Promotions${url}`, headers: { ...SAME_ORIGIN, cookie: who.cookie } });
      expect(asBuyer.statusCode).toBe(method === "POST" ? 400 : 403);
    }
    const ok = await a.app.inject({ method: "POST", url: "/api/Supply/Promotions/Vouchers", headers: { ...SAME_ORIGIN, cookie: who.cookie }, payload: { customerId: who.customerId, description: "mine", percentOff: 100, validUntil: today() } });
    expect(ok.statusCode).toBe(403);
  });
});

describe("live: a special or a combo reaches an open store on the other instance", () => {
  const isSnapshot = (e: SseEvent) => e.event === "snapshot";
  const refreshed = (e: SseEvent) => e.event === "change" && (e.data as { refresh?: boolean }).refresh === true;

  it("sends the open store a refresh, and instance b's catalogue (hot cache) shows the special at once", async () => {
    const { who, line, product, products, catalog } = await offered();
    const onB = client(b.app, who.cookie, who.userId, who.customerId);
    // Instance b's hot cache holds the list first.
    const first = (await onB.products(catalog.orderId, tomorrow())).json() as { productId: string; special: boolean }[];
    expect(first.find((p) => p.productId === product.productId)?.special).toBe(false);
    const s = await openSse(`${baseB}/api/Store/Catalog/Live/${who.userId}/${who.customerId}/${catalog.orderId}/${tomorrow()}`, { cookie: who.cookie });
    opened.push(s);
    await s.next(isSnapshot);

    expect((await staff("PUT", `/Specials/${line.id}`, { special: true, specialPrice: 9, specialPriceNoPail: 9 })).statusCode).toBe(200);
    await s.next(refreshed);
    const list = (await onB.products(catalog.orderId, tomorrow())).json() as { productId: string; special: boolean; price: number }[];
    expect(list.find((p) => p.productId === product.productId)).toMatchObject({ special: true, price: 9 });

    const seen = s.events.length;
    const made = await staff("POST", "/Combos", { title: "Live pair", description: "Now", discountPercent: 5, startsOn: today(), endsOn: today(), productIds: products.map((p) => p.productId) });
    expect(made.statusCode, made.body).toBe(200);
    await s.next(refreshed, seen);
    const combos = (await onB.get(`/api/Dashboard/ComboSpecials?userId=${who.userId}&customerId=${who.customerId}`)).json() as { title: string }[];
    expect(combos.some((c) => c.title === "Live pair")).toBe(true);
  });
});
