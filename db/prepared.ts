// Named prepared statements for the hot write paths (issue 30 §2, the cut-off rush). A statement sent
// with a name is parsed and planned by PostgreSQL once per connection; afterwards node-postgres sends
// only Bind/Execute for it, which saves the server's parse and plan of the save's long statements. The
// name is the caller's base name and a hash of the statement's text, so the same text always has the
// same name and a statement of another shape never collides with it (node-postgres refuses one name
// for two texts). Callers keep their shapes fixed (arrays as `= any($1)`, never lists of varying
// length), so a connection holds a handful of statements; past MAX_NAMES distinct texts in this
// process the rest are sent unnamed, as before, so a shape that does vary cannot grow every
// connection's memory without bound. PGlite parses every statement anyway and ignores the name.
import { createHash } from "node:crypto";
import pg from "pg";
import * as drizzle from "drizzle-orm";
import { sql, type Query, type SQL } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";

const MAX_NAMES = 200;
const names = new Map<string, string>();

function nameFor(base: string, text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_NAMES) return undefined;
  const name = `${base}_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  names.set(text, name);
  return name;
}

// What Drizzle's select prepare() orders a selection's fields with (exported, but kept out of its types).
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields(fields: Record<string, unknown>): unknown };

/** What both Drizzle drivers' sessions offer underneath the public API: a query prepared under a name. */
interface Internals {
  dialect: { sqlToQuery(sql: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: unknown,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown>; joinsNotNullableMap?: unknown };
  };
}

/** `db.execute(statement)`, sent as a named prepared statement (same result). */
export function executePrepared(db: DbOrTx, base: string, statement: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as Internals;
  const query = dialect.sqlToQuery(statement);
  return session.prepareQuery(query, undefined, nameFor(base, query.sql), false).execute();
}

/** A Drizzle select builder as its own prepare() reads it. */
interface SelectInternals {
  getSQL(): SQL;
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: unknown;
}

/**
 * Runs a Drizzle select as a named prepared statement: the builder's own `prepare(name)`, with the
 * name known only once the text is (so it is built once, not twice). Same rows as awaiting it.
 */
export function selectPrepared<Row>(db: DbOrTx, base: string, select: PromiseLike<Row[]>): Promise<Row[]> {
  const { dialect, session } = db as unknown as Internals;
  const b = select as unknown as SelectInternals;
  const query = dialect.sqlToQuery(b.getSQL());
  const prepared = session.prepareQuery(query, orderSelectedFields(b.config.fields), nameFor(base, query.sql), true);
  prepared.joinsNotNullableMap = b.joinsNotNullableMap;
  return prepared.execute() as Promise<Row[]>;
}

/** Placeholders by name, for a statement built once per shape (see executeShaped). */
export type Placeholders<K extends string> = { readonly [P in K]: SQL };
const placeholders = new Proxy({} as Record<string, SQL>, { get: (_, name) => sql`${sql.placeholder(String(name))}` });

/** A statement's text built once: its query (params are the placeholders), name and, for a select, how its rows map to fields. */
interface Shape {
  query: Query;
  name: string | undefined;
  fields?: unknown;
  joinsNotNullableMap?: unknown;
}
const shapes = new Map<string, Shape>();
/** Past this many shapes the text is built on every call (a key that varies without bound must not grow memory). */
const MAX_SHAPES = 200;

function shapeOf(key: string, make: () => Shape): Shape {
  const known = shapes.get(key);
  if (known) return known;
  const made = make();
  if (shapes.size < MAX_SHAPES) shapes.set(key, made);
  return made;
}

/**
 * executePrepared for a hot statement whose text is built once per `key` (the shape: whatever
 * changes the text, e.g. which branches it has), from placeholders; each call then passes only the
 * values by name. Building the text is most of Drizzle's cost per statement, and the same text every
 * time is what a named prepared statement needs anyway. `build` must use only placeholders for what
 * varies between calls of the same key.
 */
export function executeShaped<K extends string>(db: DbOrTx, base: string, key: string, build: (p: Placeholders<K>) => SQL, values: Record<K, unknown>): Promise<unknown> {
  const { dialect, session } = db as unknown as Internals;
  const shape = shapeOf(`${base}|${key}`, () => {
    const query = dialect.sqlToQuery(build(placeholders as Placeholders<K>));
    return { query, name: nameFor(base, query.sql) };
  });
  return (session.prepareQuery(shape.query, undefined, shape.name, false) as unknown as Executable).execute(values);
}

/** selectPrepared with the text built once per `key` from placeholders (see executeShaped). */
export function selectShaped<Row, K extends string>(
  db: DbOrTx,
  base: string,
  key: string,
  build: (p: Placeholders<K>) => PromiseLike<Row[]>,
  values: Record<K, unknown>,
): Promise<Row[]> {
  const { dialect, session } = db as unknown as Internals;
  const shape = shapeOf(`${base}|${key}`, () => {
    const b = build(placeholders as Placeholders<K>) as unknown as SelectInternals;
    const query = dialect.sqlToQuery(b.getSQL());
    return { query, name: nameFor(base, query.sql), fields: orderSelectedFields(b.config.fields), joinsNotNullableMap: b.joinsNotNullableMap };
  });
  const prepared = session.prepareQuery(shape.query, shape.fields, shape.name, true);
  prepared.joinsNotNullableMap = shape.joinsNotNullableMap;
  return (prepared as unknown as Executable).execute(values) as Promise<Row[]>;
}

/** A prepared query's execute with its placeholders' values. */
interface Executable {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/** The statement names this process has handed out (for tests). */
export const preparedNames = (): ReadonlySet<string> => new Set(names.values());

/**
 * A list as one array parameter (`$1::int[]`): the statement's text is the same whatever the list's
 * length, so it stays one prepared statement. (Drizzle spreads a plain array into `($1, $2, …)`.)
 */
export const intArray = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
/** A list of text as one array parameter (`$1::text[]`); see intArray. */
export const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

// ---- BEGIN sent with the transaction's first statement --------------------------------------------

/** What a pool client's query is given: a text, or a config object (Drizzle's prepared queries), and values. */
type QueryArgs = [unknown, ...unknown[]];

interface PgConnection {
  stream: { cork?(): void; uncork?(): void };
  parse(m: { text: string }): void;
  bind(m: object): void;
  execute(m: object): void;
}

/** What node-postgres's Query does underneath its types: writes its messages, takes each command completed. */
interface QueryInternals {
  submit(connection: PgConnection): Error | undefined;
  handleCommandComplete(msg: unknown, connection: PgConnection): void;
}

/**
 * A pg query sent in one write with BEGIN before it and/or COMMIT after it (one Sync), answering only
 * its own result: the other commands' completions are not results of the query.
 */
function folded(config: pg.QueryConfig, around: { begin: boolean; commit: boolean }, callback: (err: Error | undefined, result: unknown) => void): pg.Query {
  const q = new pg.Query(config, undefined, callback);
  const internals = q as unknown as QueryInternals;
  const submit = internals.submit.bind(q);
  const commandComplete = internals.handleCommandComplete.bind(q);
  let completed = 0;
  const unnamed = (connection: PgConnection, text: string) => {
    // The unnamed statement and portal: each executed before the next messages reuse them.
    connection.parse({ text });
    connection.bind({});
    connection.execute({});
  };
  internals.submit = (connection) => {
    connection.stream.cork?.();
    try {
      if (around.begin) unnamed(connection, "BEGIN");
      if (!around.commit) return submit(connection);
      // The query's own messages end with a Sync; COMMIT's must come before it, unless its values
      // could not be sent (pg then closes the statement and syncs: nothing may commit then).
      const c = connection as unknown as { sync(): void; bind(m: object): void };
      const { sync, bind } = c;
      let unsent = false;
      c.bind = (m) => {
        try {
          bind.call(connection, m);
        } catch (err) {
          unsent = true;
          throw err;
        }
      };
      c.sync = () => {
        c.sync = sync;
        if (!unsent) unnamed(connection, "COMMIT");
        sync.call(connection);
      };
      try {
        return submit(connection);
      } finally {
        c.sync = sync;
        c.bind = bind;
      }
    } finally {
      connection.stream.uncork?.();
    }
  };
  internals.handleCommandComplete = (msg, connection) => {
    completed += 1;
    if (around.begin && completed === 1) return; // BEGIN's
    if (around.commit && completed === (around.begin ? 3 : 2)) return; // COMMIT's
    commandComplete(msg, connection);
  };
  return q;
}

/** What pg answers a BEGIN and a COMMIT, for the caller whose statement the pool client held back. */
const BEGUN = { command: "BEGIN", rowCount: null, oid: null, rows: [], fields: [] };
const COMMITTED = { command: "COMMIT", rowCount: null, oid: null, rows: [], fields: [] };

/** A pool client's fold state (foldBegin installs it). */
interface Folding {
  /** A bare BEGIN was answered and not sent yet. */
  held: boolean;
  /** The next prepared statement is the transaction's last: COMMIT goes with it (commitWithNext). */
  commitNext: boolean;
  /** COMMIT went out with the last statement and succeeded: the caller's COMMIT is answered at once. */
  committed: boolean;
}
const folding = new WeakMap<object, Folding>();

/** Whether a statement is sent bare: as text alone, or as Drizzle sends it (a config without a name, no values). */
function isBare(args: QueryArgs, word: "begin" | "commit"): boolean {
  const [first, second] = args;
  const text = typeof first === "string" ? first : ((first as { text?: unknown } | null)?.text ?? null);
  if (typeof text !== "string" || text.trim().toLowerCase() !== word) return false;
  if (typeof first === "string") return args.length === 1;
  return !(first as pg.QueryConfig).name && args.length <= 2 && (second === undefined || (Array.isArray(second) && !second.length));
}

/**
 * Makes a pool client send a transaction's BEGIN in the same network write as the transaction's first
 * statement, instead of as a round trip of its own: a bare `begin` is answered at once and held back;
 * the next statement, when it is a prepared one (the hot writes' are: db/prepared.ts), goes out after
 * BEGIN's messages with one Sync, so PostgreSQL runs both and answers once. Any other next statement
 * (plain text, no values) is sent after a real BEGIN, as before. A failure of either is the
 * statement's failure, inside the transaction, which the caller rolls back as it would have.
 * The same for COMMIT when the caller says which statement is the last (commitWithNext).
 */
export function foldBegin(client: pg.PoolClient): void {
  if (folding.has(client)) return;
  const state: Folding = { held: false, commitNext: false, committed: false };
  folding.set(client, state);
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (...args: QueryArgs) => {
    if (state.committed) {
      state.committed = false;
      if (isBare(args, "commit")) return Promise.resolve(COMMITTED);
    }
    if (!state.held && isBare(args, "begin")) {
      state.held = true;
      return Promise.resolve(BEGUN);
    }
    const [first, second] = args;
    const config = typeof first === "object" && first !== null && !("submit" in first) ? (first as pg.QueryConfig) : null;
    const values = config?.values ?? (Array.isArray(second) ? second : undefined);
    const prepared = !!config && typeof args[args.length - 1] !== "function" && (!!config.name || (values?.length ?? 0) > 0);
    const begin = state.held;
    const commit = state.commitNext && prepared;
    state.held = false;
    state.commitNext = false;
    if (!prepared) return begin ? (query("BEGIN") as Promise<unknown>).then(() => query(...args)) : query(...args);
    if (!begin && !commit) return query(...args);
    return new Promise((resolve, reject) => {
      query(
        folded({ ...config, values } as pg.QueryConfig, { begin, commit }, (err, result) => {
          if (err) return reject(err);
          if (commit) state.committed = true;
          resolve(result);
        }),
      );
    });
  };
}

/**
 * Sends COMMIT with the transaction's next statement (a prepared one, on PostgreSQL): the caller
 * states that nothing follows it but the COMMIT, which is then answered at once. When the statement
 * fails the COMMIT is not run (the caller rolls back as before); when the COMMIT fails (a deferred
 * constraint), the statement's call fails with its error. No effect on PGlite, nor on a nested transaction.
 */
export function commitWithNext(tx: DbOrTx): void {
  // Only the outermost transaction commits: inside a savepoint (Drizzle's nested transaction, e.g. a
  // job's handler) the statement is sent as it is.
  const { session, nestedIndex } = tx as unknown as { session?: { client?: object }; nestedIndex?: number };
  if (nestedIndex !== 0) return;
  const client = session?.client;
  const state = client && folding.get(client);
  if (state) state.commitNext = true;
}
