// The invariant of DOMAIN.md: orders + active holds never exceed an offer line's original quantity,
// whatever the number of concurrent buyers and app instances. Every race runs on the test's app; on
// PostgreSQL it runs again with the buyers spread over that app and a second server in its own
// process (own memory, own connection pool, own buildApp), both on the same database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderLines, orders } from "../../../db/schema/index.ts";
import { shipDayText } from "../../../domain/cart-flags.ts";
import { buildTestApp, type Injector, type TestApp } from "../../../tests/helpers/test-app.ts";
import { startServerProcess, type ServerProcess, SERVER_PROCESS_HOOK_TIMEOUT_MS } from "../../../tests/helpers/server-process.ts";
import { buyer, client, committed, offer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";

const BUYERS = 24;
/** The capped line's message for the next ship date, with how many were left for it. */
const remaining = (left: string) => `You can only order up to the quantity remaining for ${shipDayText(tomorrow())}: ${left} left.`;
const EMPTY = "Your cart is empty.";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** `n` buyers, each of its own customer, signed in through the given instances in turn. */
async function buyers(n: number, apps: Injector[]): Promise<Client[]> {
  const list: Client[] = [];
  for (let i = 0; i < n; i++) list.push(await buyer(t, {}, apps[i % apps.length]!));
  return list;
}

/** The same signed-in buyer talking to another instance. */
const through = (c: Client, app: Injector) => client(app, c.cookie, c.userId, c.customerId);

interface Line {
  quantity: number;
  quantityConfirmed: number;
  quantityPending: number;
  message: string | null;
}

/** Every placed order line of one offer line, with the user who placed it. */
const placedOn = (offerLineId: number) =>
  t.db
    .select({ userId: orders.userId, quantity: orderLines.quantity, confirmed: orderLines.quantityConfirmed, pending: orderLines.quantityPending })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.offerLineId, offerLineId));

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The last 7 bunches of a line: everyone asks for 2 at once. */
async function raceForTheLastSeven(clients: Client[]) {
  const { offerLines: [ol], products: [p] } = await offer(t.db, clients.map((c) => c.customerId), { line: { originalQuantity: 7 } });
  const results = await Promise.all(clients.map((c) => c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] })));
  expect(results.map((r) => r.statusCode)).toEqual(Array(clients.length).fill(200));
  const lines: Line[] = results.map((r) => r.json().items[0]);
  expect(lines.every((l) => l.quantity === 2 && l.quantityConfirmed + l.quantityPending === 2)).toBe(true);
  // Exactly the 7 there are get held: three buyers 2 each, one buyer 1, the rest nothing (all pending).
  expect(lines.map((l) => l.quantityConfirmed).sort((a, b) => a - b)).toEqual([...Array(clients.length - 4).fill(0), 1, 2, 2, 2]);
  expect(await committed(t.db, ol!.id)).toEqual({ original: 7, ordered: 0, held: 7 });
  return { ol: ol!, p: p!, held: new Map(clients.map((c, i) => [c.userId, lines[i]!.quantityConfirmed])) };
}

/** 24 buyers save at once, then all place at once: 7 become ordered, each by the buyer who held it. */
async function savesThenOrders(apps: Injector[]) {
  const clients = await buyers(BUYERS, apps);
  const { ol, held } = await raceForTheLastSeven(clients);

  const placed = await Promise.all(clients.map((c) => c.place({ key: `race-${c.userId}` })));
  expect(placed.map((r) => r.statusCode)).toEqual(Array(BUYERS).fill(200));
  const lines = await placedOn(ol.id);
  expect(lines).toHaveLength(BUYERS);
  // Each order confirms exactly what its buyer held — never more than was free for it.
  for (const l of lines) expect({ confirmed: l.confirmed, pending: l.pending }).toEqual({ confirmed: held.get(l.userId), pending: 2 - held.get(l.userId)! });
  expect(sum(lines.map((l) => l.confirmed))).toBe(7);
  expect(sum(lines.map((l) => l.pending))).toBe(BUYERS * 2 - 7);
  expect(await committed(t.db, ol.id)).toEqual({ original: 7, ordered: 7, held: 0 });
}

/** A final product with 5 left: buyers are capped at what remains; the losers get the message. */
async function finalProductRace(apps: Injector[]) {
  const clients = await buyers(BUYERS, apps);
  const { offerLines: [ol], products: [p] } = await offer(t.db, clients.map((c) => c.customerId), { line: { originalQuantity: 5, isFinalProduct: true } });
  const results = await Promise.all(clients.map((c) => c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] })));
  expect(results.map((r) => r.statusCode)).toEqual(Array(BUYERS).fill(200));
  const carts = results.map((r) => r.json());
  const kept: Line[] = carts.flatMap((c) => c.items);
  expect(kept.every((l) => l.quantityPending === 0 && l.quantity === l.quantityConfirmed)).toBe(true);
  expect(kept.map((l) => l.quantity).sort()).toEqual([1, 2, 2]);
  expect(kept.filter((l) => l.message === remaining("1 bunch"))).toHaveLength(1);
  const dropped = carts.filter((c) => c.items.length === 0);
  expect(dropped).toHaveLength(BUYERS - 3);
  expect(dropped.every((c) => c.messages[0].message === remaining("none"))).toBe(true);
  expect(await committed(t.db, ol!.id)).toEqual({ original: 5, ordered: 0, held: 5 });
}

/**
 * Three holders hold all 9 bunches (3 each). Then, all at once: every holder places its order twice
 * (a double click, no key; with two instances, one copy through each), the first holder also removes
 * its hold, and 14 latecomers ask for 1 each.
 */
async function interleaved(apps: Injector[]) {
  const holders = await buyers(3, apps);
  const latecomers = await buyers(14, apps);
  const { offerLines: [ol], products: [p] } = await offer(t.db, [...holders, ...latecomers].map((c) => c.customerId), { line: { originalQuantity: 9 } });
  const first = await Promise.all(holders.map((c) => c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 3 }] })));
  expect(first.map((r) => r.json().items[0].quantityConfirmed)).toEqual([3, 3, 3]);
  expect(await committed(t.db, ol!.id)).toEqual({ original: 9, ordered: 0, held: 9 });

  const [places, saves, removed] = await Promise.all([
    Promise.all(holders.flatMap((c, i) => [0, 1].map((k) => through(c, apps[(i + k) % apps.length]!).place()))),
    Promise.all(latecomers.map((c) => c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 1 }] }))),
    through(holders[0]!, apps[1 % apps.length]!).removeHold(),
  ]);

  // The only answers there may be: 200, and 400 'Your cart is empty.' for the second copy of each
  // order (it waits on the cart lock and finds the cart emptied). No 409, no 500.
  expect(saves.map((r) => r.statusCode)).toEqual(Array(14).fill(200));
  expect(removed.statusCode).toBe(200);
  for (let i = 0; i < holders.length; i++) {
    const copies = places.slice(2 * i, 2 * i + 2);
    expect(copies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(copies.find((r) => r.statusCode === 400)!.json().message).toBe(EMPTY);
  }

  const lines = await placedOn(ol!.id);
  const byUser = new Map(lines.map((l) => [l.userId, l]));
  expect(lines).toHaveLength(3);
  expect(lines.every((l) => l.quantity === 3 && l.confirmed + l.pending === 3)).toBe(true);
  // The two holders who kept their holds ordered all 3: nobody could take held stock from them.
  expect(holders.slice(1).map((c) => byUser.get(c.userId)!.confirmed)).toEqual([3, 3]);
  const latecomerLines: Line[] = saves.map((r) => r.json().items[0]);
  expect(latecomerLines.every((l) => l.quantity === 1 && l.quantityConfirmed + l.quantityPending === 1)).toBe(true);
  const latecomersHeld = sum(latecomerLines.map((l) => l.quantityConfirmed));

  const after = await committed(t.db, ol!.id);
  // Orders confirmed exactly what was added to quantity_ordered, and the latecomers hold the rest.
  expect(sum(lines.map((l) => l.confirmed))).toBe(after.ordered);
  expect(after.held).toBe(latecomersHeld);
  // Never oversold; and nothing is lost either: the first holder's 3 went to its order, to the
  // latecomers, or part to each, whichever came first.
  expect(after.ordered + after.held).toBeLessThanOrEqual(9);
  expect(after.ordered + after.held).toBe(9);
  expect(byUser.get(holders[0]!.userId)!.confirmed + latecomersHeld).toBe(3);
}

describe("many buyers, one offer line, one app", () => {
  it(`${BUYERS} concurrent saves never hold more than there is; the losers are pending; all place at once`, async () => {
    await savesThenOrders([t.app]);
  });

  it("final products: concurrent buyers are capped at what remains and the losers get the message", async () => {
    await finalProductRace([t.app]);
  });

  it("saves, double-clicked orders and a released hold at once keep the invariant", async () => {
    await interleaved([t.app]);
  });
});

// PGlite is one database inside this process: there is no second instance to race.
describe.skipIf(!process.env.DATABASE_URL)("two app instances on one PostgreSQL database", () => {
  let second: ServerProcess;
  let apps: Injector[];
  beforeAll(async () => {
    second = await startServerProcess(t.database.url!);
    apps = [t.app, second];
  }, SERVER_PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => second?.close());

  it("the second instance is a separate process on the same database", async () => {
    expect(second.pid).not.toBe(process.pid);
    const health = await second.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    // A user signed in through one instance is known to the other: sessions live in the database.
    const [c] = await buyers(1, [second]);
    expect((await through(c!, t.app).cart()).statusCode).toBe(200);
  });

  it(`${BUYERS} buyers over both instances: never more held or ordered than there is`, async () => {
    await savesThenOrders(apps);
  });

  it("final products over both instances: capped at what remains, the losers get the message", async () => {
    await finalProductRace(apps);
  });

  it("saves, double-clicked orders and a released hold over both instances keep the invariant", async () => {
    await interleaved(apps);
  });
});
