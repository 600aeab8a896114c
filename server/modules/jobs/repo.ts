// All SQL of the jobs module.
import { and, asc, eq, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { jobs } from "../../../db/schema/index.ts";

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  /** De-duplicates: a second job with the same key is not added. */
  key?: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  maxAttempts?: number;
}

/** A job whose key, payload and run time are SQL expressions, for a statement that computes them. */
export interface NewJobSql {
  kind: string;
  key: SQL;
  /** A jsonb expression. */
  payload: SQL;
  /** A timestamptz expression. */
  runAt: SQL;
  maxAttempts?: number;
  /** Added only where this boolean expression holds. */
  when?: SQL;
}

/**
 * The insert of insertJob as SQL, to run as a data-modifying part (a WITH clause) of another module's
 * write, so scheduling costs no statement of its own. Same rule: nothing added when the key exists.
 */
export function insertJobSql(job: NewJobSql): SQL {
  return sql`insert into ${jobs} (kind, key, payload, run_at, max_attempts)
    select ${job.kind}, ${job.key}, ${job.payload}, ${job.runAt}, ${job.maxAttempts ?? 5}::int
     where ${job.when ?? sql`true`}
    on conflict (key) do nothing`;
}

/** Adds a job unless one with its key exists; answers the new id or null. */
export async function insertJob(db: DbOrTx, job: NewJob): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key ?? null, payload: job.payload ?? {}, runAt: job.runAt, maxAttempts: job.maxAttempts ?? 5 })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/**
 * The next due queued job, locked for the caller's transaction. SKIP LOCKED: a job another runner
 * holds is passed over, never waited for nor taken twice; once that runner commits, the row is no
 * longer queued (PostgreSQL re-checks the condition on the committed row before locking it).
 */
export async function claimDueJob(tx: DbOrTx, now: Date): Promise<JobRow | null> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, "queued"), lte(jobs.runAt, now)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for("update", { skipLocked: true });
  return row ?? null;
}

export async function markJobDone(tx: DbOrTx, id: number, attempts: number, result: string | null) {
  await tx.update(jobs).set({ status: "done", attempts, result, finishedAt: sql`now()` }).where(eq(jobs.id, id));
}

/** A failed attempt: queued again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markJobAttemptFailed(tx: DbOrTx, id: number, attempts: number, error: string, retryAt: Date | null) {
  await tx
    .update(jobs)
    .set(
      retryAt
        ? { attempts, lastError: error.slice(0, 1000), runAt: retryAt }
        : { attempts, lastError: error.slice(0, 1000), status: "failed", finishedAt: sql`now()` },
    )
    .where(eq(jobs.id, id));
}

export async function jobsOfKind(db: DbOrTx, kind: string): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.id));
}

/** Forgets jobs that finished (done or failed) before `before`; answers how many. */
export async function deleteFinishedJobs(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ["done", "failed"]), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return gone.length;
}
