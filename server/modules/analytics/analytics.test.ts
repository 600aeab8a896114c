// Page-view reporting (issue 13, SPEC §7): counts by route pattern, role and day; staff see them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { DEFAULT_TEST_PASSWORD, insertProduct, insertUser } from "../../../tests/factories/index.ts";
import { pageViews } from "../../../db/schema/index.ts";
import { PAGE_VIEW_LIMIT } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const view = (payload: object, cookie?: string, ip = "10.1.0.1") =>
  t.app.inject({ method: "POST", url: "/api/Analytics/PageView", payload, remoteAddress: ip, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) } });

async function signedIn(roles: ("SalesPerson" | "wholesaler")[]) {
  const u = await insertUser(t.db, { roles });
  return loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
}

describe("page views", () => {
  it("counts route patterns per role and product, keeps nothing personal, and shows staff the 30 days", async () => {
    const staff = await signedIn(["SalesPerson"]);
    const shop = await signedIn(["wholesaler"]);
    const p = await insertProduct(t.db);
    for (const path of ["/Orders/100001", "/orders/100002?x=1", "/store"]) expect((await view({ path }, shop)).statusCode).toBe(200);
    expect((await view({ path: "/store?product=x", productId: p.productId }, shop)).statusCode).toBe(200);
    expect((await view({ path: "/store", productId: "NOT-A-PRODUCT" }, shop)).statusCode).toBe(200);
    expect((await view({ path: "/wp-login.php" })).statusCode).toBe(200);

    const rows = await t.db.select().from(pageViews);
    expect(Object.keys(rows[0]!).sort()).toEqual(["count", "day", "path", "productId", "role"]);
    expect(rows.map((r) => r.path).sort()).not.toContain("/Orders/100001");

    const res = await t.app.inject({ method: "GET", url: "/api/Analytics/PageViews", headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.total).toBe(6);
    expect(report.pages).toEqual(
      expect.arrayContaining([
        { path: "/Orders/{orderNumber}", views: 2, byRole: { wholesaler: 2 } },
        { path: "/store", views: 3, byRole: { wholesaler: 3 } },
        { path: "(page not found)", views: 1, byRole: { anonymous: 1 } },
      ]),
    );
    expect(report.products).toEqual([{ productId: p.productId, description: p.description, views: 1 }]);
  });

  it("is staff only, and refuses bad input without counting it", async () => {
    const shop = await signedIn(["wholesaler"]);
    expect((await t.app.inject({ method: "GET", url: "/api/Analytics/PageViews", headers: { cookie: shop } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/Analytics/PageViews" })).statusCode).toBe(401);
    const before = (await t.db.select().from(pageViews)).reduce((s, r) => s + r.count, 0);
    expect((await view({ path: "no-slash" })).statusCode).toBe(400);
    expect((await view({ path: `/${"a".repeat(600)}` })).statusCode).toBe(400);
    expect((await view({ path: "/store", productId: "<script>" })).statusCode).toBe(400);
    expect((await t.db.select().from(pageViews)).reduce((s, r) => s + r.count, 0)).toBe(before);
  });

  it("limits how many views one address may report a minute", async () => {
    const ip = "10.9.9.9";
    for (let i = 0; i < PAGE_VIEW_LIMIT.max; i++) expect((await view({ path: "/about" }, undefined, ip)).statusCode).toBe(200);
    expect((await view({ path: "/about" }, undefined, ip)).statusCode).toBe(429);
    expect((await view({ path: "/about" }, undefined, "10.9.9.10")).statusCode).toBe(200);
  });
});
