import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { comboSpecialProducts, comboSpecials, interactiveImageHotspots, interactiveImages, orders, vouchers } from "../../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, insertCatalog, insertOfferLine, insertOrder, insertProduct, isoDateAt } from "../../../tests/factories/index.ts";
import { buyer, offer } from "../../../tests/helpers/store-fixtures.ts";
import { DASHBOARD_SPECIALS } from "../../../domain/dashboard.ts";
import { dashboardPanels } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const ids = (list: { productId: string }[]) => list.map((x) => x.productId);

describe("Specials and FutureSpecials", () => {
  it("lists the special lines of the current catalog, and of later catalogs with their dates", async () => {
    const a = await buyer(t);
    const today = isoDateAt();
    const current = await insertCatalog(t.db, { customerIds: [a.customerId], shipDateFrom: today, shipDateTo: addDays(today, 6) });
    const special = await insertOfferLine(t.db, { catalogId: current.id, special: true, originalQuantity: 12 });
    await insertOfferLine(t.db, { catalogId: current.id, special: false });
    await insertOfferLine(t.db, { catalogId: current.id, special: true, showStore: false });
    const later = await insertCatalog(t.db, { customerIds: [a.customerId], shipDateFrom: addDays(today, 7), shipDateTo: addDays(today, 13) });
    const future = await insertOfferLine(t.db, { catalogId: later.id, special: true });
    await insertOfferLine(t.db, { catalogId: later.id, special: false });

    const specials = (await a.get(`/api/Dashboard/Specials/${a.userId}/${a.customerId}/0`)).json();
    expect(ids(specials)).toEqual([special.productId]);
    expect(specials[0]).toMatchObject({ special: true, quantityRemaining: 12, offerOrderNumber: current.orderId });

    const res = await a.get(`/api/Dashboard/FutureSpecials/${a.userId}/${a.customerId}/0`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { productId: string; offerOrderNumber: number; shipDateFrom: string; shipDateTo: string }) => [x.productId, x.offerOrderNumber, x.shipDateFrom, x.shipDateTo])).toEqual([
      [future.productId, later.orderId, later.shipDateFrom, later.shipDateTo],
    ]);
  });

  it("is empty when the customer has no open ship date", async () => {
    const a = await buyer(t, { shipTimes: [] });
    await offer(t.db, [a.customerId], { line: { special: true } });
    expect((await a.get(`/api/Dashboard/Specials/${a.userId}/${a.customerId}/0`)).json()).toEqual([]);
  });
});

describe("RecentOrders", () => {
  it("lists the customer's last 10 orders, newest first", async () => {
    const a = await buyer(t);
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, placedAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
    }
    const res = await a.get(`/api/Dashboard/RecentOrders/${a.customerId}`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((o: { orderNumber: number }) => o.orderNumber)).toEqual(made.slice(2).reverse().map((o) => o.orderNumber));
    const newest = made[11]!;
    expect(list[0]).toEqual({
      orderNumber: newest.orderNumber,
      customerId: a.customerId,
      retailerId: 0,
      shipDate: newest.shipDate,
      receivingDate: null,
      placedAt: newest.placedAt.toISOString(),
      status: "submitted",
      boxed: false,
      lineCount: 2,
      total: newest.totalCents / 100,
    });
  });
});

describe("InteractiveImg", () => {
  it("returns the dashboard picture with its hotspots", async () => {
    const a = await buyer(t);
    const p = await insertProduct(t.db);
    const [img] = await t.db.insert(interactiveImages).values({ key: "dashboard", title: "Spring", alt: "A spring bench", scene: "bench" }).returning();
    await t.db.insert(interactiveImageHotspots).values([
      { imageId: img!.id, label: "Lilies", productId: p.productId, variety: "lilies", href: null, xPct: "12.50", yPct: "40.00" },
      { imageId: img!.id, label: "Care", productId: null, variety: null, href: "/FlowerCare", xPct: "80.00", yPct: "10.25" },
    ]);
    const res = await a.get("/api/Dashboard/InteractiveImg");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: "Spring",
      alt: "A spring bench",
      scene: "bench",
      hotspots: [
        { label: "Lilies", productId: p.productId, variety: "lilies", href: null, x: 12.5, y: 40 },
        { label: "Care", productId: null, variety: null, href: "/FlowerCare", x: 80, y: 10.25 },
      ],
    });
  });
});

describe("ComboSpecials", () => {
  it("lists the combos running today with their products", async () => {
    const a = await buyer(t);
    const today = isoDateAt();
    const [p1, p2] = [await insertProduct(t.db, { description: "A lily" }), await insertProduct(t.db, { description: "B gerbera" })];
    const [running] = await t.db
      .insert(comboSpecials)
      .values({ title: "Lily + Gerbera", description: "Together for less", discountPercent: "12.50", startsOn: addDays(today, -1), endsOn: addDays(today, 1) })
      .returning();
    await t.db.insert(comboSpecials).values({ title: "Over", description: "Ended", discountPercent: "5", startsOn: addDays(today, -9), endsOn: addDays(today, -1) });
    await t.db.insert(comboSpecialProducts).values([
      { comboSpecialId: running!.id, productId: p2!.productId },
      { comboSpecialId: running!.id, productId: p1!.productId },
    ]);
    const res = await a.get(`/api/Dashboard/ComboSpecials?userId=${a.userId}&customerId=${a.customerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: running!.id,
        title: "Lily + Gerbera",
        description: "Together for less",
        discountPercent: 12.5,
        products: [
          { strProductId: p1!.productId, description: "A lily" },
          { strProductId: p2!.productId, description: "B gerbera" },
        ],
      },
    ]);
  });
});

describe("Recommended", () => {
  it("ranks what the customer bought most that is available now, then adds specials of the same varieties", async () => {
    const a = await buyer(t);
    const catalog = await insertCatalog(t.db, { customerIds: [a.customerId] });
    const lily = (description: string) => insertProduct(t.db, { variety: "lilies", description });
    const [most, second, soldOut, notOffered] = [await lily("Lily most"), await lily("Lily second"), await lily("Lily sold out"), await lily("Lily not offered")];
    const [specialA, specialB] = [await lily("Lily special A"), await lily("Lily special B")];
    const rose = await insertProduct(t.db, { variety: "garden-roses", description: "Rose special" });
    for (const p of [most, second, specialA, specialB, rose]) {
      await insertOfferLine(t.db, { catalogId: catalog.id, productId: p.productId, special: p === specialA || p === specialB || p === rose });
    }
    await insertOfferLine(t.db, { catalogId: catalog.id, productId: soldOut.productId, originalQuantity: 5, quantityOrdered: 5 });
    await insertOrder(t.db, {
      customerId: a.customerId,
      userId: a.userId,
      lines: [
        { productId: most.productId, quantity: 40 },
        { productId: second.productId, quantity: 10 },
        { productId: soldOut.productId, quantity: 90 },
        { productId: notOffered.productId, quantity: 80 },
      ],
    });
    await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, lines: [{ productId: second.productId, quantity: 5 }] });
    // Old and cancelled orders do not count.
    await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, placedAt: new Date(Date.now() - 120 * 86_400_000), lines: [{ productId: second.productId, quantity: 500 }] });
    await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, status: "cancelled", lines: [{ productId: second.productId, quantity: 500 }] });

    const url = `/api/Store/Recommended?customerId=${a.customerId}&userId=${a.userId}&retailerId=0`;
    const res = await a.get(url);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([most.productId, second.productId, specialA.productId, specialB.productId]);
    // Deterministic: the same data gives the same list.
    expect(ids((await a.get(url)).json())).toEqual(ids(res.json()));
  });

  it("is empty without order history", async () => {
    const a = await buyer(t);
    await offer(t.db, [a.customerId], { line: { special: true } });
    expect((await a.get(`/api/Store/Recommended?customerId=${a.customerId}&userId=${a.userId}`)).json()).toEqual([]);
  });
});

describe("GetBlitzVoucher", () => {
  it("returns the user's running, unredeemed voucher, or null", async () => {
    const a = await buyer(t);
    const url = `/api/Store/GetBlitzVoucher/${a.userId}`;
    expect((await a.get(url)).json()).toBeNull();
    const day = 86_400_000;
    await t.db.insert(vouchers).values([
      { code: `OLD-${a.userId}`, userId: a.userId, description: "Expired", percentOff: 10, startsAt: new Date(Date.now() - 3 * day), expiresAt: new Date(Date.now() - day) },
      { code: `USED-${a.userId}`, userId: a.userId, description: "Used", percentOff: 10, startsAt: new Date(Date.now() - day), expiresAt: new Date(Date.now() + day), redeemedAt: new Date() },
      { code: `SOON-${a.userId}`, userId: a.userId, description: "Not yet", percentOff: 10, startsAt: new Date(Date.now() + day), expiresAt: new Date(Date.now() + 2 * day) },
    ]);
    expect((await a.get(url)).json()).toBeNull();
    const expiresAt = new Date(Date.now() + day);
    await t.db.insert(vouchers).values({ code: `BLITZ-${a.userId}`, userId: a.userId, description: "Blitz", percentOff: 0, amountOffCents: 2550, startsAt: new Date(Date.now() - day), expiresAt });
    expect((await a.get(url)).json()).toEqual({ code: `BLITZ-${a.userId}`, description: "Blitz", percentOff: 0, amountOff: 25.5, expiresAt: expiresAt.toISOString() });
  });
});

describe("dashboard data is per customer", () => {
  it("does not count another customer's orders", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    await insertOrder(t.db, { customerId: b.customerId, userId: b.userId });
    expect((await a.get(`/api/Dashboard/RecentOrders/${a.customerId}`)).json()).toEqual([]);
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});

describe("the dashboard page's panels (its loader, issue 30)", () => {
  it("are the API's answers for the session's current customer, the specials cut to what the panel shows", async () => {
    const a = await buyer(t);
    const today = isoDateAt();
    const current = await insertCatalog(t.db, { customerIds: [a.customerId], shipDateFrom: today, shipDateTo: addDays(today, 6) });
    for (let i = 0; i < DASHBOARD_SPECIALS + 3; i++) await insertOfferLine(t.db, { catalogId: current.id, special: true });
    const auth = { sessionId: "s", user: { id: a.userId, email: "x@example.test", firstName: "A", lastName: "B", roles: ["wholesaler"], claims: [] }, originalUserId: null };
    const panels = await dashboardPanels(t.db, { ...auth, currentCustomerId: a.customerId });
    const api = async (url: string) => (await a.get(url)).json();
    const specials = await api(`/api/Dashboard/Specials/${a.userId}/${a.customerId}/0`);
    expect(specials).toHaveLength(DASHBOARD_SPECIALS + 3);
    expect(panels).toMatchObject({
      ids: { userId: a.userId, customerId: a.customerId, retailerId: 0 },
      specials: specials.slice(0, DASHBOARD_SPECIALS),
      futureSpecials: await api(`/api/Dashboard/FutureSpecials/${a.userId}/${a.customerId}/0`),
      recentOrders: await api(`/api/Dashboard/RecentOrders/${a.customerId}`),
      comboSpecials: await api(`/api/Dashboard/ComboSpecials?userId=${a.userId}&customerId=${a.customerId}`),
      recommended: await api(`/api/Store/Recommended?userId=${a.userId}&customerId=${a.customerId}&retailerId=0`),
      blitz: await api(`/api/Store/GetBlitzVoucher/${a.userId}`),
    });
    // No current customer, or one the session may not buy for: nothing (the page asks the API, which refuses).
    expect(await dashboardPanels(t.db, { ...auth, currentCustomerId: null })).toBeNull();
    const other = await buyer(t);
    expect(await dashboardPanels(t.db, { ...auth, currentCustomerId: other.customerId })).toBeNull();
  });
});
