/**
 * Runs the fault suite (vitest.faults.config.ts): a private PostgreSQL cluster per file, stopped,
 * restarted and cut off under load. It needs the PostgreSQL server binaries (initdb, pg_ctl,
 * postgres; PG_BIN names their folder). Without them the suite is skipped with a notice, except under
 * CI, where that is a failure.
 */
import { spawnSync } from "node:child_process";
import { findPostgresBin } from "../tests/helpers/pg-cluster.ts";

const onCi = !["", "false", "0"].includes((process.env.CI ?? "").trim().toLowerCase());
const bin = findPostgresBin();
if (!bin) {
  const message = "Fault suite: PostgreSQL server binaries (initdb, pg_ctl, postgres) not found (set PG_BIN to their folder).";
  if (onCi) {
    console.error(`${message} CI needs them.`);
    process.exit(1);
  }
  console.warn(`${message} Skipped.`);
  process.exit(0);
}
console.log(`Fault suite with PostgreSQL from ${bin}`);
const result = spawnSync("npx", ["vitest", "run", "--config", "vitest.faults.config.ts", ...process.argv.slice(2)], { stdio: "inherit", env: { ...process.env, PG_BIN: bin } });
process.exit(result.status ?? 1);
