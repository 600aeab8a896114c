// Issue 23 items 1, 2 and 6: an acting session reaches only the customers both people share, ends
// as soon as the impersonator loses the right to it (on every instance), and every write made in it
// is audited with both people. Real routes (app.inject) on a real database, PGlite or PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, desc, eq, inArray, like, sql } from "drizzle-orm";
import { auditLog, mailOutbox, orders, sessions, standingOrders } from "../../../db/schema/index.ts";
import type { Role } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { ALL_WEEKDAYS, DEFAULT_TEST_PASSWORD, insertCustomer, insertRetailer, insertUser, shipTimesOn, specWeekday } from "../../../tests/factories/index.ts";
import { client, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { openDatabase, type Database } from "../../../db/client.ts";
import { openSse } from "../../../tests/helpers/sse.ts";
import { jobHandlers } from "../index.ts";
import { runDueJobs } from "../jobs/index.ts";

let t: TestApp;
/** A second instance on the same database: its own session cache and change feed (on PostgreSQL its own pool too). */
let t2: TestApp;
let second: Database | undefined;
let base2: string;
beforeAll(async () => {
  t = await buildTestApp();
  second = t.database.url ? await openDatabase({ databaseUrl: t.database.url, poolSize: 5 }) : undefined;
  t2 = await buildTestApp({}, second ?? t.database);
  base2 = await t2.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await t2?.close();
  await second?.close();
  await t?.close();
});

type App = TestApp["app"];
const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie: string, payload?: object, app: App = t.app) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string, app: App = t.app) => send("GET", url, cookie, undefined, app);
const post = (url: string, cookie: string, payload?: object, app: App = t.app) => send("POST", url, cookie, payload, app);
const checkToken = async (cookie: string, app: App = t.app) => (await get("/api/Auth/CheckToken/", cookie, app)).json();

async function person(roles: Role[], extra: Parameters<typeof insertUser>[1] = {}) {
  const u = await insertUser(t.db, { roles, ...extra });
  return { ...u, cookie: await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD) };
}
const wholesale = () => insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });

/**
 * The case: a shop (like retailer 1008) buying through two wholesalers A ("BLMWH") and B
 * ("METRO"), each with a catalogue on offer; A's wholesaler user; the shop's Retailer user.
 */
async function sharedShop() {
  const A = await wholesale();
  const B = await wholesale();
  const shop = await insertRetailer(t.db, { customerIds: [A.customerId, B.customerId] });
  const shopUser = await insertUser(t.db, {
    roles: ["Retailer"],
    claims: [
      { claim: "WholesalerId", value: A.customerId },
      { claim: "WholesalerId", value: B.customerId },
      { claim: "retailerid", value: String(shop.retailerId) },
    ],
  });
  const wA = await person(["wholesaler"], { customerIds: [A.customerId] });
  const catA = await offer(t.db, [A.customerId], { count: 2, line: { originalQuantity: 50 } });
  const catB = await offer(t.db, [B.customerId], { count: 2, line: { originalQuantity: 50 } });
  return { A: A.customerId, B: B.customerId, shop: shop.retailerId, shopUser, wA, catA, catB };
}

describe("acting never widens the actor's customers (issue 23 item 1)", () => {
  it("A's wholesaler acting for a shop shared with B reaches A only: B's profile, catalogue, cart and order are 403", async () => {
    const s = await sharedShop();
    const started = await post(`/api/Retailer/Impersonate/${s.wA.id}/${s.A}/${s.shop}`, s.wA.cookie);
    expect(started.statusCode).toBe(200);
    expect(started.json().user.customers.map((c: { customerID: string }) => c.customerID)).toEqual([s.A]);
    expect((await checkToken(s.wA.cookie)).user.customers.map((c: { customerID: string }) => c.customerID)).toEqual([s.A]);

    const setB = await post(`/api/Auth/SetCustomer/${s.B}`, s.wA.cookie);
    expect(setB.statusCode).toBe(403);
    expect(setB.json().message).toBe("You do not have access to this customer.");
    expect((await checkToken(s.wA.cookie)).user.currentCustomer.customerID).toBe(s.A);

    const u = s.shopUser.id;
    const r = s.shop;
    const asShopB = client(t.app, s.wA.cookie, u, s.B);
    const refused = [
      await get(`/api/Store/Profile/${u}/${s.B}/${r}`, s.wA.cookie),
      await get(`/api/Store/Catalog/${s.B}/${tomorrow()}/${u}`, s.wA.cookie),
      await get(`/api/Store/Catalog/Products/${u}/${s.B}/${s.catB.catalog.orderId}/${tomorrow()}?retailerId=${r}`, s.wA.cookie),
      await asShopB.cart(`retailerId=${r}`),
      await asShopB.save({ receivingDate: tomorrow(), items: [{ productId: s.catB.products[0]!.productId, quantity: 1 }] }, `retailerId=${r}`),
      await asShopB.place({ key: "acting-b", query: `retailerId=${r}` }),
      await get(`/api/Orders/${u}/${s.B}?retailerId=${r}`, s.wA.cookie),
      await get(`/api/StandingOrders/${u}/${s.B}?retailerId=${r}`, s.wA.cookie),
      await get(`/api/Store/Favourites/${u}/${s.B}?retailerId=${r}`, s.wA.cookie),
      await get(`/api/Dashboard/RecentOrders/${s.B}`, s.wA.cookie),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual(refused.map(() => 403));
    expect(await t.db.select().from(orders).where(eq(orders.customerId, s.B))).toEqual([]);
    // A, which both share, works as before.
    expect((await get(`/api/Store/Profile/${u}/${s.A}/${r}`, s.wA.cookie)).statusCode).toBe(200);
    expect((await client(t.app, s.wA.cookie, u, s.A).cart(`retailerId=${r}`)).statusCode).toBe(200);
  });

  it("the shop's own user still reaches both wholesalers; a wholesaler of both reaches both while acting", async () => {
    const s = await sharedShop();
    const own = await loginAs(t.app, s.shopUser.email, DEFAULT_TEST_PASSWORD);
    expect((await post(`/api/Auth/SetCustomer/${s.B}`, own)).statusCode).toBe(200);
    const both = await person(["wholesaler"], { customerIds: [s.A, s.B] });
    expect((await post(`/api/Retailer/Impersonate/${both.id}/${s.A}/${s.shop}`, both.cookie)).statusCode).toBe(200);
    expect((await checkToken(both.cookie)).user.customers.map((c: { customerID: string }) => c.customerID).sort()).toEqual([s.A, s.B].sort());
    expect((await post(`/api/Auth/SetCustomer/${s.B}`, both.cookie)).statusCode).toBe(200);
  });

  it("staff acting reach the target's customers (staff reach every one), nothing more", async () => {
    const s = await sharedShop();
    const sales = await person(["SalesPerson"]);
    expect((await post(`/api/Admin/${s.shopUser.id}/Impersonate`, sales.cookie)).statusCode).toBe(200);
    expect((await post(`/api/Auth/SetCustomer/${s.B}`, sales.cookie)).statusCode).toBe(200);
    const C = await wholesale();
    expect((await post(`/api/Auth/SetCustomer/${C.customerId}`, sales.cookie)).statusCode).toBe(403);
    const admin = await person(["Administrator"]);
    expect((await post(`/api/Admin/${s.wA.id}/Impersonate`, admin.cookie)).statusCode).toBe(200);
    expect((await post(`/api/Auth/SetCustomer/${s.B}`, admin.cookie)).statusCode).toBe(403);
    expect((await get(`/api/Store/Profile/${s.wA.id}/${s.B}/0`, admin.cookie)).statusCode).toBe(403);
  });

  it("a wholesaler unlinked from the shared customer while acting loses the session", async () => {
    const s = await sharedShop();
    const admin = await person(["Administrator"]);
    expect((await post(`/api/Retailer/Impersonate/${s.wA.id}/${s.A}/${s.shop}`, s.wA.cookie)).statusCode).toBe(200);
    const C = await wholesale();
    expect((await send("PUT", `/api/User/Update/${s.wA.id}`, admin.cookie, { customerIds: [C.customerId] })).statusCode).toBe(200);
    await expect.poll(async () => (await checkToken(s.wA.cookie)).user, { timeout: 3_000 }).toBeNull();
  });
});

describe("an acting session never outlives the impersonator's right (issue 23 item 2)", () => {
  /** A SalesPerson acting for a wholesaler, the session warmed in both instances' memory. */
  async function salesActing() {
    const c = await wholesale();
    const buyer = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const sales = await person(["SalesPerson"]);
    const admin = await person(["Administrator"]);
    expect((await post(`/api/Admin/${buyer.id}/Impersonate`, sales.cookie)).statusCode).toBe(200);
    for (const app of [t.app, t2.app]) {
      for (let i = 0; i < 2; i++) expect(await checkToken(sales.cookie, app)).toMatchObject({ user: { id: buyer.id }, originalUser: { id: sales.id } });
      expect((await client(app, sales.cookie, buyer.id, c.customerId).cart()).statusCode).toBe(200);
    }
    return { c, buyer, sales, admin };
  }
  /** Every instance answers the acting session as gone: CheckToken without a user, the cart 401, the row deleted. */
  async function endedEverywhere(x: Awaited<ReturnType<typeof salesActing>>) {
    for (const app of [t2.app, t.app]) {
      await expect.poll(async () => (await checkToken(x.sales.cookie, app)).user, { timeout: 3_000 }).toBeNull();
      const cart = await client(app, x.sales.cookie, x.buyer.id, x.c.customerId).cart();
      expect(cart.statusCode).toBe(401);
      const save = await client(app, x.sales.cookie, x.buyer.id, x.c.customerId).save({ shipDate: tomorrow(), items: [] });
      expect(save.statusCode).toBe(401);
    }
    expect(await t.db.select().from(sessions).where(eq(sessions.originalUserId, x.sales.id))).toEqual([]);
  }

  const actingRowsOf = (x: { sales: { id: string } }) => t.db.select().from(sessions).where(eq(sessions.originalUserId, x.sales.id));

  it("deactivating the impersonator (through the other instance) ends it, with the change", async () => {
    const x = await salesActing();
    expect((await send("PUT", `/api/User/Update/${x.sales.id}`, x.admin.cookie, { active: false }, t2.app)).statusCode).toBe(200);
    expect(await actingRowsOf(x)).toEqual([]);
    await endedEverywhere(x);
  });

  it("removing the role that allowed it ends it, with the change", async () => {
    const x = await salesActing();
    expect((await send("PUT", `/api/User/Update/${x.sales.id}`, x.admin.cookie, { roles: ["wholesaler"] }, t2.app)).statusCode).toBe(200);
    expect(await actingRowsOf(x)).toEqual([]);
    await endedEverywhere(x);
  });

  it("a right lost while nothing else noticed (a direct database change) ends the session at its next request", async () => {
    const x = await salesActing();
    await t.db.execute(sql`update users set active = false where id = ${x.sales.id}`);
    await endedEverywhere(x);
  });

  it("the acting session's open live stream on the other instance ends when the impersonator is deactivated", async () => {
    const x = await salesActing();
    const { catalog } = await offer(t.db, [x.c.customerId]);
    const live = await openSse(`${base2}/api/Store/Catalog/Live/${x.buyer.id}/${x.c.customerId}/${catalog.orderId}/${tomorrow()}`, { cookie: x.sales.cookie });
    try {
      expect(live.status).toBe(200);
      await live.next((e) => e.event === "snapshot");
      expect((await send("PUT", `/api/User/Update/${x.sales.id}`, x.admin.cookie, { active: false })).statusCode).toBe(200);
      expect((await live.next((e) => e.event === "end")).data).toEqual({ reason: "signed-out" });
      await live.ended;
    } finally {
      live.close();
    }
  });

  it("a password reset of the impersonator ends it", async () => {
    const x = await salesActing();
    expect((await post(`/api/Auth/ResendPasswordReset/${x.sales.id}`, x.admin.cookie, undefined, t2.app)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, x.sales.email)).orderBy(desc(mailOutbox.id));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
    const reset = await t2.app.inject({ method: "POST", url: "/api/Auth/UpdatePassword", headers: SAME_ORIGIN, payload: { token, password: "a-new-password-1", confirmPassword: "a-new-password-1" } });
    expect(reset.statusCode).toBe(200);
    await endedEverywhere(x);
  });

  it("the impersonator's own password change ends its acting sessions elsewhere", async () => {
    const x = await salesActing();
    const elsewhere = await loginAs(t.app, x.sales.email, DEFAULT_TEST_PASSWORD);
    const changed = await post("/api/Account/Password", elsewhere, { currentPassword: DEFAULT_TEST_PASSWORD, password: "another-password-2", confirmPassword: "another-password-2" }, t2.app);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().ended).toBeGreaterThanOrEqual(1);
    await endedEverywhere(x);
    expect((await checkToken(elsewhere)).user.id).toBe(x.sales.id);
  });

  it("a change that leaves the right standing (a new name) keeps the session", async () => {
    const x = await salesActing();
    expect((await send("PUT", `/api/User/Update/${x.sales.id}`, x.admin.cookie, { firstName: "Renamed" }, t2.app)).statusCode).toBe(200);
    expect(await checkToken(x.sales.cookie)).toMatchObject({ user: { id: x.buyer.id }, originalUser: { id: x.sales.id } });
  });
});

describe("every write while acting is audited with both people (issue 23 item 6)", () => {
  const actingRows = (actor: string) =>
    t.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, actor), like(auditLog.action, "acting.%"))).orderBy(asc(auditLog.id));

  it("standing orders (mode order): audited, and the orders the job places later carry who set them up", async () => {
    const c = await wholesale();
    const buyer = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const sales = await person(["SalesPerson"]);
    const { products: [p] } = await offer(t.db, [c.customerId], { line: { originalQuantity: 30 } });
    expect((await post(`/api/Admin/${buyer.id}/Impersonate`, sales.cookie)).statusCode).toBe(200);
    const base = `/api/StandingOrders/${buyer.id}/${c.customerId}`;
    const body = { name: "Set up by sales", weekday: specWeekday(tomorrow()), mode: "order", lines: [{ productId: p!.productId, quantity: 4 }] };
    const created = await post(base, sales.cookie, body);
    expect(created.statusCode).toBe(200);
    const so = created.json();
    const [row] = await t.db.select().from(standingOrders).where(eq(standingOrders.id, so.id));
    expect(row).toMatchObject({ userId: buyer.id, salesUserId: sales.id, mode: "order" });
    const rows = await actingRows(sales.id);
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["acting.standing_orders.insert", "acting.standing_order_lines.insert"]));
    expect(rows.find((r) => r.action === "acting.standing_orders.insert")).toMatchObject({
      targetUserId: buyer.id,
      detail: { route: "POST /api/StandingOrders/:userId/:customerId", row: { id: so.id, mode: "order", sales_user_id: sales.id, customer_id: c.customerId } },
    });
    expect((await send("PUT", `${base}/${so.id}`, sales.cookie, { ...body, name: "Changed" })).statusCode).toBe(200);
    expect((await actingRows(sales.id)).map((r) => r.action)).toContain("acting.standing_orders.update");

    await runDueJobs(t.db, t.config, jobHandlers, { now: new Date(so.nextRunAt) });
    const placed = await t.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ salesUserId: sales.id, idempotencyKey: `standing-order:${so.id}:${tomorrow()}` });

    // Deleting it while acting is audited too.
    expect((await send("DELETE", `${base}/${so.id}`, sales.cookie)).statusCode).toBe(200);
    expect((await actingRows(sales.id)).map((r) => r.action)).toContain("acting.standing_orders.delete");
  });

  it("a standing order the buyer sets up itself carries no salesUserId and writes no audit row", async () => {
    const c = await wholesale();
    const buyer = await person(["wholesaler"], { customerIds: [c.customerId] });
    const { products: [p] } = await offer(t.db, [c.customerId]);
    const res = await post(`/api/StandingOrders/${buyer.id}/${c.customerId}`, buyer.cookie, { name: "Mine", weekday: specWeekday(tomorrow()), mode: "order", lines: [{ productId: p!.productId, quantity: 1 }] });
    expect(res.statusCode).toBe(200);
    expect((await t.db.select().from(standingOrders).where(eq(standingOrders.id, res.json().id)))[0]!.salesUserId).toBeNull();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, buyer.id))).toEqual([]);
  });

  it("favourites starred and unstarred while acting are audited with both people", async () => {
    const s = await sharedShop();
    expect((await post(`/api/Retailer/Impersonate/${s.wA.id}/${s.A}/${s.shop}`, s.wA.cookie)).statusCode).toBe(200);
    const fav = `/api/Store/Favourites/${s.shopUser.id}/${s.A}/${s.catA.products[0]!.productId}?retailerId=${s.shop}`;
    expect((await send("PUT", fav, s.wA.cookie)).statusCode).toBe(200);
    expect((await send("DELETE", fav, s.wA.cookie)).statusCode).toBe(200);
    const rows = await actingRows(s.wA.id);
    expect(rows.map((r) => [r.action, r.targetUserId])).toEqual([
      ["acting.favourites.insert", s.shopUser.id],
      ["acting.favourites.delete", s.shopUser.id],
    ]);
    expect(rows[0]!.detail).toMatchObject({ row: { customer_id: s.A, retailer_id: s.shop, product_id: s.catA.products[0]!.productId } });
  });

  it("a reset mail sent while an Administrator acts as a SalesPerson is logged as the Administrator acting", async () => {
    const admin = await person(["Administrator"]);
    const sales = await insertUser(t.db, { roles: ["SalesPerson"] });
    const customerUser = await insertUser(t.db, { roles: ["wholesaler"] });
    expect((await post(`/api/Admin/${sales.id}/Impersonate`, admin.cookie)).statusCode).toBe(200);
    expect((await post(`/api/Auth/ResendPasswordReset/${customerUser.id}`, admin.cookie)).statusCode).toBe(200);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "user.reset-mail"), eq(auditLog.targetUserId, customerUser.id)));
    expect(row).toMatchObject({ actorUserId: admin.id, detail: { to: customerUser.email, actingAs: sales.id } });
  });

  it("Account/SignOutOthers and Account/Password are refused while acting and end nothing", async () => {
    const admin = await person(["Administrator"]);
    const sales = await person(["SalesPerson"]);
    expect((await post(`/api/Admin/${sales.id}/Impersonate`, admin.cookie)).statusCode).toBe(200);
    const out = await post("/api/Account/SignOutOthers", admin.cookie);
    expect(out.statusCode).toBe(403);
    expect(out.json().message).toMatch(/acting for someone/);
    const pw = await post("/api/Account/Password", admin.cookie, { currentPassword: DEFAULT_TEST_PASSWORD, password: "hijacked-password", confirmPassword: "hijacked-password" });
    expect(pw.statusCode).toBe(403);
    // The SalesPerson's own session and password are untouched; nothing was audited as theirs.
    expect((await checkToken(sales.cookie)).user.id).toBe(sales.id);
    expect((await t.app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: sales.email, password: DEFAULT_TEST_PASSWORD } })).statusCode).toBe(200);
    expect(await t.db.select().from(auditLog).where(and(like(auditLog.action, "account.%"), inArray(auditLog.targetUserId, [sales.id, admin.id])))).toEqual([]);
  });
});
