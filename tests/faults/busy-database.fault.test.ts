// A busy PostgreSQL (issue 23, item 5) on the suite's private cluster, through the app's own routes:
// a session holding a lock on `carts` for 25 s, then a real deadlock between a cart save and another
// session. Lock waits end at DATABASE_LOCK_TIMEOUT_SECONDS (default 5) with 503 + Retry-After and a
// clear message; /readyz stays 200 (its own connection) while every pooled connection waits; /healthz
// answers throughout (each probe; the slowest printed against the 1 s goal, expectStayedUp); unrelated reads are served; nothing is left half-written; the
// instance serves again by itself once the lock goes.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { attachCluster } from "../helpers/pg-cluster.ts";
import { client, tomorrow } from "../helpers/store-fixtures.ts";
import { createWorld, expectInvariants, newStats, serves, timeUntil, type World } from "./world.ts";
import { expectStayedUp, watchHealth } from "./health-watch.ts";

const BUSY = "The store is busy with other changes to the same records. Nothing was saved; please try again in a moment.";
const cluster = attachCluster(inject("pgCluster"));
let world: World;
beforeAll(async () => {
  await cluster.ensureStarted();
  // The defaults of .env.example: pool 10, connect timeout 10 s, lock timeout 5 s, statement 30 s.
  world = await createWorld(cluster, { instances: 1, buyers: 30, products: 4, stock: 500, env: { DATABASE_POOL_SIZE: "10", DATABASE_CONNECT_TIMEOUT_SECONDS: "10" } });
});
afterAll(async () => world?.close());

const admin = async (url: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
};

describe("a busy database", () => {
  it("a lock on carts held 25 s: 10 saves answer 503 (busy) after the lock timeout, 20 reads queued behind them are served, /readyz stays ok, /healthz answering throughout, recovery by itself", async () => {
    const [instance] = world.instances;
    const health = await watchHealth(instance!.baseUrl);
    const apis = world.buyers.map((b) => client(instance!, b.cookie, b.userId, b.customerId));
    const p = world.products[0]!;
    // Every buyer has a cart first.
    for (const api of apis) expect((await api.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 1 }] })).statusCode).toBe(200);

    const locker = await admin(world.url);
    await locker.query("begin");
    await locker.query("lock table carts in exclusive mode");
    const started = Date.now();
    // 10 saves wait on the lock and take every pooled connection (as in the report).
    const saves = apis.slice(0, 10).map(async (api) => {
      const t0 = Date.now();
      const res = await api.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 2 }] });
      return { status: res.statusCode, retryAfter: res.headers["retry-after"], message: res.json().message as string, ms: Date.now() - t0 };
    });
    await new Promise((r) => setTimeout(r, 1_000));
    // 20 unrelated reads queue for a connection: the lock waiters give up (5 s) before they would (10 s).
    const reads = apis.slice(10).map(async (api) => {
      const t0 = Date.now();
      const res = await api.get(`/api/Store/Catalog/${api.customerId}/${tomorrow()}/${api.userId}`);
      return { status: res.statusCode, ms: Date.now() - t0 };
    });
    // Readiness over its own connection while the pool is taken.
    await new Promise((r) => setTimeout(r, 500));
    const readyStarted = Date.now();
    const ready = await instance!.inject({ method: "GET", url: "/readyz" });
    const readyMs = Date.now() - readyStarted;
    const answers = await Promise.all(saves);
    const readAnswers = await Promise.all(reads);
    const lockHeldMs = Date.now() - started;
    // Held for 25 s in all, as in the report; the instance serves again at once when it goes.
    await new Promise((r) => setTimeout(r, Math.max(0, 25_000 - lockHeldMs)));
    await locker.query("rollback");
    await locker.end();
    const recoveryMs = await timeUntil(() => serves(world, instance!), 15_000);
    const healthFigures = await health.stop();

    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ok", database: "ok" });
    // Answered without waiting on the lock (which is held 25 s): the second's goal is read in the figures.
    expect(readyMs).toBeLessThan(3_000);
    // Every save waiting on the lock gives up with the busy answer, never 500, within the bound.
    for (const a of answers) {
      expect(a.status).toBe(503);
      expect(a.message).toBe(BUSY);
      expect(a.retryAfter).toBe("1");
      expect(a.ms).toBeLessThan(9_000);
    }
    // The reads queued behind them are served once the waiters let go of their connections.
    expect(readAnswers.map((r) => r.status)).toEqual(readAnswers.map(() => 200));
    expectStayedUp(healthFigures);
    const ms = (xs: Array<{ ms: number }>) => ({ min: Math.min(...xs.map((x) => x.ms)), max: Math.max(...xs.map((x) => x.ms)) });
    console.log(`[faults] ${JSON.stringify({ run: "lock on carts held 25 s, 10 saves + 20 reads, pool 10", saves503Ms: ms(answers), reads200Ms: ms(readAnswers), readyz: ready.statusCode, readyzMs: readyMs, recoveryMs, health: healthFigures })}`);
    // Nothing half-written: every cart still holds what the first save put there.
    await expectInvariants(world, newStats());
    const check = await admin(world.url);
    const quantities = await check.query("select count(*)::int as n from cart_lines l join carts c on c.id = l.cart_id where c.user_id = any($1) and l.quantity <> 1", [
      world.buyers.map((b) => b.userId),
    ]);
    await check.end();
    expect(quantities.rows[0].n).toBe(0);
  });

  it("a deadlock between a cart save and another session answers 503 (busy), never 500; the retry succeeds", async () => {
    const [instance] = world.instances;
    const health = await watchHealth(instance!.baseUrl);
    const b = world.buyers[0]!;
    const api = client(instance!, b.cookie, b.userId, b.customerId);
    const p = world.products[1]!;
    expect((await api.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 1 }] })).statusCode).toBe(200);

    // The other session takes the offer line, the save takes the cart and waits for the line, then the
    // other session asks for the cart: a cycle. Its deadlock_timeout is long, so the app's backend
    // (1 s) finds the deadlock and gives way.
    const other = await admin(world.url);
    await other.query("set deadlock_timeout = '20s'");
    await other.query("begin");
    await other.query("select id from offer_lines where id = $1 for update", [p.offerLineId]);
    const saving = api.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 3 }] });
    await timeUntil(async () => {
      const r = await other.query("select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()", [world.name]);
      return r.rows[0].n >= 1;
    }, 10_000);
    const t0 = Date.now();
    const cycle = other.query("select id from carts where user_id = $1 for update", [b.userId]);
    const res = await saving;
    const deadlockMs = Date.now() - t0;
    await cycle;
    await other.query("rollback");
    await other.end();
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("1");
    expect(res.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable", message: BUSY });
    const retry = await api.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 3 }] });
    expect(retry.statusCode).toBe(200);
    const healthFigures = await health.stop();
    expectStayedUp(healthFigures);
    console.log(`[faults] ${JSON.stringify({ run: "deadlock: cart save vs. another session", status: res.statusCode, answeredAfterCycleMs: deadlockMs, retry: retry.statusCode, health: healthFigures })}`);
    await expectInvariants(world, newStats());
  });
});
