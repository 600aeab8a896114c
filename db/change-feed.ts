// The change feed of migration 0011: one LISTEN per database handle and process. Caches of hot reads
// (server/modules/store, server/plugins/session, auth's CheckToken) serve from memory only while the
// feed is live, and drop what a notice names. Losing the feed turns them off (every request reads the
// database again) until it is back, and then they start empty.
import pg from "pg";
import type { Db } from "./client.ts";

export const CHANGE_CHANNEL = "bloom_changes";

/** The topic sent when a sync gave up waiting for its notice: every cache empties itself. */
export const FEED_LATE = "*late";

export interface ChangeFeed {
  /** True while notices arrive: only then may a cache answer from memory. */
  readonly live: boolean;
  /** Counts every notice and every loss or return of the feed: a fill that saw it move is not kept. */
  readonly seq: number;
  /** Calls `fn` with each topic ("*" = everything: the feed was lost or came back). */
  subscribe(fn: (topic: string) => void): () => void;
  /** Resolves once every notice committed before the call has arrived (a round trip through the feed). */
  sync(): Promise<void>;
  /**
   * Resolves at once unless this process wrote through the database handle since the last sync; then
   * syncs first. Called before answering from memory, so a request never misses the notices of a
   * write this process made (PGlite delivers notices with the query itself: always at once).
   */
  settle(): Promise<void>;
  /** True when settle() would wait (this process wrote since the last sync): false lets a hot read skip it. */
  readonly behind: boolean;
  release(): Promise<void>;
}

/**
 * The topic a cart made or removed sends (migration 0013): it names the owner, so only answers that
 * depend on whether this owner has a cart are dropped.
 */
export const cartOwnerTopic = (owner: { userId: string; customerId: string; retailerId: number }) =>
  `carts:${owner.userId}|${owner.customerId}|${owner.retailerId}`;

interface PgliteLike {
  listen(channel: string, fn: (payload: string) => void): Promise<(() => Promise<void>) | undefined>;
  query(sql: string): Promise<unknown>;
}

interface Feed extends ChangeFeed {
  users: number;
}

const feeds = new WeakMap<object, Feed>();

/** How long a lost LISTEN connection waits before it connects again (tests of a lost feed lengthen it). */
const reconnectMs = () => Number(process.env.BLOOM_FEED_RECONNECT_MS) || 1000;

/** How long sync() waits for its own notice before it gives up (tests of a slow feed shorten it). */
const syncGiveUpMs = () => Number(process.env.BLOOM_FEED_SYNC_MS) || 200;

/** The driver under a Drizzle handle (PGlite instance or node-postgres pool). */
function driverOf(db: Db): { pglite?: PgliteLike; pool?: pg.Pool } {
  // BLOOM_HOT_CACHE=off: no feed, so every cache stays off (benchmarks' "before", or a fault hunt).
  if (process.env.BLOOM_HOT_CACHE === "off") return {};
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Pool) return { pool: client };
  if (client && typeof (client as PgliteLike).listen === "function") return { pglite: client as PgliteLike };
  return {};
}

/**
 * The feed of this database handle, shared by everything in this process that uses the same driver
 * (two app instances on one PGlite share one). Each user calls release() when done.
 */
export function changeFeedFor(db: Db, onError?: (err: Error) => void): ChangeFeed {
  const { pglite, pool } = driverOf(db);
  const key = (pglite ?? pool ?? db) as object;
  const existing = feeds.get(key);
  if (existing) {
    existing.users += 1;
    return existing;
  }
  const listeners = new Set<(topic: string) => void>();
  const waiting = new Map<string, () => void>();
  let live = false;
  let seq = 0;
  let closed = false;
  let syncs = 0;
  const emit = (topic: string) => {
    // A sync notice (any instance's) is no change: it must not spoil fills in progress.
    if (topic.startsWith("sync:")) {
      waiting.get(topic)?.();
      waiting.delete(topic);
      return;
    }
    seq += 1;
    for (const fn of listeners) fn(topic);
  };
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    emit("*");
  };
  let notify: (payload: string) => Promise<void> = async () => {};
  /**
   * Writes counted as they go out through this process's pool, and how many of them a finished sync
   * covers: a sync covers only the writes made before it started, so a write made while a sync is in
   * flight needs another one (settle() starts it).
   */
  let written = 0;
  let synced = 0;
  let settling: Promise<void> | null = null;
  let stop: () => Promise<void> = async () => {};

  if (pglite) {
    let unlisten: (() => Promise<void>) | undefined;
    const ready = pglite.listen(CHANGE_CHANNEL, emit).then(
      (u) => {
        unlisten = u ?? undefined;
        if (!closed) setLive(true);
      },
      (err: Error) => onError?.(err),
    );
    notify = async (payload) => {
      await ready;
      await pglite.query(`select pg_notify('${CHANGE_CHANNEL}', '${payload.replace(/'/g, "''")}')`);
    };
    stop = async () => {
      await ready;
      await unlisten?.().catch(() => {});
    };
  } else if (pool) {
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    const connect = async () => {
      timer = null;
      if (closed) return;
      const c = new pg.Client({ ...(pool.options as pg.ClientConfig), application_name: "bloom-store-feed" });
      const lost = (err?: Error) => {
        if (err) onError?.(err);
        if (client !== c) return;
        client = null;
        setLive(false);
        c.end().catch(() => {});
        if (!closed) timer = setTimeout(connect, reconnectMs()).unref();
      };
      c.on("error", lost);
      c.on("end", () => lost());
      c.on("notification", (n) => {
        if (n.channel === CHANGE_CHANNEL) emit(n.payload ?? "*");
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${CHANGE_CHANNEL}`);
        if (closed) {
          await c.end();
          return;
        }
        client = c;
        setLive(true);
      } catch (err) {
        onError?.(err as Error);
        c.end().catch(() => {});
        if (!closed) timer = setTimeout(connect, reconnectMs()).unref();
      }
    };
    const first = connect();
    // Every statement a pool client sends: anything but a plain read marks the feed as behind, and so
    // does the COMMIT of a transaction that wrote (its notices go out then, maybe after a sync that
    // ran in between). A read-only transaction (the job runner finding nothing due) marks nothing, so
    // it never makes the next hot read wait for a round trip through the feed.
    const READ = /^\s*(select|begin|commit|rollback|show|listen)\b/i;
    const watched = new WeakSet<object>();
    const onAcquire = (c: pg.PoolClient) => {
      if (watched.has(c)) return;
      watched.add(c);
      let wrote = false;
      const query = c.query.bind(c) as (...args: unknown[]) => unknown;
      (c as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string } | null)?.text ?? "");
        if (!READ.test(text)) {
          written += 1;
          wrote = true;
        } else if (/^\s*commit\b/i.test(text)) {
          if (wrote) written += 1;
          wrote = false;
        } else if (/^\s*rollback\s*;?\s*$/i.test(text)) {
          wrote = false; // a whole transaction undone (not "rollback to savepoint"): nothing to notice
        }
        return query(...args);
      };
    };
    pool.on("acquire", onAcquire);
    notify = async (payload) => {
      await first;
      await pool.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, payload]);
    };
    stop = async () => {
      await first;
      pool.off("acquire", onAcquire);
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    };
  }

  const feed: Feed = {
    users: 1,
    get live() {
      return live;
    },
    get seq() {
      return seq;
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async sync() {
      if (!live) return;
      const topic = `sync:${process.pid}:${++syncs}:${Math.random().toString(36).slice(2)}`;
      const arrived = new Promise<void>((resolve) => {
        waiting.set(topic, resolve);
        // Never hold a request for long: the feed is a speed-up, not a promise. But a sync that gives
        // up has not seen the notices it waited for, so nothing held in memory can be trusted: every
        // cache is emptied and the next reads go to the database (the notices still arrive later and
        // do what they do; live streams need nothing more).
        const giveUp = () => {
          if (!waiting.delete(topic)) return;
          emit(FEED_LATE);
          resolve();
        };
        setTimeout(giveUp, syncGiveUpMs()).unref();
        notify(topic).catch(giveUp);
      });
      await arrived;
    },
    get behind() {
      return written > synced && live;
    },
    async settle() {
      const target = written;
      while (live && synced < target) {
        if (!settling) {
          const covers = written;
          settling = feed.sync().finally(() => {
            synced = Math.max(synced, covers);
            settling = null;
          });
        }
        await settling;
      }
    },
    async release() {
      feed.users -= 1;
      if (feed.users > 0) return;
      feeds.delete(key);
      closed = true;
      live = false;
      listeners.clear();
      await stop();
    },
  };
  feeds.set(key, feed);
  return feed;
}

/**
 * A map of values read from the database, kept true by the change feed: an entry names the topics
 * it was read from and may carry a time it stops being true (the next hold expiry); a notice of one
 * of its topics drops it. Nothing is served while the feed is down. A fill that saw any notice
 * between its start (`begin()`) and `set` is not kept: it may have read before a change whose
 * notice has already gone by.
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, { value: V; topics: string[]; until: number }>();
  private readonly byTopic = new Map<string, Set<string>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly max = 10_000,
    private readonly maxAgeMs = 5 * 60_000,
  ) {
    this.unsubscribe = feed.subscribe((topic) => this.invalidate(topic));
  }

  get size() {
    return this.entries.size;
  }

  /** A token for set(): the feed's position before reading the database. */
  begin(): number {
    return this.feed.seq;
  }

  get(key: string): V | undefined {
    if (!this.feed.live) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (Date.now() >= e.until) {
      this.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V, topics: string[], token: number, until = Infinity): void {
    if (!this.feed.live || this.feed.seq !== token) return;
    this.delete(key);
    if (this.entries.size >= this.max) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, topics, until: Math.min(until, Date.now() + this.maxAgeMs) });
    for (const t of topics) {
      let keys = this.byTopic.get(t);
      if (!keys) this.byTopic.set(t, (keys = new Set()));
      keys.add(key);
    }
  }

  invalidate(topic: string): void {
    if (topic === "*" || topic === FEED_LATE) {
      this.entries.clear();
      this.byTopic.clear();
      return;
    }
    const keys = this.byTopic.get(topic);
    if (!keys) return;
    this.byTopic.delete(topic);
    for (const k of keys) this.delete(k);
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const t of e.topics) {
      const keys = this.byTopic.get(t);
      keys?.delete(key);
      if (keys && !keys.size) this.byTopic.delete(t);
    }
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
    this.byTopic.clear();
  }
}
