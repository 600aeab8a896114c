// Lost database connections (pg_terminate_backend, as a failover or an administrator does) on a
// private PostgreSQL cluster: the request that lost its connection answers 503 (retryable), the
// instance stays up, the pool reconnects and the next request succeeds without a restart.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { attachCluster } from "../helpers/pg-cluster.ts";
import { client, tomorrow } from "../helpers/store-fixtures.ts";
import { createWorld, expectInvariants, newStats, runCheckouts, serves, summary, timeUntil, type World } from "./world.ts";

const cluster = attachCluster(inject("pgCluster"));
let world: World;
beforeAll(async () => {
  await cluster.ensureStarted();
  world = await createWorld(cluster, { instances: 2, buyers: 12, products: 4, stock: 150 });
});
afterAll(async () => world?.close());

/** Waits until `n` backends of the database wait for a lock: requests the test holds in flight. */
async function lockWaiters(n: number) {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await timeUntil(async () => {
      const r = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [world.name]);
      return r.rows[0].n >= n;
    }, 10_000);
  } finally {
    await admin.end();
  }
}

describe("a lost database connection", () => {
  it("answers 503 with Retry-After for the request in flight; the instance stays up and the retry succeeds", async () => {
    const [a] = world.instances;
    const b = world.probes[0]!;
    const api = client(a!, b.cookie, b.userId, b.customerId);
    const p = world.products[1]!;
    expect((await api.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 2 }] })).statusCode).toBe(200);

    // Hold the buyer's cart row locked, so its PlaceOrder is in flight inside its transaction.
    const locker = new pg.Client({ connectionString: world.url });
    await locker.connect();
    await locker.query("begin");
    await locker.query("select id from carts where user_id = $1 for update", [b.userId]);
    const inFlight = api.place({ key: "in-flight-1" });
    await lockWaiters(1);
    expect(await cluster.terminateBackends(world.name, { waitingOnLock: true })).toBe(1);

    const res = await inFlight;
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("2");
    expect(res.json()).toMatchObject({ statusCode: 503, message: "The service is briefly unavailable. Please try again in a moment." });
    // The database itself is there: the instance stays ready.
    expect((await a!.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    await locker.query("rollback");
    await locker.end();

    // Nothing was committed: the retry with the same key places the order once.
    const retry = await api.place({ key: "in-flight-1" });
    expect(retry.statusCode).toBe(200);
    expect(a!.running()).toBe(true);
    const again = await api.place({ key: "in-flight-1" });
    expect(again.json().orderNumber).toBe(retry.json().orderNumber);
  });

  it("every backend terminated five times under checkout load: both instances stay up and recover within seconds", async () => {
    const stats = newStats();
    let terminated = 0;
    // Recovery: from each cut until each instance is ready and places an order again (probe buyers,
    // while the load goes on).
    const recovery: number[] = [];
    const faults = (async () => {
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        terminated += await cluster.terminateBackends(world.name);
        recovery.push(...(await Promise.all(world.instances.map((s) => timeUntil(() => serves(world, s))))));
      }
    })();
    await Promise.all([runCheckouts(world, stats, { total: 300 }), faults]);

    expect(world.instances.every((s) => s.running())).toBe(true);
    expect(terminated).toBeGreaterThan(0);
    const { orders } = await expectInvariants(world, stats);
    expect(stats.checkouts).toBe(300);
    expect(orders).toBe(300);
    summary("terminate backends x5 under load", stats, { backendsTerminated: terminated, recoveryMs: recovery });
    for (const ms of recovery) expect(ms).toBeLessThan(15_000);
  });
});
