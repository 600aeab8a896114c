import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { auditLog, customers, orders, users } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { ALL_WEEKDAYS, DEFAULT_TEST_PASSWORD, insertCustomer, insertRetailer, insertUser, shipTimesOn } from "../../../tests/factories/index.ts";
import type { Role } from "../../../db/schema/index.ts";
import { actingAware, runActing } from "./acting.ts";
import { client, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, cookie: string, payload?: object) => t.app.inject({ method: "POST", url, headers: { ...SAME_ORIGIN, cookie }, payload });
const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { ...SAME_ORIGIN, cookie } });
const auditOf = (actor: string) => t.db.select().from(auditLog).where(eq(auditLog.actorUserId, actor)).orderBy(asc(auditLog.id));

async function person(roles: Role[], extra: Parameters<typeof insertUser>[1] = {}) {
  const u = await insertUser(t.db, { roles, ...extra });
  return { ...u, cookie: await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD) };
}

/** A wholesale customer, its wholesaler user, a shop buying through it and that shop's Retailer user. */
async function wholesalerWithRetailer() {
  const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
  const w = await person(["wholesaler"], { customerIds: [c.customerId] });
  const r = await insertRetailer(t.db, { customerIds: [c.customerId] });
  const ru = await insertUser(t.db, {
    roles: ["Retailer"],
    claims: [
      { claim: "WholesalerId", value: c.customerId },
      { claim: "retailerid", value: String(r.retailerId) },
    ],
  });
  return { c, w, r, ru };
}

describe("who may act for whom (POST /api/Admin/{userId}/Impersonate)", () => {
  const cases: [actor: Role, target: Role, status: number][] = [
    ["Administrator", "wholesaler", 200],
    ["Administrator", "Retailer", 200],
    ["Administrator", "MassMarket", 200],
    ["Administrator", "SalesPerson", 200],
    ["Administrator", "Administrator", 403],
    ["SalesPerson", "wholesaler", 200],
    ["SalesPerson", "Retailer", 200],
    ["SalesPerson", "MassMarket", 200],
    ["SalesPerson", "SalesPerson", 403],
    ["SalesPerson", "Administrator", 403],
    ["wholesaler", "Retailer", 403],
    ["wholesaler", "wholesaler", 403],
    ["Retailer", "wholesaler", 403],
    ["MassMarket", "Retailer", 403],
  ];
  it.each(cases)("%s acting as a %s answers %i", async (actorRole, targetRole, status) => {
    const actor = await person([actorRole]);
    const target = await insertUser(t.db, { roles: [targetRole] });
    const res = await post(`/api/Admin/${target.id}/Impersonate`, actor.cookie);
    expect(res.statusCode).toBe(status);
    const check = (await get("/api/Auth/CheckToken/", actor.cookie)).json();
    if (status === 200) {
      expect(res.json()).toMatchObject({ user: { id: target.id, email: target.email }, originalUser: { id: actor.id, email: actor.email } });
      expect(check).toMatchObject({ user: { id: target.id }, originalUser: { id: actor.id, email: actor.email } });
    } else {
      expect(check).toMatchObject({ user: { id: actor.id }, originalUser: null });
      expect(await auditOf(actor.id)).toEqual([]);
    }
  });

  it("a staff user holding a customer role too is still staff: a SalesPerson may not act for it", async () => {
    const sales = await person(["SalesPerson"]);
    const mixed = await insertUser(t.db, { roles: ["wholesaler", "SalesPerson"] });
    expect((await post(`/api/Admin/${mixed.id}/Impersonate`, sales.cookie)).statusCode).toBe(403);
  });

  it("a user without any role is open to an Administrator only", async () => {
    const none = await insertUser(t.db, { roles: [] });
    expect((await post(`/api/Admin/${none.id}/Impersonate`, (await person(["SalesPerson"])).cookie)).statusCode).toBe(403);
    expect((await post(`/api/Admin/${none.id}/Impersonate`, (await person(["Administrator"])).cookie)).statusCode).toBe(200);
  });

  it("refuses acting as oneself (400), an unknown user (404), a deactivated one (400) and a signed-out caller (401)", async () => {
    const admin = await person(["Administrator"]);
    expect((await post(`/api/Admin/${admin.id}/Impersonate`, admin.cookie)).statusCode).toBe(400);
    expect((await post(`/api/Admin/no-such-user/Impersonate`, admin.cookie)).statusCode).toBe(404);
    const gone = await insertUser(t.db, { roles: ["wholesaler"], active: false });
    expect((await post(`/api/Admin/${gone.id}/Impersonate`, admin.cookie)).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: `/api/Admin/${gone.id}/Impersonate` })).statusCode).toBe(401);
  });

  it("refuses nesting: while acting (even as a SalesPerson), no second impersonation of either kind", async () => {
    const admin = await person(["Administrator"]);
    const sales = await insertUser(t.db, { roles: ["SalesPerson"] });
    const other = await insertUser(t.db, { roles: ["wholesaler"] });
    expect((await post(`/api/Admin/${sales.id}/Impersonate`, admin.cookie)).statusCode).toBe(200);
    const nested = await post(`/api/Admin/${other.id}/Impersonate`, admin.cookie);
    expect(nested.statusCode).toBe(409);
    expect(nested.json().message).toMatch(/already acting/);
    const { c, r } = await wholesalerWithRetailer();
    expect((await post(`/api/Retailer/Impersonate/${sales.id}/${c.customerId}/${r.retailerId}`, admin.cookie)).statusCode).toBe(409);
    expect((await get("/api/Auth/CheckToken/", admin.cookie)).json()).toMatchObject({ user: { id: sales.id }, originalUser: { id: admin.id } });
  });

  it("stopping restores the original user; stopping when not acting is 409", async () => {
    const admin = await person(["Administrator"]);
    const w = await insertUser(t.db, { roles: ["wholesaler"] });
    expect((await post("/api/Retailer/Unimpersonate", admin.cookie)).statusCode).toBe(409);
    await post(`/api/Admin/${w.id}/Impersonate`, admin.cookie);
    const stop = await post("/api/Retailer/Unimpersonate", admin.cookie);
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ user: { id: admin.id }, originalUser: null });
    expect((await get("/api/Auth/CheckToken/", admin.cookie)).json()).toMatchObject({ user: { id: admin.id }, originalUser: null });
    // Only this session acted: another session of the same administrator was never someone else.
    const second = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
    await post(`/api/Admin/${w.id}/Impersonate`, admin.cookie);
    expect((await get("/api/Auth/CheckToken/", second)).json()).toMatchObject({ user: { id: admin.id }, originalUser: null });
  });
});

describe("a wholesaler acts for its retailer (POST /api/Retailer/Impersonate/{a}/{b}/{c})", () => {
  it("acts as the retailer's user with the wholesaler chosen as customer", async () => {
    const { c, w, r, ru } = await wholesalerWithRetailer();
    const list = await get("/api/Retailer/ActFor", w.cookie);
    expect(list.json()).toEqual([{ customerId: c.customerId, companyName: c.companyName, retailerId: r.retailerId, name: r.name, userEmail: ru.email }]);
    const res = await post(`/api/Retailer/Impersonate/${w.id}/${c.customerId}/${r.retailerId}`, w.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: ru.id, retailerID: r.retailerId, currentCustomer: { customerID: c.customerId } }, originalUser: { id: w.id } });
    const [row] = await auditOf(w.id);
    expect(row).toMatchObject({ action: "impersonation.start", targetUserId: ru.id, detail: { via: "retailer", customerId: c.customerId, retailerId: r.retailerId } });
  });

  it("refuses another wholesaler's retailer, someone else's user id, a shop not buying through the customer, and a shop without a user", async () => {
    const mine = await wholesalerWithRetailer();
    const theirs = await wholesalerWithRetailer();
    const w = mine.w;
    // b is not one of my customers
    expect((await post(`/api/Retailer/Impersonate/${w.id}/${theirs.c.customerId}/${theirs.r.retailerId}`, w.cookie)).statusCode).toBe(403);
    // c does not buy through my customer
    expect((await post(`/api/Retailer/Impersonate/${w.id}/${mine.c.customerId}/${theirs.r.retailerId}`, w.cookie)).statusCode).toBe(403);
    // a is not me
    expect((await post(`/api/Retailer/Impersonate/${theirs.w.id}/${mine.c.customerId}/${mine.r.retailerId}`, w.cookie)).statusCode).toBe(403);
    // a retailer without a user
    const empty = await insertRetailer(t.db, { customerIds: [mine.c.customerId] });
    expect((await post(`/api/Retailer/Impersonate/${w.id}/${mine.c.customerId}/${empty.retailerId}`, w.cookie)).statusCode).toBe(404);
    // bad ids are 400, never 500
    expect((await post(`/api/Retailer/Impersonate/${w.id}/${mine.c.customerId}/abc`, w.cookie)).statusCode).toBe(400);
    expect((await post(`/api/Retailer/Impersonate/${w.id}/${mine.c.customerId}/0`, w.cookie)).statusCode).toBe(400);
    expect(await auditOf(w.id)).toEqual([]);
  });

  it("never lets a wholesaler act as a staff member that carries the retailer's claim", async () => {
    const { c, w, r } = await wholesalerWithRetailer();
    await t.db.update(users).set({ active: false }).where(
      sql`${users.id} in (select user_id from user_claims where lower(claim) = 'retailerid' and value = ${String(r.retailerId)})`,
    );
    await insertUser(t.db, { roles: ["Retailer", "SalesPerson"], claims: [{ claim: "retailerid", value: String(r.retailerId) }] });
    expect((await post(`/api/Retailer/Impersonate/${w.id}/${c.customerId}/${r.retailerId}`, w.cookie)).statusCode).toBe(404);
  });

  it("a Retailer user cannot use it", async () => {
    const { c, r, ru } = await wholesalerWithRetailer();
    const cookie = await loginAs(t.app, ru.email, DEFAULT_TEST_PASSWORD);
    expect((await post(`/api/Retailer/Impersonate/${ru.id}/${c.customerId}/${r.retailerId}`, cookie)).statusCode).toBe(403);
  });
});

describe("the audit trail", () => {
  it("records start and stop with who, as whom, when and from where", async () => {
    const sales = await person(["SalesPerson"]);
    const w = await insertUser(t.db, { roles: ["wholesaler"] });
    const before = Date.now();
    await t.app.inject({ method: "POST", url: `/api/Admin/${w.id}/Impersonate`, headers: { ...SAME_ORIGIN, cookie: sales.cookie, "user-agent": "audit-test" } });
    await post("/api/Retailer/Unimpersonate", sales.cookie);
    const rows = await auditOf(sales.id);
    expect(rows.map((r) => [r.action, r.targetUserId])).toEqual([
      ["impersonation.start", w.id],
      ["impersonation.stop", w.id],
    ]);
    expect(rows[0]!.ip).toBeTruthy();
    expect(rows[0]!.detail).toMatchObject({ via: "admin", userAgent: "audit-test" });
    expect(rows[0]!.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it("writes made while acting (cart save, order, user change) carry audit rows; the order carries salesUserId", async () => {
    const sales = await person(["SalesPerson"]);
    const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const w = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const { products: ps } = await offer(t.db, [c.customerId], { count: 1, line: { originalQuantity: 40 } });
    expect((await post(`/api/Admin/${w.id}/Impersonate`, sales.cookie)).statusCode).toBe(200);
    const as = client(t.app, sales.cookie, w.id, c.customerId);
    expect((await as.save({ shipDate: tomorrow(), items: [{ productId: ps[0]!.productId, quantity: 3 }] })).statusCode).toBe(200);
    const placed = await as.place({ key: "acting-order-1" });
    expect(placed.statusCode).toBe(200);
    const orderNumber = placed.json().orderNumber as number;
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toMatchObject({ userId: w.id, salesUserId: sales.id });
    const rename = await t.app.inject({ method: "PUT", url: `/api/User/Update/${w.id}`, headers: { ...SAME_ORIGIN, cookie: sales.cookie }, payload: { firstName: "Renamed" } });
    expect(rename.statusCode).toBe(200);

    const acting = await t.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, sales.id), like(auditLog.action, "acting.%"))).orderBy(asc(auditLog.id));
    expect(acting.every((r) => r.targetUserId === w.id && !!r.ip)).toBe(true);
    const actions = acting.map((r) => r.action);
    expect(actions).toContain("acting.carts.update");
    expect(actions).toContain("acting.cart_lines.change");
    expect(actions).toContain("acting.orders.insert");
    expect(actions).toContain("acting.users.update");
    const orderRow = acting.find((r) => r.action === "acting.orders.insert")!;
    expect(orderRow.detail).toMatchObject({
      table: "orders",
      route: "POST /api/Store/PlaceOrder/:userId/:customerId",
      row: { order_number: orderNumber, sales_user_id: sales.id, customer_id: c.customerId },
    });
    // One row per table and transaction, not one per cart line; the cart's row says what changed
    // (the save added 3 bunches; placing the order emptied the cart).
    const cartRows = acting.filter((r) => r.action === "acting.cart_lines.change");
    expect(cartRows.map((r) => (r.detail as { changes: { quantity: number }[] }).changes.map((ch) => ch.quantity))).toEqual([[3], [-3]]);
    expect(cartRows[0]!.detail).toMatchObject({ row: { customer_id: c.customerId }, changes: [{ productId: ps[0]!.productId, description: ps[0]!.description, quantity: 3 }] });

    // The log in words, filterable by person, customer, order and day.
    const reader = await person(["Administrator"]);
    const read = (q: string) => t.app.inject({ method: "GET", url: `/api/Admin/AuditLog?${q}`, headers: { cookie: reader.cookie } });
    const [company] = await t.db.select().from(customers).where(eq(customers.customerId, c.customerId));
    const [salesUser] = await t.db.select().from(users).where(eq(users.id, sales.id));
    const who = `${salesUser!.firstName} ${salesUser!.lastName}`;
    const byCustomer = (await read(`customer=${c.customerId.toLowerCase()}&pageSize=100`)).json();
    expect(byCustomer.items.map((i: { summary: string }) => i.summary)).toContain(
      `${who}, acting for ${company!.companyName}, added 3 bunches of ${ps[0]!.description} to the cart`,
    );
    expect(byCustomer.items.map((i: { summary: string }) => i.summary)).toContain(`${who}, acting for ${company!.companyName}, placed order ${orderNumber}`);
    const byOrder = (await read(`order=${orderNumber}`)).json();
    expect(byOrder.items.map((i: { action: string }) => i.action)).toEqual(["acting.orders.insert"]);
    expect((await read(`actor=${encodeURIComponent(who)}&customer=${c.customerId}`)).json().total).toBe(byCustomer.total);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect((await read(`day=${today}&customer=${c.customerId}`)).json().total).toBe(byCustomer.total);
    expect((await read(`day=2001-01-01&customer=${c.customerId}`)).json().total).toBe(0);
    expect((await read("order=abc")).statusCode).toBe(400);
  });

  it("the same writes made by the user itself write no audit rows", async () => {
    const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const w = await person(["wholesaler"], { customerIds: [c.customerId] });
    const { products: ps } = await offer(t.db, [c.customerId], { count: 1 });
    const me = client(t.app, w.cookie, w.id, c.customerId);
    expect((await me.save({ shipDate: tomorrow(), items: [{ productId: ps[0]!.productId, quantity: 2 }] })).statusCode).toBe(200);
    expect((await me.place({ key: "self-1" })).statusCode).toBe(200);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, w.id));
    expect(rows).toEqual([]);
  });

  it("a write refused while acting leaves no audit row, and an audit row never outlives a rolled-back write", async () => {
    const admin = await person(["Administrator"]);
    const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const w = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    await post(`/api/Admin/${w.id}/Impersonate`, admin.cookie);
    // An empty cart cannot become an order: the checkout transaction rolls back.
    const refused = await client(t.app, admin.cookie, w.id, c.customerId).place({ key: "empty" });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const afterRefusal = await t.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, admin.id), like(auditLog.action, "acting.orders%")));
    expect(afterRefusal).toEqual([]);

    // Directly: a transaction that writes while acting and then fails keeps neither the write nor its audit row.
    const db = actingAware(t.db);
    const ctx = { actor: admin.id, as: w.id, route: "test", ip: "127.0.0.1" };
    await expect(
      runActing(ctx, () =>
        db.transaction(async (tx) => {
          await tx.update(users).set({ lastName: "Rolled back" }).where(eq(users.id, w.id));
          throw new Error("boom");
        }),
      ),
    ).rejects.toThrow("boom");
    const [still] = await t.db.select({ lastName: users.lastName }).from(users).where(eq(users.id, w.id));
    expect(still!.lastName).not.toBe("Rolled back");
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, admin.id), eq(auditLog.action, "acting.users.update")))).toEqual([]);
    // ...and the same transaction committed does write it.
    await runActing(ctx, () => db.transaction(async (tx) => tx.update(users).set({ lastName: "Committed" }).where(eq(users.id, w.id))));
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, admin.id), eq(auditLog.action, "acting.users.update")))).toHaveLength(1);
  });

  it("is append-only in the database: no UPDATE, DELETE or TRUNCATE", async () => {
    const admin = await person(["Administrator"]);
    const w = await insertUser(t.db, { roles: ["wholesaler"] });
    await post(`/api/Admin/${w.id}/Impersonate`, admin.cookie);
    const [row] = await auditOf(admin.id);
    await expect(t.db.update(auditLog).set({ action: "forged" }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await auditOf(admin.id)).toMatchObject([{ id: row!.id, action: "impersonation.start" }]);
  });

  it("staff read it filtered and paged; nobody else reads it", async () => {
    const sales = await person(["SalesPerson"]);
    const targets = await Promise.all([0, 1, 2].map(() => insertUser(t.db, { roles: ["wholesaler"] })));
    for (const target of targets) {
      await post(`/api/Admin/${target.id}/Impersonate`, sales.cookie);
      await post("/api/Retailer/Unimpersonate", sales.cookie);
    }
    const page = await get(`/api/Admin/AuditLog?actor=${encodeURIComponent(sales.email)}&action=impersonation.start&pageSize=2`, sales.cookie);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.total).toBe(3);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({ action: "impersonation.start", actorEmail: sales.email, targetEmail: targets[2]!.email });
    const second = (await get(`/api/Admin/AuditLog?actor=${sales.id}&action=impersonation.start&pageSize=2&page=2`, sales.cookie)).json();
    expect(second.items.map((i: { targetUserId: string }) => i.targetUserId)).toEqual([targets[0]!.id]);
    const byTarget = (await get(`/api/Admin/AuditLog?target=${encodeURIComponent(targets[1]!.email)}`, sales.cookie)).json();
    expect(byTarget.items.map((i: { action: string }) => i.action).sort()).toEqual(["impersonation.start", "impersonation.stop"]);
    expect((await get(`/api/Admin/AuditLog?from=2030-01-02&to=2030-01-01`, sales.cookie)).statusCode).toBe(400);
    expect((await get(`/api/Admin/AuditLog?pageSize=1000`, sales.cookie)).statusCode).toBe(400);
    const w = await person(["wholesaler"]);
    expect((await get("/api/Admin/AuditLog", w.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/Admin/AuditLog" })).statusCode).toBe(401);
  });
});
