// Webhooks on a real database with a real receiver (node:http on 127.0.0.1): the outbox written by the
// change's own transaction, Standard Webhooks signatures checked with the `standardwebhooks` package,
// at-least-once delivery in order per order, backoff, redelivery, the SSRF refusals, and two
// dispatchers (instances) sending each delivery once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { openDatabase, type Database } from "../../../db/client.ts";
import { auditLog, offerLines, orders, webhookDeliveries, webhookEvents, webhooks as webhooksTable } from "../../../db/schema/index.ts";
import { WEBHOOK_URL_MESSAGES } from "../../../domain/webhooks.ts";
import { DEFAULT_TEST_PASSWORD, insertOrder, insertUser } from "../../../tests/factories/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { changeFeedFor } from "../../../db/change-feed.ts";
import { dispatchDue } from "./index.ts";
import { createWebhook } from "./service.ts";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  answered: number;
  at: number;
}

/** A receiver: answers `status` (or hangs, or redirects), and keeps every request it got. */
async function receiver() {
  const got: Received[] = [];
  const state = { status: 200, delayMs: 0, hang: false, redirectTo: "", bigBody: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = () => {
        got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), answered: state.status, at: Date.now() });
        if (state.hang) return; // never answers
        if (state.redirectTo) {
          res.writeHead(302, { location: state.redirectTo }).end();
          return;
        }
        res.writeHead(state.status, { "content-type": "text/plain" });
        res.end(state.bigBody ? "x".repeat(20_000) : `answered ${state.status}`);
      };
      if (state.delayMs) setTimeout(answer, state.delayMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    got,
    state,
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    /** The requests it answered 2xx. */
    ok: () => got.filter((g) => g.answered >= 200 && g.answered < 300 && !state.hang),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

let t: TestApp;
let adminCookie: string;
let adminId: string;
const receivers: Receiver[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await insertUser(t.db, { roles: ["Administrator"] });
  adminId = admin.id;
  adminCookie = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t?.close();
});
// Every webhook receives every event of the file's database: each test removes its own.
afterEach(async () => {
  await t.db.delete(webhooksTable);
});

async function newReceiver() {
  const r = await receiver();
  receivers.push(r);
  return r;
}
const api = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: adminCookie, ...SAME_ORIGIN } });

async function register(url: string, events: string[]) {
  const res = await api("POST", "/api/Admin/Webhooks", { url, events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; secret: string };
}
const parsed = (g: Received) => JSON.parse(g.body) as { type: string; timestamp: string; data: Record<string, unknown> };
const typesFor = (rs: Received[], orderNumber: number) => rs.map(parsed).filter((b) => b.data.orderNumber === orderNumber).map((b) => b.type);
const hours = (n: number, from = Date.now()) => new Date(from + n * 3_600_000);

describe("registering", () => {
  it("answers a whsec_ secret once, lists without it, and audits", async () => {
    const r = await newReceiver();
    const { id, secret } = await register(r.url, ["order.placed", "invoice.issued"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    const list = await api("GET", "/api/Admin/Webhooks");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(6));
    expect(list.json().webhooks).toEqual([expect.objectContaining({ id, url: r.url, events: ["order.placed", "invoice.issued"], createdBy: adminId, pending: 0, failed: 0 })]);
    const one = await api("GET", `/api/Admin/Webhooks/${id}`);
    expect(one.json()).toMatchObject({ id, url: r.url });
    expect(one.body).not.toContain(secret.slice(6));
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, "webhook.create"));
    expect(audited.some((a) => a.actorUserId === adminId && (a.detail as { webhookId: number }).webhookId === id)).toBe(true);

    expect((await api("DELETE", `/api/Admin/Webhooks/${id}`)).statusCode).toBe(200);
    expect((await api("GET", `/api/Admin/Webhooks/${id}`)).statusCode).toBe(404);
    expect((await api("DELETE", `/api/Admin/Webhooks/${id}`)).statusCode).toBe(404);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, "webhook.delete"))).length).toBeGreaterThan(0);
  });

  it("refuses bad input field by field", async () => {
    const bad = async (body: object) => {
      const res = await api("POST", "/api/Admin/Webhooks", body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields as Record<string, string>;
    };
    expect((await bad({ url: "ftp://example.com/x", events: ["order.placed"] })).url).toBe(WEBHOOK_URL_MESSAGES.scheme);
    expect((await bad({ url: "not a url", events: ["order.placed"] })).url).toBe(WEBHOOK_URL_MESSAGES.invalid);
    expect((await bad({ url: "https://u:p@example.com/", events: ["order.placed"] })).url).toBe(WEBHOOK_URL_MESSAGES.credentials);
    expect(await bad({ url: "https://example.com/", events: [] })).toHaveProperty("events");
    expect(Object.keys(await bad({ url: "https://example.com/", events: ["order.shipped"] }))[0]).toMatch(/^events/);
    expect(await bad({ url: "https://example.com/", events: ["order.placed", "order.placed"] })).toHaveProperty("events");
    expect(await t.db.select().from(webhooksTable)).toEqual([]);
  });
});

describe("the outbox", () => {
  it("writes nothing while no webhook exists, and nothing for a rolled-back change", async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents))[0]!.n;
    await insertOrder(t.db);
    const r = await newReceiver();
    await register(r.url, ["order.placed"]);
    await t.db
      .transaction(async (tx) => {
        await insertOrder(tx);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents))[0]!.n).toBe(before);
    // An update that changes nothing is no event either.
    const o = await t.db.transaction((tx) => insertOrder(tx));
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents))[0]!.n;
    await t.db.update(orders).set({ status: o.status }).where(eq(orders.id, o.id));
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents))[0]!.n).toBe(after);
  });

  it("an order placed in the store fires order.placed, whose signature standardwebhooks verifies", async () => {
    const r = await newReceiver();
    const { id, secret } = await register(r.url, ["order.placed"]);
    const a = await buyer(t);
    const { products: ps } = await offer(t.db, [a.customerId], { count: 2, line: { originalQuantity: 40 } });
    await a.save({ shipDate: tomorrow(), items: ps.map((p) => ({ productId: p.productId, quantity: 5 })) });
    const placed = await a.place();
    expect(placed.statusCode).toBe(200);
    const { orderNumber } = placed.json() as { orderNumber: number };
    // The outbox row committed with the order (one order.placed, its lines in it).
    const [event] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.subject, `order:${orderNumber}`));
    expect(event).toMatchObject({ type: "order.placed" });

    expect(await dispatchDue(t.db, t.config)).toEqual({ delivered: 1, failed: 0 });
    expect(r.got).toHaveLength(1);
    const [got] = r.got;
    const headers = { "webhook-id": String(got!.headers["webhook-id"]), "webhook-timestamp": String(got!.headers["webhook-timestamp"]), "webhook-signature": String(got!.headers["webhook-signature"]) };
    expect(headers["webhook-id"]).toBe(event!.msgId);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    const verified = new Webhook(secret).verify(got!.body, headers) as { type: string; data: { orderNumber: number; customerId: string; status: string; lines: unknown[] } };
    expect(verified.type).toBe("order.placed");
    expect(verified.data).toMatchObject({ orderNumber, customerId: a.customerId, status: "submitted", store: "wholesale", shipDate: tomorrow() });
    expect(verified.data.lines).toHaveLength(2);
    // A changed body, or another secret, does not verify.
    expect(() => new Webhook(secret).verify(got!.body.replace("submitted", "shipped"), headers)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(got!.body, headers)).toThrow();

    const list = await api("GET", `/api/Admin/Webhooks/${id}/Deliveries`);
    expect(list.statusCode).toBe(200);
    expect(list.json().deliveries).toEqual([
      expect.objectContaining({ type: "order.placed", subject: `order:${orderNumber}`, status: "delivered", attempts: 1, lastStatus: 200, messageId: event!.msgId, history: [expect.objectContaining({ ok: true, statusCode: 200, responseExcerpt: "answered 200" })] }),
    ]);
  });

  it("order desk changes fire one order.changed per transaction, a cancel one order.cancelled, shipping invoice.issued", async () => {
    const r = await newReceiver();
    const { secret } = await register(r.url, ["order.changed", "order.cancelled", "invoice.issued"]);
    const o = await t.db.transaction((tx) => insertOrder(tx, { lines: [{ quantity: 10 }, { quantity: 10 }] }));
    const desk = (path: string, method: "POST" | "PUT" = "POST", payload: object = {}) =>
      t.app.inject({ method, url: `/api/OrderDesk/Orders/${o.orderNumber}${path}`, payload, headers: { cookie: adminCookie, ...SAME_ORIGIN } });
    expect((await desk(`/Lines/${o.lines[0]!.id}`, "PUT", { quantity: 6 })).statusCode).toBe(200);
    expect((await desk("/Cancel")).statusCode).toBe(200);
    await dispatchDue(t.db, t.config);
    expect(typesFor(r.got, o.orderNumber)).toEqual(["order.changed", "order.cancelled"]);
    const changed = new Webhook(secret).verify(r.got[0]!.body, r.got[0]!.headers as Record<string, string>) as { data: { lines: { quantity: number }[]; status: string } };
    expect(changed.data.lines.map((l) => l.quantity)).toEqual([6, 10]);
    expect(parsed(r.got[1]!).data.status).toBe("cancelled");

    // Shipping: the invoice, after the order's own events.
    const s = await t.db.transaction((tx) => insertOrder(tx, { status: "confirmed", shipDate: tomorrow() }));
    await t.db.update(orders).set({ packedAt: new Date() }).where(eq(orders.id, s.id));
    const ship = await t.app.inject({ method: "POST", url: `/api/OrderDesk/Orders/${s.orderNumber}/Ship`, payload: { reason: "early truck" }, headers: { cookie: adminCookie, ...SAME_ORIGIN } });
    expect(ship.statusCode, ship.body).toBe(200);
    await dispatchDue(t.db, t.config);
    expect(typesFor(r.got, s.orderNumber)).toContain("invoice.issued");
    const invoice = r.got.map(parsed).find((b) => b.type === "invoice.issued" && b.data.orderNumber === s.orderNumber)!;
    expect(invoice.data).toMatchObject({ invoiceNumber: expect.any(Number), customerId: s.customerId, totalCents: expect.any(Number) });
  });

  it("availability.changed: one event per transaction with every line whose quantity or price changed", async () => {
    const r = await newReceiver();
    await register(r.url, ["availability.changed"]);
    const { offerLines: ols } = await offer(t.db, [], { count: 3, line: { originalQuantity: 40 } });
    await dispatchDue(t.db, t.config); // the insert
    r.got.length = 0;
    await t.db.transaction(async (tx) => {
      await tx.update(offerLines).set({ originalQuantity: 20 }).where(eq(offerLines.id, ols[0]!.id));
      await tx.update(offerLines).set({ priceCents: 999 }).where(eq(offerLines.id, ols[1]!.id));
    });
    // What orders take is not an availability change (orders have their own events).
    await t.db.update(offerLines).set({ quantityOrdered: 3 }).where(eq(offerLines.id, ols[2]!.id));
    await dispatchDue(t.db, t.config);
    expect(r.got).toHaveLength(1);
    const body = parsed(r.got[0]!);
    expect(body.type).toBe("availability.changed");
    expect((body.data.lines as { productId: string; quantity: number; priceCents: number }[]).map((l) => [l.productId, l.quantity, l.priceCents])).toEqual([
      [ols[0]!.productId, 20, ols[0]!.priceCents],
      [ols[1]!.productId, 40, 999],
    ]);
  });
});

describe("delivery", () => {
  it("a receiver down for hours gets every event once it is back, in order per order", async () => {
    const r = await newReceiver();
    const { id, secret } = await register(r.url, ["order.placed", "order.changed", "order.cancelled"]);
    r.state.status = 503;
    const a = await t.db.transaction((tx) => insertOrder(tx));
    const b = await t.db.transaction((tx) => insertOrder(tx));
    await t.db.update(orders).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(orders.id, a.id));
    await t.db.update(orders).set({ status: "confirmed" }).where(eq(orders.id, b.id));
    const start = Date.now();
    // Down: only the first event of each order is tried; the later ones wait behind it.
    for (const h of [0, 0.5, 1, 2]) await dispatchDue(t.db, t.config, { now: hours(h, start) });
    expect(r.got.length).toBeGreaterThan(2);
    expect(new Set(r.got.map((g) => parsed(g).type))).toEqual(new Set(["order.placed"]));
    const waiting = (await api("GET", `/api/Admin/Webhooks/${id}`)).json();
    expect(waiting.pending).toBe(4);
    // Back up: everything, each once, in order.
    r.state.status = 204;
    r.got.length = 0;
    expect(await dispatchDue(t.db, t.config, { now: hours(3, start) })).toEqual({ delivered: 4, failed: 0 });
    expect(typesFor(r.got, a.orderNumber)).toEqual(["order.placed", "order.cancelled"]);
    expect(typesFor(r.got, b.orderNumber)).toEqual(["order.placed", "order.changed"]);
    expect(new Set(r.got.map((g) => g.headers["webhook-id"])).size).toBe(4);
    for (const g of r.got) expect(() => new Webhook(secret).verify(g.body, g.headers as Record<string, string>)).not.toThrow();
    expect(await dispatchDue(t.db, t.config, { now: hours(4, start) })).toEqual({ delivered: 0, failed: 0 });
    const deliveries = (await api("GET", `/api/Admin/Webhooks/${id}/Deliveries`)).json().deliveries as { status: string; attempts: number; history: { statusCode: number }[] }[];
    expect(deliveries.every((d) => d.status === "delivered")).toBe(true);
    const first = deliveries.filter((d) => d.attempts > 1);
    expect(first).toHaveLength(2);
    expect(first[0]!.history.map((h) => h.statusCode)).toEqual([204, 503, 503, 503, 503]);
  });

  it("retries with backoff for 24 hours, then gives up and lets the order's next event go", async () => {
    const r = await newReceiver();
    const { id } = await register(r.url, ["order.placed", "order.cancelled"]);
    r.state.status = 500;
    const o = await t.db.transaction((tx) => insertOrder(tx));
    await t.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, o.id));
    const start = Date.now();
    await dispatchDue(t.db, t.config, { now: hours(0, start) });
    // Not due again before the backoff (5 s, then 10 s, …).
    expect(await dispatchDue(t.db, t.config, { now: new Date(start + 4_000) })).toEqual({ delivered: 0, failed: 0 });
    expect(await dispatchDue(t.db, t.config, { now: new Date(start + 6_000) })).toEqual({ delivered: 0, failed: 1 });
    expect(await dispatchDue(t.db, t.config, { now: hours(23.9, start) })).toEqual({ delivered: 0, failed: 1 });
    expect((await api("GET", `/api/Admin/Webhooks/${id}`)).json()).toMatchObject({ pending: 2, failed: 0 });
    r.state.status = 200;
    r.got.length = 0;
    // 24 hours on, the first fails once more (the receiver is down again) and is given up.
    r.state.status = 500;
    await dispatchDue(t.db, t.config, { now: hours(24.5, start), max: 1 });
    expect((await api("GET", `/api/Admin/Webhooks/${id}`)).json()).toMatchObject({ pending: 1, failed: 1 });
    r.state.status = 200;
    await dispatchDue(t.db, t.config, { now: hours(24.6, start) });
    expect(typesFor(r.ok(), o.orderNumber)).toEqual(["order.cancelled"]);
  });

  it("redelivers a delivered event with the same webhook-id", async () => {
    const r = await newReceiver();
    const { id, secret } = await register(r.url, ["order.placed"]);
    const o = await t.db.transaction((tx) => insertOrder(tx));
    await dispatchDue(t.db, t.config);
    const [delivery] = (await api("GET", `/api/Admin/Webhooks/${id}/Deliveries`)).json().deliveries as { id: number; messageId: string }[];
    const again = await api("POST", `/api/Admin/Webhooks/${id}/Deliveries/${delivery!.id}/Redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: "pending", messageId: delivery!.messageId, attempts: 0 });
    await dispatchDue(t.db, t.config);
    expect(typesFor(r.got, o.orderNumber)).toEqual(["order.placed", "order.placed"]);
    expect(r.got.map((g) => g.headers["webhook-id"])).toEqual([delivery!.messageId, delivery!.messageId]);
    expect(() => new Webhook(secret).verify(r.got[1]!.body, r.got[1]!.headers as Record<string, string>)).not.toThrow();
    const list = (await api("GET", `/api/Admin/Webhooks/${id}/Deliveries`)).json().deliveries as { status: string }[];
    expect(list.map((d) => d.status)).toEqual(["delivered", "delivered"]);
    expect((await api("POST", `/api/Admin/Webhooks/${id}/Deliveries/999999/Redeliver`)).statusCode).toBe(404);
    expect((await api("POST", `/api/Admin/Webhooks/${id + 1000}/Deliveries/${delivery!.id}/Redeliver`)).statusCode).toBe(404);
  });

  it("follows no redirect, waits a short time, keeps only an excerpt", async () => {
    const r = await newReceiver();
    const other = await newReceiver();
    const { id } = await register(r.url, ["order.placed"]);
    r.state.redirectTo = other.url;
    await t.db.transaction((tx) => insertOrder(tx));
    expect(await dispatchDue(t.db, t.config)).toEqual({ delivered: 0, failed: 1 });
    expect(other.got).toHaveLength(0);
    r.state.redirectTo = "";
    r.state.hang = true;
    await t.db.update(webhookDeliveries).set({ nextAttemptAt: new Date() });
    const started = Date.now();
    expect(await dispatchDue(t.db, t.config, { timeoutMs: 300 })).toEqual({ delivered: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(3_000);
    r.state.hang = false;
    r.state.bigBody = true;
    await t.db.update(webhookDeliveries).set({ nextAttemptAt: new Date() });
    expect(await dispatchDue(t.db, t.config)).toEqual({ delivered: 1, failed: 0 });
    const [d] = (await api("GET", `/api/Admin/Webhooks/${id}/Deliveries`)).json().deliveries as { history: { statusCode: number | null; error: string | null; responseExcerpt: string | null }[] }[];
    expect(d!.history.map((h) => [h.statusCode, h.error?.replace(/\d+(\.\d+)? s/, "N s") ?? null])).toEqual([
      [200, null],
      [null, "No answer within N s"],
      [302, "HTTP 302"],
    ]);
    expect(d!.history[0]!.responseExcerpt).toHaveLength(256);
  });
});

describe("safety (SSRF)", () => {
  const production = () => ({ ...t.config, env: "production" as const, webhooksAllowPrivateUrls: false });
  const admin = () => ({ auth: { sessionId: "s", user: { id: adminId } as never, originalUserId: null, currentCustomerId: null } });

  it("in production refuses URLs that are or resolve to loopback, private or link-local addresses", async () => {
    const publicResolver = async () => [{ address: "93.184.216.34", family: 4 }];
    for (const url of [
      "http://127.0.0.1:8080/", "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.5/", "http://192.168.1.10/", "http://172.20.0.1/", "http://0.0.0.0/", "http://2130706433/", "http://0x7f.1/", "http://[fe80::1]/", "http://[fd00::1]/",
    ]) {
      await expect(createWebhook(t.db, production(), admin(), { url, events: ["order.placed"] }, publicResolver), url).rejects.toMatchObject({ statusCode: 400, fields: { url: WEBHOOK_URL_MESSAGES.private } });
    }
    // A name resolving to any private address (here: one public, one loopback) is refused too.
    const mixed = async () => [{ address: "93.184.216.34", family: 4 }, { address: "127.0.0.1", family: 4 }];
    await expect(createWebhook(t.db, production(), admin(), { url: "https://hooks.example.test/", events: ["order.placed"] }, mixed)).rejects.toMatchObject({ statusCode: 400 });
    await expect(createWebhook(t.db, production(), admin(), { url: "https://localhost/", events: ["order.placed"] })).rejects.toMatchObject({ statusCode: 400 });
    await expect(createWebhook(t.db, production(), admin(), { url: "https://nowhere.invalid/", events: ["order.placed"] }, async () => [])).rejects.toMatchObject({ fields: { url: WEBHOOK_URL_MESSAGES.unresolved } });
    expect(await t.db.select().from(webhooksTable)).toEqual([]);
    // A public one is taken; WEBHOOKS_ALLOW_PRIVATE_URLS=true lets a private one through.
    await expect(createWebhook(t.db, production(), admin(), { url: "https://hooks.example.test/", events: ["order.placed"] }, publicResolver)).resolves.toMatchObject({ id: expect.any(Number) });
    await expect(createWebhook(t.db, { ...production(), webhooksAllowPrivateUrls: true }, admin(), { url: "http://127.0.0.1:9/", events: ["order.placed"] })).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it("checks again at delivery and connects to the address it checked (DNS rebinding)", async () => {
    const r = await newReceiver();
    // Registered while the name pointed to a public address; by delivery time it points to loopback.
    let answer = "93.184.216.34";
    const rebinding = async () => [{ address: answer, family: 4 }];
    const url = `http://hooks.example.test:${r.port}/hooks`;
    await createWebhook(t.db, production(), admin(), { url, events: ["order.placed"] }, rebinding);
    answer = "127.0.0.1";
    await t.db.transaction((tx) => insertOrder(tx));
    expect(await dispatchDue(t.db, production(), { resolve: rebinding })).toEqual({ delivered: 0, failed: 1 });
    expect(r.got).toHaveLength(0);
    const [d] = await t.db.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id));
    expect(d!.lastError).toBe(`Refused: ${WEBHOOK_URL_MESSAGES.private}`);
    // Allowed private addresses: the request goes to the resolved address (the name resolves nowhere
    // else), with the URL's own Host.
    await t.db.update(webhookDeliveries).set({ nextAttemptAt: new Date() });
    expect(await dispatchDue(t.db, { ...production(), webhooksAllowPrivateUrls: true }, { resolve: rebinding })).toEqual({ delivered: 1, failed: 0 });
    expect(r.got[0]!.headers.host).toBe(`hooks.example.test:${r.port}`);
  });
});

describe("two instances", () => {
  async function twoDispatchers(second: Database["db"]) {
    const r = await newReceiver();
    r.state.delayMs = 5;
    await register(r.url, ["order.placed"]);
    const made: number[] = [];
    for (let i = 0; i < 40; i++) made.push((await t.db.transaction((tx) => insertOrder(tx, { lines: [{}] }))).orderNumber);
    const [x, y] = await Promise.all([dispatchDue(t.db, t.config), dispatchDue(second, t.config)]);
    expect(x.delivered + y.delivered).toBe(40);
    expect(x.failed + y.failed).toBe(0);
    const ids = r.got.map((g) => String(g.headers["webhook-id"]));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(new Set(r.got.map((g) => parsed(g).data.orderNumber))).toEqual(new Set(made));
    return [x, y];
  }

  it("deliver each event once (dispatchers sharing the app's database)", async () => {
    await twoDispatchers(t.db);
  });

  describe.skipIf(!process.env.DATABASE_URL)("on PostgreSQL, each with its own pool", () => {
    let second: Database;
    beforeAll(async () => {
      second = await openDatabase({ databaseUrl: t.database.url!, poolSize: 5 });
    });
    afterAll(async () => second?.close());
    it("share the deliveries out and send each once", async () => {
      const [x, y] = await twoDispatchers(second.db);
      expect(x!.delivered).toBeGreaterThan(0);
      expect(y!.delivered).toBeGreaterThan(0);
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)("an idle dispatcher on PostgreSQL", () => {
  it("writes nothing when nothing is due, so the instance's hot reads never wait on the change feed for it", async () => {
    const feed = changeFeedFor(t.db);
    try {
      await feed.sync();
      await feed.settle();
      expect(feed.behind).toBe(false);
      expect(await dispatchDue(t.db, t.config)).toEqual({ delivered: 0, failed: 0 });
      // A poll every two seconds on every instance: a write would mark the feed behind each time.
      expect(feed.behind).toBe(false);
    } finally {
      await feed.release();
    }
  });
});
