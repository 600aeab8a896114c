// The connection live availability reads a catalog's stock on. On PostgreSQL it is a small pool of
// its own (one connection), never the app's: under a cut-off rush the app's pool is full of cart saves
// waiting on the scarce lines' locks, and a catalog read queued behind them reached open stores
// seconds late. The read takes no lock and sees what is committed, as on the app's pool. On PGlite
// (one connection in the process) it is the app's handle.
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../../../db/client.ts";
import * as schema from "../../../db/schema/index.ts";

export interface LiveReader {
  db: Db;
  close(): Promise<void>;
}

/** The open readers by the app's pool (tests count the statements of an instance's live reads). */
const open = new WeakMap<object, Db>();

const driverOf = (db: Db) => (db as unknown as { session?: { client?: unknown } }).session?.client;

/** The handle an app's live availability reads on now (the app's own when none is open). */
export function liveReadDbOf(db: Db): Db {
  const client = driverOf(db);
  return (client instanceof pg.Pool && open.get(client)) || db;
}

export function liveReaderFor(db: Db, onError: (err: Error) => void): LiveReader {
  const client = driverOf(db);
  if (!(client instanceof pg.Pool)) return { db, close: async () => {} };
  // The app pool's options (address, statement and lock bounds), one connection, named for its use.
  const pool = new pg.Pool({ ...client.options, max: 1, application_name: "bloom-store-live" });
  // A lost connection must never end the process: the read fails (its streams close and reconnect).
  pool.on("error", onError);
  pool.on("connect", (c) => c.on("error", onError));
  const reader = drizzlePg(pool, { schema }) as unknown as Db;
  open.set(client, reader);
  return {
    db: reader,
    close: () => {
      if (open.get(client) === reader) open.delete(client);
      return pool.end();
    },
  };
}
