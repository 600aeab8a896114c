import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { mailOutbox, passwordResetTokens, sessions, users } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { countStatements } from "../../../tests/helpers/statement-count.ts";
import { insertCustomer, insertUser, DEFAULT_TEST_PASSWORD } from "../../../tests/factories/index.ts";
import { LOGIN_FAILED, LOGIN_LOCKED } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES: "3" });
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: { ...(cookie ? { cookie, ...SAME_ORIGIN } : {}), ...headers } });
const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

function resetTokenFrom(text: string) {
  const m = /token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no token in mail: ${text}`);
  return decodeURIComponent(m[1]!);
}

describe("login", () => {
  it("signs in with the right password, sets an HttpOnly SameSite session cookie and returns the user", async () => {
    const c = await insertCustomer(t.db, { companyName: "Harbour Blooms" });
    const u = await insertUser(t.db, { email: "Buyer.One@Example.test", roles: ["wholesaler"], customerIds: [c.customerId], firstName: "Rosa", lastName: "Linde" });
    const res = await post("/api/Auth/login/", { email: "buyer.one@example.test", password: DEFAULT_TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/bloom_sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const body = res.json();
    expect(body).toMatchObject({ id: u.id, firstName: "Rosa", lastName: "Linde", roles: ["wholesaler"], currentCustomer: null });
    expect(body.customers).toEqual([{ customerID: c.customerId, companyName: "Harbour Blooms", imgSrc: "/wholesalers/default-logo.svg" }]);
    expect(body).not.toHaveProperty("passwordHash");
    // The token is stored hashed: the cookie value never appears in the sessions table.
    const token = /bloom_sid=([^;]+)/.exec(cookie)![1]!;
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
  });

  it("answers a wrong password and an unknown e-mail with the same message", async () => {
    await insertUser(t.db, { email: "known@example.test" });
    const wrong = await post("/api/Auth/login/", { email: "known@example.test", password: "not-the-password" });
    const unknown = await post("/api/Auth/login/", { email: "nobody@example.test", password: "whatever-it-is" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(LOGIN_FAILED);
    expect(unknown.json().message).toBe(LOGIN_FAILED);
  });

  it("refuses a deactivated account", async () => {
    await insertUser(t.db, { email: "gone@example.test", active: false });
    const res = await post("/api/Auth/login/", { email: "gone@example.test", password: DEFAULT_TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it("locks an account after repeated failures, even for the right password", async () => {
    await insertUser(t.db, { email: "target@example.test" });
    for (let i = 0; i < 3; i++) expect((await post("/api/Auth/login/", { email: "target@example.test", password: `guess-${i}-xxxx` })).statusCode).toBe(401);
    const locked = await post("/api/Auth/login/", { email: "TARGET@example.test", password: DEFAULT_TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(LOGIN_LOCKED);
  });

  it("holds the limit against parallel guesses, and a good sign-in clears the account's count", async () => {
    // From addresses of their own, so the per-address count of the other tests is not touched.
    const from = (remoteAddress: string, email: string, password: string) =>
      t.app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email, password }, remoteAddress });
    await insertUser(t.db, { email: "parallel@example.test" });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => from("198.51.100.7", "parallel@example.test", `parallel-guess-${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(3);
    expect(statuses.filter((s) => s === 429).length).toBe(9);

    await insertUser(t.db, { email: "slips-once@example.test" });
    for (let i = 0; i < 2; i++) await from("198.51.100.8", "slips-once@example.test", `almost-${i}-right`);
    expect((await from("198.51.100.8", "slips-once@example.test", DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await from("198.51.100.8", "slips-once@example.test", `again-${i}-wrong`)).statusCode).toBe(401);
  });

  it("rejects bad input with field messages and never a 500", async () => {
    const res = await post("/api/Auth/login/", { email: "not-an-email", password: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ email: "Please enter a valid email", password: "This field is required" });
    const broken = await t.app.inject({ method: "POST", url: "/api/Auth/login/", payload: "{not json", headers: { "content-type": "application/json" } });
    expect(broken.statusCode).toBe(400);
    const missing = await post("/api/Auth/login/", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ email: "This field is required", password: "This field is required" });
    const wrongType = await post("/api/Auth/login/", { email: 12, password: "x" });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields.email).toBeTruthy();
  });
});

describe("session", () => {
  it("CheckToken restores the session; logout ends it", async () => {
    const u = await insertUser(t.db, { email: "session@example.test" });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const check = await get("/api/Auth/CheckToken/", cookie);
    expect(check.json()).toMatchObject({ user: { id: u.id }, originalUser: null });
    expect((await post("/api/Auth/logout/", {}, cookie)).statusCode).toBe(200);
    expect((await get("/api/Auth/CheckToken/", cookie)).json()).toEqual({ user: null, originalUser: null });
  });

  it("expires a session left idle longer than the idle limit", async () => {
    const u = await insertUser(t.db, { email: "idle@example.test" });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - t.config.sessionIdleMs - 60_000) }).where(eq(sessions.userId, u.id));
    expect((await get("/api/Auth/CheckToken/", cookie)).json().user).toBeNull();
  });

  it("refuses a cross-site write", async () => {
    const res = await post("/api/Auth/logout/", {}, undefined, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await get("/api/No/Such/Thing");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/json/);
    expect(res.json().message).toMatch(/No API route/);
  });
});

describe("password reset", () => {
  it("mails a single-use link that sets the password and ends other sessions", async () => {
    const u = await insertUser(t.db, { email: "forgetful@example.test" });
    const oldCookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    expect((await post(`/api/Auth/RequestPasswordReset/${encodeURIComponent("Forgetful@example.test")}`, {})).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mail).toBeDefined();
    expect(mail!.status).toBe("held");
    expect(mail!.text).toContain("http://localhost:3000/Account/ResetPassword?token=");
    const token = resetTokenFrom(mail!.text);
    // Stored hashed only.
    const [stored] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(stored!.tokenHash).not.toBe(token);

    expect((await post("/api/Auth/Validate/Reset", { token })).json()).toBe(true);
    const short = await post("/api/Auth/UpdatePassword", { token, password: "short", confirmPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe("Minimum 10 characters");
    const mismatch = await post("/api/Auth/UpdatePassword", { token, password: "a-new-password-1", confirmPassword: "another-one-22" });
    expect(mismatch.json().fields.confirmPassword).toBe("Passwords do not match");

    expect((await post("/api/Auth/UpdatePassword", { token, password: "a-new-password-1", confirmPassword: "a-new-password-1" })).statusCode).toBe(200);
    expect((await get("/api/Auth/CheckToken/", oldCookie)).json().user).toBeNull();
    expect((await post("/api/Auth/Validate/Reset", { token })).json()).toBe(false);
    expect((await post("/api/Auth/UpdatePassword", { token, password: "third-password-3", confirmPassword: "third-password-3" })).statusCode).toBe(400);
    expect((await post("/api/Auth/login/", { email: u.email, password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post("/api/Auth/login/", { email: u.email, password: "a-new-password-1" })).statusCode).toBe(200);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const res = await post("/api/Auth/RequestPasswordReset/nobody-here%40example.test", {});
    expect(res.statusCode).toBe(200);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("does the same work for a known and an unknown address: the same statements, the same answer (issue 23 item 14)", async () => {
    const known = await insertUser(t.db, { email: "same-work@example.test" });
    const inactive = await insertUser(t.db, { email: "same-work-gone@example.test", active: false });
    // Each from its own address, so no rate limit decides for it.
    const request = async (target: string, remoteAddress: string) => {
      const counter = countStatements(t.db);
      try {
        const res = await t.app.inject({ method: "POST", url: `/api/Auth/RequestPasswordReset/${encodeURIComponent(target)}`, headers: SAME_ORIGIN, payload: {}, remoteAddress });
        // Literals inlined in a statement (the change feed's notify id) are blanked; values are bound apart.
        return { status: res.statusCode, body: res.body, statements: counter.statements.map((q) => q.replace(/'[^']*'/g, "'…'")), params: [...counter.params] };
      } finally {
        counter.stop();
      }
    };
    const count = async () => {
      const [m] = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      const [r] = await t.db.select({ n: sql<number>`count(*)::int` }).from(passwordResetTokens);
      return { mails: m!.n, tokens: r!.n };
    };
    const before = await count();
    const unknown = await request("nobody-at-all@example.test", "203.0.113.81");
    expect(await count()).toEqual(before);
    const gone = await request(inactive.email, "203.0.113.82");
    expect(await count()).toEqual(before);
    const found = await request(known.email, "203.0.113.83");
    expect(await count()).toEqual({ mails: before.mails + 1, tokens: before.tokens + 1 });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, known.email));
    expect(mail!.text).toContain("/Account/ResetPassword?token=");

    for (const other of [unknown, gone]) {
      expect(other.status).toBe(found.status);
      expect(other.body).toBe(found.body);
      // The same statements in the same order (BEGIN, both inserts, COMMIT): only the values differ.
      expect(other.statements).toEqual(found.statements);
    }
    expect(found.statements.filter((s) => /^insert into "(password_reset_tokens|mail_outbox)"/i.test(s))).toHaveLength(2);
    // Both paths drew and hashed a token: the token insert carries a 64-hex-digit hash each time.
    const hashOf = (r: typeof found) => r.params[r.statements.findIndex((s) => /password_reset_tokens/.test(s))]!.find((v) => typeof v === "string" && /^[0-9a-f]{64}$/.test(v));
    expect(hashOf(unknown)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOf(found)).toMatch(/^[0-9a-f]{64}$/);
    // A user id rather than an address takes the same road.
    expect((await request(known.id, "203.0.113.84")).statements).toEqual((await request("no-such-user-id", "203.0.113.85")).statements);
  });

  it("refuses an expired token", async () => {
    const u = await insertUser(t.db, { email: "late@example.test" });
    await post(`/api/Auth/RequestPasswordReset/${u.id}`, {});
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    const token = resetTokenFrom(mail!.text);
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, u.id));
    expect((await post("/api/Auth/Validate/Reset", { token })).json()).toBe(false);
  });

  it("lets staff resend a welcome mail, and nobody else", async () => {
    const admin = await insertUser(t.db, { email: "boss@example.test", roles: ["Administrator"] });
    const newcomer = await insertUser(t.db, { email: "newcomer@example.test", passwordHash: null });
    const plain = await insertUser(t.db, { email: "plain@example.test", roles: ["Retailer"] });
    const adminCookie = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
    const plainCookie = await loginAs(t.app, plain.email, DEFAULT_TEST_PASSWORD);
    expect((await post(`/api/Auth/ResendPasswordReset/${newcomer.id}/welcome`, {}, plainCookie)).statusCode).toBe(403);
    expect((await post(`/api/Auth/ResendPasswordReset/${newcomer.id}/welcome`, {}, adminCookie)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, newcomer.email));
    expect(mail!.kind).toBe("password-welcome");
    expect(mail!.subject).toMatch(/Welcome/);
  });
});

describe("customers", () => {
  it("sets the current customer only to one of the user's customers", async () => {
    const mine = await insertCustomer(t.db);
    const theirs = await insertCustomer(t.db);
    const u = await insertUser(t.db, { email: "chooser@example.test", customerIds: [mine.customerId] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    expect((await post(`/api/Auth/SetCustomer/${theirs.customerId}`, {}, cookie)).statusCode).toBe(403);
    const ok = await post(`/api/Auth/SetCustomer/${mine.customerId}`, {}, cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().currentCustomer.customerID).toBe(mine.customerId);
    expect(ok.json().storeProfile.shipTimes.length).toBeGreaterThan(0);
    expect((await get("/api/Auth/CheckToken/", cookie)).json().user.currentCustomer.customerID).toBe(mine.customerId);
  });

  it("gives a Retailer the customers of its WholesalerId claims", async () => {
    const w = await insertCustomer(t.db, { companyName: "Claimed Wholesale" });
    const u = await insertUser(t.db, { email: "shop@example.test", roles: ["Retailer"], claims: [{ claim: "WholesalerId", value: w.customerId }] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const me = (await get("/api/Auth/CheckToken/", cookie)).json();
    expect(me.user.customers.map((c: { customerID: string }) => c.customerID)).toEqual([w.customerId]);
    expect((await get(`/api/User/Customers/${u.id}`, cookie)).json()).toHaveLength(1);
  });

  it("lets staff act for any existing customer", async () => {
    const any = await insertCustomer(t.db);
    const s = await insertUser(t.db, { email: "seller@example.test", roles: ["SalesPerson"] });
    const cookie = await loginAs(t.app, s.email, DEFAULT_TEST_PASSWORD);
    expect((await post(`/api/Auth/SetCustomer/${any.customerId}`, {}, cookie)).statusCode).toBe(200);
    expect((await post(`/api/Auth/SetCustomer/NO-SUCH`, {}, cookie)).statusCode).toBe(403);
  });
});

describe("users", () => {
  it("refuses another user's id in the path", async () => {
    const a = await insertUser(t.db, { email: "a-user@example.test" });
    const b = await insertUser(t.db, { email: "b-user@example.test" });
    const cookie = await loginAs(t.app, a.email, DEFAULT_TEST_PASSWORD);
    expect((await get(`/api/User/Index/${b.id}`, cookie)).statusCode).toBe(403);
    expect((await get(`/api/User/Customers/${b.id}`, cookie)).statusCode).toBe(403);
    expect((await get(`/api/User/Details/${a.id}/${b.id}`, cookie)).statusCode).toBe(403);
    expect((await get(`/api/User/Index/${a.id}`)).statusCode).toBe(401);
  });

  it("lets a wholesaler manage its own customer's users but not grant roles", async () => {
    const c = await insertCustomer(t.db);
    const boss = await insertUser(t.db, { email: "owner@example.test", customerIds: [c.customerId] });
    const shop = await insertUser(t.db, { email: "their-shop@example.test", roles: ["Retailer"], claims: [{ claim: "WholesalerId", value: c.customerId }] });
    const stranger = await insertUser(t.db, { email: "stranger@example.test" });
    const cookie = await loginAs(t.app, boss.email, DEFAULT_TEST_PASSWORD);
    const list = (await get(`/api/User/Index/${boss.id}`, cookie)).json() as { id: string }[];
    expect(list.map((u) => u.id).sort()).toEqual([boss.id, shop.id].sort());
    const renamed = await t.app.inject({ method: "PUT", url: `/api/User/Update/${shop.id}`, payload: { firstName: "Petra" }, headers: { cookie, ...SAME_ORIGIN } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().firstName).toBe("Petra");
    const promote = await t.app.inject({ method: "PUT", url: `/api/User/Update/${shop.id}`, payload: { roles: ["Administrator"] }, headers: { cookie, ...SAME_ORIGIN } });
    expect(promote.statusCode).toBe(403);
    const other = await t.app.inject({ method: "PUT", url: `/api/User/Update/${stranger.id}`, payload: { firstName: "X" }, headers: { cookie, ...SAME_ORIGIN } });
    expect(other.statusCode).toBe(403);
    const lockOut = await t.app.inject({ method: "PUT", url: `/api/User/Update/${shop.id}`, payload: { active: false }, headers: { cookie, ...SAME_ORIGIN } });
    expect(lockOut.statusCode).toBe(403);
  });

  it("never lets a sales person edit, demote or lock out an administrator or another sales person", async () => {
    const admin = await insertUser(t.db, { email: "guarded-admin@example.test", roles: ["Administrator"] });
    const colleague = await insertUser(t.db, { email: "colleague@example.test", roles: ["SalesPerson"] });
    const seller = await insertUser(t.db, { email: "pushy-seller@example.test", roles: ["SalesPerson"] });
    const buyer = await insertUser(t.db, { email: "seller-buyer@example.test", roles: ["wholesaler"] });
    const cookie = await loginAs(t.app, seller.email, DEFAULT_TEST_PASSWORD);
    const put = (id: string, payload: object) => t.app.inject({ method: "PUT", url: `/api/User/Update/${id}`, payload, headers: { cookie, ...SAME_ORIGIN } });
    for (const target of [admin, colleague]) {
      expect((await put(target.id, { email: "mine@example.test" })).statusCode).toBe(403);
      expect((await put(target.id, { roles: ["wholesaler"] })).statusCode).toBe(403);
      expect((await put(target.id, { active: false })).statusCode).toBe(403);
      expect((await get(`/api/User/Details/${seller.id}/${target.id}`, cookie)).statusCode).toBe(403);
    }
    const list = (await get(`/api/User/Index/${seller.id}`, cookie)).json() as { id: string }[];
    expect(list.map((u) => u.id)).toContain(buyer.id);
    expect(list.map((u) => u.id)).toContain(seller.id);
    expect(list.map((u) => u.id)).not.toContain(admin.id);
    expect((await put(buyer.id, { firstName: "Bea", active: false })).statusCode).toBe(200);
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, admin.id));
    expect(row!.email).toBe("guarded-admin@example.test");
  });

  it("lets an administrator change roles and refuses a duplicate e-mail", async () => {
    const admin = await insertUser(t.db, { email: "root-admin@example.test", roles: ["Administrator"] });
    const u = await insertUser(t.db, { email: "promote-me@example.test" });
    const cookie = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
    const res = await t.app.inject({ method: "PUT", url: `/api/User/Update/${u.id}`, payload: { roles: ["SalesPerson"] }, headers: { cookie, ...SAME_ORIGIN } });
    expect(res.json().roles).toEqual(["SalesPerson"]);
    const dup = await t.app.inject({ method: "PUT", url: `/api/User/Update/${u.id}`, payload: { email: "ROOT-ADMIN@example.test" }, headers: { cookie, ...SAME_ORIGIN } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields.email).toBe("That e-mail address is already in use.");
  });

  it("shows the mail outbox to administrators only", async () => {
    const admin = await insertUser(t.db, { email: "outbox-admin@example.test", roles: ["Administrator"] });
    const seller = await insertUser(t.db, { email: "outbox-seller@example.test", roles: ["SalesPerson"] });
    await post(`/api/Auth/RequestPasswordReset/${seller.id}`, {});
    const adminCookie = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
    const sellerCookie = await loginAs(t.app, seller.email, DEFAULT_TEST_PASSWORD);
    expect((await get(`/api/Admin/MailOutbox?to=${seller.email}`, sellerCookie)).statusCode).toBe(403);
    const list = (await get(`/api/Admin/MailOutbox?to=${seller.email}`, adminCookie)).json();
    expect(list[0].subject).toMatch(/Reset your/);
  });
});

