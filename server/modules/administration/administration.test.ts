import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, mailOutbox, retailerCustomers, userClaims, userRoles, users } from "../../../db/schema/index.ts";
import type { Role } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { DEFAULT_TEST_PASSWORD, insertCustomer, insertRetailer, insertUser } from "../../../tests/factories/index.ts";
import { issueFormToken } from "../public/service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { ...SAME_ORIGIN, cookie } : {}, payload });

async function person(roles: Role[], extra: Parameters<typeof insertUser>[1] = {}) {
  const u = await insertUser(t.db, { roles, ...extra });
  return { ...u, cookie: await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD) };
}

describe("user lists", () => {
  it("staff see customer-side users only under scope customer, staff accounts under scope staff; a SalesPerson only itself there", async () => {
    const admin = await person(["Administrator"]);
    const sales = await person(["SalesPerson"]);
    const w = await insertUser(t.db, { roles: ["wholesaler"], lastName: "Zzlisttest" });
    const q = (scope: string, cookie: string, extra = "") => call("GET", `/api/Administration/Users?scope=${scope}&pageSize=100${extra}`, cookie);
    const customerSide = (await q("customer", sales.cookie, "&q=Zzlisttest")).json();
    expect(customerSide.items.map((u: { id: string }) => u.id)).toEqual([w.id]);
    expect(customerSide.items[0].canActAs).toBe(true);
    const staffForSales = (await q("staff", sales.cookie)).json();
    expect(staffForSales.items.map((u: { id: string }) => u.id)).toEqual([sales.id]);
    const staffForAdmin = (await q("staff", admin.cookie)).json();
    expect(staffForAdmin.items.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([admin.id, sales.id]));
    expect(staffForAdmin.items.find((u: { id: string }) => u.id === sales.id).canActAs).toBe(true);
    expect(staffForAdmin.items.find((u: { id: string }) => u.id === admin.id).canActAs).toBe(false);
    expect((await q("mm", sales.cookie)).statusCode).toBe(403);
    expect((await q("mm", admin.cookie)).statusCode).toBe(200);
  });

  it("a wholesaler sees only the users of its own customers, never staff", async () => {
    const c = await insertCustomer(t.db);
    const other = await insertCustomer(t.db);
    const w = await person(["wholesaler"], { customerIds: [c.customerId] });
    const colleague = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const stranger = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [other.customerId] });
    const linkedStaff = await insertUser(t.db, { roles: ["SalesPerson"], customerIds: [c.customerId] });
    const ids = (await call("GET", "/api/Administration/Users?pageSize=100", w.cookie)).json().items.map((u: { id: string }) => u.id);
    expect(ids).toContain(colleague.id);
    expect(ids).not.toContain(stranger.id);
    expect(ids).not.toContain(linkedStaff.id);
    // A wholesaler's row action would be the staff call, which refuses it: none is offered.
    const rows = (await call("GET", "/api/Administration/Users?pageSize=100", w.cookie)).json().items;
    expect(rows.every((u: { canActAs: boolean }) => !u.canActAs)).toBe(true);
    expect((await call("GET", "/api/Administration/Users?scope=staff", w.cookie)).statusCode).toBe(403);
    const retailer = await person(["Retailer"]);
    expect((await call("GET", "/api/Administration/Users", retailer.cookie)).statusCode).toBe(403);
  });

  it("pages, sorts and filters on the server", async () => {
    const admin = await person(["Administrator"]);
    const tag = `Pg${Date.now()}`;
    for (const n of ["Carol", "Alice", "Bob"]) await insertUser(t.db, { roles: ["MassMarket"], firstName: n, lastName: tag });
    const page1 = (await call("GET", `/api/Administration/Users?q=${tag}&sort=name&pageSize=2`, admin.cookie)).json();
    expect(page1.total).toBe(3);
    expect(page1.items.map((u: { firstName: string }) => u.firstName)).toEqual(["Alice", "Bob"]);
    const desc = (await call("GET", `/api/Administration/Users?q=${tag}&sort=name&dir=desc&pageSize=1&page=1`, admin.cookie)).json();
    expect(desc.items[0].firstName).toBe("Carol");
    expect((await call("GET", `/api/Administration/Users?q=${tag}&role=wholesaler`, admin.cookie)).json().total).toBe(0);
    expect((await call("GET", `/api/Administration/Users?sort=password`, admin.cookie)).statusCode).toBe(400);
  });
});

describe("inviting users", () => {
  it("sends the welcome mail and writes the audit row", async () => {
    const c = await insertCustomer(t.db);
    const sales = await person(["SalesPerson"]);
    const email = `invited-${Date.now()}@example.test`;
    const res = await call("POST", "/api/Administration/Users", sales.cookie, { email, firstName: "Ivy", lastName: "Invited", role: "wholesaler", customerIds: [c.customerId] });
    expect(res.statusCode).toBe(201);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.map((m) => m.kind)).toEqual(["password-welcome"]);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "user.invite"), eq(auditLog.targetUserId, res.json().id)));
    expect(row).toMatchObject({ actorUserId: sales.id });
    expect((await call("POST", "/api/Administration/Users", sales.cookie, { email, firstName: "A", lastName: "B", role: "wholesaler", customerIds: [c.customerId] })).statusCode).toBe(400);
  });

  it("refuses escalation: nobody grants a role it does not hold", async () => {
    const c = await insertCustomer(t.db);
    const other = await insertCustomer(t.db);
    const sales = await person(["SalesPerson"]);
    const w = await person(["wholesaler"], { customerIds: [c.customerId] });
    const body = (role: string, customerIds = [c.customerId]) => ({ email: `esc-${Math.random()}@example.test`, firstName: "E", lastName: "S", role, customerIds });
    expect((await call("POST", "/api/Administration/Users", sales.cookie, body("Administrator"))).statusCode).toBe(403);
    expect((await call("POST", "/api/Administration/Users", sales.cookie, body("SalesPerson"))).statusCode).toBe(403);
    expect((await call("POST", "/api/Administration/Users", w.cookie, body("SalesPerson"))).statusCode).toBe(403);
    expect((await call("POST", "/api/Administration/Users", w.cookie, body("MassMarket"))).statusCode).toBe(403);
    expect((await call("POST", "/api/Administration/Users", w.cookie, body("wholesaler", [other.customerId]))).statusCode).toBe(403);
    expect((await call("POST", "/api/Administration/Users", w.cookie, body("wholesaler"))).statusCode).toBe(201);
    const admin = await person(["Administrator"]);
    expect((await call("POST", "/api/Administration/Users", admin.cookie, body("SalesPerson", []))).statusCode).toBe(201);
  });
});

describe("wholesalers", () => {
  it("staff update the record, ship times and flags; others are refused", async () => {
    const c = await insertCustomer(t.db);
    const sales = await person(["SalesPerson"]);
    const body = {
      companyName: "Renamed Wholesale",
      email: "",
      phone: "555-0199",
      address: "2 Dock Road",
      city: "Albany",
      state: "NY",
      zip: "12207",
      alwaysBoxed: true,
      referralApproved: true,
      active: true,
      shipTimes: [
        { weekday: 3, cutoffShipTime: "13:30" },
        { weekday: 5, cutoffShipTime: "15:00" },
      ],
    };
    const res = await call("PUT", `/api/Admin/Wholesalers/${c.customerId}`, sales.cookie, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companyName: "Renamed Wholesale", email: null, alwaysBoxed: true, referralApproved: true, shipTimes: body.shipTimes });
    expect((await call("PUT", `/api/Admin/Wholesalers/${c.customerId}`, sales.cookie, { ...body, shipTimes: [{ weekday: 3, cutoffShipTime: "25:00" }] })).statusCode).toBe(400);
    expect((await call("PUT", `/api/Admin/Wholesalers/NOPE`, sales.cookie, body)).statusCode).toBe(404);
    const w = await person(["wholesaler"], { customerIds: [c.customerId] });
    expect((await call("PUT", `/api/Admin/Wholesalers/${c.customerId}`, w.cookie, body)).statusCode).toBe(403);
    expect((await call("GET", `/api/Admin/Wholesalers/${c.customerId}`, w.cookie)).statusCode).toBe(403);
    const list = (await call("GET", `/api/Admin/Wholesalers?q=Renamed Wholesale`, sales.cookie)).json();
    expect(list.items.map((x: { customerId: string }) => x.customerId)).toContain(c.customerId);
  });

  it("takes a logo checked by its bytes and size, serves it, and falls back to the default", async () => {
    const c = await insertCustomer(t.db);
    const admin = await person(["Administrator"]);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const up = (body: Buffer, type: string) => t.app.inject({ method: "PUT", url: `/api/Admin/Wholesalers/${c.customerId}/Logo`, headers: { ...SAME_ORIGIN, cookie: admin.cookie, "content-type": type }, payload: body });
    expect((await up(Buffer.from("<svg onload=alert(1)>"), "image/svg+xml")).statusCode).toBe(400);
    expect((await up(png, "image/jpeg")).statusCode).toBe(400);
    expect((await up(Buffer.alloc(600 * 1024, 1), "image/png")).statusCode).toBe(413);
    const ok = await up(png, "image/png");
    expect(ok.statusCode).toBe(200);
    const served = await t.app.inject({ method: "GET", url: ok.json().imgSrc });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);
    const user = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const cookie = await loginAs(t.app, user.email, DEFAULT_TEST_PASSWORD);
    expect((await call("GET", "/api/Auth/CheckToken/", cookie)).json().user.customers[0].imgSrc).toBe(ok.json().imgSrc);
    expect((await call("DELETE", `/api/Admin/Wholesalers/${c.customerId}/Logo`, admin.cookie)).json()).toEqual({ imgSrc: "/wholesalers/default-logo.svg" });
    expect((await call("GET", "/api/Auth/CheckToken/", cookie)).json().user.customers[0].imgSrc).toBe("/wholesalers/default-logo.svg");
  });
});

describe("retailers", () => {
  const body = (customerIds: string[], extra: object = {}) => ({
    code: `RC${Math.floor(Math.random() * 1e9)}`,
    name: "Corner Flowers",
    contactName: "Cora",
    email: "cora@corner.example",
    pickupDays: { monday: true, tuesday: false, wednesday: true, thursday: false, friday: false },
    active: true,
    customerIds,
    ...extra,
  });

  it("staff create and edit any; a wholesaler only through its own customers and sees only its own links", async () => {
    const mine = await insertCustomer(t.db);
    const theirs = await insertCustomer(t.db);
    const admin = await person(["Administrator"]);
    const w = await person(["wholesaler"], { customerIds: [mine.customerId] });
    const made = await call("POST", "/api/Administration/Retailers", admin.cookie, body([mine.customerId, theirs.customerId]));
    expect(made.statusCode).toBe(201);
    const id = made.json().retailerId;
    const seen = (await call("GET", `/api/Administration/Retailers/${id}`, w.cookie)).json();
    expect(seen.customerIds).toEqual([mine.customerId]);
    expect(seen.pickupDays).toEqual({ monday: true, tuesday: false, wednesday: true, thursday: false, friday: false });
    // The wholesaler edits: its own link list only; the other wholesaler's link stays.
    const edited = await call("PUT", `/api/Administration/Retailers/${id}`, w.cookie, { ...body([mine.customerId]), code: seen.code, name: "Corner Flowers & Co" });
    expect(edited.statusCode).toBe(200);
    const links = await t.db.select().from(retailerCustomers).where(eq(retailerCustomers.retailerId, id));
    expect(links.map((l) => l.customerId).sort()).toEqual([mine.customerId, theirs.customerId].sort());
    expect((await call("POST", "/api/Administration/Retailers", w.cookie, body([theirs.customerId]))).statusCode).toBe(403);
    const foreign = await insertRetailer(t.db, { customerIds: [theirs.customerId] });
    expect((await call("GET", `/api/Administration/Retailers/${foreign.retailerId}`, w.cookie)).statusCode).toBe(404);
    expect((await call("PUT", `/api/Administration/Retailers/${foreign.retailerId}`, w.cookie, body([mine.customerId]))).statusCode).toBe(404);
    const list = (await call("GET", `/api/Administration/Retailers?pageSize=100`, w.cookie)).json();
    expect(list.items.map((r: { retailerId: number }) => r.retailerId)).toContain(id);
    expect(list.items.map((r: { retailerId: number }) => r.retailerId)).not.toContain(foreign.retailerId);
    // A code is unique, case-insensitively.
    const dup = await call("POST", "/api/Administration/Retailers", admin.cookie, body([mine.customerId], { code: seen.code.toLowerCase() }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields.code).toBe("Another retailer already has this code.");
    expect((await call("GET", `/api/Administration/Retailers/abc`, admin.cookie)).statusCode).toBe(400);
  });
});

describe("referrals", () => {
  it("a shop asks through an approved wholesaler's page; the wholesaler approves: retailer and user created, welcome mail sent", async () => {
    const c = await insertCustomer(t.db, { referralApproved: true });
    const closed = await insertCustomer(t.db, { referralApproved: false });
    const w = await person(["wholesaler"], { customerIds: [c.customerId] });
    const token = issueFormToken(t.config, "referral", Date.now() - 10_000).token;
    const email = `shop-${Date.now()}@example.test`;
    const form = { shopName: "Fern & Fig", contactName: "Fern Fig", email, phone: "555-0111", city: "Hudson", message: "We would like to stock your lilies.", formToken: token };
    expect((await call("POST", `/api/Referrals/${closed.customerId}`, undefined, form)).statusCode).toBe(404);
    expect((await call("POST", `/api/Referrals/${c.customerId}`, undefined, { ...form, website: "http://spam" })).statusCode).toBe(400);
    expect((await call("POST", `/api/Referrals/${c.customerId}`, undefined, { ...form, formToken: "forged" })).statusCode).toBe(400);
    const sent = await call("POST", `/api/Referrals/${c.customerId}`, undefined, form);
    expect(sent.statusCode).toBe(201);
    expect((await call("POST", `/api/Referrals/${c.customerId}`, undefined, form)).statusCode).toBe(400); // token replayed
    const queue = (await call("GET", `/api/Referrals`, w.cookie)).json();
    expect(queue).toHaveLength(1);
    const stranger = await person(["wholesaler"], { customerIds: [closed.customerId] });
    expect((await call("GET", `/api/Referrals`, stranger.cookie)).json()).toEqual([]);
    expect((await call("POST", `/api/Referrals/${queue[0].id}/Approve`, stranger.cookie, {})).statusCode).toBe(404);
    const approved = await call("POST", `/api/Referrals/${queue[0].id}/Approve`, w.cookie, { code: `FF${Date.now()}` });
    expect(approved.statusCode).toBe(200);
    const { retailerId, userId } = approved.json();
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, userId));
    expect(roles.map((r) => r.role)).toEqual(["Retailer"]);
    const claims = await t.db.select().from(userClaims).where(eq(userClaims.userId, userId));
    expect(claims.map((x) => [x.claim, x.value]).sort()).toEqual([["WholesalerId", c.customerId], ["retailerid", String(retailerId)]].sort());
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(u).toMatchObject({ email, firstName: "Fern", lastName: "Fig" });
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.kind)).toEqual(["password-welcome"]);
    expect((await call("POST", `/api/Referrals/${queue[0].id}/Approve`, w.cookie, {})).statusCode).toBe(409);
  });
});

describe("one's own account", () => {
  it("changes the password with the current one and ends the other sessions", async () => {
    const me = await person(["SalesPerson"]);
    const other = await loginAs(t.app, me.email, DEFAULT_TEST_PASSWORD);
    expect((await call("POST", "/api/Account/Password", me.cookie, { currentPassword: "wrong-password", password: "a-new-password-1", confirmPassword: "a-new-password-1" })).statusCode).toBe(400);
    const ok = await call("POST", "/api/Account/Password", me.cookie, { currentPassword: DEFAULT_TEST_PASSWORD, password: "a-new-password-1", confirmPassword: "a-new-password-1" });
    expect(ok.json()).toEqual({ ended: 1 });
    expect((await call("GET", "/api/Auth/CheckToken/", other)).json().user).toBeNull();
    expect((await call("GET", "/api/Auth/CheckToken/", me.cookie)).json().user.id).toBe(me.id);
    await loginAs(t.app, me.email, "a-new-password-1");
    expect((await call("POST", "/api/Account/SignOutOthers", me.cookie)).json()).toEqual({ ended: 1 });
  });
});
