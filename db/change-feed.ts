// The change feed of migration 0011: one LISTEN per database handle and process. The caches of hot
// reads (server/hot: FeedCache) serve from memory only while the feed is live, and drop what a notice
// names. Losing the feed turns them off (every request reads the database again) until it is back,
// and then they start empty. This file holds the feed only; what is kept in memory lives in server/hot.
import pg from "pg";
import type { Db } from "./client.ts";
import { beforeFoldedCommit } from "./fold.ts";

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
   * syncs first, or, for a transaction whose COMMIT carried its own sync notice (a cart save's), waits
   * for that notice without a round trip. Called before answering from memory, so a request never
   * misses the notices of a write this process made (PGlite delivers notices with the query itself:
   * always at once).
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
  /** The sync whose notice is not sent yet (later syncs join it), and the notice being sent. */
  let nextSync: Promise<void> | null = null;
  let sending: Promise<void> = Promise.resolve();
  /**
   * The sync notices this process sent with a transaction's COMMIT (below): in flight until the COMMIT
   * answers (`done` unset), then awaited by settle() until they arrive. One that arrives first is
   * simply gone from here when its COMMIT answers.
   */
  const tokens = new Map<string, { done?: Promise<void>; arrive?: () => void; timer?: NodeJS.Timeout }>();
  /** How many of them are awaited (committed, not arrived). */
  let awaited = 0;
  const tokenArrived = (topic: string) => {
    const token = tokens.get(topic);
    if (!token) return;
    tokens.delete(topic);
    if (token.done) awaited -= 1;
    if (token.timer) clearTimeout(token.timer);
    token.arrive?.();
  };
  const emit = (topic: string) => {
    // A sync notice (any instance's) is no change: it must not spoil fills in progress.
    if (topic.startsWith("sync:")) {
      waiting.get(topic)?.();
      waiting.delete(topic);
      tokenArrived(topic);
      return;
    }
    seq += 1;
    for (const fn of listeners) fn(topic);
  };
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    // A lost feed settles nothing: every cache is off until it is back, and then starts empty.
    if (!value) for (const topic of [...tokens.keys()]) tokenArrived(topic);
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
    // Every statement a pool client sends. A write outside a transaction marks the feed as behind as it
    // goes out; a transaction that wrote marks it at its COMMIT, when its notices go out (a hot read in
    // between sees what was committed before it, all of which its notices cover). A read-only
    // transaction (the job runner finding nothing due) marks nothing, so it never makes the next hot
    // read wait for a round trip through the feed; nor does a transaction whose COMMIT carried its own
    // sync notice (a cart save's, folded into its last statement: db/fold.ts), which settle() awaits
    // without a round trip.
    const READ = /^\s*(select|begin|start\s+transaction|commit|rollback|show|listen)\b/i;
    const clients = new WeakMap<object, { inTx: boolean; wrote: boolean; carried: boolean }>();
    const onAcquire = (c: pg.PoolClient) => {
      const known = clients.get(c);
      if (known) {
        // A transaction its user never ended (the connection is reused after an error): counted as written.
        if (known.inTx && known.wrote && !known.carried) written += 1;
        Object.assign(known, { inTx: false, wrote: false, carried: false });
        return;
      }
      const state = { inTx: false, wrote: false, carried: false };
      clients.set(c, state);
      beforeFoldedCommit(c, {
        take() {
          if (!live || !state.wrote) return null;
          const topic = `sync:${process.pid}:c${++syncs}:${Math.random().toString(36).slice(2)}`;
          const token: { done?: Promise<void>; arrive?: () => void; timer?: NodeJS.Timeout } = {};
          tokens.set(topic, token);
          state.carried = true;
          return {
            text: `NOTIFY ${CHANGE_CHANNEL}, '${topic}'`,
            settled(committed) {
              if (tokens.get(topic) !== token) return; // arrived already, or the feed was lost
              if (!committed) {
                tokens.delete(topic);
                return;
              }
              // Awaited from now on, and given up on like a sync: every cache is emptied then.
              token.done = new Promise<void>((resolve) => (token.arrive = resolve));
              awaited += 1;
              token.timer = setTimeout(() => {
                if (tokens.get(topic) !== token) return;
                tokenArrived(topic);
                emit(FEED_LATE);
              }, syncGiveUpMs()).unref();
            },
          };
        },
      });
      const query = c.query.bind(c) as (...args: unknown[]) => unknown;
      (c as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string } | null)?.text ?? "");
        if (!READ.test(text)) {
          if (state.inTx) state.wrote = true;
          else written += 1;
        } else if (/^\s*(begin|start\s+transaction)\b/i.test(text)) {
          Object.assign(state, { inTx: true, wrote: false, carried: false });
        } else if (/^\s*commit\b/i.test(text)) {
          if (state.wrote && !state.carried) written += 1;
          Object.assign(state, { inTx: false, wrote: false, carried: false });
        } else if (/^\s*rollback\s*;?\s*$/i.test(text)) {
          // A whole transaction undone (not "rollback to savepoint"): nothing to notice.
          Object.assign(state, { inTx: false, wrote: false, carried: false });
        }
        return query(...args);
      };
    };
    pool.on("acquire", onAcquire);
    // A sync's notice goes out on a connection of its own, never through the pool: under a rush the
    // pool's queue is long (requests waiting on the scarce lines' locks), and a sync queued behind it
    // gave up (FEED_LATE: every cache emptied, more reads, a longer queue). Nor on the LISTEN
    // connection, which delivers no notice while it runs a statement. The notice still commits after
    // every write made before the sync, so it arrives after their notices.
    let syncClient: Promise<pg.Client> | null = null;
    const syncConnection = () => {
      if (syncClient) return syncClient;
      const c = new pg.Client({ ...(pool.options as pg.ClientConfig), application_name: "bloom-store-sync" });
      const made = c.connect().then(() => c);
      // A lost or failed connection is dropped; the next sync opens a new one.
      const drop = (err?: Error) => {
        if (err) onError?.(err);
        if (syncClient === made) syncClient = null;
        c.end().catch(() => {});
      };
      c.on("error", drop);
      c.on("end", () => drop());
      made.catch(drop);
      return (syncClient = made);
    };
    notify = async (payload) => {
      await first;
      const c = await syncConnection();
      await c.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, payload]);
    };
    stop = async () => {
      await first;
      pool.off("acquire", onAcquire);
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      const s = syncClient;
      syncClient = null;
      await Promise.all([c?.end().catch(() => {}), s?.then((sc) => sc.end()).catch(() => {})]);
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
    sync() {
      if (!live) return Promise.resolve();
      // Syncs asked for before the next notice goes out share it: it is sent after each of them was
      // asked for, so it covers every write each of them must see (one notice in flight at a time).
      if (nextSync) return nextSync;
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
        const send = sending.then(() => {
          if (nextSync === arrived) nextSync = null;
          return notify(topic);
        });
        sending = send.catch(giveUp);
      });
      nextSync = arrived;
      return arrived;
    },
    get behind() {
      return live && (written > synced || awaited > 0);
    },
    async settle() {
      // The sync notices that went out with this process's transactions committed so far, not arrived yet.
      if (awaited > 0) await Promise.all([...tokens.values()].map((t) => t.done));
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
