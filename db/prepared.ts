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

/**
 * `db.execute(statement)`, unnamed, asked at once: the driver has the statement when this returns
 * (an awaited `db.execute` asks only on the next microtask), so it can go out in the same network
 * write as the statement before it (db/fold.ts askTogether). For a text that varies (a list of rows).
 */
export function executeNow(db: DbOrTx, statement: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as Internals;
  return session.prepareQuery(dialect.sqlToQuery(statement), undefined, undefined, false).execute();
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
