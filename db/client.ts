import { PGlite } from "@electric-sql/pglite";
import { count, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import pg from "pg";
import { foldBegin } from "./fold.ts";
import { fileURLToPath } from "node:url";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The common type of the PGlite and node-postgres drivers: code never needs to know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, gzipped unless told "none" (a migrated snapshot for tests). */
  dump?: (compression?: "gzip" | "none") => Promise<Blob>;
  /** PostgreSQL only: how the connection pool is used right now (for metrics). */
  poolStats?: () => PoolStats;
  /**
   * The handle /readyz asks: on PostgreSQL a pool of one connection of its own, so a pool taken by
   * requests waiting on locks does not read as an unreachable database; on PGlite `db` itself.
   */
  readiness?: Db;
}

export interface PoolStats {
  /** Connections open (idle + in use). */
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
  max: number;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenOptions {
  /** A PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder, or "memory://" for a throwaway database. */
  dataDir?: string;
  /** A PGlite data dump to start from (a migrated snapshot in tests); with dataDir, unpacked there. */
  loadDataDir?: Blob | File;
  /**
   * PGlite only: its shared_buffers (PostgreSQL's default 128MB when absent). A test file's database
   * holds a few hundred rows; starting one zeroes the whole buffer pool first, which with the
   * default was about half of a PGlite's start (tests/helpers/test-app.ts).
   */
  sharedBuffers?: string;
  poolSize?: number;
  /** How long a request waits for a new connection before it fails (and answers 503). */
  connectTimeoutMs?: number;
  /** Told about connection errors the pool recovers from by itself (a log line). */
  onConnectionError?: (err: Error) => void;
  /**
   * PostgreSQL only: per-connection bounds (ms, 0 = none). A statement running longer is cancelled
   * (57014), a lock not granted in time fails (55P03), a transaction left idle is ended by the server;
   * each answers 503 (isDatabaseUnavailable). Migrations lift the first two for their own connection.
   */
  timeouts?: DatabaseTimeouts;
}

export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const t = options.timeouts;
    // Sent in the startup packet: every connection of the pool (and the change feed's, which copies
    // these options) has them from its first statement.
    const bounds = t
      ? {
          ...(t.statementMs ? { statement_timeout: t.statementMs } : {}),
          ...(t.lockMs ? { lock_timeout: t.lockMs } : {}),
          ...(t.idleInTransactionMs ? { idle_in_transaction_session_timeout: t.idleInTransactionMs } : {}),
        }
      : {};
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      idleTimeoutMillis: 30_000,
      application_name: "bloom-store",
      // The store's tables are small and read all day, so they live in memory: an index lookup costs
      // about what a page read in order does, not PostgreSQL's default four times as much (a cost for
      // disks). With the default, a cart save chose its offer lines and products by reading every
      // row of both tables: PostgreSQL's CPU per save in the rush went from 2.7–2.9 to 1.9 ms with
      // this, at 1,000 products (docs/operations.md). An `options` parameter in DATABASE_URL replaces it.
      options: "-c random_page_cost=1.1",
      ...bounds,
    });
    // Readiness asks over a connection of its own, never queued behind requests: a pool full of lock
    // waiters is a busy database, not an unreachable one. Its bounds are short: /readyz must answer.
    const readinessPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 1,
      connectionTimeoutMillis: Math.min(options.connectTimeoutMs ?? 10_000, 3_000),
      idleTimeoutMillis: 60_000,
      application_name: "bloom-store-readiness",
      statement_timeout: 2_000,
      lock_timeout: 1_000,
    });
    // A lost connection (a failover, a restart, pg_terminate_backend) must never end the process.
    // node-postgres emits 'error' on the pool for idle connections and on the client for one checked
    // out between two queries (inside a transaction, say); an 'error' event without a listener is
    // fatal in Node. Both get a listener: the failed query answers 503 (isDatabaseUnavailable), the
    // broken connection is dropped from the pool when released, and the next request opens a new one.
    const report = (err: Error) => options.onConnectionError?.(err);
    pool.on("error", report);
    pool.on("connect", (client) => {
      client.on("error", report);
      foldBegin(client);
    });
    readinessPool.on("error", report);
    readinessPool.on("connect", (client) => client.on("error", report));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      readiness: drizzlePg(readinessPool, { schema }) as unknown as Db,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
      async migrate() {
        // Several instances may start at once: one migrates, the others wait on the advisory lock.
        const client = await pool.connect();
        try {
          // A migration may take long and waits for another instance's: no bounds on this connection.
          if (t) await client.query("set statement_timeout = 0; set lock_timeout = 0");
          await client.query("select pg_advisory_lock(727274)");
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock(727274)").catch(() => {});
          // Back to the pool's bounds (or dropped, if resetting fails).
          const reset = t ? await client.query("reset statement_timeout; reset lock_timeout").then(() => undefined, (err: Error) => err) : undefined;
          client.release(reset);
        }
      },
      async close() {
        await Promise.all([pool.end(), readinessPool.end()]);
      },
    };
  }
  const startParams = options.sharedBuffers ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffers}`] : undefined;
  const client = await PGlite.create({ dataDir: options.dataDir ?? "memory://", loadDataDir: options.loadDataDir, startParams });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    readiness: db,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async close() {
      await client.close();
    },
    dump: async (compression = "gzip") => client.dumpDataDir(compression),
  };
}

let latestMigration: number | undefined;

/**
 * Whether every migration this code knows is applied (the database may be ahead: a newer instance
 * of a rolling deploy migrated it). Drizzle records each applied migration with its journal time.
 */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  latestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  const latest = latestMigration;
  try {
    const [row] = rowsOf<{ last: string | number | null }>(await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`));
    return Number(row?.last ?? 0) >= latest;
  } catch (err) {
    // No migrations table: nothing was ever applied. Any other failure (the database is away) is the caller's.
    if (pgCode(err) === "42P01" || pgCode(err) === "3F000") return false;
    throw err;
  }
}

/** The SQLSTATE (or Node error code) of an error or of any error it wraps (Drizzle wraps driver errors). */
export function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string") return e.code;
  }
  return undefined;
}

/**
 * SQLSTATEs of a database that is there but busy: a deadlock (40P01, this transaction was chosen to
 * give way), a lock not granted within lock_timeout (55P03), a statement cancelled at
 * statement_timeout (57014). Nothing of the transaction was committed; the request may be sent again.
 */
const BUSY_CODES = new Set(["40P01", "55P03", "57014"]);

/** Whether an error (or one it wraps) is a deadlock, lock timeout or statement timeout. */
export function isDatabaseBusy(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && BUSY_CODES.has(e.code)) return true;
  }
  return false;
}

const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Cannot use a pool after calling end",
  "Client was closed and is not queryable",
  "the database system is",
];

/**
 * Whether an error means the database cannot serve the request right now (lost connection, server
 * shutting down or restarting, no free connection in time, or busy: isDatabaseBusy) rather than a
 * fault of the request: the request may be retried, so it answers 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (isDatabaseBusy(err)) return true;
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    // 08: connection exception; 57P01-57P05: admin/crash shutdown, cannot connect now, idle timeout;
    // 53300: too many connections.
    if (/^08/.test(code) || /^57P0[1-5]$/.test(code) || code === "53300") return true;
    if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"].includes(code)) return true;
    const message = typeof e.message === "string" ? e.message : "";
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** Rows of a raw `db.execute` result; both drivers return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `s` with LIKE's wildcards (and its escape character) taken literally. */
export const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `s` anywhere, with its wildcards taken literally. */
export const likeContaining = (s: string) => `%${likeLiteral(s)}%`;

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.users);
  return (row?.n ?? 0) === 0;
}
