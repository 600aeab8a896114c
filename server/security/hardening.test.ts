// The defects of the security issue, each reproduced with the request that showed it: staff account
// takeover through a wholesaler, NUL characters, cookie writes without Origin, the OpenAPI document
// against the server, and the policy points (user administration by role, far cart dates, lockout).
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, carts, mailOutbox, rateLimits, userRoles, users } from "../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../tests/helpers/test-app.ts";
import { addDays, ALL_WEEKDAYS, DEFAULT_TEST_PASSWORD, isoDateAt, insertCustomer, insertUser, shipTimesOn } from "../../tests/factories/index.ts";
import { NUL_MESSAGE } from "../plugins/nul.ts";
import { INT4_MAX } from "../../contract/common.ts";
import { CARD_COLOURS } from "../../contract/content.ts";
import { LOGIN_LOCKED } from "../modules/auth/service.ts";
import { offer } from "../../tests/helpers/store-fixtures.ts";
import { CART_DATE_HORIZON_DAYS, closedShipDateMessage } from "../modules/store/dates.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES: "3" });
});
afterAll(async () => t?.close());

type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, cookie?: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...(cookie ? { cookie } : {}), ...(method === "GET" ? {} : SAME_ORIGIN), ...headers } });

async function auditOf(targetUserId: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.targetUserId, targetUserId)).orderBy(desc(auditLog.id));
}

describe("staff account takeover (issue item 1)", () => {
  it("a wholesaler can neither see, edit nor reset a staff user linked to its customer, by link or by claim", async () => {
    const c = await insertCustomer(t.db, { customerId: "BLMWH" });
    const boss = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const seller = await insertUser(t.db, { roles: ["SalesPerson"], customerIds: [c.customerId], email: "linked-seller@example.test" });
    const admin = await insertUser(t.db, { roles: ["Administrator"], claims: [{ claim: "WholesalerId", value: c.customerId }], email: "claimed-admin@example.test" });
    const cookie = await loginAs(t.app, boss.email, DEFAULT_TEST_PASSWORD);

    const list = (await call("GET", `/api/User/Index/${boss.id}`, cookie)).json() as { id: string }[];
    expect(list.map((u) => u.id)).toEqual([boss.id]);
    for (const target of [seller, admin]) {
      expect((await call("GET", `/api/User/Details/${boss.id}/${target.id}`, cookie)).statusCode).toBe(403);
      const takeover = await call("PUT", `/api/User/Update/${target.id}`, cookie, { email: "attacker@example.test" });
      expect(takeover.statusCode).toBe(403);
      expect((await call("POST", `/api/Auth/ResendPasswordReset/${target.id}`, cookie)).statusCode).toBe(404);
      expect((await call("POST", `/api/Auth/ResendPasswordReset/${target.id}/welcome`, cookie)).statusCode).toBe(404);
    }
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, seller.id));
    expect(row!.email).toBe("linked-seller@example.test");
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "attacker@example.test"))).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, seller.email))).toEqual([]);
  });

  it("nobody edits its own roles, and only an Administrator grants or removes staff roles", async () => {
    const admin = await insertUser(t.db, { roles: ["Administrator"] });
    const seller = await insertUser(t.db, { roles: ["SalesPerson"] });
    const buyer = await insertUser(t.db, { roles: ["wholesaler"] });
    const adminCookie = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
    const sellerCookie = await loginAs(t.app, seller.email, DEFAULT_TEST_PASSWORD);
    const buyerCookie = await loginAs(t.app, buyer.email, DEFAULT_TEST_PASSWORD);

    expect((await call("PUT", `/api/User/Update/${admin.id}`, adminCookie, { roles: ["Administrator", "SalesPerson"] })).statusCode).toBe(403);
    expect((await call("PUT", `/api/User/Update/${seller.id}`, sellerCookie, { roles: ["SalesPerson", "Administrator"] })).statusCode).toBe(403);
    expect((await call("PUT", `/api/User/Update/${buyer.id}`, buyerCookie, { roles: ["wholesaler", "Retailer"] })).statusCode).toBe(403);
    expect((await call("PUT", `/api/User/Update/${buyer.id}`, sellerCookie, { roles: ["SalesPerson"] })).statusCode).toBe(403);
    // Sending one's own roles unchanged is no change, and allowed with the rest of an edit.
    expect((await call("PUT", `/api/User/Update/${admin.id}`, adminCookie, { roles: ["Administrator"], firstName: "Ada" })).statusCode).toBe(200);
    // A SalesPerson hands out customer-side roles; an Administrator any.
    expect((await call("PUT", `/api/User/Update/${buyer.id}`, sellerCookie, { roles: ["wholesaler", "Retailer"] })).json().roles).toEqual(["wholesaler", "Retailer"]);
    expect((await call("PUT", `/api/User/Update/${buyer.id}`, adminCookie, { roles: ["SalesPerson"] })).json().roles).toEqual(["SalesPerson"]);
    const roles = await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, admin.id));
    expect(roles.map((r) => r.role)).toEqual(["Administrator"]);
  });

  it("writes every change of e-mail, roles, claims and customers to the audit log, with who and from where", async () => {
    const c = await insertCustomer(t.db);
    const admin = await insertUser(t.db, { roles: ["Administrator"] });
    const u = await insertUser(t.db, { roles: ["wholesaler"], email: "audited@example.test" });
    const cookie = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
    const res = await call("PUT", `/api/User/Update/${u.id}`, cookie, {
      email: "audited-new@example.test",
      roles: ["Retailer"],
      claims: [{ claim: "WholesalerId", value: c.customerId }],
      customerIds: [c.customerId],
    });
    expect(res.statusCode).toBe(200);
    const [entry, ...rest] = await auditOf(u.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ actorUserId: admin.id, action: "user.update", ip: "127.0.0.1" });
    expect(entry!.detail).toEqual({
      changes: {
        email: { from: "audited@example.test", to: "audited-new@example.test" },
        roles: { from: ["wholesaler"], to: ["Retailer"] },
        claims: { from: [], to: [{ claim: "WholesalerId", value: c.customerId }] },
        customerIds: { from: [], to: [c.customerId] },
      },
    });
    // A names-only edit is not an account change; a reset sent by staff is.
    expect((await call("PUT", `/api/User/Update/${u.id}`, cookie, { firstName: "Quiet" })).statusCode).toBe(200);
    expect(await auditOf(u.id)).toHaveLength(1);
    expect((await call("POST", `/api/Auth/ResendPasswordReset/${u.id}`, cookie)).statusCode).toBe(200);
    const [reset] = await auditOf(u.id);
    expect(reset).toMatchObject({ actorUserId: admin.id, action: "user.reset-mail", detail: { to: "audited-new@example.test" } });
    // Staff read it through the API, with what changed.
    const page = await call("GET", `/api/Admin/AuditLog?target=${u.id}`, cookie);
    expect(page.statusCode).toBe(200);
    const log = page.json().items as { action: string; targetUserId: string; detail: unknown }[];
    expect(log.filter((e) => e.targetUserId === u.id).map((e) => e.action)).toEqual(["user.reset-mail", "user.update"]);
    expect(log.find((e) => e.targetUserId === u.id && e.action === "user.update")!.detail).toEqual(entry!.detail);
  });

  it("writes nothing, not even to the audit log, when an update is refused half-way", async () => {
    const admin = await insertUser(t.db, { roles: ["Administrator"] });
    const u = await insertUser(t.db, { roles: ["wholesaler"], email: "half-way@example.test" });
    const cookie = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
    const res = await call("PUT", `/api/User/Update/${u.id}`, cookie, { email: "half-way-new@example.test", customerIds: ["NO-SUCH-CUSTOMER"] });
    expect(res.statusCode).toBe(400);
    expect(await auditOf(u.id)).toEqual([]);
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, u.id));
    expect(row!.email).toBe("half-way@example.test");
  });
});

describe("NUL characters (issue item 3)", () => {
  it("refuses U+0000 in a path, a body and a query with 400 and the field it was in, and writes nothing", async () => {
    const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);

    const path = await call("POST", "/api/Auth/SetCustomer/BL%00MWH", cookie);
    expect(path.statusCode).toBe(400);
    expect(path.json().fields).toEqual({ customerId: NUL_MESSAGE });

    const line = await call("POST", `/api/Store/Cart/Save/${u.id}/${c.customerId}`, cookie, { items: [{ productId: "A\u0000B", quantity: 1 }] });
    expect(line.statusCode).toBe(400);
    expect(line.json().fields).toEqual({ "items.0.productId": NUL_MESSAGE });
    expect(await t.db.select().from(carts).where(eq(carts.userId, u.id))).toEqual([]);

    const name = await call("PUT", `/api/User/Update/${u.id}`, cookie, { firstName: "Ro\u0000sa" });
    expect(name.statusCode).toBe(400);
    expect(name.json().fields).toEqual({ firstName: NUL_MESSAGE });

    const query = await call("GET", `/api/Admin/MailOutbox?to=a%00b`, cookie);
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toEqual({ to: NUL_MESSAGE });

    const login = await call("POST", "/api/Auth/login/", undefined, { email: "a@example.test", password: "pass\u0000word" });
    expect(login.statusCode).toBe(400);
    expect(login.json().fields).toEqual({ password: NUL_MESSAGE });
  });
});

describe("cookie writes need a same-origin proof (issue item 4)", () => {
  it("refuses a write on a session cookie without Origin or with Origin: null, and takes one with either proof", async () => {
    const u = await insertUser(t.db, { roles: ["wholesaler"] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const put = (headers: Record<string, string>) => t.app.inject({ method: "PUT", url: `/api/User/Update/${u.id}`, payload: { firstName: "Origin" }, headers: { cookie, ...headers } });
    expect((await put({})).statusCode).toBe(403);
    expect((await put({ origin: "null" })).statusCode).toBe(403);
    expect((await put({ origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await put({ origin: "https://evil.example", "sec-fetch-site": "same-site" })).statusCode).toBe(403);
    expect((await put({ origin: "http://localhost:3000" })).statusCode).toBe(200);
    expect((await put({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    // The Host the request came to counts as our origin too (a proxy that passes Host through).
    expect((await put({ origin: "http://api.bloom.test", host: "api.bloom.test" })).statusCode).toBe(200);
    // Signing in has no session yet: a client without Origin may still do it.
    expect((await t.app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: u.email, password: DEFAULT_TEST_PASSWORD } })).statusCode).toBe(200);
  });
});

describe("the OpenAPI document says what the server does (issue item 5)", () => {
  type Op = { parameters?: { in: string; name: string; schema: { pattern?: string } }[]; responses: Record<string, unknown> };
  let paths: Record<string, Record<string, Op>>;
  beforeAll(async () => {
    paths = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths;
  });

  it("lists 400 and 503 for every operation, the cross-site 403 for every write, and 401 wherever a session is required", async () => {
    const ops = Object.entries(paths).flatMap(([path, o]) => Object.entries(o).map(([method, op]) => ({ path, method, op })));
    for (const { path, method, op } of ops) {
      const statuses = Object.keys(op.responses);
      expect(statuses, `${method} ${path}`).toContain("400");
      // The database went away under the request (server/plugins/errors.ts): retryable.
      expect(statuses, `${method} ${path}`).toContain("503");
      if (method !== "get") expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(["403", "413", "415"]));
      const isPublic = /^\/api\/(Public\/|Analytics\/PageView$|Auth\/(login|CheckToken|logout|RequestPasswordReset|Validate|UpdatePassword)|Referrals\/\{id\}$)/.test(path);
      if (!isPublic) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(["401", "403"]));
    }
  });

  it("documents date patterns that refuse what the server refuses, and takes no empty or unknown query value", async () => {
    const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const date = paths["/api/Store/Catalog/{customerId}/{date}/{userId}"]!.get!.parameters!.find((p) => p.name === "date")!;
    const pattern = new RegExp(date.schema.pattern!);
    for (const bad of ["0000-00-00", "2026-13-01", "2026-00-10", "2026-01-32", "10000-01-01", "2026-02-30", "2026-04-31", "2100-02-29"]) {
      expect(pattern.test(bad), bad).toBe(false);
      expect((await call("GET", `/api/Store/Catalog/${c.customerId}/${bad}/${u.id}`, cookie)).statusCode, bad).toBe(400);
    }
    expect(pattern.test("2026-06-15")).toBe(true);

    const cart = `/api/Store/Cart/${u.id}/${c.customerId}`;
    expect((await call("GET", `${cart}?retailerId=0`, cookie)).statusCode).toBe(200);
    for (const bad of ["retailerId=", "retailerId=%20", "retailerId=1e3", "retailerId=0x10", "retailerId=-1", "retailerId=1.5", "debug=1"]) {
      const res = await call("GET", `${cart}?${bad}`, cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).length, bad).toBeGreaterThan(0);
    }
    expect((await call("GET", "/api/Auth/CheckToken/?anything=1", cookie)).statusCode).toBe(400);
  });
});

describe("the OpenAPI document and the error body, again (issue 23 item 13)", () => {
  type Schema = { type?: string; minimum?: number; maximum?: number; pattern?: string; description?: string; examples?: string[]; [k: string]: unknown };
  type Response = { content?: Record<string, { schema?: Schema }> };
  type Op = { parameters?: { in: string; name: string; schema: Schema }[]; requestBody?: Response; responses: Record<string, Response> };
  let paths: Record<string, Record<string, Op>>;
  let staffCookie: string;
  beforeAll(async () => {
    paths = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths;
    const s = await insertUser(t.db, { roles: ["Administrator"] });
    staffCookie = await loginAs(t.app, s.email, DEFAULT_TEST_PASSWORD);
  });
  const operations = () => Object.entries(paths).flatMap(([path, o]) => Object.entries(o).map(([method, op]) => ({ at: `${method} ${path}`, op })));
  /** Every schema inside `schema`, with where it is. */
  const schemasIn = (schema: unknown, at: string, out: { at: string; s: Schema }[] = []) => {
    if (!schema || typeof schema !== "object") return out;
    if ("type" in schema || "pattern" in schema) out.push({ at, s: schema as Schema });
    for (const [k, v] of Object.entries(schema)) schemasIn(v, `${at}.${k}`, out);
    return out;
  };
  const inputs = () =>
    operations().flatMap(({ at, op }) => [
      ...(op.parameters ?? []).flatMap((p) => schemasIn(p.schema, `${at} ${p.in}:${p.name}`)),
      ...schemasIn(op.requestBody?.content?.["application/json"]?.schema, `${at} body`),
    ]);

  it("lists a file or stream under its own media type and every error as JSON, as the server answers them", async () => {
    const contentOf = (path: string, status: string) => Object.keys(paths[path]!.get!.responses[status]?.content ?? {});
    expect(contentOf("/api/Invoices/Csv", "200")).toEqual(["text/csv"]);
    expect(contentOf("/api/MMOrder/Labels", "200")).toEqual(["application/pdf"]);
    expect(contentOf("/api/Invoices/{invoiceNumber}/Pdf", "200")).toEqual(["application/pdf"]);
    expect(contentOf("/api/Public/Art/{file}", "200")).toEqual(["image/svg+xml"]);
    expect(contentOf("/api/Public/Card/{file}", "200")).toEqual(["image/svg+xml", "image/png"]);
    expect(contentOf("/api/Public/Art/{file}", "304")).toEqual([]);
    for (const status of ["400", "401", "403", "404", "503"]) expect(contentOf("/api/MMOrder/Labels", status), status).toEqual(["application/json"]);
    for (const { at, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400) expect(Object.keys(response.content ?? {}), `${at} ${status}`).toEqual(["application/json"]);
      }
    }
    // What the server sends: the CSV as text/csv, the labels' errors as JSON.
    const csv = await call("GET", "/api/Invoices/Csv", staffCookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    for (const res of [
      await call("GET", "/api/MMOrder/Labels?customerId=NOBODY&orderNumber=1"),
      await call("GET", "/api/MMOrder/Labels?customerId=NOBODY&orderNumber=x", staffCookie),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json().requestId).toBe(res.headers["x-request-id"]);
    }
  });

  it("states the limits the server holds to: integers within PostgreSQL's, real dates only, the card colours", async () => {
    const all = inputs();
    for (const { at, s } of all.filter(({ s }) => s.type === "integer" || s.type === "number")) {
      // A missing bound reads as infinite, so the failure names the input.
      expect(s.maximum ?? Infinity, at).toBeLessThanOrEqual(INT4_MAX);
      expect(s.minimum ?? (s.exclusiveMinimum as number | undefined) ?? -Infinity, at).toBeGreaterThanOrEqual(-INT4_MAX - 1);
    }
    const patterned = all.filter(({ s }) => typeof s.pattern === "string").map(({ at, s }) => ({ at, re: new RegExp(s.pattern!) }));
    // Whole-number ids and counts: patterns of digits only.
    const ids = patterned.filter(({ re }) => re.test("1") && re.test("2147483647") && !re.test("a") && !re.test("1a"));
    expect(ids.length).toBeGreaterThan(10);
    for (const { at, re } of ids) expect(re.test("2147483648"), at).toBe(false);
    const dates = patterned.filter(({ re }) => re.test("2026-06-15") && !re.test("a"));
    expect(dates.length).toBeGreaterThan(5);
    for (const { at, re } of dates) for (const bad of ["2026-02-30", "2026-06-31", "2100-02-29"]) expect(re.test(bad), `${at} ${bad}`).toBe(false);

    // The server refuses what the document refuses.
    expect((await call("GET", "/api/Invoices/2147483648", staffCookie)).statusCode).toBe(400);
    expect((await call("GET", "/api/Invoices/2147483647", staffCookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/Invoices?from=2026-02-30", staffCookie)).statusCode).toBe(400);
    const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const save = await call("POST", `/api/Store/Cart/Save/${u.id}/${c.customerId}`, cookie, { shipDate: addDays(isoDateAt(), 1), items: [], version: INT4_MAX + 1 });
    expect(save.statusCode).toBe(400);
    expect(save.json().fields.version).toBe(`Maximum ${INT4_MAX}`);

    // The PNG card's colours are listed where its colour is described.
    for (const name of ["color", "accent"]) {
      const param = paths["/api/Public/Card/{file}"]!.get!.parameters!.find((p) => p.name === name)! as { description?: string; examples?: Record<string, { value: string }> };
      for (const hex of CARD_COLOURS) expect(param.description, `${name} ${hex}`).toContain(hex);
      expect(Object.values(param.examples ?? {}).map((e) => e.value)).toEqual([...CARD_COLOURS]);
    }
  });

  it("answers a malformed header, content type or body with the API's error body and a request id", async () => {
    // Node's HTTP parser refuses these before Fastify sees them: a real socket is needed.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        let data = "";
        const socket = connect(port, "127.0.0.1", () => socket.write(text));
        socket.on("data", (chunk) => (data += chunk));
        socket.on("close", () => resolve(data));
        socket.on("error", () => resolve(data));
      });
    for (const request of [
      "GET /api/Auth/CheckToken/ HTTP/1.1\r\nHost: x\r\nThis line has no colon\r\n\r\n",
      "GET /api/Auth/CheckToken/ HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n",
      "POST /api/Auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}",
      "GET /api/Auth/CheckToken/ HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ]) {
      const answer = await raw(request);
      const [head, body] = answer.split("\r\n\r\n");
      expect(head, request).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8/i);
      const json = JSON.parse(body!);
      expect(json).toEqual({ statusCode: 400, error: "Bad Request", message: expect.stringContaining("could not be read"), requestId: expect.any(String) });
      expect(head).toContain(`X-Request-Id: ${json.requestId}`);
    }
    // Headers past Node's 16 KB: 431, in the same shape.
    const [head, body] = (await raw(`GET /api/Auth/CheckToken/ HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`)).split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(JSON.parse(body!)).toEqual({ statusCode: 431, error: "Request Header Fields Too Large", message: "The request's headers are too large.", requestId: expect.any(String) });
    // Through Fastify: a content type it cannot read, broken JSON, a cookie it cannot parse.
    for (const [headers, payload, status] of [
      [{ "content-type": ";;;/" }, "{}", 415],
      [{ "content-type": "application/json" }, "{not json", 400],
      [{ "content-type": "application/json; charset=utf-99" }, "{x", 400],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url: "/api/Auth/login/", headers: { ...SAME_ORIGIN, ...headers }, payload });
      expect(res.statusCode, JSON.stringify(headers)).toBe(status);
      expect(res.json()).toMatchObject({ statusCode: status, message: expect.any(String), requestId: res.headers["x-request-id"] });
    }
    const cookie = await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: 'bloom_sid=%E0%A4%A; x="' } });
    expect(cookie.statusCode).toBe(200);
    expect(cookie.json()).toEqual({ user: null, originalUser: null });
  });
});

describe("policy (issue item 6)", () => {
  it("answers 403 to a Retailer or MassMarket user asking for the user administration, even its own id", async () => {
    for (const role of ["Retailer", "MassMarket"] as const) {
      const u = await insertUser(t.db, { roles: [role] });
      const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
      expect((await call("GET", `/api/User/Index/${u.id}`, cookie)).statusCode, role).toBe(403);
      expect((await call("GET", `/api/User/Details/${u.id}/${u.id}`, cookie)).statusCode, role).toBe(403);
      expect((await call("PUT", `/api/User/Update/${u.id}`, cookie, { firstName: "Self" })).statusCode, role).toBe(403);
      expect((await call("GET", `/api/User/Customers/${u.id}`, cookie)).statusCode, role).toBe(200);
    }
  });

  it("refuses a cart date no catalog can serve, such as 9999-12-31 or one beyond a year, and saves only a served one", async () => {
    const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const { products } = await offer(t.db, [c.customerId]);
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const save = (shipDate: string) =>
      call("POST", `/api/Store/Cart/Save/${u.id}/${c.customerId}`, cookie, { shipDate, items: [{ productId: products[0]!.productId, quantity: 1 }] });
    const never = await save("9999-12-31");
    expect(never.statusCode).toBe(400);
    expect(never.json().fields.shipDate).toBe("Invalid format");
    // A real date beyond the planning horizon (a year) is closed like any date no catalog serves.
    const far = addDays(isoDateAt(), CART_DATE_HORIZON_DAYS + 1);
    const beyond = await save(far);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().fields.shipDate).toBe(closedShipDateMessage(far));
    expect((await save(addDays(isoDateAt(), CART_DATE_HORIZON_DAYS - 7))).statusCode).toBe(200);
    const saved = await t.db.select().from(carts).where(and(eq(carts.userId, u.id)));
    expect(saved.map((cart) => cart.shipDate)).toEqual([addDays(isoDateAt(), CART_DATE_HORIZON_DAYS - 7)]);
  });

  it("locks an account only for the address that guessed wrong, longer each time: its owner still signs in from elsewhere", async () => {
    const owner = await insertUser(t.db, { email: "locked-out-victim@example.test" });
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: owner.email, password }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.66", `attacker-guess-${i}`)).statusCode).toBe(401);
    const attacker = await from("203.0.113.66", DEFAULT_TEST_PASSWORD);
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().message).toBe(LOGIN_LOCKED);
    expect((await from("198.51.100.20", DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);

    // The lock lasts one window (15 minutes); once it has passed, the next lock lasts twice as long.
    const pairKey = `login:acct-ip:${owner.email}|203.0.113.66`;
    const lockEnd = async () => (await t.db.select().from(rateLimits).where(eq(rateLimits.key, pairKey)))[0]!.resetAt.getTime();
    expect((await lockEnd()) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect((await lockEnd()) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    await t.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) }).where(eq(rateLimits.key, pairKey));
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.66", `attacker-again-${i}`)).statusCode).toBe(401);
    expect((await from("203.0.113.66", DEFAULT_TEST_PASSWORD)).statusCode).toBe(429);
    expect((await lockEnd()) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await lockEnd()) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect((await from("198.51.100.20", DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
    // One address cannot work through many accounts either: five times the limit across accounts.
    const spray = [];
    for (let i = 0; i < 16; i++) spray.push((await t.app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: `spray-${i}@example.test`, password: "wrong-password" }, remoteAddress: "203.0.113.77" })).statusCode);
    expect(spray.slice(0, 15).every((s) => s === 401)).toBe(true);
    expect(spray[15]).toBe(429);
  });
});
