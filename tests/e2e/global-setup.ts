/**
 * Once per browser run: a migrated embedded database with the demo data, made the way the server makes
 * it on its first start (server/main.ts: migrate, then seed). Each browser file's server starts on a
 * copy of it (tests/e2e/harness.ts startServer) instead of creating, migrating and seeding its own: on
 * a loaded two-core machine that took 20–35 s per server. Every server still has its own database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../db/client.ts";
import { seedDemoIfEmpty } from "../../db/seed/demo.ts";
import { isoDateAt } from "../../domain/dates.ts";
import { loadConfig } from "../../server/config.ts";
import { DATA_TEMPLATE_ENV } from "./harness.ts";

export default async function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), "bloom-e2e-template-"));
  // The seed's settings as the harness's servers read them (their defaults: the harness sets neither).
  const config = loadConfig({ NODE_ENV: "test", DEMO_MODE: "true", PUBLIC_URL: "http://127.0.0.1" });
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await seedDemoIfEmpty(database.db, { defaultCustomerCode: config.defaultCustomerCode, taxRateBp: config.taxRateBp });
  await database.close();
  // The seed's availability starts from the grower's today: a copy made on another day is not used.
  process.env[DATA_TEMPLATE_ENV] = JSON.stringify({ dir, today: isoDateAt() });
  return () => rmSync(dir, { recursive: true, force: true });
}
