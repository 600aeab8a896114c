/**
 * Runs the integration suite a second time on a PostgreSQL server. The server is TEST_DATABASE_URL,
 * else the local one (postgres@127.0.0.1:5432). Each test file gets its own database cloned from a
 * migrated template, so the server's own data is never touched. Without a reachable server the run is
 * skipped with a notice, except under CI, where that is a failure.
 */
import { spawnSync } from "node:child_process";
import pg from "pg";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const shown = url.replace(/\/\/[^@]*@/, "//***@");

async function reachable() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** CI services set CI=true (or 1); an empty, "false" or "0" CI is a developer's machine. */
const onCi = !["", "false", "0"].includes((process.env.CI ?? "").trim().toLowerCase());

if (!(await reachable())) {
  const message = `PostgreSQL integration run: no server at ${shown}.`;
  if (onCi) {
    console.error(`${message} CI needs it.`);
    process.exit(1);
  }
  console.warn(`${message} Skipped (set TEST_DATABASE_URL to run it).`);
  process.exit(0);
}

/**
 * Files of the database project that open no database (documents laid out from fixed data, the log's
 * destination, the drawn art): they cannot answer differently on PostgreSQL, and the PDF layout alone
 * is half a minute of a loaded machine. Run once, on the PGlite run. A file here that starts using a
 * database belongs back in this run.
 */
const ENGINE_FREE = ["server/documents/layout.test.ts", "server/documents/text-layer.test.ts", "server/log-destination.test.ts", "server/modules/public/art.test.ts"];

console.log(`PostgreSQL integration run against ${shown}`);
const result = spawnSync("npx", ["vitest", "run", ...ENGINE_FREE.flatMap((f) => ["--exclude", f]), ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
