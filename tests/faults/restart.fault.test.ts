// A full PostgreSQL restart (pg_ctl stop -m fast, then start) under checkout load: every session
// ends, new connections are refused for a while. Both instances stay up, report not-ready while the
// database is away, answer 503 quickly instead of hanging or 500, and serve again within seconds.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { attachCluster } from "../helpers/pg-cluster.ts";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.ts";
import { client } from "../helpers/store-fixtures.ts";
import { createWorld, expectInvariants, newStats, runCheckouts, serves, summary, timeUntil, type World } from "./world.ts";

const cluster = attachCluster(inject("pgCluster"));
let world: World;
beforeAll(async () => {
  await cluster.ensureStarted();
  world = await createWorld(cluster, { instances: 2, buyers: 12, products: 4, stock: 150 });
});
afterAll(async () => world?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a PostgreSQL restart under load", () => {
  it("instances stay up, are not ready while the database is away, answer 503 and recover within seconds", async () => {
    const stats = newStats();
    const seen: { readyWhileDown: unknown[]; requestWhileDown: { status: number; ms: number } | null } = { readyWhileDown: [], requestWhileDown: null };
    let recovery: number[] = [];
    let downMs = 0;
    let late: Promise<ServerProcess> | undefined;
    const fault = (async () => {
      await sleep(1500);
      const stopped = Date.now();
      await cluster.stop("fast");
      // An instance started while the database is away waits for it instead of crashing.
      late = startServerProcess(world.url);
      // While it is down: both instances report not ready, and a request answers 503 at once.
      for (const s of world.instances) {
        const ready = await s.inject({ method: "GET", url: "/readyz" });
        seen.readyWhileDown.push({ status: ready.statusCode, body: ready.json() });
      }
      const p = world.probes[0]!;
      const started = Date.now();
      const cart = await client(world.instances[0]!, p.cookie, p.userId, p.customerId).cart();
      seen.requestWhileDown = { status: cart.statusCode, ms: Date.now() - started };
      await sleep(2000);
      await cluster.start();
      downMs = Date.now() - stopped;
      recovery = await Promise.all(world.instances.map((s) => timeUntil(() => serves(world, s))));
    })();
    await Promise.all([runCheckouts(world, stats, { total: 300 }), fault]);

    expect(world.instances.every((s) => s.running())).toBe(true);
    const third = await late!;
    try {
      expect(third.running()).toBe(true);
      expect((await third.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    } finally {
      await third.close();
    }
    expect(seen.readyWhileDown).toEqual([
      { status: 503, body: { status: "unavailable", database: "unreachable" } },
      { status: 503, body: { status: "unavailable", database: "unreachable" } },
    ]);
    expect(seen.requestWhileDown!.status).toBe(503);
    // Refused connections fail fast: no request waits for the connect timeout.
    expect(seen.requestWhileDown!.ms).toBeLessThan(2000);
    for (const s of world.instances) expect((await s.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

    const { orders } = await expectInvariants(world, stats);
    expect(stats.checkouts).toBe(300);
    expect(orders).toBe(300);
    expect(stats.byStatus["503"] ?? 0).toBeGreaterThan(0);
    summary("PostgreSQL restart under load", stats, { databaseDownMs: downMs, recoveryMsAfterStart: recovery });
    for (const ms of recovery) expect(ms).toBeLessThan(15_000);
  });
});
