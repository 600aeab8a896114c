// The front door (server/hot/front-door.ts) answers CheckToken and the cart GET from memory ahead of
// Fastify. These tests go over real HTTP (inject() does not pass through it) and hold it to what the
// app itself answers: the same status, body and headers, and every case memory cannot vouch for left
// to the app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import pg from "pg";
import { buildTestApp, cookieFrom, loginAs, SAME_ORIGIN, type TestApp } from "../../tests/helpers/test-app.ts";
import { buyer, offer, tomorrow, type Client } from "../../tests/helpers/store-fixtures.ts";
import { mmBuyer, mmOffer } from "../../tests/helpers/mm-fixtures.ts";
import { DEFAULT_TEST_PASSWORD, insertUser } from "../../tests/factories/index.ts";
import { openDatabase, type Database } from "../../db/client.ts";
import { changeFeedFor } from "../../db/change-feed.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

let t: TestApp;
let base: string;
let b: Client;
let other: Client;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = await buyer(t);
  other = await buyer(t);
  const { products: lines } = await offer(t.db, [b.customerId]);
  const saved = await b.save({ shipDate: tomorrow(), items: [{ productId: lines[0]!.productId, quantity: 2 }] });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (path: string, cookie: string, extra: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { cookie, ...extra } });
const cartPath = (c: Client) => `/api/Store/Cart/${c.userId}/${c.customerId}`;

/** Differ per answer (the nonce is masked) or belong to the connection, which inject() does not have. */
const PER_ANSWER = new Set(["date", "x-request-id", "connection", "keep-alive"]);

/** The answer's headers that must match the app's. */
function comparable(res: Response) {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (PER_ANSWER.has(name)) return;
    headers[name] = name === "content-security-policy" ? value.replace(/'nonce-[^']+'/g, "'nonce-*'") : value;
  });
  return headers;
}

/** Fetches `path` until the front door answers it (the first read fills memory through the app). */
async function fromDoor(path: string, cookie: string, extra: Record<string, string> = {}) {
  for (let i = 0; i < 5; i++) {
    const before = t.app.frontDoor.answered;
    const res = await get(path, cookie, extra);
    if (t.app.frontDoor.answered === before + 1) return res;
    await res.arrayBuffer();
  }
  throw new Error(`the front door never answered ${path}`);
}

/** The same request through the app alone (inject() never passes the front door). */
const fromApp = (path: string, cookie: string) => t.app.inject({ method: "GET", url: path, headers: { cookie } });

describe("the front door", () => {
  it("answers CheckToken and the cart GET with the app's own status, body and headers", async () => {
    for (const path of ["/api/Auth/CheckToken/", cartPath(b)]) {
      const door = await fromDoor(path, b.cookie);
      const doorBody = await door.text();
      const app = await fromApp(path, b.cookie);
      expect(door.status).toBe(app.statusCode);
      expect(doorBody).toBe(app.body);
      const appHeaders = new Headers(Object.entries(app.headers).map(([k, v]) => [k, String(v)] as [string, string]));
      expect(comparable(door)).toEqual(comparable(new Response(null, { headers: appHeaders })));
      expect(door.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
      expect(door.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    const cart = JSON.parse(await (await fromDoor(cartPath(b), b.cookie)).text()) as { items: { quantity: number }[] };
    expect(cart.items.map((i) => i.quantity)).toEqual([2]);
  });

  it("answers a user whose id is an e-mail address", async () => {
    const u = await insertUser(t.db, { id: `buyer-${Date.now()}@grower.test`, roles: ["wholesaler"], customerIds: [b.customerId] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const cart = JSON.parse(await (await fromDoor(`/api/Store/Cart/${u.id}/${b.customerId}`, cookie)).text()) as { customerId: string };
    expect(cart.customerId).toBe(b.customerId);
  });

  it("echoes the caller's request id, as the app does", async () => {
    const res = await fromDoor("/api/Auth/CheckToken/", b.cookie, { "x-request-id": "trace-42.a" });
    expect(res.headers.get("x-request-id")).toBe("trace-42.a");
  });

  it("counts its answers in the metrics under the route's pattern", async () => {
    const metrics = async () => {
      const text = await t.app.metrics.metrics();
      const line = text.split("\n").find((l) => l.startsWith("http_requests_total") && l.includes('route="/api/Store/Cart/:userId/:customerId"') && l.includes('status_code="200"'));
      return Number(line?.split(" ").pop() ?? 0);
    };
    await (await fromDoor(cartPath(b), b.cookie)).text();
    const before = await metrics();
    const answered = t.app.frontDoor.answered;
    await (await get(cartPath(b), b.cookie)).text();
    expect(t.app.frontDoor.answered).toBe(answered + 1);
    expect(await metrics()).toBe(before + 1);
  });

  it("leaves to the app every request memory cannot vouch for", async () => {
    await (await fromDoor(cartPath(b), b.cookie)).text();
    // The other buyer's cart is in memory too: only the access check stands between it and b.
    await (await fromDoor(cartPath(other), other.cookie)).text();
    const cases: [string, string, number][] = [
      // another customer's cart: the app's 403, never a memory answer
      [cartPath(other), b.cookie, 403],
      // no session at all
      [cartPath(b), "", 401],
      // a query, a path written differently, an encoded segment: the app routes and validates them
      [`${cartPath(b)}?retailerId=0`, b.cookie, 200],
      [cartPath(b).toLowerCase().replace(b.userId.toLowerCase(), b.userId).replace(b.customerId.toLowerCase(), b.customerId), b.cookie, 200],
      [`/api/Store/Cart/${b.userId}/${encodeURIComponent(b.customerId).replace(/^(.)/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`, b.cookie, 200],
      [`/api/Store/Cart/${b.userId}//${b.customerId}`, b.cookie, 200],
      [`/api/Store/Cart/${b.userId}/%00`, b.cookie, 400],
    ];
    for (const [path, cookie, status] of cases) {
      const before = t.app.frontDoor.answered;
      const res = await get(path, cookie);
      await res.arrayBuffer();
      expect.soft(res.status, path).toBe(status);
      expect.soft(t.app.frontDoor.answered, path).toBe(before);
    }
    const before = t.app.frontDoor.answered;
    const head = await fetch(`${base}${cartPath(b)}`, { method: "HEAD", headers: { cookie: b.cookie } });
    expect(head.status).toBe(200);
    expect(t.app.frontDoor.answered).toBe(before);
  });

  it("refuses a signed-out session at once", async () => {
    const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [b.customerId] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const signedIn = JSON.parse(await (await fromDoor("/api/Auth/CheckToken/", cookie)).text()) as { user: { id: string } | null };
    expect(signedIn.user?.id).toBe(u.id);
    await (await fromDoor(`/api/Store/Cart/${u.id}/${b.customerId}`, cookie)).text();
    const out = await fetch(`${base}/api/Auth/logout/`, { method: "POST", headers: { cookie, ...SAME_ORIGIN, "content-type": "application/json" }, body: "{}" });
    expect(out.status).toBe(200);
    const before = t.app.frontDoor.answered;
    const after = JSON.parse(await (await get("/api/Auth/CheckToken/", cookie)).text()) as { user: unknown };
    expect(after.user).toBeNull();
    expect((await get(`/api/Store/Cart/${u.id}/${b.customerId}`, cookie)).status).toBe(401);
    expect(t.app.frontDoor.answered).toBe(before);
  });

  it("shows a cart changed through the app at once", async () => {
    const { products: lines } = await offer(t.db, [b.customerId]);
    const now = JSON.parse(await (await fromDoor(cartPath(b), b.cookie)).text()) as { version: number };
    const saved = await b.save({ shipDate: tomorrow(), items: [{ productId: lines[0]!.productId, quantity: 3 }], version: now.version });
    expect(saved.statusCode).toBe(200);
    const res = await get(cartPath(b), b.cookie);
    const cart = JSON.parse(await res.text()) as { items: { productId: string; quantity: number }[] };
    expect(cart.items).toEqual([expect.objectContaining({ productId: lines[0]!.productId, quantity: 3 })]);
  });

  it("leaves the request to the app when reading memory fails", async () => {
    await (await fromDoor(cartPath(b), b.cookie)).text();
    const door = t.app.frontDoor;
    const session = door.session;
    door.session = () => {
      throw new Error("memory unreadable");
    };
    try {
      const before = door.answered;
      const res = await get(cartPath(b), b.cookie);
      expect(res.status).toBe(200);
      expect((JSON.parse(await res.text()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
      expect(door.answered).toBe(before);
    } finally {
      door.session = session;
    }
  });

  it("stands aside while the instance drains", async () => {
    await (await fromDoor(cartPath(b), b.cookie)).text();
    t.app.lifecycle.draining = true;
    try {
      const before = t.app.frontDoor.answered;
      const res = await get(cartPath(b), b.cookie);
      await res.arrayBuffer();
      expect(res.headers.get("connection")).toBe("close");
      expect(t.app.frontDoor.answered).toBe(before);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});

/** Fetches from another instance until its front door answers (its first answer may fill its memory). */
async function fromDoorOf(instance: TestApp, baseUrl: string, path: string, cookie: string) {
  for (let i = 0; i < 5; i++) {
    const before = instance.app.frontDoor.answered;
    const body = await (await fetch(`${baseUrl}${path}`, { headers: { cookie } })).text();
    if (instance.app.frontDoor.answered === before + 1) return body;
  }
  throw new Error(`the front door at ${baseUrl} never answered ${path}`);
}

/** A new buyer with an offer, whose empty cart and session the given front door has answered from memory. */
async function buyerKnownTo(fromDoor: (path: string, cookie: string) => Promise<string>) {
  const c = await buyer(t);
  const { products } = await offer(t.db, [c.customerId]);
  const empty = JSON.parse(await fromDoor(cartPath(c), c.cookie)) as { items: unknown[]; version: number };
  expect(empty.items).toEqual([]);
  await fromDoor("/api/Auth/CheckToken/", c.cookie);
  return { c, products, empty };
}

describe("the front door of a second instance on the same database", () => {
  let b2: TestApp;
  let second: Database | undefined;
  let base2: string;
  let feed2: ReturnType<typeof changeFeedFor> | undefined;
  beforeAll(async () => {
    // On PostgreSQL the second instance has its own pool and its own LISTEN connection.
    second = t.database.url ? await openDatabase({ databaseUrl: t.database.url, poolSize: 5 }) : undefined;
    b2 = await buildTestApp({}, second ?? t.database);
    base2 = await b2.app.listen({ port: 0, host: "127.0.0.1" });
    feed2 = changeFeedFor((second ?? t.database).db);
  });
  afterAll(async () => {
    await feed2?.release();
    await b2?.close();
    await second?.close();
  });

  const fromSecondDoor = (path: string, cookie: string) => fromDoorOf(b2, base2, path, cookie);

  it("shows a save made through the first instance as soon as its notice arrives, and refuses a sign-out made there", async () => {
    const { c, products, empty } = await buyerKnownTo(fromSecondDoor);

    const saved = await c.save({ shipDate: tomorrow(), items: [{ productId: products[0]!.productId, quantity: 4 }], version: empty.version });
    expect(saved.statusCode).toBe(200);
    // The second instance knows of a write made through another one when the write's notice reaches
    // its feed: on PostgreSQL a moment after the commit (usually well under a millisecond; on a loaded
    // machine the read below could come first). A sync of its feed waits for every notice committed
    // before it; from then on its memory must answer with the save.
    await feed2!.sync();
    const seen = JSON.parse(await (await fetch(`${base2}${cartPath(c)}`, { headers: { cookie: c.cookie } })).text()) as { items: { quantity: number }[] };
    expect(seen.items.map((i) => i.quantity)).toEqual([4]);

    await fromSecondDoor(cartPath(c), c.cookie);
    const out = await t.app.inject({ method: "POST", url: "/api/Auth/logout/", headers: { cookie: c.cookie, ...SAME_ORIGIN } });
    expect(out.statusCode).toBe(200);
    await feed2!.sync();
    const before = b2.app.frontDoor.answered;
    expect((await fetch(`${base2}${cartPath(c)}`, { headers: { cookie: c.cookie } })).status).toBe(401);
    expect(JSON.parse(await (await fetch(`${base2}/api/Auth/CheckToken/`, { headers: { cookie: c.cookie } })).text())).toEqual({ user: null, originalUser: null });
    expect(b2.app.frontDoor.answered).toBe(before);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("an instance whose change-feed notices arrive late (PostgreSQL)", () => {
  // A third instance with its own pool and LISTEN connection, whose notices this test delays by
  // 150 ms: a save or a sign-out made through the first instance is not yet known to its memory.
  let b3: TestApp;
  let third: Database;
  let base3: string;
  let listener: pg.Client | undefined;
  const emit = pg.Client.prototype.emit;
  const remember = (client: pg.Client) => (listener = client);
  beforeAll(async () => {
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (typeof args[0] === "string" && args[0].startsWith("LISTEN")) remember(this);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      third = await openDatabase({ databaseUrl: t.database.url!, poolSize: 3 });
      b3 = await buildTestApp({}, third);
      base3 = await b3.app.listen({ port: 0, host: "127.0.0.1" });
      for (let i = 0; i < 100 && !listener; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      if (!listener) throw new Error("the third instance never listened to the change feed");
    } finally {
      pg.Client.prototype.query = query;
    }
    pg.Client.prototype.emit = function (this: pg.Client, event: string | symbol, ...args: unknown[]) {
      if (this === listener && event === "notification") {
        setTimeout(() => emit.call(this, event, ...args), 150);
        return true;
      }
      return emit.call(this, event, ...args);
    } as typeof emit;
  });
  afterAll(async () => {
    pg.Client.prototype.emit = emit;
    await b3?.close();
    await third?.close();
  });

  const fromThirdDoor = (path: string, cookie: string) => fromDoorOf(b3, base3, path, cookie);

  it("shows the browser that saved its save at once, and refuses its sign-out at once, before the notices arrive", async () => {
    const { c, products, empty } = await buyerKnownTo(fromThirdDoor);

    // The save's answer marks the browser; its next request, to the other instance, carries the mark.
    const saved = await c.save({ shipDate: tomorrow(), items: [{ productId: products[0]!.productId, quantity: 4 }], version: empty.version });
    expect(saved.statusCode).toBe(200);
    const mark = cookieFrom(saved);
    expect(mark).toMatch(/^bloom_wrote=\d{13}$/);
    const before = b3.app.frontDoor.answered;
    const seen = (await (await fetch(`${base3}${cartPath(c)}`, { headers: { cookie: `${c.cookie}; ${mark}` } })).json()) as { items: { quantity: number }[] };
    expect(seen.items.map((i) => i.quantity)).toEqual([4]);
    // The app answered it, after a sync of the feed, not the front door from memory.
    expect(b3.app.frontDoor.answered).toBe(before);

    // A mark older than a few seconds counts for nothing: the front door answers again.
    await new Promise((resolve) => setTimeout(resolve, 400)); // the delayed notices have arrived
    const old = `bloom_wrote=${Date.now() - 10_000}`;
    expect((JSON.parse(await fromThirdDoor(cartPath(c), `${c.cookie}; ${old}`)) as { items: { quantity: number }[] }).items.map((i) => i.quantity)).toEqual([4]);

    const out = await t.app.inject({ method: "POST", url: "/api/Auth/logout/", headers: { cookie: c.cookie, ...SAME_ORIGIN } });
    expect(out.statusCode).toBe(200);
    const outMark = cookieFrom(out).split("; ").find((p) => p.startsWith("bloom_wrote="));
    expect(outMark).toMatch(/^bloom_wrote=\d{13}$/);
    expect((await fetch(`${base3}${cartPath(c)}`, { headers: { cookie: `${c.cookie}; ${outMark}` } })).status).toBe(401);
  });
});

describe("the front door of an instance that logs requests (level info)", () => {
  type Entry = { reqId?: string; msg: string; level: number; req?: Record<string, unknown>; res?: { statusCode: number }; responseTime?: number };
  const lines: string[] = [];
  let logged: Awaited<ReturnType<typeof buildApp>>;
  let base3: string;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000", TRUST_PROXY: "true" });
    logged = await buildApp({ db: t.db, config, logStream: { write: (line) => void lines.push(line) } });
    base3 = await logged.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => logged?.close());

  /** The log lines of one request, by the id its answer carries. */
  const entriesOf = (reqId: string) => lines.map((l) => JSON.parse(l) as Entry).filter((e) => e.reqId === reqId);
  const forwarded = { "x-forwarded-for": "203.0.113.9, 10.0.0.2", "x-forwarded-host": "shop.grower.test" };

  it("answers from memory and logs each answer as the app logs the same request answered", async () => {
    const door = logged.frontDoor;
    let answered: Response | undefined;
    for (let i = 0; i < 5 && !answered; i++) {
      const before = door.answered;
      const res = await fetch(`${base3}${cartPath(b)}`, { headers: { cookie: b.cookie, ...forwarded } });
      await res.text();
      if (door.answered === before + 1) answered = res;
    }
    expect(answered, "the front door answered at level info").toBeDefined();
    const fromDoorLog = entriesOf(answered!.headers.get("x-request-id")!);

    // The same request answered by the app itself.
    const open = door.open;
    door.open = () => false;
    try {
      const before = door.answered;
      const res = await fetch(`${base3}${cartPath(b)}`, { headers: { cookie: b.cookie, ...forwarded } });
      await res.text();
      expect(door.answered).toBe(before);
      const fromAppLog = entriesOf(res.headers.get("x-request-id")!);

      const shape = (entries: Entry[]) =>
        entries.map((e) => ({
          msg: e.msg,
          level: e.level,
          req: e.req && { ...e.req, remotePort: typeof e.req.remotePort },
          res: e.res,
          responseTime: typeof e.responseTime,
        }));
      // The app logs the request's arrival and its answer; the door, which answers in the call that
      // reads the request, only the answer: the same line as the app's.
      const request = expect.objectContaining({ method: "GET", url: cartPath(b), host: "shop.grower.test", remoteAddress: "203.0.113.9" });
      expect(shape(fromAppLog)).toEqual([
        expect.objectContaining({ msg: "incoming request", req: request }),
        expect.objectContaining({ msg: "request completed", req: request, res: { statusCode: 200 }, responseTime: "number" }),
      ]);
      expect(shape(fromDoorLog)).toEqual(shape(fromAppLog).slice(1));
    } finally {
      door.open = open;
    }
  });
});

describe("the front door, for cached answers (Catalog/Products, MMStore/Products)", () => {
  /** A GET over real HTTP that sends only the headers given and leaves the body as it came (fetch would decompress it). */
  const rawGet = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  /** The door's answer and the app's to the same request, compared as the app's own answer. */
  async function sameAsApp(path: string, cookie: string, extra: Record<string, string>) {
    let door: Awaited<ReturnType<typeof rawGet>> | undefined;
    for (let i = 0; i < 5 && !door; i++) {
      const before = t.app.frontDoor.answered;
      const res = await rawGet(path, { cookie, ...extra });
      if (t.app.frontDoor.answered === before + 1) door = res;
    }
    if (!door) throw new Error(`the front door never answered ${path}`);
    const app = await t.app.inject({ method: "GET", url: path, headers: { cookie, ...extra } });
    expect(door.status).toBe(app.statusCode);
    expect(door.body.equals(app.rawPayload)).toBe(true);
    const appHeaders = new Headers(Object.entries(app.headers).map(([k, v]) => [k, String(v)] as [string, string]));
    expect(comparable(new Response(null, { headers: door.headers }))).toEqual(comparable(new Response(null, { headers: appHeaders })));
    return { status: door.status, etag: door.headers.etag!, encoding: door.headers["content-encoding"] ?? null };
  }

  it("sends Catalog/Products from memory as the app does: brotli, no encoding, and 304", async () => {
    const { catalog } = await offer(t.db, [b.customerId]);
    const path = `/api/Store/Catalog/Products/${b.userId}/${b.customerId}/${catalog.orderId}/${tomorrow()}`;
    // Large enough that the app would compress it: the size limit of plain answers does not apply.
    const br = await sameAsApp(path, b.cookie, { "accept-encoding": "br" });
    expect(br).toMatchObject({ status: 200, encoding: "br" });
    expect(await sameAsApp(path, b.cookie, {})).toMatchObject({ status: 200, encoding: null, etag: br.etag });
    expect(await sameAsApp(path, b.cookie, { "if-none-match": br.etag })).toMatchObject({ status: 304, etag: br.etag });
  });

  it("sends MMStore/Products, whose ids are in the query, from memory as the app does, and leaves an unusual query to the app", async () => {
    const mm = await mmBuyer(t);
    const { catalog } = await mmOffer(t, [mm.customerId]);
    const query = new URLSearchParams({ customerId: mm.customerId, userId: mm.userId, shipDateTime: `${tomorrow()}T00:00:00`, catalog: String(catalog.orderId) });
    const path = `/api/MMStore/Products?${query}`;
    const br = await sameAsApp(path, mm.cookie, { "accept-encoding": "br" });
    expect(br).toMatchObject({ status: 200, encoding: "br" });
    expect(await sameAsApp(path, mm.cookie, { "if-none-match": br.etag })).toMatchObject({ status: 304, etag: br.etag });
    // Another customer's products (the guard's 403), a name given twice, a name the schema does not
    // know, a "+": the app answers each (the last three with its 400).
    const cases: [string, string, number][] = [
      [`/api/MMStore/Products?${new URLSearchParams({ customerId: b.customerId, userId: mm.userId, shipDateTime: `${tomorrow()}T00:00:00`, catalog: String(catalog.orderId) })}`, mm.cookie, 403],
      [`${path}&catalog=${catalog.orderId}`, mm.cookie, 400],
      [`${path}&x=1`, mm.cookie, 400],
      [`${path}&x=a+b`, mm.cookie, 400],
    ];
    // Each twice: the door keeps what it worked out for a URL, and the second ask must end the same way.
    for (const [url, cookie, status] of [...cases, ...cases]) {
      const before = t.app.frontDoor.answered;
      const res = await get(url, cookie, { "accept-encoding": "br" });
      await res.arrayBuffer();
      expect.soft(res.status, url).toBe(status);
      expect.soft(t.app.frontDoor.answered, url).toBe(before);
    }
  });
});
