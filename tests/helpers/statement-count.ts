import type { Db } from "../../db/client.ts";

/**
 * Counts the SQL statements the real driver sends (PGlite or node-postgres), BEGIN and COMMIT
 * included, by wrapping the driver underneath a Drizzle database. A count, not a time: tests may
 * assert it. `stop()` puts the driver back.
 */
export interface StatementCounter {
  readonly count: number;
  readonly statements: string[];
  /** The values bound to each statement, by the same index ([] for none). */
  readonly params: unknown[][];
  reset(): void;
  stop(): void;
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

export function countStatements(db: Db): StatementCounter {
  const client = (db as unknown as { session: { client: Record<string, unknown> } }).session.client;
  const statements: string[] = [];
  const params: unknown[][] = [];
  const note = (arg: unknown, values?: unknown) => {
    const bound = Array.isArray(values) ? values : ((arg as { values?: unknown[] } | null)?.values ?? []);
    params.push(Array.isArray(bound) ? bound : []);
    const text = typeof arg === "string" ? arg : ((arg as { text?: string } | null)?.text ?? String(arg));
    statements.push(text.trim().split(/\s+/).slice(0, 6).join(" "));
  };
  const restore: (() => void)[] = [];
  const wrap = (target: Record<string, unknown>, name: string) => {
    const original = target[name] as QueryFn;
    const own = Object.prototype.hasOwnProperty.call(target, name);
    target[name] = function (this: unknown, ...args: unknown[]) {
      note(args[0], args[1]);
      return original.apply(this, args);
    };
    restore.push(() => {
      if (own) target[name] = original;
      else delete target[name];
    });
  };

  if (typeof client.transaction === "function" && typeof client.listen === "function") {
    // PGlite: query/exec outside transactions; transaction() sends BEGIN and COMMIT (or ROLLBACK)
    // itself and hands the callback its own query/exec.
    wrap(client, "query");
    wrap(client, "exec");
    const transaction = client.transaction as QueryFn;
    client.transaction = function (this: unknown, fn: (tx: Record<string, unknown>) => Promise<unknown>) {
      note("BEGIN");
      return transaction.call(this, async (tx: Record<string, unknown>) => {
        wrap(tx, "query");
        wrap(tx, "exec");
        let failed = false;
        try {
          return await fn(tx);
        } catch (err) {
          failed = true;
          throw err;
        } finally {
          note(failed ? "ROLLBACK" : "COMMIT");
        }
      });
    };
    restore.push(() => delete client.transaction);
  } else {
    // node-postgres: every statement goes through a checked-out client's query().
    const pool = client as unknown as { on(e: string, f: (c: Record<string, unknown>) => void): void; off(e: string, f: (c: Record<string, unknown>) => void): void };
    const wrapped = new Set<Record<string, unknown>>();
    const onAcquire = (c: Record<string, unknown>) => {
      if (wrapped.has(c)) return;
      wrapped.add(c);
      wrap(c, "query");
    };
    pool.on("acquire", onAcquire);
    restore.push(() => pool.off("acquire", onAcquire));
  }
  return {
    get count() {
      return statements.length;
    },
    statements,
    params,
    reset: () => {
      statements.splice(0);
      params.splice(0);
    },
    stop: () => restore.splice(0).reverse().forEach((f) => f()),
  };
}

/** The statements `db` sends while `fn` runs (the counter stopped afterwards, whatever happens). */
export async function statementsDuring(db: Db, fn: () => Promise<unknown>): Promise<string[]> {
  const counter = countStatements(db);
  try {
    await fn();
    return counter.statements.slice();
  } finally {
    counter.stop();
  }
}
