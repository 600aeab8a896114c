// A database that is there but busy (issue 23, item 5): a deadlock (40P01), a lock not granted within
// lock_timeout (55P03) and a statement past statement_timeout (57014) answer 503 with Retry-After and
// a clear message, never 500; the pool's connections carry the configured bounds; and /readyz asks
// over a connection of its own, so a pool taken by lock waiters is not reported as an unreachable
// database. The real errors need PostgreSQL (npm run test:pg); PGlite runs the mapping only. Under
// load, through the app's own routes: tests/faults/busy-database.fault.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import pg from "pg";
import { isDatabaseBusy, isDatabaseUnavailable, openDatabase, type Database } from "../../db/client.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-app.ts";
import { BUSY_MESSAGE, registerErrorHandling } from "./errors.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** The node-postgres pool under a database opened on PostgreSQL. */
const poolOf = (d: Database) => (d.db as unknown as { $client: pg.Pool }).$client;

/** What Drizzle throws: its own error with the driver's as the cause. */
const wrapped = (cause: unknown) => new Error("Failed query: update carts set ...", { cause });

/** The error handler's answer to `err`, and the log lines it wrote. */
async function answerTo(err: unknown) {
  const lines: Array<{ level: number; msg: string; err?: { code?: string } }> = [];
  const app = Fastify({ logger: { level: "warn", stream: { write: (l: string) => void lines.push(JSON.parse(l)) } } });
  registerErrorHandling(app);
  app.get("/api/x", async () => {
    throw err;
  });
  const res = await app.inject({ method: "GET", url: "/api/x" });
  await app.close();
  return { res, lines };
}

describe("a busy database", () => {
  it("maps a deadlock, a lock timeout and a statement timeout to 503 with Retry-After and a clear message", async () => {
    for (const code of ["40P01", "55P03", "57014"]) {
      const err = wrapped(Object.assign(new Error(`driver error ${code}`), { code }));
      expect(isDatabaseBusy(err)).toBe(true);
      expect(isDatabaseUnavailable(err)).toBe(true);
      const { res, lines } = await answerTo(err);
      expect(res.statusCode, code).toBe(503);
      expect(res.headers["retry-after"]).toBe("1");
      expect(res.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable", message: BUSY_MESSAGE });
      expect(lines).toContainEqual(expect.objectContaining({ msg: "database busy: deadlock, lock or statement timeout", err: expect.objectContaining({ code }) }));
    }
    // Other errors of the same classes are not "busy".
    expect(isDatabaseBusy(wrapped(Object.assign(new Error("serialization"), { code: "40001" })))).toBe(false);
    expect(isDatabaseBusy(wrapped(Object.assign(new Error("not null"), { code: "23502" })))).toBe(false);
  });

  describe.skipIf(!process.env.DATABASE_URL)("on PostgreSQL", () => {
    let bounded: Database;
    const clients: pg.Client[] = [];
    const connectRaw = async () => {
      const c = new pg.Client({ connectionString: database.url });
      await c.connect();
      clients.push(c);
      return c;
    };
    beforeAll(async () => {
      bounded = await openDatabase({ databaseUrl: database.url, poolSize: 1, connectTimeoutMs: 1_000, timeouts: { statementMs: 1_500, lockMs: 300, idleInTransactionMs: 1_000 } });
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.end().catch(() => {})));
      await bounded?.close();
    });

    it("gives every pooled connection the configured bounds; migrations run without them", async () => {
      const pool = poolOf(bounded);
      const shown = await pool.query("select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l, current_setting('idle_in_transaction_session_timeout') as i");
      expect(shown.rows[0]).toEqual({ s: "1500ms", l: "300ms", i: "1s" });
      await bounded.migrate();
      // The migration's connection is back in the pool with the bounds again.
      const again = await pool.query("select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l");
      expect(again.rows[0]).toEqual({ s: "1500ms", l: "300ms" });
    });

    it("a real lock timeout, statement timeout and deadlock each answer 503, never 500", async () => {
      const pool = poolOf(bounded);
      // Lock timeout: another session holds the row.
      const holder = await connectRaw();
      await holder.query("begin");
      await holder.query("select pg_advisory_xact_lock(4242)");
      const lockErr = await pool.query("select pg_advisory_xact_lock(4242)").then(() => null, (e: unknown) => e);
      await holder.query("rollback");
      expect((lockErr as { code?: string }).code).toBe("55P03");
      expect((await answerTo(wrapped(lockErr))).res.statusCode).toBe(503);

      // Statement timeout.
      const slowErr = await pool.query("select pg_sleep(5)").then(() => null, (e: unknown) => e);
      expect((slowErr as { code?: string }).code).toBe("57014");
      expect((await answerTo(wrapped(slowErr))).res.statusCode).toBe(503);

      // Deadlock: two sessions each hold one lock and ask for the other's.
      const a = await connectRaw();
      const b = await connectRaw();
      await a.query("begin");
      await b.query("begin");
      await a.query("select pg_advisory_xact_lock(1)");
      await b.query("select pg_advisory_xact_lock(2)");
      const waits = a.query("select pg_advisory_xact_lock(2)").then(() => null, (e: unknown) => e);
      await new Promise((r) => setTimeout(r, 100));
      const other = await b.query("select pg_advisory_xact_lock(1)").then(() => null, (e: unknown) => e);
      const deadlock = [await waits, other].find((e) => e !== null) as { code?: string };
      await a.query("rollback");
      await b.query("rollback");
      expect(deadlock.code).toBe("40P01");
      const { res } = await answerTo(wrapped(deadlock));
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(BUSY_MESSAGE);
    });

    it("/readyz answers ok while every pooled connection waits on a lock", async () => {
      const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000" });
      // No lock bound here: the waiter waits until the test lets go (as with lock waits under the bound).
      const busy = await openDatabase({ databaseUrl: database.url, poolSize: 1, connectTimeoutMs: 1_000 });
      const app = await buildApp({ db: busy.db, database: busy, config, logger: false });
      await app.ready();
      try {
        const holder = await connectRaw();
        await holder.query("begin");
        await holder.query("select pg_advisory_xact_lock(77)");
        // The pool's one connection waits on the lock, a second request waits for the connection.
        const pool = poolOf(busy);
        const waiter = pool.query("select pg_advisory_xact_lock(77)").catch((e: unknown) => e);
        const queued = pool.query("select 1").catch((e: unknown) => e);
        await new Promise((r) => setTimeout(r, 100));
        expect(pool.waitingCount).toBe(1);
        // Longer than the pool's 1 s connect timeout: the pool is still taken when /readyz asks.
        const started = Date.now();
        const ready = await app.inject({ method: "GET", url: "/readyz" });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toMatchObject({ status: "ok", database: "ok" });
        expect(Date.now() - started).toBeLessThan(1_000);
        expect(pool.waitingCount).toBe(1);
        await holder.query("rollback");
        expect(await waiter).not.toBeInstanceOf(Error);
        await queued;
      } finally {
        await app.close();
        await busy.close();
      }
    });
  });
});
