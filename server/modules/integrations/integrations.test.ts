// The integration API on a real database (PGlite by default, PostgreSQL with DATABASE_URL), two app
// instances on one database (two pools on PostgreSQL): tokens (shown once, stored as SHA-256, revoked
// at once on every instance), the bearer rules, availability through the supply desk's rules (set 40,
// a buyer holds 30, "set 20" refused with sold and held), Idempotency-Key, products, the per-token
// rate limit, and orders/invoices paged by change over 1,000 orders changed in bursts.
import { beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, inArray, like, sql } from "drizzle-orm";
import { apiTokens, auditLog, offerLines, orders } from "../../../db/schema/index.ts";
import { twoInstancesPerFile, loginAs, signedInUser, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, DEFAULT_TEST_PASSWORD, insertCustomer, insertInvoice, insertOrder, insertUser, isoDateAt } from "../../../tests/factories/index.ts";
import { buyer, committed } from "../../../tests/helpers/store-fixtures.ts";
import { productFields } from "../../../tests/helpers/supply-desk.ts";
import { nextCode } from "../../../tests/factories/index.ts";
import { hashToken } from "../../plugins/session.ts";

let a: TestApp;
let b: TestApp;
twoInstancesPerFile((two) => ({ a, b } = two));
let admin: { id: string; cookie: string };
let sales: { cookie: string };
beforeAll(async () => {
  admin = await signedInUser(a, ["Administrator"]);
  sales = await signedInUser(a, ["SalesPerson"]);
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const asAdmin = (method: Method, url: string, payload?: object, who = admin.cookie) => a.app.inject({ method, url: `/api${url}`, headers: { ...SAME_ORIGIN, cookie: who }, payload });
async function newToken(scopes: string[], name = `ERP ${nextCode("", 5)}`) {
  const res = await asAdmin("POST", "/Admin/ApiTokens", { name, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { id: number; token: string }), name };
}
const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const v1 = (app: TestApp, token: string, method: Method, url: string, payload?: object, extra: Record<string, string> = {}) =>
  app.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token, extra), payload });

let dayOffset = 20;
/** A product made through the API and a one-day wholesale catalog of its own day, opened on the supply desk. */
async function productAndCatalog(token: string, customerIds: string[]) {
  const productId = nextCode("API-", 5);
  const p = await v1(a, token, "PUT", `/products/${productId}`, productFields());
  expect(p.statusCode, p.body).toBe(200);
  const day = addDays(isoDateAt(), dayOffset++);
  const c = await asAdmin("POST", "/Supply/Catalogs", { title: `Fresh ${day}`, shipDateFrom: day, shipDateTo: day, customerIds });
  expect(c.statusCode, c.body).toBe(200);
  return { productId, day, catalogId: c.json().catalogId as number, description: p.json().description as string };
}
async function lineOf(catalogId: number, productId: string) {
  const [row] = await a.db.select().from(offerLines).where(and(eq(offerLines.catalogId, catalogId), eq(offerLines.productId, productId)));
  return row;
}

describe("API tokens", () => {
  it("are created by an Administrator only, shown once, stored as SHA-256 only, listed without secrets", async () => {
    const created = await newToken(["orders:read", "availability:write"], "Greenhouse ERP");
    expect(created.token).toMatch(/^bst_[A-Za-z0-9_-]{43}$/);
    const [row] = await a.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    const list = await asAdmin("GET", "/Admin/ApiTokens");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.slice(4));
    expect(list.json().tokens.find((t: { id: number }) => t.id === created.id)).toMatchObject({
      name: "Greenhouse ERP",
      scopes: ["orders:read", "availability:write"],
      createdBy: admin.id,
      lastUsedAt: null,
      revokedAt: null,
      hint: created.token.slice(0, 8),
    });
    expect((await asAdmin("POST", "/Admin/ApiTokens", { name: "x", scopes: ["orders:read"] }, sales.cookie)).statusCode).toBe(403);
    expect((await asAdmin("GET", "/Admin/ApiTokens", undefined, sales.cookie)).statusCode).toBe(403);
    const bad = await asAdmin("POST", "/Admin/ApiTokens", { name: "", scopes: ["orders:write"] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(["name", "scopes.0"]));
    // A use shows on the list.
    expect((await v1(a, created.token, "GET", "/orders?limit=1")).statusCode).toBe(200);
    const used = (await asAdmin("GET", "/Admin/ApiTokens")).json().tokens.find((t: { id: number }) => t.id === created.id);
    expect(used.lastUsedAt).not.toBeNull();
    const entry = await a.db.select().from(auditLog).where(eq(auditLog.action, "integrations.token.create")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry[0]).toMatchObject({ actorUserId: admin.id, detail: { tokenId: created.id, name: "Greenhouse ERP" } });
  });

  it("work only as Bearer, alone, with their scopes: 401 without, unknown, or beside a session cookie; 403 without the scope", async () => {
    const { token } = await newToken(["orders:read"]);
    expect((await a.app.inject({ method: "GET", url: "/api/v1/orders" })).statusCode).toBe(401);
    expect((await a.app.inject({ method: "GET", url: "/api/v1/orders", headers: { cookie: admin.cookie } })).statusCode).toBe(401);
    const both = await a.app.inject({ method: "GET", url: "/api/v1/orders", headers: { ...bearer(token), cookie: admin.cookie } });
    expect(both.statusCode).toBe(401);
    expect(both.json().message).toMatch(/alone/);
    expect((await v1(a, `bst_${"A".repeat(43)}`, "GET", "/orders")).statusCode).toBe(401);
    expect((await v1(a, "not-a-token", "GET", "/orders")).statusCode).toBe(401);
    expect((await v1(a, token, "GET", "/orders")).statusCode).toBe(200);
    const denied = await v1(a, token, "GET", "/invoices");
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("This API token does not have the invoices:read scope.");
    expect((await v1(a, token, "PUT", "/availability", { mode: "set", lines: [{ productId: "X1", shipDate: "2030-01-02", quantity: 1 }] })).statusCode).toBe(403);
    // A token is nothing outside /api/v1: the staff routes want a session.
    expect((await a.app.inject({ method: "GET", url: "/api/Admin/ApiTokens", headers: bearer(token) })).statusCode).toBe(401);
  });

  it("a revoked token is refused at once on every instance", async () => {
    const { id, token } = await newToken(["orders:read"]);
    expect((await v1(a, token, "GET", "/orders?limit=1")).statusCode).toBe(200);
    expect((await v1(b, token, "GET", "/orders?limit=1")).statusCode).toBe(200);
    // Revoked through instance B; the very next request to either is refused.
    const revoked = await b.app.inject({ method: "DELETE", url: `/api/Admin/ApiTokens/${id}`, headers: { ...SAME_ORIGIN, cookie: await loginAs(b.app, (await a.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.id, admin.id) }))!.email, DEFAULT_TEST_PASSWORD) } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await v1(a, token, "GET", "/orders?limit=1")).statusCode).toBe(401);
    expect((await v1(b, token, "GET", "/orders?limit=1")).statusCode).toBe(401);
    const listed = (await asAdmin("GET", "/Admin/ApiTokens")).json().tokens.find((t: { id: number }) => t.id === id);
    expect(listed.revokedAt).not.toBeNull();
    expect((await asAdmin("DELETE", "/Admin/ApiTokens/999999")).statusCode).toBe(404);
  });

  it("each token has its own rate limit: 429 with Retry-After", async () => {
    const one = await newToken(["orders:read"]);
    const other = await newToken(["orders:read"]);
    process.env.API_TOKEN_REQUESTS_PER_MINUTE = "3";
    try {
      for (let i = 0; i < 3; i++) expect((await v1(a, one.token, "GET", "/orders?limit=1")).statusCode).toBe(200);
      const limited = await v1(b, one.token, "GET", "/orders?limit=1");
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect((await v1(a, other.token, "GET", "/orders?limit=1")).statusCode).toBe(200);
    } finally {
      delete process.env.API_TOKEN_REQUESTS_PER_MINUTE;
    }
  });
});

describe("PUT /api/v1/availability and products", () => {
  it("sets 40 bunches; a buyer holds 30; a set of 20 is refused with sold and held; add works; audited under the token's name", async () => {
    const { token, name } = await newToken(["availability:write", "catalog:write"]);
    const shop = await buyer(a);
    const { productId, day, catalogId, description } = await productAndCatalog(token, [shop.customerId]);
    const set40 = await v1(a, token, "PUT", "/availability", { mode: "set", lines: [{ productId, shipDate: day, quantity: 40, price: 14.5, priceNoPail: 15.95 }] });
    expect(set40.statusCode, set40.body).toBe(200);
    expect(set40.json()).toEqual({ applied: 1, refused: [] });
    const line = (await lineOf(catalogId, productId))!;
    expect(line.originalQuantity).toBe(40);
    // The buyer's list shows it; the buyer holds 30.
    const held = await shop.save({ shipDate: day, items: [{ productId, quantity: 30 }] });
    expect(held.statusCode, held.body).toBe(200);
    expect(await committed(a.db, line.id)).toEqual({ original: 40, ordered: 0, held: 30 });

    const set20 = await v1(b, token, "PUT", "/availability", { mode: "set", lines: [{ productId, shipDate: day, quantity: 20 }] });
    expect(set20.statusCode, set20.body).toBe(200);
    expect(set20.json()).toEqual({
      applied: 0,
      refused: [{ index: 0, productId, shipDate: day, sold: 0, held: 30, reason: expect.stringContaining("0 sold, 30 held, you set 20") }],
    });
    expect(set20.json().refused[0].reason).toContain(description);
    expect(await committed(a.db, line.id)).toEqual({ original: 40, ordered: 0, held: 30 });

    // Exactly sold + held is allowed; "add" adds.
    const mixed = await v1(a, token, "PUT", "/availability", {
      mode: "add",
      lines: [
        { productId, shipDate: day, quantity: 5 },
        { productId: "NO-SUCH-API", shipDate: day, quantity: 5, price: 1, priceNoPail: 1 },
        { productId, shipDate: "2031-01-01", quantity: 5 },
      ],
    });
    expect(mixed.json().applied).toBe(1);
    expect(mixed.json().refused.map((r: { index: number; reason: string }) => [r.index, r.reason])).toEqual([
      [1, "There is no product NO-SUCH-API"],
      [2, "No wholesale catalog covers 2031-01-01: open one on the supply desk first."],
    ]);
    expect((await lineOf(catalogId, productId))!.originalQuantity).toBe(45);

    const entry = (await a.db.select().from(auditLog).where(eq(auditLog.action, "supply.api.availability")).orderBy(desc(auditLog.id)).limit(1))[0]!;
    expect(entry.actorUserId).toBeNull();
    expect(entry.detail).toMatchObject({ apiToken: name, catalogId, mode: "add", lines: [{ productId, before: 40, after: 45 }] });
  });

  it("Idempotency-Key: a retry answers the first answer without applying twice; the same key with another body is a 422", async () => {
    const { token } = await newToken(["availability:write", "catalog:write"]);
    const { productId, day, catalogId } = await productAndCatalog(token, [(await insertCustomer(a.db)).customerId]);
    const body = { mode: "add", lines: [{ productId, shipDate: day, quantity: 10, price: 9, priceNoPail: 9.9 }] };
    const key = { "idempotency-key": `add-${nextCode("", 6)}` };
    const first = await v1(a, token, "PUT", "/availability", body, key);
    expect(first.statusCode, first.body).toBe(200);
    // Retried on the other instance, and twice at once.
    const again = await Promise.all([v1(b, token, "PUT", "/availability", body, key), v1(a, token, "PUT", "/availability", body, key)]);
    for (const r of again) expect(r.json()).toEqual(first.json());
    expect((await lineOf(catalogId, productId))!.originalQuantity).toBe(10);
    const other = await v1(a, token, "PUT", "/availability", { ...body, lines: [{ ...body.lines[0], quantity: 11 }] }, key);
    expect(other.statusCode).toBe(422);
    expect((await lineOf(catalogId, productId))!.originalQuantity).toBe(10);
    // The key is the token's own: another token's same key is a new request.
    const { token: t2 } = await newToken(["availability:write"]);
    expect((await v1(a, t2, "PUT", "/availability", body, key)).json()).toEqual({ applied: 1, refused: [] });
    expect((await lineOf(catalogId, productId))!.originalQuantity).toBe(20);
    expect((await v1(a, token, "PUT", "/availability", body, { "idempotency-key": "bad key with spaces" })).statusCode).toBe(400);
  });

  it("PUT products creates, then updates with the desk's checks; a bad body is a 400 with fields, nothing written", async () => {
    const { token, name } = await newToken(["catalog:write"]);
    const productId = nextCode("apx-", 5);
    const created = await v1(a, token, "PUT", `/products/${productId}`, productFields({ description: "Rose Freedom 60cm" }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ productId: productId.toUpperCase(), description: "Rose Freedom 60cm", active: true, stemsPerBox: 120 });
    const updated = await v1(a, token, "PUT", `/products/${productId}`, productFields({ description: "Rose Freedom 70cm", stemLengthCm: 70, active: false }));
    expect(updated.json()).toMatchObject({ description: "Rose Freedom 70cm", active: false });
    const bad = await v1(a, token, "PUT", `/products/${productId}`, productFields({ colourHex: "red", unitOfMeasureQty: 0 }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["colourHex", "unitOfMeasureQty"]);
    const entries = await a.db.select().from(auditLog).where(like(auditLog.action, "supply.product.%")).orderBy(desc(auditLog.id)).limit(2);
    expect(entries.map((e) => [e.action, (e.detail as { apiToken?: string }).apiToken])).toEqual([
      ["supply.product.retire", name],
      ["supply.product.create", name],
    ]);
  });
});

describe("GET /api/v1/orders and /api/v1/invoices, paged by change", () => {
  it("pages over 1,000 orders changed in bursts on two instances and returns each change exactly once, in order", async () => {
    const { token } = await newToken(["orders:read", "invoices:read"]);
    process.env.API_TOKEN_REQUESTS_PER_MINUTE = "100000";
    const c = await insertCustomer(a.db);
    const u = await insertUser(a.db, { customerIds: [c.customerId] });
    // Start after everything already there.
    let cursor = "0";
    for (;;) {
      const page = (await v1(a, token, "GET", `/orders?since=${cursor}&limit=500`)).json();
      cursor = page.next;
      if (!page.orders.length) break;
    }
    const seen: { cursor: string; orderNumber: number; status: string; lines: number }[] = [];
    let reading = true;
    const apps = [a, b];
    const reader = (async () => {
      let n = 0;
      while (reading) {
        const res = await v1(apps[n++ % 2]!, token, "GET", `/orders?since=${cursor}&limit=${37 + (n % 50)}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json();
        for (const o of page.orders) seen.push({ cursor: o.cursor, orderNumber: o.orderNumber, status: o.status, lines: o.lines.length });
        cursor = page.next;
      }
    })();
    // Bursts: 10 × 100 orders inserted by concurrent writers on both databases handles, then bursts of
    // status changes (hundreds of rows in one statement: one millisecond) and line changes.
    const dbs = [a.db, b.db];
    const placed: number[] = [];
    for (let burst = 0; burst < 10; burst++) {
      const made = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          dbs[i % 2]!.transaction(async (tx) => (await insertOrder(tx, { customerId: c.customerId, userId: u.id, lines: [{}, {}] })).id),
        ),
      );
      placed.push(...made);
    }
    const ids = [...placed];
    await Promise.all([
      a.db.update(orders).set({ status: "confirmed" }).where(inArray(orders.id, ids.slice(0, 400))),
      b.db.update(orders).set({ status: "shipped" }).where(inArray(orders.id, ids.slice(600, 900))),
    ]);
    await Promise.all(ids.slice(300, 500).map((id, i) => dbs[i % 2]!.execute(sql`update order_lines set quantity = quantity + 1 where order_id = ${id}`)));
    await a.db.update(orders).set({ status: "cancelled" }).where(inArray(orders.id, ids.slice(0, 50)));
    reading = false;
    await reader;
    // Drain what is left.
    for (;;) {
      const page = (await v1(a, token, "GET", `/orders?since=${cursor}&limit=500`)).json();
      for (const o of page.orders) seen.push({ cursor: o.cursor, orderNumber: o.orderNumber, status: o.status, lines: o.lines.length });
      cursor = page.next;
      if (!page.orders.length) break;
    }
    // No change twice, oldest first.
    const cursors = seen.map((s) => Number(s.cursor.slice(1)));
    expect(seen.every((s) => /^c\d+$/.test(s.cursor))).toBe(true);
    expect(new Set(cursors).size).toBe(cursors.length);
    expect([...cursors].sort((x, y) => x - y)).toEqual(cursors);
    // None skipped: every order's last change seen is its state now.
    const rows = await a.db.select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status }).from(orders).where(inArray(orders.id, ids));
    const last = new Map<number, string>();
    for (const s of seen) last.set(s.orderNumber, s.status);
    expect(rows.length).toBe(1000);
    for (const r of rows) expect(last.get(r.orderNumber), `order ${r.orderNumber}`).toBe(r.status);
    expect(seen.every((s) => s.lines === 2)).toBe(true);
    // Each change counted: 1,000 placed, 750 status changes (50 of them a second time), 200 line changes.
    expect(seen.length).toBeLessThanOrEqual(1000 + 750 + 200);
    expect(seen.length).toBeGreaterThanOrEqual(1000);
    delete process.env.API_TOKEN_REQUESTS_PER_MINUTE;
  }, 240_000);

  it("a page is at most 500 and the cursor is checked; invoices and credit notes page the same way", async () => {
    const { token } = await newToken(["orders:read", "invoices:read"]);
    expect((await v1(a, token, "GET", "/orders?limit=501")).statusCode).toBe(400);
    expect((await v1(a, token, "GET", "/orders?since=abc")).statusCode).toBe(400);
    expect((await v1(a, token, "GET", "/orders?since=41")).statusCode).toBe(400);
    const start = (await v1(a, token, "GET", `/invoices?since=0&limit=500`)).json();
    let cursor = start.next;
    for (;;) {
      const page = (await v1(a, token, "GET", `/invoices?since=${cursor}&limit=500`)).json();
      if (!page.invoices.length) break;
      cursor = page.next;
    }
    const order = await insertOrder(a.db, {});
    const invoice = await insertInvoice(a.db, order);
    const page = await v1(a, token, "GET", `/invoices?since=${cursor}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().invoices).toHaveLength(1);
    expect(page.json().invoices[0]).toMatchObject({ type: "invoice", number: invoice.invoiceNumber, orderNumber: order.orderNumber, paid: false, lines: expect.any(Array) });
    expect(page.json().invoices[0].lines).toHaveLength(invoice.lines.length);
    await a.db.execute(sql`update invoices set paid = true, paid_at = now() where id = ${invoice.id}`);
    const paid = (await v1(a, token, "GET", `/invoices?since=${page.json().next}`)).json();
    expect(paid.invoices).toMatchObject([{ number: invoice.invoiceNumber, paid: true }]);
    expect(Number(paid.next.slice(1))).toBeGreaterThan(Number(page.json().next.slice(1)));
    expect((await v1(a, token, "GET", `/invoices?since=${paid.next}`)).json()).toEqual({ invoices: [], next: paid.next });
  });
});
