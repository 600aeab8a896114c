// A transaction's BEGIN goes out with its first prepared statement (db/prepared.ts foldBegin): one
// round trip less per transaction on PostgreSQL, the same transaction. PGlite has no pool: nothing to fold.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { beforeFoldedCommit, commitWithNext, flushPipeline, foldBegin, pipelineNext } from "./fold.ts";

describe.runIf(!!process.env.DATABASE_URL)("BEGIN sent with the first statement on PostgreSQL", () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    pool.on("connect", foldBegin);
  });
  afterAll(() => pool?.end());

  /** Runs `fn` on a client, counting the server's "ready for query" answers (one per round trip). */
  async function counted<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<{ result: T; trips: number }> {
    const c = await pool.connect();
    let trips = 0;
    const connection = (c as unknown as { connection: { on(e: string, f: () => void): void; off(e: string, f: () => void): void } }).connection;
    const count = () => (trips += 1);
    connection.on("readyForQuery", count);
    try {
      return { result: await fn(c), trips };
    } finally {
      connection.off("readyForQuery", count);
      c.release();
    }
  }

  it("runs BEGIN and a prepared statement in one round trip, inside the transaction, and answers only the statement", async () => {
    const { result, trips } = await counted(async (c) => {
      await c.query({ text: "begin" }, []);
      const set = await c.query({ name: "fold_begin_set", text: "select set_config('bloom.fold_test', $1, true) as v" }, ["inside"]);
      // Transaction-local: still set for the next statement only because BEGIN ran first.
      const read = await c.query("select current_setting('bloom.fold_test', true) as v");
      await c.query("commit");
      const after = await c.query("select current_setting('bloom.fold_test', true) as v");
      return { set: set.rows, command: set.command, read: read.rows[0].v, after: after.rows[0].v };
    });
    expect(result).toEqual({ set: [{ v: "inside" }], command: "SELECT", read: "inside", after: "" });
    // begin + statement, the read, commit, the read after: 4 (5 with a BEGIN of its own).
    expect(trips).toBe(4);
  });

  it("fails the statement as it would have failed inside the transaction, which the caller rolls back", async () => {
    const { result } = await counted(async (c) => {
      await c.query("begin");
      const failed = await c.query({ text: "select 1 / $1::int as v" }, [0]).then(
        () => null,
        (err: Error) => err.message,
      );
      const status = await c.query("select 1").then(
        () => "usable",
        (err: Error) => err.message,
      );
      await c.query("rollback");
      const then = await c.query("select 2 as v");
      return { failed, status, then: then.rows[0].v };
    });
    expect(result.failed).toMatch(/division by zero/);
    expect(result.status).toMatch(/current transaction is aborted/);
    expect(result.then).toBe(2);
  });

  it("sends a real BEGIN first when the next statement is plain text", async () => {
    const { result, trips } = await counted(async (c) => {
      await c.query("begin");
      await c.query("select set_config('bloom.fold_test', 'plain', true)");
      const read = await c.query("select current_setting('bloom.fold_test', true) as v");
      await c.query("commit");
      return read.rows[0].v;
    });
    expect(result).toBe("plain");
    expect(trips).toBe(4);
  });

  /** commitWithNext as a Drizzle transaction calls it: on the handle whose session's client is `c`. */
  const txOf = (c: pg.PoolClient, nestedIndex = 0) => ({ session: { client: c }, nestedIndex }) as unknown as Parameters<typeof commitWithNext>[0];

  it("commits with the last statement when told: one round trip for BEGIN, the statement and COMMIT", async () => {
    await pool.query("create table if not exists fold_test (id int primary key)");
    await pool.query("truncate fold_test");
    const { result, trips } = await counted(async (c) => {
      await c.query({ text: "begin" }, []);
      commitWithNext(txOf(c));
      const inserted = await c.query({ name: "fold_insert", text: "insert into fold_test values ($1) returning id" }, [1]);
      const commit = await c.query({ text: "commit" }, []);
      return { rows: inserted.rows, command: inserted.command, commit: commit.command };
    });
    expect(result).toEqual({ rows: [{ id: 1 }], command: "INSERT", commit: "COMMIT" });
    expect(trips).toBe(1);
    // Committed: another connection sees it.
    expect((await pool.query("select count(*)::int as n from fold_test")).rows[0].n).toBe(1);
  });

  it("sends the statement set before a folded COMMIT in the same round trip, answers only the statement, and says whether it committed", async () => {
    await pool.query("create table if not exists fold_test (id int primary key)");
    await pool.query("truncate fold_test");
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (n) => heard.push(n.payload ?? ""));
    await listener.query("LISTEN fold_test_channel");
    const settled: boolean[] = [];
    try {
      const insert = (c: pg.PoolClient, id: number) => {
        beforeFoldedCommit(c, { take: () => ({ text: `NOTIFY fold_test_channel, 'after ${id}'`, settled: (ok) => settled.push(ok) }) });
        commitWithNext(txOf(c));
        return c.query({ name: "fold_insert", text: "insert into fold_test values ($1) returning id" }, [id]);
      };
      const { result, trips } = await counted(async (c) => {
        await c.query({ text: "begin" }, []);
        const inserted = await insert(c, 4);
        const commit = await c.query({ text: "commit" }, []);
        return { rows: inserted.rows, command: inserted.command, rowCount: inserted.rowCount, commit: commit.command };
      });
      expect(result).toEqual({ rows: [{ id: 4 }], command: "INSERT", rowCount: 1, commit: "COMMIT" });
      expect(trips).toBe(1);
      expect(settled).toEqual([true]);
      await vi.waitFor(() => expect(heard).toEqual(["after 4"]));

      // The statement fails (a duplicate): neither the NOTIFY nor the COMMIT runs, and the hook hears so.
      const failed = await counted(async (c) => {
        await c.query({ text: "begin" }, []);
        const err = await insert(c, 4).then(
          () => null,
          (e: Error) => e.message,
        );
        await c.query({ text: "rollback" }, []);
        return err;
      });
      expect(failed.result).toMatch(/duplicate key/);
      expect(settled).toEqual([true, false]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(["after 4"]);
    } finally {
      await listener.end();
      const c = await pool.connect();
      beforeFoldedCommit(c, { take: () => null });
      c.release();
      await pool.query("drop table fold_test");
    }
  });

  /** Runs `fn` on a client, counting its network writes (a corked batch of messages is one). */
  async function writesOf<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<{ result: T; writes: number }> {
    const c = await pool.connect();
    const stream = (c as unknown as { connection: { stream: Record<"_write" | "_writev", (...args: unknown[]) => unknown> } }).connection.stream;
    let writes = 0;
    const own = { _write: Object.hasOwn(stream, "_write"), _writev: Object.hasOwn(stream, "_writev") };
    const original = { _write: stream._write, _writev: stream._writev };
    for (const k of ["_write", "_writev"] as const) {
      stream[k] = (...args: unknown[]) => {
        writes += 1;
        return original[k].apply(stream, args);
      };
    }
    try {
      return { result: await fn(c), writes };
    } finally {
      for (const k of ["_write", "_writev"] as const) {
        if (own[k]) stream[k] = original[k];
        else delete (stream as Record<string, unknown>)[k];
      }
      c.release();
    }
  }

  const SET = { name: "fold_pipe_set", text: "select set_config('bloom.fold_test', $1, true) as v" };
  const READ = { name: "fold_pipe_read", text: "select current_setting('bloom.fold_test', true) || $1 as v" };

  it("sends the next two prepared statements in one write when told (pipelineNext), and answers each in its order", async () => {
    const { result, writes } = await writesOf(async (c) => {
      await c.query({ text: "begin" }, []);
      expect(pipelineNext(txOf(c))).toBe(true);
      const first = c.query(SET, ["first"]);
      const second = c.query(READ, ["+second"]);
      flushPipeline(txOf(c));
      const [a, b] = await Promise.all([first, second]);
      await c.query("commit");
      return { a: a.rows, b: b.rows, commands: [a.command, b.command] };
    });
    // The second ran after the first, in its transaction (the setting is transaction-local).
    expect(result).toEqual({ a: [{ v: "first" }], b: [{ v: "first+second" }], commands: ["SELECT", "SELECT"] });
    // BEGIN and both statements: one write; COMMIT: one (four without the fold and the pipeline).
    expect(writes).toBe(2);
    // Both are prepared on the connection from then on: sent again without a Parse, still answered.
    const again = await writesOf(async (c) => {
      await c.query({ text: "begin" }, []);
      pipelineNext(txOf(c));
      const first = c.query(SET, ["again"]);
      const second = c.query(READ, ["!"]);
      flushPipeline(txOf(c));
      const rows = (await Promise.all([first, second])).map((r) => r.rows[0].v);
      await c.query("commit");
      return rows;
    });
    expect(again).toEqual({ result: ["again", "again!"], writes: 2 });
  });

  it("fails the second statement with the first (the transaction is aborted); the caller rolls back and the client goes on", async () => {
    const { result } = await writesOf(async (c) => {
      await c.query({ text: "begin" }, []);
      pipelineNext(txOf(c));
      const first = c.query({ text: "select 1 / $1::int as v" }, [0]);
      const second = c.query(READ, ["x"]);
      flushPipeline(txOf(c));
      const errors = await Promise.all(
        [first, second].map((q) =>
          q.then(
            () => null,
            (err: Error) => err.message,
          ),
        ),
      );
      await c.query("rollback");
      const then = await c.query("select 2 as v");
      return { errors, then: then.rows[0].v };
    });
    expect(result.errors[0]).toMatch(/division by zero/);
    expect(result.errors[1]).toMatch(/current transaction is aborted/);
    expect(result.then).toBe(2);
  });

  it("sends a statement still waiting for its partner on its own: at flushPipeline, or before a plain-text statement", async () => {
    const { result, writes } = await writesOf(async (c) => {
      await c.query({ text: "begin" }, []);
      pipelineNext(txOf(c));
      const alone = c.query(SET, ["alone"]);
      flushPipeline(txOf(c));
      const a = (await alone).rows[0].v;
      pipelineNext(txOf(c));
      const waiting = c.query(SET, ["then"]);
      const plain = c.query("select current_setting('bloom.fold_test', true) as v");
      flushPipeline(txOf(c));
      const [w, p] = await Promise.all([waiting, plain]);
      await c.query("commit");
      return [a, w.rows[0].v, p.rows[0].v];
    });
    expect(result).toEqual(["alone", "then", "then"]);
    // BEGIN with the first, the second, the plain one (not pipelined: it waits its turn), COMMIT.
    expect(writes).toBe(4);
  });

  it("does not pipeline inside a savepoint (a nested transaction)", () => {
    expect(pipelineNext(txOf({} as pg.PoolClient, 1))).toBe(false);
  });

  it("never commits from inside a savepoint (a nested transaction): the outer transaction goes on", async () => {
    await pool.query("create table if not exists fold_test (id int primary key)");
    await pool.query("truncate fold_test");
    await counted(async (c) => {
      await c.query({ text: "begin" }, []);
      await c.query("savepoint sp1");
      commitWithNext(txOf(c, 1));
      await c.query({ name: "fold_insert", text: "insert into fold_test values ($1) returning id" }, [3]);
      await c.query("release savepoint sp1");
      await c.query({ text: "rollback" }, []);
    });
    expect((await pool.query("select count(*)::int as n from fold_test")).rows[0].n).toBe(0);
  });

  it("does not commit when the last statement fails: the caller's rollback undoes the rest", async () => {
    await pool.query("create table if not exists fold_test (id int primary key)");
    await pool.query("truncate fold_test");
    const { result } = await counted(async (c) => {
      await c.query({ text: "begin" }, []);
      await c.query({ name: "fold_insert", text: "insert into fold_test values ($1) returning id" }, [2]);
      commitWithNext(txOf(c));
      const failed = await c.query({ name: "fold_insert", text: "insert into fold_test values ($1) returning id" }, [2]).then(
        () => null,
        (err: Error) => err.message,
      );
      await c.query({ text: "rollback" }, []);
      return failed;
    });
    expect(result).toMatch(/duplicate key/);
    expect((await pool.query("select count(*)::int as n from fold_test")).rows[0].n).toBe(0);
    await pool.query("drop table fold_test");
  });
  it("parses a statement again after its first Parse failed behind BEGIN (a lock wait timed out), instead of taking it as prepared", async () => {
    await pool.query("create table fold_lock_test (id int)");
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("lock table fold_lock_test in access exclusive mode");
      const read = (c: pg.PoolClient) => c.query({ name: "fold_lock_read", text: "select count(*)::int as n from fold_lock_test where id <> $1" }, [0]);
      const c = await pool.connect();
      try {
        await c.query("set lock_timeout = '200ms'");
        await c.query("begin");
        // Parse analysis waits for the table's lock, times out: the statement was never prepared.
        await expect(read(c)).rejects.toThrow(/lock timeout/);
        await c.query("rollback");
        await holder.query("rollback");
        await c.query("begin");
        expect((await read(c)).rows).toEqual([{ n: 0 }]);
        await c.query("commit");
        // And from then on it is prepared: used again without a Parse of its own.
        expect((await read(c)).rows).toEqual([{ n: 0 }]);
        await c.query("reset lock_timeout");
      } finally {
        c.release();
      }
    } finally {
      await holder.end();
      await pool.query("drop table fold_lock_test");
    }
  });
});
