// Operations on real server processes and a private PostgreSQL cluster: graceful shutdown on SIGTERM,
// the metrics port, and a backup (pg_dump) restored into an empty database that an instance serves.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../../db/client.ts";
import { fingerprint } from "../helpers/fingerprint.ts";
import { attachCluster } from "../helpers/pg-cluster.ts";
import { startServerProcess } from "../helpers/server-process.ts";
import { client, tomorrow } from "../helpers/store-fixtures.ts";
import { createWorld, expectInvariants, newStats, runCheckouts, timeUntil, type World } from "./world.ts";

const cluster = attachCluster(inject("pgCluster"));
let world: World;
beforeAll(async () => {
  await cluster.ensureStarted();
  world = await createWorld(cluster, { instances: 1, buyers: 4, products: 2, stock: 100, env: { METRICS_PORT: "0" } });
});
afterAll(async () => world?.close());

/** Holds `userId`'s cart row locked in a transaction of its own until released. */
async function lockCart(url: string, userId: string) {
  const locker = new pg.Client({ connectionString: url });
  await locker.connect();
  await locker.query("begin");
  await locker.query("select id from carts where user_id = $1 for update", [userId]);
  return async () => {
    await locker.query("rollback");
    await locker.end();
  };
}

async function waitForLockWaiter(database: string) {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await timeUntil(async () => {
      const r = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [database]);
      return r.rows[0].n > 0;
    }, 10_000);
  } finally {
    await admin.end();
  }
}

/** A request on a fresh connection: its status, or "refused" when nobody listens any more. */
async function fresh(url: string): Promise<number | "refused"> {
  try {
    const res = await fetch(url, { headers: { connection: "close" } });
    await res.text();
    return res.status;
  } catch {
    return "refused";
  }
}

describe("SIGTERM", () => {
  it("stops accepting, finishes the request in flight, closes the pool and exits 0", async () => {
    const server = await startServerProcess(world.url, { METRICS_PORT: "0" });
    const b = world.buyers[0]!;
    const api = client(server, b.cookie, b.userId, b.customerId);
    expect((await api.save({ shipDate: tomorrow(), items: [{ productId: world.products[0]!.productId, quantity: 2 }] })).statusCode).toBe(200);
    const release = await lockCart(world.url, b.userId);
    const inFlight = api.place({ key: "shutdown-1" });
    await waitForLockWaiter(world.name);

    server.kill("SIGTERM");
    // New connections are refused (or answered 503 while closing), on the app and the metrics port.
    await timeUntil(async () => (await fresh(`${server.baseUrl}/healthz`)) !== 200, 5_000);
    expect([503, "refused"]).toContain(await fresh(`${server.baseUrl}/healthz`));
    expect(server.running()).toBe(true);

    await release();
    const res = await inFlight;
    expect(res.statusCode).toBe(200);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(await fresh(`${server.metricsUrl}/metrics`)).toBe("refused");
    const [order] = rowsOf<{ n: number }>(await world.database.db.execute(sql`select count(*)::int as n from orders where idempotency_key = 'shutdown-1'`));
    expect(order!.n).toBe(1);
  });

  it("gives up on requests still running after SHUTDOWN_TIMEOUT_SECONDS and exits 1", async () => {
    const server = await startServerProcess(world.url, { SHUTDOWN_TIMEOUT_SECONDS: "1" });
    const b = world.buyers[1]!;
    const api = client(server, b.cookie, b.userId, b.customerId);
    expect((await api.save({ shipDate: tomorrow(), items: [{ productId: world.products[0]!.productId, quantity: 1 }] })).statusCode).toBe(200);
    const release = await lockCart(world.url, b.userId);
    const inFlight = api.place({ key: "shutdown-2" }).catch(() => "lost" as const);
    await waitForLockWaiter(world.name);
    server.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(await inFlight).toBe("lost");
    await release();
    // Its transaction died with the process: nothing was ordered.
    const [order] = rowsOf<{ n: number }>(await world.database.db.execute(sql`select count(*)::int as n from orders where idempotency_key = 'shutdown-2'`));
    expect(order!.n).toBe(0);
  });
});

describe("metrics", () => {
  it("are served on the metrics port only: requests per route, latency, pool, holds, orders", async () => {
    const server = world.instances[0]!;
    {
      const b = world.buyers[2]!;
      const api = client(server, b.cookie, b.userId, b.customerId);
      expect((await api.save({ shipDate: tomorrow(), items: [{ productId: world.products[1]!.productId, quantity: 1 }] })).statusCode).toBe(200);
      expect((await api.place({ key: "metrics-1" })).statusCode).toBe(200);
      expect((await api.save({ shipDate: tomorrow(), items: [{ productId: world.products[1]!.productId, quantity: 3 }] })).statusCode).toBe(200);

      expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${server.metricsUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      const text = await res.text();
      const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1]);
      expect(value(/^http_requests_total\{method="POST",route="\/api\/Store\/PlaceOrder\/:userId\/:customerId",status_code="200"\} (\d+)$/m)).toBe(1);
      expect(value(/^http_requests_total\{method="POST",route="\/api\/Store\/Cart\/Save\/:userId\/:customerId",status_code="200"\} (\d+)$/m)).toBe(2);
      expect(value(/^http_request_duration_seconds_count\{method="POST",route="\/api\/Store\/Cart\/Save\/:userId\/:customerId",status_code="200"\} (\d+)$/m)).toBe(2);
      expect(value(/^store_orders_placed_total (\d+)$/m)).toBe(1);
      const [db] = rowsOf<{ orders: number; holds: number; bunches: number }>(
        await world.database.db.execute(
          sql`select (select count(*)::int from orders where status = 'submitted') as orders, count(*)::int as holds, coalesce(sum(quantity), 0)::int as bunches from holds where expires_at > now()`,
        ),
      );
      expect(db!.holds).toBeGreaterThan(0);
      expect(value(/^store_orders\{status="submitted"\} (\d+)$/m)).toBe(db!.orders);
      expect(value(/^store_holds_active (\d+)$/m)).toBe(db!.holds);
      expect(value(/^store_held_bunches (\d+)$/m)).toBe(db!.bunches);
      expect(value(/^db_pool_connections\{state="max"\} (\d+)$/m)).toBe(20);
      expect(value(/^db_pool_connections\{state="open"\} (\d+)$/m)).toBeGreaterThan(0);
      expect(value(/^db_up (\d+)$/m)).toBe(1);
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);

      // Never on the public port.
      const open = await server.inject({ method: "GET", url: "/metrics" });
      expect(open.statusCode).toBe(404);
      expect(open.body).not.toContain("http_requests_total");
    }
  });
});

/** The fingerprint of the database at `url`, read through a connection of its own. */
async function fingerprintOf(url: string) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    return await fingerprint(database.db);
  } finally {
    await database.close();
  }
}

describe("backup and restore (docs/operations.md)", () => {
  it("pg_dump of a live store restores into an empty database that an instance serves at once", async () => {
    const stats = newStats();
    await runCheckouts(world, stats, { total: 40 });
    await expectInvariants(world, stats);
    const before = await fingerprintOf(world.url);
    expect(Number(before["public.orders"]!.split(":")[0])).toBeGreaterThanOrEqual(40);

    const dump = path.join(cluster.dir, "store.dump");
    cluster.run("pg_dump", ["--format=custom", `--file=${dump}`, world.url]);
    const restoredUrl = await cluster.createDatabase(`${world.name}_restored`);
    cluster.run("pg_restore", ["--no-owner", `--dbname=${restoredUrl}`, dump]);
    expect(await fingerprintOf(restoredUrl)).toEqual(before);

    // The restored database is current and serves: sessions, carts, sequences came along.
    const server = await startServerProcess(restoredUrl);
    try {
      expect((await server.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ok", database: "ok", migrations: "current" });
      const b = world.buyers[3]!;
      const api = client(server, b.cookie, b.userId, b.customerId);
      expect((await api.save({ shipDate: tomorrow(), items: [{ productId: world.products[0]!.productId, quantity: 1 }] })).statusCode).toBe(200);
      const placed = await api.place({ key: "after-restore" });
      expect(placed.statusCode).toBe(200);
      const maxBefore = Math.max(...stats.placed.map((p) => p.orderNumber));
      expect(placed.json().orderNumber).toBeGreaterThan(maxBefore);
    } finally {
      await server.close();
    }
  });
});
