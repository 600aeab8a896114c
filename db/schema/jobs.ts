import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const JOB_STATUSES = ["queued", "done", "failed"] as const;

/**
 * Background work (server/modules/jobs): a runner claims a due row with FOR UPDATE SKIP LOCKED and does
 * the work in the same transaction, so a job's effects and its "done" commit together, once, however
 * many runners (instances) there are. `key` de-duplicates scheduling ("standing-order:7:2026-12-01").
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    key: text("key").unique(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    /** What the handler reported (e.g. "cart 12 saved, 1 line not offered"). */
    result: text("result"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx").on(t.status, t.runAt),
    check("jobs_status", sql`${t.status} in ('queued', 'done', 'failed')`),
    check("jobs_attempts", sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);
