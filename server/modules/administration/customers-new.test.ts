// New customers (issue 25 item 6) on a real database: POST /api/Admin/Wholesalers creates a wholesale or
// mass-market customer with its ship times, discount, catalogs and the always-boxed rule, audited; a
// taken code (compared without case) is a 409, bad fields a 400 per field, and nothing is written
// half-way. The customer lists count each customer's own users and retailers (made through the API).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { auditLog, catalogCustomers, customers, shipTimes } from "../../../db/schema/index.ts";
import type { Role } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { DEFAULT_TEST_PASSWORD, insertUser } from "../../../tests/factories/index.ts";
import { nextCode } from "../../../tests/factories/index.ts";
import { tomorrow } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
let admin: { id: string; cookie: string };
let sales: { id: string; cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await person(["Administrator"]);
  sales = await person(["SalesPerson"]);
});
afterAll(async () => t?.close());

async function person(roles: Role[]) {
  const u = await insertUser(t.db, { roles });
  return { id: u.id, cookie: await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD) };
}

const call = (who: { cookie: string } | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { ...SAME_ORIGIN, cookie: who.cookie } : SAME_ORIGIN, payload });

const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  customerId: nextCode("NEW", 4),
  kind: "wholesale",
  companyName: `Fresh Stems ${nextCode("", 4)}`,
  email: "orders@freshstems.example",
  phone: "555-0100",
  city: "Albany",
  state: "NY",
  alwaysBoxed: true,
  shipTimes: [
    { weekday: 3, cutoffShipTime: "02:00 PM" },
    { weekday: 2, cutoffShipTime: "09:30" },
  ],
  discountPercent: 5,
  ...overrides,
});

const rowOf = async (code: string) => (await t.db.select().from(customers).where(sql`lower(${customers.customerId}) = lower(${code})`))[0];

async function catalog(kind: "wholesale" | "massMarket", customerIds: string[]) {
  const day = tomorrow();
  const res = await call(sales, "POST", "/api/Supply/Catalogs", { kind, title: `Cat ${nextCode("", 5)}`, shipDateFrom: day, shipDateTo: day, customerIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { catalogId: number; title: string };
}

describe("creating a customer", () => {
  it("creates a wholesaler with its ship times (2:00 PM stored as 14:00), discount, catalogs and always-boxed rule, and audits it", async () => {
    const other = await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer());
    expect(other.statusCode, other.body).toBe(201);
    const restricted = await catalog("wholesale", [other.json().customerId]);
    const body = newCustomer({ catalogIds: [restricted.catalogId] });
    const res = await call(admin, "POST", "/api/Admin/Wholesalers", body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      customerId: body.customerId,
      kind: "wholesale",
      companyName: body.companyName,
      alwaysBoxed: true,
      active: true,
      referralApproved: false,
      discountPercent: 5,
      catalogIds: [restricted.catalogId],
      shipTimes: [
        { weekday: 2, cutoffShipTime: "09:30" },
        { weekday: 3, cutoffShipTime: "14:00" },
      ],
      users: [],
      retailers: [],
    });
    // Reading it back gives the same, from the database.
    const detail = (await call(sales, "GET", `/api/Admin/Wholesalers/${body.customerId}`)).json();
    expect(detail.shipTimes).toEqual([
      { weekday: 2, cutoffShipTime: "09:30" },
      { weekday: 3, cutoffShipTime: "14:00" },
    ]);
    expect(detail.discountPercent).toBe(5);
    // The restricted catalog now names both customers.
    const links = await t.db.select().from(catalogCustomers).where(eq(catalogCustomers.catalogId, restricted.catalogId));
    expect(links.map((l) => l.customerId).sort()).toEqual([other.json().customerId, body.customerId].sort());
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "customer.create"), sql`${auditLog.detail}->>'customerId' = ${body.customerId}`));
    expect(entry!.actorUserId).toBe(admin.id);
    expect(entry!.detail).toMatchObject({ kind: "wholesale", after: { companyName: body.companyName, discountPercent: 5, catalogIds: [restricted.catalogId], alwaysBoxed: true } });
  });

  it("creates a mass-market customer, which shows in the mass-market list only", async () => {
    const body = newCustomer({ kind: "massMarket", discountPercent: 0, alwaysBoxed: false });
    expect((await call(sales, "POST", "/api/Admin/Wholesalers", body)).statusCode).toBe(201);
    const codes = async (kind: string) => (await call(sales, "GET", `/api/Admin/Wholesalers?kind=${kind}&q=${body.customerId}`)).json().items.map((c: { customerId: string }) => c.customerId);
    expect(await codes("massMarket")).toEqual([body.customerId]);
    expect(await codes("wholesale")).toEqual([]);
  });

  it("answers 409 to a code already taken, in any case, and changes nothing", async () => {
    const first = newCustomer();
    expect((await call(admin, "POST", "/api/Admin/Wholesalers", first)).statusCode).toBe(201);
    const again = await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer({ customerId: first.customerId, companyName: "Someone Else" }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A customer with code ${first.customerId} already exists.`);
    expect(again.json().fields.customerId).toBe(`The code ${first.customerId} is taken`);
    expect((await rowOf(first.customerId))!.companyName).toBe(first.companyName);
    // A code kept in lowercase from before (an import) still takes its capital form.
    const legacy = nextCode("old", 4).toLowerCase();
    await t.db.insert(customers).values({ customerId: legacy, companyName: "Old Records Florist", kind: "wholesale" });
    const clash = await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer({ customerId: legacy.toUpperCase() }));
    expect(clash.statusCode).toBe(409);
  });

  it("refuses a code with lowercase letters with SPEC's 'Uppercase only'", async () => {
    const body = newCustomer();
    const res = await call(admin, "POST", "/api/Admin/Wholesalers", { ...body, customerId: body.customerId.toLowerCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.customerId).toBe("Uppercase only");
    expect(await rowOf(body.customerId)).toBeUndefined();
  });

  it("refuses bad fields one by one with 400 and writes nothing", async () => {
    const body = newCustomer({
      customerId: "=cmd|x",
      companyName: "   ",
      email: "not-an-email",
      discountPercent: 12.5,
      shipTimes: [
        { weekday: 9, cutoffShipTime: "02:00 P" },
        { weekday: 2, cutoffShipTime: "25:00" },
      ],
      kind: "retail",
    });
    const res = await call(admin, "POST", "/api/Admin/Wholesalers", body);
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as Record<string, string>;
    expect(fields.customerId).toBe("Letters, digits, dashes and underscores only");
    expect(fields.companyName).toBe("This field is required");
    expect(fields.email).toBe("Please enter a valid email");
    expect(fields.discountPercent).toBe("Only whole numbers are allowed");
    expect(fields.kind).toBeDefined();
    expect(Object.keys(fields).some((k) => k.startsWith("shipTimes"))).toBe(true);
    for (const discountPercent of [-1, 51]) {
      const r = await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer({ discountPercent }));
      expect(r.statusCode).toBe(400);
      expect(r.json().fields.discountPercent).toBe(discountPercent < 0 ? "At least 0" : "At most 50");
    }
    const long = await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer({ customerId: "X".repeat(21) }));
    expect(long.json().fields.customerId).toBe("Maximum 20 characters");
    const twice = await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer({ shipTimes: [{ weekday: 2, cutoffShipTime: "14:00" }, { weekday: 2, cutoffShipTime: "15:00" }] }));
    expect(twice.statusCode).toBe(400);
    expect(await t.db.select().from(customers).where(eq(customers.customerId, "=cmd|x"))).toEqual([]);
  });

  it("refuses an unknown catalog, one of the other kind and one open to everyone, writing nothing", async () => {
    const unknown = newCustomer({ catalogIds: [999_999_999] });
    const res = await call(admin, "POST", "/api/Admin/Wholesalers", unknown);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.catalogIds).toBe("Unknown catalog: 999999999");
    expect(await rowOf(unknown.customerId)).toBeUndefined();
    expect(await t.db.select().from(shipTimes).where(eq(shipTimes.customerId, unknown.customerId))).toEqual([]);

    const mm = await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer({ kind: "massMarket" }));
    const mmCatalog = await catalog("massMarket", [mm.json().customerId]);
    const wrongKind = await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer({ catalogIds: [mmCatalog.catalogId] }));
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().fields.catalogIds).toBe(`Catalog “${mmCatalog.title}” is for mass-market customers, not wholesale ones.`);

    const open = await catalog("wholesale", []);
    const openRes = await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer({ catalogIds: [open.catalogId] }));
    expect(openRes.statusCode).toBe(400);
    expect(openRes.json().fields.catalogIds).toBe(`Catalog “${open.title}” is open to every wholesale customer already.`);
    // Still open to everyone: nothing was linked.
    expect(await t.db.select().from(catalogCustomers).where(eq(catalogCustomers.catalogId, open.catalogId))).toEqual([]);
  });

  it("is for staff only: 401 without a session, 403 to a buyer, and nothing is written", async () => {
    const body = newCustomer();
    expect((await call(null, "POST", "/api/Admin/Wholesalers", body)).statusCode).toBe(401);
    for (const role of ["wholesaler", "Retailer", "MassMarket"] as const) {
      const who = await person([role]);
      expect((await call(who, "POST", "/api/Admin/Wholesalers", body)).statusCode).toBe(403);
    }
    expect(await rowOf(body.customerId)).toBeUndefined();
  });
});

describe("editing a customer's discount and catalogs", () => {
  it("adds and removes restricted catalogs, but never leaves one naming nobody (it would open to all)", async () => {
    const a = (await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer())).json();
    const b = (await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer())).json();
    const shared = await catalog("wholesale", [a.customerId, b.customerId]);
    const onlyA = await catalog("wholesale", [a.customerId]);
    const form = { companyName: a.companyName, alwaysBoxed: false, referralApproved: false, active: true, shipTimes: [{ weekday: 4, cutoffShipTime: "2:30 PM" }] };
    const refused = await call(sales, "PUT", `/api/Admin/Wholesalers/${a.customerId}`, { ...form, catalogIds: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.catalogIds).toMatch(new RegExp(`^Catalog “${onlyA.title}” names only this customer`));
    const ok = await call(sales, "PUT", `/api/Admin/Wholesalers/${a.customerId}`, { ...form, discountPercent: 10, catalogIds: [onlyA.catalogId] });
    expect(ok.statusCode, ok.body).toBe(200);
    const detail = (await call(sales, "GET", `/api/Admin/Wholesalers/${a.customerId}`)).json();
    expect(detail).toMatchObject({ discountPercent: 10, catalogIds: [onlyA.catalogId], alwaysBoxed: false, shipTimes: [{ weekday: 4, cutoffShipTime: "14:30" }] });
    const sharedLinks = await t.db.select().from(catalogCustomers).where(eq(catalogCustomers.catalogId, shared.catalogId));
    expect(sharedLinks.map((l) => l.customerId)).toEqual([b.customerId]);
    // An edit without discount and catalogs (an older form) keeps them.
    expect((await call(sales, "PUT", `/api/Admin/Wholesalers/${a.customerId}`, form)).statusCode).toBe(200);
    expect((await call(sales, "GET", `/api/Admin/Wholesalers/${a.customerId}`)).json()).toMatchObject({ discountPercent: 10, catalogIds: [onlyA.catalogId] });
  });
});

describe("the customer lists' counts", () => {
  it("show each customer's own users and retailers, made through the API", async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await call(admin, "POST", "/api/Admin/Wholesalers", newCustomer({ customerId: nextCode("CNT", 4) }))).json().customerId as string);
    const [x, y, z] = made as [string, string, string];
    const invite = async (customerIds: string[]) => {
      const r = await call(admin, "POST", "/api/Administration/Users", { email: `${nextCode("u", 6).toLowerCase()}@count.example`, firstName: "Count", lastName: "Test", role: "wholesaler", customerIds });
      expect(r.statusCode, r.body).toBe(201);
    };
    const shop = async (customerIds: string[]) => {
      const r = await call(admin, "POST", "/api/Administration/Retailers", { name: `Shop ${nextCode("", 5)}`, pickupDays: { monday: true, tuesday: false, wednesday: true, thursday: false, friday: true }, customerIds });
      expect(r.statusCode, r.body).toBe(201);
    };
    await invite([x]);
    await invite([x]);
    await invite([x, y]);
    await shop([x]);
    await shop([y]);
    await shop([y]);
    await shop([x, y]);
    const res = await call(sales, "GET", "/api/Admin/Wholesalers?q=CNT&pageSize=100");
    const counts = Object.fromEntries(res.json().items.filter((c: { customerId: string }) => made.includes(c.customerId)).map((c: { customerId: string; users: number; retailers: number }) => [c.customerId, [c.users, c.retailers]]));
    expect(counts).toEqual({ [x]: [3, 2], [y]: [1, 3], [z]: [0, 0] });
  });
});
