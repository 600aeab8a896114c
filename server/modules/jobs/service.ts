// The job runner (docs/domain-orders.md "Jobs"): due jobs in the `jobs` table, claimed with
// SELECT ... FOR UPDATE SKIP LOCKED and done inside the claiming transaction, so any number of
// runners (one per instance) on PostgreSQL, or one on PGlite, do each job exactly once: its effects
// and its "done" commit together, and a runner that dies mid-job rolls both back for another to retry.
import type { Db, DbOrTx } from "../../../db/client.ts";
import { jobGivesUp, jobRetryDelayMs } from "../../../domain/jobs.ts";
import type { Config } from "../../config.ts";
import * as repo from "./repo.ts";

export type { JobRow, NewJob, NewJobSql } from "./repo.ts";

export interface JobContext {
  /** The job's transaction (a savepoint inside the claim): write through it, never the pool. */
  db: Db;
  config: Config;
  now: Date;
  jobId: number;
}

/** Does one job; answers a short note of what it did (kept on the row). Throwing retries it later. */
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<string | void>;
export type JobHandlers = Record<string, JobHandler>;

/** Adds a job (in the caller's transaction) unless its key exists already. */
export function scheduleJob(db: DbOrTx, job: repo.NewJob): Promise<number | null> {
  return repo.insertJob(db, job);
}

/**
 * scheduleJob as a part of another statement: the SQL of the insert, for a module whose write
 * computes the job's key or run time (the cart save's hold expiry) and runs it in its own WITH clause.
 */
export const scheduleJobSql = repo.insertJobSql;

export const jobsOfKind = repo.jobsOfKind;

/** Finished jobs are kept this long (to read what ran), then deleted by the runner. */
export const JOB_RETENTION_MS = 30 * 86_400_000;

/** Deletes jobs finished more than JOB_RETENTION_MS before `now`. */
export function pruneFinishedJobs(db: DbOrTx, now = new Date()): Promise<number> {
  return repo.deleteFinishedJobs(db, new Date(now.getTime() - JOB_RETENTION_MS));
}

export interface RunSummary {
  done: number;
  failed: number;
}

/**
 * Claims and does one due job. Answers what happened, or null when nothing is due. The handler runs
 * in a savepoint: when it throws, its writes are undone and the claim records the failed attempt
 * (retried with backoff, or failed for good after maxAttempts) in the same transaction.
 */
export async function runOneJob(db: Db, config: Config, handlers: JobHandlers, now = new Date()): Promise<"done" | "failed" | null> {
  return db.transaction(async (tx) => {
    const job = await repo.claimDueJob(tx, now);
    if (!job) return null;
    const attempts = job.attempts + 1;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}".`);
      const result = await tx.transaction((sp) => handler(job.payload, { db: sp as unknown as Db, config, now, jobId: job.id }));
      await repo.markJobDone(tx, job.id, attempts, result ? result.slice(0, 1000) : null);
      return "done";
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const givesUp = !handler || jobGivesUp(attempts, job.maxAttempts);
      await repo.markJobAttemptFailed(tx, job.id, attempts, message, givesUp ? null : new Date(now.getTime() + jobRetryDelayMs(attempts)));
      return "failed";
    }
  });
}

/** Does every job due at `now` (at most `limit`), one after another. */
export async function runDueJobs(
  db: Db,
  config: Config,
  handlers: JobHandlers,
  options: { now?: Date; limit?: number; keepGoing?: () => boolean } = {},
): Promise<RunSummary> {
  const summary: RunSummary = { done: 0, failed: 0 };
  const limit = options.limit ?? 500;
  for (let i = 0; i < limit && (options.keepGoing?.() ?? true); i++) {
    const outcome = await runOneJob(db, config, handlers, options.now ?? new Date());
    if (!outcome) break;
    summary[outcome]++;
  }
  return summary;
}

export interface JobRunner {
  start(): void;
  /** Stops polling; resolves once the job in progress (if any) has committed or rolled back. */
  stop(): Promise<void>;
  /** Runs the due jobs now (the admin hook and tests); waits for a run already in progress first. */
  runNow(now?: Date): Promise<RunSummary>;
}

/** One per instance: polls every `config.jobsPollMs`, never two runs at once in one process. */
export function createJobRunner(
  db: Db,
  config: Config,
  handlers: JobHandlers,
  log: { error: (o: unknown, m: string) => void },
): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let running: Promise<RunSummary> = Promise.resolve({ done: 0, failed: 0 });

  // Polled runs stop between two jobs once the runner is stopping (the drain waits for one job only).
  const run = (now?: Date) => {
    const manual = now !== undefined;
    running = running
      .catch(() => ({ done: 0, failed: 0 }))
      .then(() => runDueJobs(db, config, handlers, { now, keepGoing: () => manual || !stopped }));
    return running;
  };
  let lastPrune = 0;
  const tick = () => {
    timer = undefined;
    if (Date.now() - lastPrune > 3_600_000) {
      lastPrune = Date.now();
      void pruneFinishedJobs(db).catch((err: unknown) => log.error({ err }, "job pruning failed"));
    }
    void run()
      .catch((err: unknown) => log.error({ err }, "job run failed"))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, config.jobsPollMs);
          timer.unref();
        }
      });
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 0);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running.catch(() => undefined);
    },
    runNow: (now?: Date) => run(now ?? new Date()),
  };
}
