// BEGIN and COMMIT sent with a transaction's first and last statements on PostgreSQL (issue 30 §2, the
// cut-off rush): node-postgres sends one statement at a time and waits for its answer, so each cost a
// round trip of its own. Installed on the app pool's connections by db/client.ts.
import pg from "pg";
/** What a pool client's query is given: a text, or a config object (Drizzle's prepared queries), and values. */
type QueryArgs = [unknown, ...unknown[]];

interface PgConnection {
  stream: { cork?(): void; uncork?(): void };
  /** The named statements pg counts as parsed on this connection (it skips their Parse from then on). */
  parsedStatements: Record<string, string | undefined>;
  on(event: "parseComplete", listener: () => void): void;
  off(event: "parseComplete", listener: () => void): void;
  parse(m: { text: string }): void;
  bind(m: object): void;
  execute(m: object): void;
}

/** What node-postgres's Query does underneath its types: writes its messages, takes each command completed. */
interface QueryInternals {
  submit(connection: PgConnection): Error | undefined;
  handleCommandComplete(msg: unknown, connection: PgConnection): void;
  handleError(err: Error, connection: PgConnection): void;
  handleReadyForQuery(connection: PgConnection): void;
}

/**
 * A pg query sent in one write with BEGIN before it and/or COMMIT after it (one Sync), answering only
 * its own result: the other commands' completions are not results of the query.
 */
function folded(
  config: pg.QueryConfig,
  around: { begin: boolean; commit: boolean; beforeCommit?: string },
  callback: (err: Error | undefined, result: unknown) => void,
): pg.Query {
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
  // pg counts a named statement as parsed at any ParseComplete while its query is the active one, so
  // BEGIN's own ParseComplete counts it too. When the statement's Parse then fails (a lock wait timed
  // out in its parse analysis, or BEGIN failed and the server skipped the rest), the connection must
  // not keep believing it: every later use would fail with "prepared statement does not exist".
  const name = config.name;
  let parses = 0;
  let watched: PgConnection | null = null;
  const countParse = () => (parses += 1);
  const unwatch = () => {
    watched?.off("parseComplete", countParse);
    watched = null;
  };
  const handleError = internals.handleError.bind(q);
  internals.handleError = (err, connection) => {
    if (watched && name && parses < 2) delete connection.parsedStatements[name];
    unwatch();
    handleError(err, connection);
  };
  const handleReadyForQuery = internals.handleReadyForQuery.bind(q);
  internals.handleReadyForQuery = (connection) => {
    unwatch();
    handleReadyForQuery(connection);
  };
  internals.submit = (connection) => {
    if (around.begin && name && connection.parsedStatements[name] === undefined) {
      watched = connection;
      connection.on("parseComplete", countParse);
    }
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
        if (!unsent) {
          if (around.beforeCommit) unnamed(connection, around.beforeCommit);
          unnamed(connection, "COMMIT");
        }
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
    if (around.commit && completed > (around.begin ? 2 : 1)) return; // the statement before COMMIT's, and COMMIT's
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
  /** The next prepared statement waits for the one after it, to go out in the same write (pipelineNext). */
  pipelineNext: boolean;
  /** The statement waiting for its partner (sent by the next call, or by flushPipeline). */
  waiting: { send(partner?: pg.Query): void } | null;
}
const folding = new WeakMap<object, Folding>();

/**
 * What a pool client sends just before a folded COMMIT, in the same network write (db/change-feed.ts:
 * the sync notice of a transaction's own notices). `take()` gives the statement, a utility statement
 * without rows (a NOTIFY), or null for none; `settled(committed)` says whether the COMMIT went through.
 */
export interface BeforeCommit {
  take(): { text: string; settled(committed: boolean): void } | null;
}
const beforeCommit = new WeakMap<object, BeforeCommit>();

/** Sets what `client` sends before each COMMIT it folds into a statement (one per client; the last set wins). */
export function beforeFoldedCommit(client: object, hook: BeforeCommit): void {
  beforeCommit.set(client, hook);
}

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
  const state: Folding = { held: false, commitNext: false, committed: false, pipelineNext: false, waiting: null };
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
    // A statement waiting for its partner (pipelineNext) goes out first: with this one when it is
    // prepared too, else on its own.
    const waiting = state.waiting;
    state.waiting = null;
    if (waiting && !prepared) {
      waiting.send();
      return query(...args);
    }
    const begin = state.held;
    const commit = state.commitNext && prepared;
    const hold = state.pipelineNext && prepared && !commit;
    state.held = false;
    state.commitNext = false;
    state.pipelineNext = false;
    if (!prepared) return begin ? (query("BEGIN") as Promise<unknown>).then(() => query(...args)) : query(...args);
    if (!begin && !commit && !hold && !waiting) return query(...args);
    const extra = commit ? (beforeCommit.get(client)?.take() ?? null) : null;
    return new Promise((resolve, reject) => {
      const q = folded({ ...config, values } as pg.QueryConfig, { begin, commit, ...(extra ? { beforeCommit: extra.text } : {}) }, (err, result) => {
        extra?.settled(!err);
        if (err) return reject(err);
        if (commit) state.committed = true;
        resolve(result);
      });
      if (waiting) waiting.send(q);
      else if (hold)
        state.waiting = {
          send: (partner) => {
            if (partner) sendsWith(q, partner);
            query(q);
            if (partner) query(partner);
          },
        };
      else query(q);
    });
  };
}

/**
 * Makes `first`'s submit write `second`'s messages too, in the same network write: PostgreSQL runs
 * them in order and answers each (each ends with its own Sync), and node-postgres, which makes
 * `second` the active query only after `first`'s ReadyForQuery, finds it already sent. When `first`
 * cannot be sent, `second` is sent when its turn comes, as it would have been.
 */
function sendsWith(first: pg.Query, second: pg.Query): void {
  const a = first as unknown as QueryInternals;
  const b = second as unknown as QueryInternals;
  const submitFirst = a.submit.bind(first);
  const submitSecond = b.submit.bind(second);
  let sent = false;
  let secondError: Error | undefined;
  a.submit = (connection) => {
    connection.stream.cork?.();
    try {
      const err = submitFirst(connection);
      if (err) return err;
      sent = true;
      secondError = submitSecond(connection) ?? undefined;
      return err;
    } finally {
      connection.stream.uncork?.();
    }
  };
  b.submit = (connection) => (sent ? secondError : submitSecond(connection));
}

/**
 * Sends the transaction's next prepared statement in the same network write as the one after it
 * (a statement that does not need the first's answer: issue 30 §2, the cart save's lock and its
 * offers' lock): the first waits until the second is asked, or until flushPipeline. PostgreSQL runs
 * them one after the other, as if each had waited for the other's answer, so the locks are taken in
 * the same order; when the first fails, the second fails too (the transaction is aborted) and the
 * caller rolls back as before. Answers whether the client pipelines (false on PGlite and inside a
 * nested transaction: the caller then waits for the first's answer before asking the second).
 */
export function pipelineNext(tx: object): boolean {
  const state = foldingOf(tx);
  if (!state) return false;
  state.pipelineNext = true;
  return true;
}

/** Sends a statement still waiting for its partner (pipelineNext) on its own; call it right after the second statement was asked. */
export function flushPipeline(tx: object): void {
  const state = foldingOf(tx);
  if (!state) return;
  state.pipelineNext = false;
  const waiting = state.waiting;
  state.waiting = null;
  waiting?.send();
}

/** The fold state of an outermost transaction's client, or undefined (PGlite, a nested transaction). */
function foldingOf(tx: object): Folding | undefined {
  // Only the outermost transaction commits: inside a savepoint (Drizzle's nested transaction, e.g. a
  // job's handler) statements are sent as they are.
  const { session, nestedIndex } = tx as unknown as { session?: { client?: object }; nestedIndex?: number };
  if (nestedIndex !== 0) return undefined;
  const client = session?.client;
  return client ? folding.get(client) : undefined;
}

/**
 * Sends COMMIT with the transaction's next statement (a prepared one, on PostgreSQL): the caller
 * states that nothing follows it but the COMMIT, which is then answered at once. When the statement
 * fails the COMMIT is not run (the caller rolls back as before); when the COMMIT fails (a deferred
 * constraint), the statement's call fails with its error. No effect on PGlite, nor on a nested transaction.
 */
export function commitWithNext(tx: object): void {
  const state = foldingOf(tx);
  if (state) state.commitNext = true;
}

/**
 * Two statements of a transaction where the second does not need the first's answer (issue 30 §2):
 * on PostgreSQL both are asked now and go out in one network write (pipelineNext), PostgreSQL
 * running the second after the first, with a snapshot of its own taken then (so it sees what the
 * first's locks waited for); elsewhere (PGlite, a nested transaction) the second is asked only when
 * the caller asks for it, after the first's answer. `first` and `second` must each ask their
 * statement synchronously (a prepared statement's execute, not an awaited builder), or they are
 * simply sent one after the other. The caller awaits `first` before asking for `second`: when the
 * first fails the second fails too, and its failure is left unread.
 */
export function askTogether<A, B>(tx: object, first: () => Promise<A>, second: () => Promise<B>): { first: Promise<A>; second: () => Promise<B> } {
  if (!pipelineNext(tx)) {
    const a = first();
    return { first: a, second };
  }
  let a: Promise<A>;
  let b: Promise<B>;
  try {
    a = first();
    b = second();
  } finally {
    flushPipeline(tx);
  }
  b.catch(() => {});
  return { first: a, second: () => b };
}
