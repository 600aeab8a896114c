// Rate limits are storage only: the counters live in the database so every instance shares them.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { rateLimits } from "../../../db/schema/index.ts";

/**
 * Fixed-window counters in the database, so every app instance sees the same count.
 * `hit` adds one and returns the count in the current window.
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<number> {
  const [row] = await addOne(db, key, new Date(Date.now() + windowMs)).returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** As `hit`, with when the current window ends (for a Retry-After). */
export async function hitWindow(db: Db, key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(Date.now() + windowMs);
  const [row] = await addOne(db, key, resetAt).returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return { count: row?.count ?? 1, resetAt: row?.resetAt ?? resetAt };
}

/** Adds one to the counter, or starts it at one with a window ending at `resetAt` when there is none or it has ended. */
function addOne(db: Db, key: string, resetAt: Date) {
  return db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    });
}

/** Takes one back from a live counter (an attempt that turned out fine). */
export async function takeBack(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Keeps a counter's current count until `until` (a lock that outlasts the counting window). */
export async function holdUntil(db: Db, key: string, until: Date): Promise<void> {
  await db.execute(sql`update rate_limits set reset_at = ${until.toISOString()}::timestamptz where key = ${key}`);
}
