// The change feed on PostgreSQL (db/change-feed.ts): a hot read first waits for this process's own
// notices only when it wrote. A read-only transaction (the job runner finding nothing due, every
// second) must not make the next hot read wait for a round trip; a transaction that wrote must.
// Seen from outside as the sync notice settle() sends (or not). PGlite delivers notices with the
// query itself and never waits: these tests run on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildTestApp, type TestApp } from "../tests/helpers/test-app.ts";
import { FeedCache } from "../server/hot/feed-cache.ts";
import { changeFeedFor, FEED_LATE, type ChangeFeed } from "./change-feed.ts";
import { commitWithNext } from "./fold.ts";

let t: TestApp;
let feed: ChangeFeed;
beforeAll(async () => {
  t = await buildTestApp();
  feed = changeFeedFor(t.db);
  // On PostgreSQL the feed's LISTEN connection opens in the background, and until it is live settle()
  // and sync() wait for nothing: on a loaded machine the tests below could start before it.
  if (process.env.DATABASE_URL) await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 30_000, interval: 20 });
  await feed.sync();
});
afterAll(async () => {
  await feed?.release();
  await t?.close();
});

/**
 * Whether settle() after `fn` sent a sync notice (a round trip through the feed). The notice goes
 * out on the feed's own connection, not through the pool: seen as the sync settle() asks for.
 */
async function settleSyncs(fn: () => Promise<unknown>): Promise<boolean> {
  await feed.settle();
  await fn();
  const sync = feed.sync.bind(feed);
  let syncs = 0;
  feed.sync = () => {
    syncs += 1;
    return sync();
  };
  try {
    await feed.settle();
    return syncs > 0;
  } finally {
    feed.sync = sync;
  }
}

describe.runIf(!!process.env.DATABASE_URL)("settling the feed on PostgreSQL", () => {
  it("does not wait after a read-only transaction", async () => {
    expect(await settleSyncs(() => t.db.transaction(async (tx) => tx.execute(sql`select 1`)))).toBe(false);
  });

  it("waits for its own notices after a transaction that wrote, and after a write outside one", async () => {
    const write = sql`update users set updated_at = updated_at where false`;
    expect(await settleSyncs(() => t.db.transaction(async (tx) => tx.execute(write)))).toBe(true);
    expect(await settleSyncs(() => t.db.execute(write))).toBe(true);
  });

  it("waits for a write made while a sync was in flight, not only for that sync", async () => {
    const write = sql`update users set updated_at = updated_at where false`;
    await feed.settle();
    await t.db.execute(write);
    // Each sync is held open a while after its notice arrives, so the next write surely lands while
    // it is in flight: that write's notices go out after the sync's own and the sync cannot cover it.
    const sync = feed.sync.bind(feed);
    let syncs = 0;
    feed.sync = async () => {
      syncs += 1;
      await sync();
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    try {
      const first = feed.settle();
      await t.db.execute(write);
      await feed.settle();
      await first;
      expect(syncs).toBe(2);
    } finally {
      feed.sync = sync;
    }
  });

  it("waits after the COMMIT of a transaction that wrote, though the feed settled in between and a savepoint was rolled back", async () => {
    const write = sql`update users set updated_at = updated_at where false`;
    const sent = await settleSyncs(() =>
      t.db.transaction(async (tx) => {
        await tx.execute(write);
        // A hot read in between settles the feed before this transaction's notices exist...
        await feed.settle();
        // ...so its COMMIT, after a savepoint rolled back, must mark the feed behind again.
        await tx.transaction(async () => Promise.reject(new Error("undo the savepoint"))).catch(() => {});
      }),
    );
    expect(sent).toBe(true);
  });

  /** Delivers this process's notices `ms` late, those whose payload `which` picks. Returns the undo. */
  function delayNotices(ms: number, which: (payload: string) => boolean): () => void {
    const emit = pg.Client.prototype.emit;
    pg.Client.prototype.emit = function (this: pg.Client, event: string | symbol, ...args: unknown[]) {
      const payload = (args[0] as { payload?: string } | undefined)?.payload ?? "";
      if (event === "notification" && which(payload)) {
        setTimeout(() => emit.call(this, event, ...args), ms);
        return true;
      }
      return emit.call(this, event, ...args);
    } as typeof emit;
    return () => {
      pg.Client.prototype.emit = emit;
    };
  }

  /** A transaction whose one statement (a write: the users table's notice is "accounts") goes out with its COMMIT, as a cart save's does. */
  const foldedWrite = (value: unknown = false) =>
    t.db.transaction(async (tx) => {
      commitWithNext(tx);
      await tx.execute(sql`update users set updated_at = updated_at where ${value}::boolean`);
    });

  it("awaits the sync notice a folded COMMIT carried, without a round trip of its own: the transaction's notices have arrived by then", async () => {
    const topics: string[] = [];
    const unsubscribe = feed.subscribe((topic) => topics.push(topic));
    // Every notice arrives 100 ms late: settle() resolving before then would not have waited.
    const undo = delayNotices(100, () => true);
    try {
      let sent = false;
      expect(
        await settleSyncs(async () => {
          await foldedWrite();
          sent = feed.behind;
        }),
      ).toBe(false);
      expect(sent).toBe(true);
      expect(topics).toContain("accounts");
      expect(feed.behind).toBe(false);
    } finally {
      undo();
      unsubscribe();
    }
  });

  it("waits for nothing after a folded COMMIT that failed, and empties no cache", async () => {
    const cache = new FeedCache<string>(feed);
    try {
      cache.set("k", "v", ["some-topic"], cache.begin());
      await expect(foldedWrite("not a boolean")).rejects.toThrow();
      expect(feed.behind).toBe(false);
      expect(await settleSyncs(async () => {})).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(cache.get("k")).toBe("v");
    } finally {
      cache.close();
    }
  });

  it("empties every cache when the sync notice a COMMIT carried comes too late, as when a sync gives up", async () => {
    const cache = new FeedCache<string>(feed);
    const late: string[] = [];
    const unsubscribe = feed.subscribe((topic) => topic === FEED_LATE && late.push(topic));
    process.env.BLOOM_FEED_SYNC_MS = "20";
    const undo = delayNotices(150, (payload) => payload.startsWith("sync:"));
    try {
      cache.set("k", "v", ["some-topic"], cache.begin());
      await foldedWrite();
      await feed.settle();
      expect(late).toEqual([FEED_LATE]);
      expect(cache.get("k")).toBeUndefined();
      expect(feed.live).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      undo();
      unsubscribe();
      delete process.env.BLOOM_FEED_SYNC_MS;
      cache.close();
    }
  });

  it("syncs while every connection of the pool is taken (a rush queued on locks): the notice does not wait in the pool's queue", async () => {
    const pool = (t.db as unknown as { session: { client: pg.Pool } }).session.client;
    const cache = new FeedCache<string>(feed);
    const taken: pg.PoolClient[] = [];
    try {
      while (pool.totalCount < (pool.options.max ?? 10) || pool.idleCount > 0) taken.push(await pool.connect());
      cache.set("k", "v", ["some-topic"], cache.begin());
      // Before, the sync's notice queued for a connection until it gave up (200 ms) and emptied every cache.
      await feed.sync();
      expect(cache.get("k")).toBe("v");
    } finally {
      for (const c of taken) c.release();
      cache.close();
    }
  });

  it("empties every cache when a sync gives up waiting for its notice, and keeps them when it arrives", async () => {
    const cache = new FeedCache<string>(feed);
    const fill = () => cache.set("k", "v", ["some-topic"], cache.begin());
    const emit = pg.Client.prototype.emit;
    try {
      fill();
      await feed.sync();
      expect(cache.get("k")).toBe("v");

      // The feed's own sync notices now reach this process late, after sync() has given up: what is
      // held in memory may miss the notices of writes made before the sync, so none of it may serve.
      process.env.BLOOM_FEED_SYNC_MS = "20";
      pg.Client.prototype.emit = function (this: pg.Client, event: string | symbol, ...args: unknown[]) {
        const payload = (args[0] as { payload?: string } | undefined)?.payload ?? "";
        if (event === "notification" && payload.startsWith("sync:")) {
          setTimeout(() => emit.call(this, event, ...args), 150);
          return true;
        }
        return emit.call(this, event, ...args);
      } as typeof emit;
      await feed.sync();
      expect(cache.get("k")).toBeUndefined();
      expect(feed.live).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      pg.Client.prototype.emit = emit;
      delete process.env.BLOOM_FEED_SYNC_MS;
      cache.close();
    }
    // On time again: the cache fills and stays.
    fill();
    await feed.sync();
    expect(cache.get("k")).toBe("v");
  });
});
