// Live availability over server-sent events (issue 14), with two app instances on one database (two
// PostgreSQL pools with their own LISTEN connection, or two apps on one PGlite): a stream opened on
// instance b hears what buyers do through instance a; a buyer may only follow catalogs they may read;
// a reconnect with Last-Event-ID catches up; a sign-out ends that session's streams; shutdown ends
// every stream instead of waiting for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { changeFeedFor } from "../../../db/change-feed.ts";
import { buildTestApp, buildTwoInstances, loginAs, SAME_ORIGIN, type TestApp, type TwoInstances } from "../../../tests/helpers/test-app.ts";
import { buyer, client, offer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";
import {
  ALL_WEEKDAYS,
  DEFAULT_TEST_PASSWORD,
  addDays,
  insertCatalog,
  insertCustomer,
  insertMmCatalogProduct,
  insertMmProduct,
  insertUser,
  isoDateAt,
  shipTimesOn,
} from "../../../tests/factories/index.ts";
import { openSse, type SseEvent, type SseStream } from "../../../tests/helpers/sse.ts";
import { countStatements } from "../../../tests/helpers/statement-count.ts";
import { liveReadDbOf } from "./reader.ts";

let a: TestApp;
let b: TestApp;
let pair: TwoInstances | undefined;
let baseB: string;
const opened: SseStream[] = [];

beforeAll(async () => {
  pair = await buildTwoInstances();
  ({ a, b } = pair);
  baseB = await b.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const s of opened) s.close();
  await pair?.close();
});

/**
 * Resolves once b's feed has delivered every notice committed before the call: a marker notified
 * after them arrives after them. Unlike feed.sync(), which gives up after 200 ms (a request must not
 * wait long), it waits as long as the delivery takes, so a loaded machine cannot let a notice through late.
 */
async function noticedByB() {
  const feed = changeFeedFor(b.db);
  const marker = `test-marker:${Math.random().toString(36).slice(2)}`;
  try {
    const arrived = new Promise<void>((resolve) => {
      const off = feed.subscribe((topic) => {
        if (topic !== marker) return;
        off();
        resolve();
      });
    });
    await a.db.execute(sql`select pg_notify('bloom_changes', ${marker})`);
    await arrived;
  } finally {
    await feed.release();
  }
}

const through = (c: Client, t: TestApp) => client(t.app, c.cookie, c.userId, c.customerId);
const liveUrl = (c: Client, orderId: number, date = tomorrow()) => `/api/Store/Catalog/Live/${c.userId}/${c.customerId}/${orderId}/${date}`;
async function stream(base: string, path: string, cookie: string, headers: Record<string, string> = {}) {
  const s = await openSse(`${base}${path}`, { cookie, ...headers });
  opened.push(s);
  return s;
}
const isSnapshot = (e: SseEvent) => e.event === "snapshot";
const available = (e: SseEvent) => (e.data as { available: Record<string, number> }).available;
/** The first change event saying `productId` is now `quantity`. */
const changeTo = (productId: string, quantity: number) => (e: SseEvent) => e.event === "change" && available(e)[productId] === quantity;

/** Two buyers of two customers sharing one 3-line catalog of 20 bunches a line; `other` is signed in on b. */
async function shared() {
  const first = await buyer(a);
  const other = await buyer(a);
  const { catalog, products } = await offer(a.db, [first.customerId, other.customerId], { count: 3, line: { originalQuantity: 20 } });
  return { first, other, catalog, productIds: products.map((p) => p.productId) };
}

describe("wholesale live availability", () => {
  it("sends a stream on instance b the lower quantity when a buyer saves a cart through instance a, and the saver its own view", async () => {
    const { first, other, catalog, productIds } = await shared();
    const [p0, p1] = productIds as [string, string];
    const watcher = await stream(baseB, liveUrl(other, catalog.orderId), other.cookie);
    expect(watcher.status).toBe(200);
    expect(watcher.headers["content-type"]).toMatch(/^text\/event-stream/);
    const snapshot = await watcher.next(isSnapshot);
    expect(snapshot.data).toEqual({ catalog: catalog.orderId, available: Object.fromEntries(productIds.map((p) => [p, 20])) });
    const saver = await stream(baseB, liveUrl(first, catalog.orderId), first.cookie);
    await saver.next(isSnapshot);

    expect((await first.save({ shipDate: tomorrow(), items: [{ productId: p0, quantity: 6 }] })).statusCode).toBe(200);
    const change = await watcher.next(changeTo(p0, 14));
    // Only the line that changed goes out.
    expect(change.data).toEqual({ available: { [p0]: 14 } });
    expect(change.id).not.toBe(snapshot.id);
    // The saver's own hold is theirs: nothing changed for them, so no change event names the line.
    expect((await first.save({ shipDate: tomorrow(), items: [{ productId: p0, quantity: 6 }, { productId: p1, quantity: 5 }] })).statusCode).toBe(200);
    await watcher.next(changeTo(p1, 15));
    // The watcher holds 2 of line 1: the saver is told (20 - 2 = 18, its own 5 still its own), and that
    // is the only change the saver ever got; the watcher gets none (its own hold).
    expect((await through(other, a).save({ shipDate: tomorrow(), items: [{ productId: p1, quantity: 2 }] })).statusCode).toBe(200);
    await saver.next(changeTo(p1, 18));
    expect(saver.events.filter((e) => e.event === "change").map((e) => e.data)).toEqual([{ available: { [p1]: 18 } }]);
    // The list agrees with the stream.
    const list = (await through(other, b).products(catalog.orderId, tomorrow())).json() as { productId: string; quantityRemaining: number }[];
    expect(Object.fromEntries(list.map((p) => [p.productId, p.quantityRemaining]))).toMatchObject({ [p0]: 14, [p1]: 15 });
  });

  it("reads the catalog once for a save, whatever the number of streams of it on the instance", async () => {
    const { first, other, catalog, productIds } = await shared();
    const third = await buyer(a);
    await a.db.execute(sql`insert into catalog_customers (catalog_id, customer_id) values (${catalog.id}, ${third.customerId})`);
    // Its "offers" notice is through b's feed before the streams open (after, it would cause a read of
    // this catalog of its own): waited for without sync()'s 200 ms cap.
    await noticedByB();
    const streams = [
      await stream(baseB, liveUrl(other, catalog.orderId), other.cookie),
      await stream(baseB, liveUrl(other, catalog.orderId), other.cookie),
      await stream(baseB, liveUrl(other, catalog.orderId), other.cookie),
      await stream(baseB, liveUrl(other, catalog.orderId), other.cookie),
      await stream(baseB, liveUrl(third, catalog.orderId), third.cookie),
    ];
    for (const s of streams) await s.next(isSnapshot);
    // b's live reads go through its reader (a connection of its own on PostgreSQL, reader.ts).
    const counter = countStatements(liveReadDbOf(b.db));
    try {
      expect((await first.save({ shipDate: tomorrow(), items: [{ productId: productIds[2]!, quantity: 3 }] })).statusCode).toBe(200);
      for (const s of streams) await s.next(changeTo(productIds[2]!, 17));
      // The save is one transaction: its notices reach b together, fold into one read of the catalog,
      // and that read serves the five streams (a stream querying on its own would make five). Reads of
      // other catalogs are not the save's: an "offers" notice (the set-up's catalog_customers insert
      // above) makes every wholesale channel read again 150 ms later, the first test's still-open one
      // included, and when the five streams open within those 150 ms that read falls in this count.
      // That was the "second burst": counted by catalog, a save costs one read.
      const readsOf = (statement: RegExp) => counter.statements.flatMap((q, i) => (statement.test(q) ? [Number(counter.params[i]![0])] : [])).filter((id) => id === catalog.id);
      // Every read reads the holds; a save moves nothing else, so its read leaves the lines and terms
      // of the last full read standing (only an "offers" notice asks for them again).
      expect(readsOf(/^select ol\.product_id, c\.user_id/)).toEqual([catalog.id]);
      expect(readsOf(/^select ol\.product_id, coalesce/)).toEqual([]);
    } finally {
      counter.stop();
    }
  });

  it("after reads of holds only, still sends what an order placed and a changed stock move (their offers notice reads everything)", async () => {
    const { first, other, catalog, productIds } = await shared();
    const [p0, p1] = productIds as [string, string];
    const watcher = await stream(baseB, liveUrl(other, catalog.orderId), other.cookie);
    await watcher.next(isSnapshot);
    expect((await first.save({ shipDate: tomorrow(), items: [{ productId: p0, quantity: 6 }] })).statusCode).toBe(200);
    await watcher.next(changeTo(p0, 14));
    // The order turns the hold into ordered stock: still 14 for the watcher, so no change names p0.
    expect((await first.place()).statusCode).toBe(200);
    // Stock of p1 raised by the grower: only the offer line moves (an "offers" notice).
    await a.db.execute(sql`update offer_lines set original_quantity = 25 where catalog_id = ${catalog.id} and product_id = ${p1}`);
    await watcher.next(changeTo(p1, 25));
    // And a hold after the order counts against what is left after it.
    expect((await first.save({ shipDate: tomorrow(), items: [{ productId: p0, quantity: 4 }] })).statusCode).toBe(200);
    await watcher.next(changeTo(p0, 10));
    const list = (await through(other, b).products(catalog.orderId, tomorrow())).json() as { productId: string; quantityRemaining: number }[];
    expect(Object.fromEntries(list.map((p) => [p.productId, p.quantityRemaining]))).toMatchObject({ [p0]: 10, [p1]: 25 });
  });

  it("refuses a catalog the buyer may not read, another customer's ids, no session, and bad values", async () => {
    const { other, catalog } = await shared();
    const stranger = await buyer(a);
    const ownOnly = await offer(a.db, [stranger.customerId]);
    // Another customer's catalog, asked for with the buyer's own ids: not offered to them.
    expect((await stream(baseB, liveUrl(other, ownOnly.catalog.orderId), other.cookie)).status).toBe(404);
    // Another customer's ids: refused by the guard.
    expect((await stream(baseB, `/api/Store/Catalog/Live/${other.userId}/${stranger.customerId}/${catalog.orderId}/${tomorrow()}`, other.cookie)).status).toBe(403);
    expect((await stream(baseB, liveUrl(stranger, catalog.orderId), other.cookie)).status).toBe(403);
    expect((await stream(baseB, liveUrl(other, catalog.orderId), "")).status).toBe(401);
    expect((await stream(baseB, liveUrl(other, catalog.orderId, addDays(isoDateAt(), 40)), other.cookie)).status).toBe(404);
    const bad = await stream(baseB, `/api/Store/Catalog/Live/${other.userId}/${other.customerId}/-1/not-a-date`, other.cookie);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).message).toBeTruthy();
  });

  it("catches a reconnecting stream up: Last-Event-ID of the current state is answered 'ready', an older one with a new snapshot", async () => {
    const { first, other, catalog, productIds } = await shared();
    const p0 = productIds[0]!;
    const s1 = await stream(baseB, liveUrl(other, catalog.orderId), other.cookie);
    const firstSnapshot = await s1.next(isSnapshot);
    s1.close();
    await s1.ended;
    // Nothing changed: the same id is still current, on either instance.
    for (const base of [baseB, await aBase()]) {
      const again = await stream(base, liveUrl(other, catalog.orderId), other.cookie, { "last-event-id": firstSnapshot.id! });
      const ready = await again.next((e) => e.event === "ready" || e.event === "snapshot");
      expect(ready.event).toBe("ready");
      expect(ready.id).toBe(firstSnapshot.id);
      again.close();
    }
    // A change while nobody listened: the reconnect gets the new numbers.
    expect((await first.save({ shipDate: tomorrow(), items: [{ productId: p0, quantity: 9 }] })).statusCode).toBe(200);
    const back = await stream(baseB, liveUrl(other, catalog.orderId), other.cookie, { "last-event-id": firstSnapshot.id! });
    const caught = await back.next((e) => e.event === "ready" || e.event === "snapshot");
    expect(caught.event).toBe("snapshot");
    expect(available(caught)[p0]).toBe(11);
    expect(caught.id).not.toBe(firstSnapshot.id);
  });

  it("ends a session's streams on instance b when it signs out through instance a, and no other session's", async () => {
    const { other, catalog } = await shared();
    const stays = await buyer(a);
    await a.db.execute(sql`insert into catalog_customers (catalog_id, customer_id) values (${catalog.id}, ${stays.customerId})`);
    const leaving = await stream(baseB, liveUrl(other, catalog.orderId), other.cookie);
    const staying = await stream(baseB, liveUrl(stays, catalog.orderId), stays.cookie);
    await leaving.next(isSnapshot);
    await staying.next(isSnapshot);
    const out = await a.app.inject({ method: "POST", url: "/api/Auth/logout/", headers: { cookie: other.cookie, ...SAME_ORIGIN } });
    expect(out.statusCode).toBe(200);
    expect((await leaving.next((e) => e.event === "end")).data).toEqual({ reason: "signed-out" });
    await leaving.ended;
    // The other session's stream was checked in the same round and stays open.
    expect(staying.events.some((e) => e.event === "end")).toBe(false);
    const again = await stream(baseB, liveUrl(other, catalog.orderId), other.cookie);
    expect(again.status).toBe(401);
  });

  it("caps the streams of one session at 6 on an instance", async () => {
    const { other, catalog } = await shared();
    const six = await Promise.all(Array.from({ length: 6 }, () => stream(baseB, liveUrl(other, catalog.orderId), other.cookie)));
    expect(six.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const seventh = await stream(baseB, liveUrl(other, catalog.orderId), other.cookie);
    expect(seventh.status).toBe(429);
    six[0]!.close();
    await six[0]!.ended;
    // A closed stream frees its place (the server notices the closed connection).
    await expect.poll(async () => {
      const s = await stream(baseB, liveUrl(other, catalog.orderId), other.cookie);
      s.close();
      return s.status;
    }).toBe(200);
    for (const s of six) s.close();
  });
});

let aUrl: string | undefined;
/** Instance a listening too (for a reconnect that lands on the other instance). */
async function aBase() {
  aUrl ??= await a.app.listen({ port: 0, host: "127.0.0.1" });
  return aUrl;
}

describe("mass-market live availability", () => {
  it("sends a stream on instance b a bouquet's lower quantity when another buyer saves through instance a", async () => {
    const mmBuyer = async () => {
      const c = await insertCustomer(a.db, { kind: "massMarket", shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
      const u = await insertUser(a.db, { roles: ["MassMarket"], customerIds: [c.customerId] });
      return { userId: u.id, customerId: c.customerId, cookie: await loginAs(a.app, u.email, DEFAULT_TEST_PASSWORD) };
    };
    const [x, y] = [await mmBuyer(), await mmBuyer()];
    const catalog = await insertCatalog(a.db, { kind: "massMarket", customerIds: [x.customerId, y.customerId], shipDateFrom: isoDateAt(), shipDateTo: addDays(isoDateAt(), 7) });
    const lily = await insertMmProduct(a.db, {});
    await insertMmCatalogProduct(a.db, { catalogId: catalog.id, productId: lily.productId, available: 12 });
    const path = (u: typeof x, orderId = catalog.orderId) => `/api/MMStore/Live?customerId=${u.customerId}&userId=${u.userId}&shipDateTime=${tomorrow()}T00:00:00&catalog=${orderId}`;
    const watcher = await stream(baseB, path(y), y.cookie);
    expect(available(await watcher.next(isSnapshot))).toEqual({ [lily.productId]: 12 });
    const saved = await a.app.inject({
      method: "POST",
      url: `/api/MMStore/SaveCart?customerId=${x.customerId}&userId=${x.userId}`,
      payload: { shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 5 }] },
      headers: { cookie: x.cookie, ...SAME_ORIGIN },
    });
    expect(saved.statusCode).toBe(200);
    expect((await watcher.next(changeTo(lily.productId, 7))).data).toEqual({ available: { [lily.productId]: 7 } });
    // The wholesale catalog of another customer is no mass-market catalog of this one.
    const { catalog: wholesale } = await offer(a.db, []);
    expect((await stream(baseB, path(y, wholesale.orderId), y.cookie)).status).toBe(404);
    expect((await stream(baseB, `/api/MMStore/Live?customerId=${x.customerId}&userId=${y.userId}&shipDateTime=${tomorrow()}&catalog=${catalog.orderId}`, y.cookie)).status).toBe(403);
  });
});

describe("shutdown", () => {
  it("ends every open stream, telling the page why, instead of waiting for it", async () => {
    const c = await buildTestApp({}, a.database);
    const base = await c.app.listen({ port: 0, host: "127.0.0.1" });
    const { other, catalog } = await shared();
    const s = await stream(base, liveUrl(other, catalog.orderId), other.cookie);
    await s.next(isSnapshot);
    await c.close();
    expect((await s.next((e) => e.event === "end")).data).toEqual({ reason: "shutdown" });
    await s.ended;
  });
});
