// The authorization matrix (issue "Security and resilience"): every /api operation of the built app ×
// anonymous and each role × the caller's own ids and another user's, customer's, retailer's and
// order's, with the exact status each must answer. The expected statuses come from a model of the
// rules written here (DOMAIN.md "Every /api call that names {userId}…", SPEC §6, docs/security.md),
// not from the server's code. A route of the app without an entry below fails the first test.
//
// Every operation is also called in acting sessions (issue 23): staff acting for each kind of target
// (SalesPerson, wholesaler, Retailer, MassMarket) and a wholesaler acting for a shop that also buys
// through another wholesaler. An acting session is answered as its target, held to the customers both
// people share (the wholesaler's shop: its own customer only), with the few acting rules of its own
// (ACTING_RULES: no nesting, stopping, the account's password and other sessions are the owner's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { buildTestApp, cookieFrom, injectOrStream, loginAs, SAME_ORIGIN, type TestApp } from "../../tests/helpers/test-app.ts";
import { DEFAULT_TEST_PASSWORD, insertCustomer, insertOrder, insertRetailer, insertUser, shipTimesOn, ALL_WEEKDAYS } from "../../tests/factories/index.ts";
import { offer } from "../../tests/helpers/store-fixtures.ts";
import { ACTORS, type Actor, type Me, type World, type Req, isStaff, get, ENTRIES, post, V1_AVAILABILITY, V1_PRODUCT } from "../../tests/helpers/authorization-matrix/index.ts";

// ---- acting sessions (issue 23) -------------------------------------------------------------------

/** Who acts (`by`, signed in as itself) for whom (`as`: the actor of that role, or the shared shop). */
interface Acting {
  name: string;
  by: "Administrator" | "SalesPerson" | "wholesaler";
  as: Exclude<Actor, "anonymous" | "Administrator">;
  /** The wholesaler of C1 acting for the shop buying through C1 and C2 (Retailer/Impersonate). */
  sharedShop?: boolean;
  cookie?: string;
}
const ACTING: Acting[] = [
  { name: "Administrator acting as the SalesPerson", by: "Administrator", as: "SalesPerson" },
  { name: "Administrator acting as the wholesaler", by: "Administrator", as: "wholesaler" },
  { name: "Administrator acting as the Retailer", by: "Administrator", as: "Retailer" },
  { name: "Administrator acting as the MassMarket user", by: "Administrator", as: "MassMarket" },
  { name: "SalesPerson acting as the wholesaler", by: "SalesPerson", as: "wholesaler" },
  { name: "SalesPerson acting as the Retailer", by: "SalesPerson", as: "Retailer" },
  { name: "SalesPerson acting as the MassMarket user", by: "SalesPerson", as: "MassMarket" },
  { name: "wholesaler of C1 acting for a shop of C1 and C2", by: "wholesaler", as: "Retailer", sharedShop: true },
];
/** The ids an acting session names as its own: its target's. */
const actingMe = (a: Acting, w: World): Me => (a.sharedShop ? w.sharedShop : w.me[a.as]);

/**
 * What an acting session answers differently from its target signed in: it cannot start acting again
 * (409, or 403 where the target's role may not call the route at all), it can stop (200), and the
 * account's password and other sessions are refused (403). Everything else: the target's rules,
 * within the customers both people share (Me.customers).
 */
const ACTING_RULES: Record<string, (a: Acting) => number> = {
  "POST /api/Admin/:userId/Impersonate": (a) => (isStaff(a.as) ? 409 : 403),
  "POST /api/Retailer/Impersonate/:a/:b/:c": () => 409,
  "POST /api/Retailer/Unimpersonate": () => 200,
  "POST /api/Account/Password": () => 403,
  "POST /api/Account/SignOutOthers": () => 403,
};

let actorEmails: Record<Exclude<Actor, "anonymous">, string>;

/** A new session of `a.by`, acting as its target; the cookie. */
async function startActing(a: Acting): Promise<string> {
  const cookie = await loginAs(t.app, actorEmails[a.by], DEFAULT_TEST_PASSWORD);
  const target = actingMe(a, w);
  const url = a.sharedShop ? `/api/Retailer/Impersonate/${w.me.wholesaler.id}/${w.C1}/${w.R3}` : `/api/Admin/${target.id}/Impersonate`;
  const res = await t.app.inject({ method: "POST", url, headers: { cookie, ...SAME_ORIGIN } });
  if (res.statusCode !== 200 || res.json().user.id !== target.id) throw new Error(`${a.name}: could not start acting (${res.statusCode} ${res.body.slice(0, 200)})`);
  return cookie;
}

/** The acting session still acting as its target (a real actor's SignOutOthers ends the sessions it acts in), else a new one. */
async function actingCookie(a: Acting): Promise<string> {
  const check = await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: a.cookie! } });
  const body = check.json();
  if (body.user?.id !== actingMe(a, w).id || !body.originalUser) a.cookie = await startActing(a);
  return a.cookie!;
}

async function sendWith(cookie: string | undefined, req: Req, extraHeaders: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const unsafe = req.method !== "GET";
  // A live availability stream stays open: its status is read, then it is closed.
  return (/\/Live\b/.test(req.url) ? (o: InjectOptions) => injectOrStream(t.app, o) : (o: InjectOptions) => t.app.inject(o))({
    method: req.method,
    url: req.url,
    ...(req.payload ? { payload: req.payload } : {}),
    headers: { ...(cookie ? { cookie } : {}), ...(unsafe ? SAME_ORIGIN : {}), ...req.headers, ...extraHeaders },
  });
}

// ---- the run ----------------------------------------------------------------------------------

let t: TestApp;
let w: World;

/** Every /api operation of the built app, from its route tree (HEAD and the documentation pages left out). */
function apiRoutes(app: TestApp["app"]): string[] {
  const lines = app.printRoutes({ commonPrefix: false }).split("\n");
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of lines) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? "") + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? "").split(", ").filter(Boolean)) {
      if (method === "HEAD" || !path.startsWith("/api/")) continue;
      if (path.startsWith("/api/docs") || path === "/api/openapi.json" || path === "/api/*") continue;
      found.push(`${method} ${path}`);
    }
  }
  return [...new Set(found)];
}

/** The route key as the router prints it (routes are case-insensitive, trailing slashes ignored). */
const routeKey = (route: string) => route.toLowerCase().replace(/\/$/, "");

beforeAll(async () => {
  t = await buildTestApp();
  const wholesale = { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") };
  const C1 = (await insertCustomer(t.db, wholesale)).customerId;
  const C2 = (await insertCustomer(t.db, wholesale)).customerId;
  const M1 = (await insertCustomer(t.db, { ...wholesale, kind: "massMarket" })).customerId;
  const R1 = (await insertRetailer(t.db, { customerIds: [C1] })).retailerId;
  const R2 = (await insertRetailer(t.db, { customerIds: [C2] })).retailerId;
  const admin = await insertUser(t.db, { roles: ["Administrator"] });
  const sales = await insertUser(t.db, { roles: ["SalesPerson"] });
  const whole = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [C1] });
  const shop = await insertUser(t.db, {
    roles: ["Retailer"],
    claims: [
      { claim: "WholesalerId", value: C1 },
      { claim: "retailerid", value: String(R1) },
    ],
  });
  const mm = await insertUser(t.db, { roles: ["MassMarket"], customerIds: [M1] });
  const other = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [C2] });
  const staffLinked = await insertUser(t.db, { roles: ["SalesPerson"], customerIds: [C1] });
  const adminClaimed = await insertUser(t.db, { roles: ["Administrator"], claims: [{ claim: "WholesalerId", value: C1 }] });
  const o1 = (await insertOrder(t.db, { customerId: C1, userId: whole.id })).orderNumber;
  const o1r = (await insertOrder(t.db, { customerId: C1, userId: shop.id, retailerId: R1 })).orderNumber;
  const om = (await insertOrder(t.db, { customerId: M1, userId: mm.id })).orderNumber;
  const o2 = (await insertOrder(t.db, { customerId: C2, userId: other.id })).orderNumber;
  const omm = (await insertOrder(t.db, { customerId: M1, userId: mm.id, store: "mm" })).orderNumber;
  const R3 = (await insertRetailer(t.db, { customerIds: [C1, C2] })).retailerId;
  const shop3 = await insertUser(t.db, {
    roles: ["Retailer"],
    claims: [
      { claim: "WholesalerId", value: C1 },
      { claim: "WholesalerId", value: C2 },
      { claim: "retailerid", value: String(R3) },
    ],
  });
  const o3 = (await insertOrder(t.db, { customerId: C1, userId: shop3.id, retailerId: R3 })).orderNumber;
  const cat1 = (await offer(t.db, [C1, M1])).catalog.orderId;
  const cat2 = (await offer(t.db, [C2])).catalog.orderId;
  const me = (role: Actor, u: { id: string }, customer: string, retailer: number, order: number): Me => ({ role, id: u.id, customer, retailer, order });
  w = {
    C1,
    C2,
    M1,
    R1,
    R2,
    otherUser: other.id,
    staffLinked: staffLinked.id,
    adminClaimed: adminClaimed.id,
    shopUser: shop.id,
    R3,
    // Acted for by the wholesaler of C1: the session reaches C1 only, though the shop also buys through C2.
    sharedShop: { ...me("Retailer", shop3, C1, R3, o3), customers: [C1] },
    o2,
    omm,
    cat1,
    cat2,
    me: {
      anonymous: me("anonymous", whole, C1, 0, o1),
      Administrator: me("Administrator", admin, C1, 0, o1),
      SalesPerson: me("SalesPerson", sales, C1, 0, o1),
      wholesaler: me("wholesaler", whole, C1, 0, o1),
      Retailer: me("Retailer", shop, C1, R1, o1r),
      MassMarket: me("MassMarket", mm, M1, 0, om),
    },
  };
  const emails: Record<Exclude<Actor, "anonymous">, string> = { Administrator: admin.email, SalesPerson: sales.email, wholesaler: whole.email, Retailer: shop.email, MassMarket: mm.email };
  for (const [actor, email] of Object.entries(emails)) w.me[actor as Actor].cookie = await loginAs(t.app, email, DEFAULT_TEST_PASSWORD);
  actorEmails = emails;
  for (const a of ACTING) a.cookie = await startActing(a);
});
afterAll(async () => t?.close());

async function send(actor: Actor, req: Req, extraHeaders: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const me = w.me[actor];
  let cookie = me.cookie;
  if (req.freshSession && actor !== "anonymous") {
    const emailOf = await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: cookie! } });
    const res = await t.app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: emailOf.json().user.email, password: DEFAULT_TEST_PASSWORD } });
    cookie = cookieFrom(res);
  }
  return sendWith(cookie, req, extraHeaders);
}

describe("authorization matrix", () => {
  it("has an entry for every /api operation of the app, and no entry for a route that does not exist", () => {
    const routes = apiRoutes(t.app).map(routeKey).sort();
    const entries = ENTRIES.map((e) => routeKey(e.route)).sort();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !entries.includes(r)), "routes without a matrix entry").toEqual([]);
    expect(entries.filter((e) => !routes.includes(e)), "matrix entries without a route").toEqual([]);
    expect(new Set(entries).size).toBe(entries.length);
  });

  // One test per route: every actor × every case, all mismatches reported at once.
  for (const entry of ENTRIES) {
    it(`${entry.route}`, async () => {
      const mismatches: string[] = [];
      let checked = 0;
      for (const c of entry.cases) {
        for (const actor of ACTORS) {
          const me = w.me[actor];
          const req = c.request(w, me);
          const expected = c.expected(actor, w, me);
          const res = await send(actor, req);
          checked++;
          if (res.statusCode !== expected) mismatches.push(`${actor}, ${c.name}: ${req.method} ${req.url} → ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 160)}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(checked).toBe(entry.cases.length * ACTORS.length);
    });

    it(`${entry.route}, in acting sessions`, async () => {
      const mismatches: string[] = [];
      let checked = 0;
      for (const a of ACTING) {
        // A call that ends or changes its session (sign-out, stop acting) gets an acting session of its own.
        const cookie = entry.cases.some((c) => c.request(w, actingMe(a, w)).freshSession) ? await startActing(a) : await actingCookie(a);
        for (const c of entry.cases) {
          const me = actingMe(a, w);
          const req = c.request(w, me);
          const rule = ACTING_RULES[entry.route];
          const expected = rule ? rule(a) : c.expected(me.role, w, me);
          const res = await sendWith(cookie, req);
          checked++;
          if (res.statusCode !== expected) mismatches.push(`${a.name}, ${c.name}: ${req.method} ${req.url} → ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 160)}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(checked).toBe(entry.cases.length * ACTING.length);
    });
  }

  it("acting sessions acted as their targets throughout, and the shared shop's session never reached C2", async () => {
    for (const a of ACTING) {
      const body = (await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: await actingCookie(a) } })).json();
      expect(body.user.id).toBe(actingMe(a, w).id);
      expect(body.originalUser.email).toBe(actorEmails[a.by]);
    }
    const shared = ACTING.find((a) => a.sharedShop)!;
    const user = (await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: shared.cookie! } })).json().user;
    expect(user.customers.map((c: { customerID: string }) => c.customerID)).toEqual([w.C1]);
    expect((await sendWith(shared.cookie, { method: "POST", url: `/api/Auth/SetCustomer/${w.C2}` })).statusCode).toBe(403);
    // The shop's own user reaches both: the refusal is the acting wholesaler's limit, not the shop's.
    const own = await loginAs(t.app, (await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: shared.cookie! } })).json().user.email, DEFAULT_TEST_PASSWORD);
    expect((await sendWith(own, { method: "POST", url: `/api/Auth/SetCustomer/${w.C2}` })).statusCode).toBe(200);
  });

  it("refuses every write on a cookie session that does not prove it comes from our pages, and writes nothing", async () => {
    const mismatches: string[] = [];
    const before = await t.app.inject({ method: "GET", url: "/api/Admin/AuditLog?pageSize=100", headers: { cookie: w.me.Administrator.cookie! } });
    expect(before.statusCode).toBe(200);
    for (const entry of ENTRIES) {
      if (entry.route.startsWith("GET ")) continue;
      const c = entry.cases[0]!;
      for (const actor of ACTORS) {
        const me = w.me[actor];
        const req = c.request(w, me);
        if (req.freshSession) continue;
        const variants: [string, Record<string, string>, number][] = [
          ["Origin: null", { origin: "null" }, 403],
          ["another site's Origin", { origin: "https://evil.example" }, 403],
          ["Sec-Fetch-Site: cross-site", { origin: "", "sec-fetch-site": "cross-site" }, 403],
        ];
        // Without Origin or Sec-Fetch-Site: refused on a cookie session, answered as usual without one.
        variants.push(["neither header", { origin: "" }, actor === "anonymous" ? c.expected(actor, w, me) : 403]);
        for (const [name, headers, expected] of variants) {
          const res = await send(actor, req, headers);
          if (res.statusCode !== expected) mismatches.push(`${actor}, ${name}: ${req.method} ${req.url} → ${res.statusCode} (expected ${expected})`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    const after = await t.app.inject({ method: "GET", url: "/api/Admin/AuditLog?pageSize=100", headers: { cookie: w.me.Administrator.cookie! } });
    expect(after.json()).toEqual(before.json());
    // Four requests per write route and actor: it grows with the API (and a loaded machine is slow).
  }, 180_000);
});

// ---- API tokens on /api/v1 (issue 28) --------------------------------------------------------------
// Every /api/v1 operation × a token of each scope, a token of every scope, a revoked and an unknown
// token, no credentials, and a token sent beside a session cookie. Only the route's own scope passes.
describe("authorization matrix: API tokens", () => {
  const SCOPES = ["catalog:write", "availability:write", "orders:read", "invoices:read"] as const;
  const V1: { route: string; scope: (typeof SCOPES)[number]; request: (n: number) => Req; success: number }[] = [
    {
      route: "PUT /api/v1/products/:productId",
      scope: "catalog:write",
      request: (n) => ({ method: "PUT", url: `/api/v1/products/MXT-${n}`, payload: V1_PRODUCT(w.me.Administrator).body }),
      success: 200,
    },
    { route: "PUT /api/v1/availability", scope: "availability:write", request: () => ({ method: "PUT", url: "/api/v1/availability", payload: V1_AVAILABILITY }), success: 200 },
    { route: "GET /api/v1/orders", scope: "orders:read", request: () => get("/api/v1/orders?limit=5"), success: 200 },
    { route: "GET /api/v1/invoices", scope: "invoices:read", request: () => get("/api/v1/invoices?limit=5"), success: 200 },
  ];
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    const make = async (name: string, scopes: string[]) => {
      const res = await sendWith(w.me.Administrator.cookie, post("/api/Admin/ApiTokens", { name, scopes }));
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json() as { id: number; token: string };
    };
    for (const s of SCOPES) tokens[s] = (await make(`Matrix ${s}`, [s])).token;
    tokens.all = (await make("Matrix all", [...SCOPES])).token;
    const revoked = await make("Matrix revoked", [...SCOPES]);
    expect((await sendWith(w.me.Administrator.cookie, { method: "DELETE", url: `/api/Admin/ApiTokens/${revoked.id}` })).statusCode).toBe(200);
    tokens.revoked = revoked.token;
    tokens.unknown = `bst_${"x".repeat(43)}`;
  });

  it("covers every /api/v1 operation", () => {
    const routes = apiRoutes(t.app).map(routeKey).filter((r) => r.includes("/api/v1/"));
    expect(routes.sort()).toEqual(V1.map((v) => routeKey(v.route)).sort());
  });

  for (const op of V1) {
    it(`${op.route}: only its scope`, async () => {
      const mismatches: string[] = [];
      let n = 0;
      const callers: [string, Record<string, string>, number][] = [
        ...SCOPES.map((s): [string, Record<string, string>, number] => [`token with ${s}`, { authorization: `Bearer ${tokens[s]}` }, s === op.scope ? op.success : 403]),
        ["token with every scope", { authorization: `Bearer ${tokens.all}` }, op.success],
        ["revoked token", { authorization: `Bearer ${tokens.revoked}` }, 401],
        ["unknown token", { authorization: `Bearer ${tokens.unknown}` }, 401],
        ["Basic credentials", { authorization: "Basic YWRtaW46YWRtaW4=" }, 401],
        ["no credentials", {}, 401],
        // From our own pages (Origin), so the cookie passes the cross-site check and the token rule answers.
        ["token beside an Administrator's session cookie", { authorization: `Bearer ${tokens.all}`, cookie: w.me.Administrator.cookie!, ...SAME_ORIGIN }, 401],
      ];
      for (const [name, headers, expected] of callers) {
        const req = op.request(++n);
        const res = await t.app.inject({ method: req.method, url: req.url, ...(req.payload ? { payload: req.payload } : {}), headers });
        if (res.statusCode !== expected) mismatches.push(`${name}: ${req.method} ${req.url} → ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 160)}`);
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("a token opens nothing outside /api/v1", async () => {
    for (const url of ["/api/Admin/ApiTokens", "/api/Supply/Products", "/api/OrderDesk/Orders", "/api/Admin/AuditLog"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${tokens.all}` } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});