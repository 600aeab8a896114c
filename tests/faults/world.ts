// The fault suite's shop: a database on the private cluster, app instances in their own processes,
// buyers, a catalog with limited stock, a checkout load that behaves like a careful client (retries
// 503 and lost connections with the same Idempotency-Key, moves to another instance when its own is
// gone, as a load balancer would) and the invariants every fault must leave intact.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Database } from "../../db/client.ts";
import { loginAs } from "../helpers/test-app.ts";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.ts";
import type { PgCluster } from "../helpers/pg-cluster.ts";
import { client, tomorrow, type Client } from "../helpers/store-fixtures.ts";
import { ALL_WEEKDAYS, insertCatalogWithOffers, insertCustomer, insertUser, shipTimesOn, DEFAULT_TEST_PASSWORD } from "../factories/index.ts";

export interface World {
  name: string;
  url: string;
  /** The test's own connection (not an app instance's). */
  database: Database;
  instances: ServerProcess[];
  buyers: Array<{ userId: string; customerId: string; cookie: string }>;
  /** One buyer per instance the load never uses: probes recovery without touching a worker's cart. */
  probes: Array<{ userId: string; customerId: string; cookie: string }>;
  products: Array<{ productId: string; offerLineId: number }>;
  close(): Promise<void>;
}

export async function createWorld(
  cluster: PgCluster,
  opts: { instances: number; buyers: number; products: number; stock: number; env?: Record<string, string> },
): Promise<World> {
  const name = `faults_${randomBytes(4).toString("hex")}`;
  const url = await cluster.createDatabase(name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await database.migrate();
  const db = database.db;
  const owners = [];
  for (let i = 0; i < opts.buyers + opts.instances; i++) {
    const c = await insertCustomer(db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const u = await insertUser(db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    owners.push({ userId: u.id, customerId: c.customerId, email: u.email });
  }
  const { products, offerLines } = await insertCatalogWithOffers(db, {
    count: opts.products,
    catalog: { customerIds: owners.map((o) => o.customerId) },
    line: { originalQuantity: opts.stock },
  });
  const instances: ServerProcess[] = [];
  for (let i = 0; i < opts.instances; i++) instances.push(await startServerProcess(url, { DATABASE_CONNECT_TIMEOUT_SECONDS: "3", SHUTDOWN_TIMEOUT_SECONDS: "10", ...opts.env }));
  const buyers = [];
  for (const [i, o] of owners.entries()) {
    buyers.push({ userId: o.userId, customerId: o.customerId, cookie: await loginAs(instances[i % instances.length]!, o.email, DEFAULT_TEST_PASSWORD) });
  }
  const probes = buyers.splice(opts.buyers);
  return {
    name,
    url,
    database,
    instances,
    buyers,
    probes,
    products: products.map((p, i) => ({ productId: p.productId, offerLineId: offerLines[i]!.id })),
    async close() {
      await Promise.all(instances.map((s) => s.close()));
      await database.close();
    },
  };
}

export interface LoadStats {
  /** HTTP requests sent (each retry counts). */
  requests: number;
  /** Answers by status; "network" for a request whose connection failed (an instance gone). */
  byStatus: Record<string, number>;
  /** Checkouts that ended with an order (PlaceOrder 200). */
  checkouts: number;
  /** Answers no fault may produce: anything but 200 and 503 (and lost connections). */
  unexpected: Array<{ status: number; url: string; body: string }>;
  /** Every placed order as answered: key, user, order number. */
  placed: Array<{ key: string; userId: string; orderNumber: number }>;
  /** Longest time one checkout took, retries included (ms). */
  slowestCheckoutMs: number;
}

export const newStats = (): LoadStats => ({ requests: 0, byStatus: {}, checkouts: 0, unexpected: [], placed: [], slowestCheckoutMs: 0 });

/** The share of requests that failed (503 or lost connection), for the report. */
export function summary(label: string, stats: LoadStats, extra: Record<string, unknown> = {}) {
  const failed = stats.requests - (stats.byStatus["200"] ?? 0);
  const line = { run: label, requests: stats.requests, failed, byStatus: stats.byStatus, checkouts: stats.checkouts, slowestCheckoutMs: stats.slowestCheckoutMs, ...extra };
  console.log(`[faults] ${JSON.stringify(line)}`);
  return line;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `total` checkouts (save a cart of one product, place it with an Idempotency-Key) over the
 * buyers, `concurrency` at a time. Each buyer starts on its own instance; a lost connection moves it
 * to the next running one. 503 and lost connections are retried (the same request, the same key)
 * until `giveUpMs`; any other answer than 200 is recorded as unexpected.
 */
export async function runCheckouts(
  world: World,
  stats: LoadStats,
  opts: { total: number; concurrency?: number; giveUpMs?: number; onCheckout?: (done: number) => void; stop?: () => boolean },
) {
  const { total, concurrency = world.buyers.length, giveUpMs = 30_000 } = opts;
  let next = 0;
  const worker = async (w: number) => {
    const b = world.buyers[w % world.buyers.length]!;
    let home = w % world.instances.length;
    const send = async (call: (c: Client) => Promise<{ statusCode: number; body: string }>, url: string) => {
      const deadline = Date.now() + giveUpMs;
      for (let attempt = 0; ; attempt++) {
        const alive = world.instances.filter((s) => s.running());
        if (!alive.length) throw new Error("no app instance is running");
        const instance = world.instances[home]!.running() ? world.instances[home]! : alive[0]!;
        stats.requests++;
        let status: number | "network";
        let body = "";
        try {
          const res = await call(client(instance, b.cookie, b.userId, b.customerId));
          status = res.statusCode;
          body = res.body;
        } catch {
          status = "network";
          home = (home + 1) % world.instances.length;
        }
        stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
        if (status === 200) return body;
        if (status !== 503 && status !== "network") {
          stats.unexpected.push({ status, url, body: body.slice(0, 300) });
          return null;
        }
        if (Date.now() > deadline) throw new Error(`${url} still failing after ${giveUpMs} ms (${status})`);
        await sleep(Math.min(50 * 2 ** attempt, 500));
      }
    };
    while (next < total && !opts.stop?.()) {
      const n = next++;
      const started = Date.now();
      const p = world.products[n % world.products.length]!;
      const key = `faults-${w}-${n}`;
      const saved = await send((c) => c.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 1 + (n % 3) }] }), "save");
      if (saved === null) continue;
      const placed = await send((c) => c.place({ key }), "place");
      if (placed === null) continue;
      const { orderNumber } = JSON.parse(placed) as { orderNumber: number };
      stats.placed.push({ key, userId: b.userId, orderNumber });
      stats.checkouts++;
      stats.slowestCheckoutMs = Math.max(stats.slowestCheckoutMs, Date.now() - started);
      opts.onCheckout?.(stats.checkouts);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, world.buyers.length) }, (_, w) => worker(w)));
}

/** Polls `probe` until it holds; the time it took (ms). */
export async function timeUntil(probe: () => Promise<boolean>, limitMs = 20_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await probe().catch(() => false)) return Date.now() - started;
    await sleep(50);
  }
  throw new Error(`not recovered within ${limitMs} ms`);
}

/** One full checkout through one instance succeeds (a fresh key), and it reports ready. */
export async function serves(world: World, instance: ServerProcess): Promise<boolean> {
  const buyer = world.probes[world.instances.indexOf(instance)]!;
  const ready = await instance.inject({ method: "GET", url: "/readyz" });
  if (ready.statusCode !== 200) return false;
  const c = client(instance, buyer.cookie, buyer.userId, buyer.customerId);
  const p = world.products[0]!;
  const saved = await c.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 1 }] });
  if (saved.statusCode !== 200) return false;
  const placed = await c.place({ key: `probe-${randomBytes(6).toString("hex")}` });
  return placed.statusCode === 200;
}

/**
 * What no fault may break: every answered order exists once, with lines; no key has two orders; an
 * offer line's ordered quantity is what its order lines confirmed, and ordered + held never exceeds
 * what was offered.
 */
export async function expectInvariants(world: World, stats: LoadStats) {
  const db = world.database.db;
  expect(stats.unexpected).toEqual([]);
  const [withoutLines] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`),
  );
  expect(withoutLines!.n, "orders without lines").toBe(0);
  const duplicates = rowsOf<{ key: string; n: number }>(
    await db.execute(sql`select idempotency_key as key, count(*)::int as n from orders where idempotency_key is not null group by user_id, idempotency_key having count(*) > 1`),
  );
  expect(duplicates, "two orders for one Idempotency-Key").toEqual([]);
  const orders = rowsOf<{ key: string; userId: string; orderNumber: number }>(
    await db.execute(sql`select idempotency_key as key, user_id as "userId", order_number as "orderNumber" from orders where idempotency_key like 'faults-%'`),
  );
  const stored = new Map(orders.map((o) => [`${o.userId}/${o.key}`, Number(o.orderNumber)]));
  // Every 200 has its order, the very one it named.
  const missing = stats.placed.filter((p) => stored.get(`${p.userId}/${p.key}`) !== Number(p.orderNumber));
  expect(missing, "answered 200 without its order").toEqual([]);
  const stock = rowsOf<{ id: number; original: number; ordered: number; confirmed: number; held: number }>(
    await db.execute(sql`
      select ol.id, ol.original_quantity as original, ol.quantity_ordered as ordered,
             coalesce((select sum(l.quantity_confirmed) from order_lines l where l.offer_line_id = ol.id), 0)::int as confirmed,
             coalesce((select sum(h.quantity) from holds h where h.offer_line_id = ol.id and h.expires_at > now()), 0)::int as held
        from offer_lines ol`),
  );
  for (const line of stock) {
    expect(line.ordered, `offer line ${line.id}: ordered = confirmed on orders`).toBe(line.confirmed);
    expect(line.ordered + line.held, `offer line ${line.id}: ordered + held <= original`).toBeLessThanOrEqual(line.original);
  }
  return { orders: orders.length, stock };
}
