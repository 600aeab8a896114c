/**
 * Job runner benchmark: `node --import tsx bench/jobs.ts`. On a fresh embedded database (or
 * BENCH_DATABASE_URL, a throwaway PostgreSQL database: it is migrated and the jobs table grows):
 * BENCH_JOBS jobs (default 2,000), each writing one outbox row in its transaction, done by one runner
 * and then by two runners at once (on PostgreSQL with their own connection pools, as two instances).
 * Prints jobs per second and checks every job ran exactly once. Figures, not pass/fail.
 */
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { jobs, mailOutbox } from "../db/schema/index.ts";
import { loadConfig } from "../server/config.ts";
import { enqueueMail } from "../server/modules/mail/index.ts";
import { runDueJobs, type JobHandlers } from "../server/modules/jobs/index.ts";

const JOBS = Number(process.env.BENCH_JOBS ?? 2_000);
const url = process.env.BENCH_DATABASE_URL;

async function main() {
  const first = await openDatabase(url ? { databaseUrl: url, poolSize: 5 } : { dataDir: "memory://" });
  await first.migrate();
  const second = url ? await openDatabase({ databaseUrl: url, poolSize: 5 }) : first;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_MODE: "false" });
  const rows: Record<string, string | number>[] = [];

  for (const runners of [1, 2]) {
    const kind = `bench-${runners}-${Date.now()}`;
    const handlers: JobHandlers = { [kind]: async (p, { db }) => void (await enqueueMail(db, config, { to: `${p.n}@bench.test`, subject: "bench", text: "bench", kind })) };
    const values = Array.from({ length: JOBS }, (_, n) => ({ kind, key: `${kind}:${n}`, payload: { n }, runAt: new Date(Date.now() - 1000) }));
    for (let i = 0; i < values.length; i += 500) await first.db.insert(jobs).values(values.slice(i, i + 500));
    const started = performance.now();
    const results = await Promise.all([first, second].slice(0, runners).map((d) => runDueJobs(d.db, config, handlers, { limit: JOBS })));
    const ms = performance.now() - started;
    const [{ n }] = (await first.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(eq(mailOutbox.kind, kind))) as [{ n: number }];
    rows.push({
      database: first.kind,
      runners,
      jobs: JOBS,
      "done per runner": results.map((r) => r.done).join(" + "),
      "outbox rows": n,
      seconds: (ms / 1000).toFixed(2),
      "jobs/s": Math.round((JOBS / ms) * 1000),
    });
  }
  console.table(rows);
  if (second !== first) await second.close();
  await first.close();
}

void main();
