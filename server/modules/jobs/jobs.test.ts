// The job runner: due jobs claimed with FOR UPDATE SKIP LOCKED and done in the claiming transaction.
// Exactly once with two runners on one database (PGlite: two runners sharing its one connection;
// PostgreSQL: two runners with their own connection pools, as two instances would), retries with
// backoff, giving up, and the drain on stop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../../../db/client.ts";
import { jobs, mailOutbox } from "../../../db/schema/index.ts";
import { JOB_RETRY_BASE_MS } from "../../../domain/jobs.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { enqueueMail } from "../mail/index.ts";
import { createJobRunner, pruneFinishedJobs, runDueJobs, scheduleJob, type JobHandlers } from "./index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

let seq = 0;
const tag = () => `t${Date.now()}-${++seq}`;

/** A job that writes one outbox row (a real effect, in the job's transaction) and takes a moment. */
const handlers = (kind: string): JobHandlers => ({
  [kind]: async (payload, { db, config }) => {
    await db.execute(sql`select pg_sleep(0.002)`).catch(() => undefined);
    await enqueueMail(db, config, { to: `${payload.n}@${kind}.test`, subject: "job", text: "job", kind });
    return `wrote ${payload.n}`;
  },
});

const outboxOf = (db: Db, kind: string) => db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
const jobsOf = (db: Db, kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind));

async function scheduleMany(kind: string, n: number, runAt = new Date(Date.now() - 1000)) {
  for (let i = 0; i < n; i++) await scheduleJob(t.db, { kind, key: `${kind}:${i}`, payload: { n: i }, runAt });
}

describe("scheduling", () => {
  it("adds a job once per key", async () => {
    const kind = tag();
    const runAt = new Date(Date.now() + 60_000);
    expect(await scheduleJob(t.db, { kind, key: `${kind}:a`, runAt })).toEqual(expect.any(Number));
    expect(await scheduleJob(t.db, { kind, key: `${kind}:a`, runAt })).toBeNull();
    expect(await jobsOf(t.db, kind)).toHaveLength(1);
  });

  it("leaves jobs that are not due yet", async () => {
    const kind = tag();
    await scheduleJob(t.db, { kind, key: `${kind}:later`, runAt: new Date(Date.now() + 3_600_000), payload: { n: 1 } });
    expect(await runDueJobs(t.db, t.config, handlers(kind))).toEqual({ done: 0, failed: 0 });
    expect((await jobsOf(t.db, kind))[0]).toMatchObject({ status: "queued", attempts: 0 });
  });
});

describe("two runners, one database", () => {
  it("does every job exactly once (runners sharing the app's database)", async () => {
    const kind = tag();
    await scheduleMany(kind, 30);
    const [a, b] = await Promise.all([runDueJobs(t.db, t.config, handlers(kind)), runDueJobs(t.db, t.config, handlers(kind))]);
    expect(a.done + b.done).toBe(30);
    expect(a.failed + b.failed).toBe(0);
    const mails = await outboxOf(t.db, kind);
    expect(mails.map((m) => m.to).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `${i}@${kind}.test`).sort());
    const rows = await jobsOf(t.db, kind);
    expect(rows.every((r) => r.status === "done" && r.attempts === 1 && r.finishedAt !== null)).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two instances on one PostgreSQL database", () => {
  let second: Database;
  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: t.database.url!, poolSize: 5 });
  });
  afterAll(async () => second?.close());

  it("shares the due jobs out and does each exactly once", async () => {
    const kind = tag();
    await scheduleMany(kind, 60);
    const [a, b] = await Promise.all([runDueJobs(t.db, t.config, handlers(kind)), runDueJobs(second.db, t.config, handlers(kind))]);
    expect(a.done + b.done).toBe(60);
    // Both took part: SKIP LOCKED passes over the other runner's job instead of waiting for it.
    expect(a.done).toBeGreaterThan(0);
    expect(b.done).toBeGreaterThan(0);
    const mails = await outboxOf(t.db, kind);
    expect(mails).toHaveLength(60);
    expect(new Set(mails.map((m) => m.to)).size).toBe(60);
  });
});

describe("failures", () => {
  it("retries a failed job after a backoff and keeps none of the failed attempt's writes", async () => {
    const kind = tag();
    let calls = 0;
    const flaky: JobHandlers = {
      [kind]: async (_p, { db, config }) => {
        calls++;
        await enqueueMail(db, config, { to: `attempt${calls}@${kind}.test`, subject: "x", text: "x", kind });
        if (calls === 1) throw new Error("the supplier's system is down");
        return "ok";
      },
    };
    await scheduleJob(t.db, { kind, key: `${kind}:1`, runAt: new Date(Date.now() - 1000) });
    const now = new Date();
    expect(await runDueJobs(t.db, t.config, flaky, { now })).toEqual({ done: 0, failed: 1 });
    const [after1] = await jobsOf(t.db, kind);
    expect(after1).toMatchObject({ status: "queued", attempts: 1, lastError: "the supplier's system is down" });
    expect(after1!.runAt.getTime()).toBe(now.getTime() + JOB_RETRY_BASE_MS);
    expect(await outboxOf(t.db, kind)).toEqual([]); // the failed attempt's mail was rolled back
    // Not due again before the backoff has passed.
    expect(await runDueJobs(t.db, t.config, flaky, { now })).toEqual({ done: 0, failed: 0 });
    expect(await runDueJobs(t.db, t.config, flaky, { now: new Date(now.getTime() + JOB_RETRY_BASE_MS) })).toEqual({ done: 1, failed: 0 });
    expect((await jobsOf(t.db, kind))[0]).toMatchObject({ status: "done", attempts: 2, result: "ok" });
    expect((await outboxOf(t.db, kind)).map((m) => m.to)).toEqual([`attempt2@${kind}.test`]);
  });

  it("gives up after its maximum attempts, and fails a job nobody handles at once", async () => {
    const kind = tag();
    const failing: JobHandlers = { [kind]: async () => Promise.reject(new Error("always")) };
    await scheduleJob(t.db, { kind, key: `${kind}:1`, runAt: new Date(Date.now() - 1000), maxAttempts: 2 });
    let now = new Date();
    await runDueJobs(t.db, t.config, failing, { now });
    now = new Date(now.getTime() + JOB_RETRY_BASE_MS);
    await runDueJobs(t.db, t.config, failing, { now });
    expect((await jobsOf(t.db, kind))[0]).toMatchObject({ status: "failed", attempts: 2, lastError: "always" });

    const orphan = tag();
    await scheduleJob(t.db, { kind: orphan, runAt: new Date(Date.now() - 1000) });
    await runDueJobs(t.db, t.config, {});
    expect((await jobsOf(t.db, orphan))[0]).toMatchObject({ status: "failed", attempts: 1, lastError: `No handler for job kind "${orphan}".` });
  });
});

describe("the runner", () => {
  it("runs due jobs when started and, stopped, finishes the job in progress before it resolves", async () => {
    const kind = tag();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const slow: JobHandlers = {
      [kind]: async (_p, { db, config }) => {
        started();
        await gate;
        await enqueueMail(db, config, { to: `slow@${kind}.test`, subject: "x", text: "x", kind });
      },
    };
    await scheduleJob(t.db, { kind, key: `${kind}:1`, runAt: new Date(Date.now() - 1000) });
    await scheduleJob(t.db, { kind, key: `${kind}:2`, runAt: new Date(Date.now() - 1000) });
    const runner = createJobRunner(t.db, { ...t.config, jobsPollMs: 3_600_000 }, slow, { error: () => {} });
    runner.start();
    await running;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false); // waits for the job in progress
    release();
    await stopping;
    const rows = await jobsOf(t.db, kind);
    // The first job finished and committed; the second was not started after the stop.
    expect(rows.map((r) => r.status).sort()).toEqual(["done", "queued"]);
    expect(await outboxOf(t.db, kind)).toHaveLength(1);
  });
});


describe("pruning", () => {
  it("deletes jobs finished more than 30 days ago and keeps the rest", async () => {
    const kind = tag();
    await scheduleMany(kind, 3);
    await runDueJobs(t.db, t.config, handlers(kind));
    await scheduleJob(t.db, { kind, key: `${kind}:queued`, runAt: new Date(Date.now() + 3_600_000) });
    const [old] = await jobsOf(t.db, kind);
    await t.db.update(jobs).set({ finishedAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(jobs.id, old!.id));
    expect(await pruneFinishedJobs(t.db)).toBeGreaterThanOrEqual(1);
    const left = await jobsOf(t.db, kind);
    expect(left.map((j) => j.id)).not.toContain(old!.id);
    expect(left.map((j) => j.status).sort()).toEqual(["done", "done", "queued"]);
  });
});
