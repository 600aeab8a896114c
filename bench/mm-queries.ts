/**
 * What one MM Products request costs the server: `npm run bench:mm:queries`. Generates
 * BENCH_MM_BOUQUETS bouquets (default 2,000) in a fresh embedded database, builds the app in this
 * process (no HTTP, no build needed) and counts the SQL statements each request sends (PGlite's
 * query calls), then times BENCH_MM_REQUESTS requests one after another: wall time and this
 * process's CPU time per request. MMProfile (a small answer from a few queries) is measured beside it
 * for scale. CPU time per request is what a busy shared machine distorts least.
 * Prints the figures and writes bench/results/mm-queries.json. Figures, not pass/fail.
 */
import { PGlite } from "@electric-sql/pglite";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { BENCH_PASSWORD, ROOT } from "./setup.ts";

const BOUQUETS = Number(process.env.BENCH_MM_BOUQUETS ?? 2000);
const REQUESTS = Number(process.env.BENCH_MM_REQUESTS ?? 300);
const ORIGIN = "http://127.0.0.1:3000";

/** Every statement PGlite is asked to run, by its text (the first 100 characters). */
const statements: string[] = [];
const query = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, ...args: Parameters<typeof query>) {
  statements.push(String(args[0]).replace(/\s+/g, " ").trim().slice(0, 100));
  return query.apply(this, args);
} as typeof query;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bloom-bench-mm-queries-"));
  console.log(`Generating ${BOUQUETS} bouquets…`);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "db/seed-cli.ts", "--mm", String(BOUQUETS)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("data generation failed");
  const database = await openDatabase({ dataDir });
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: ORIGIN, DATA_DIR: dataDir });
  const app = await buildApp({ db: database.db, database, config, logger: false });
  await app.ready();
  try {
    const login = await app.inject({ method: "POST", url: "/api/Auth/login/", headers: { origin: ORIGIN }, payload: { email: "bench-mm@demo.test", password: BENCH_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.statusCode}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const user = login.json() as { id: string; customers: { customerID: string }[] };
    const ids = { customerId: user.customers[0]!.customerID, userId: user.id };
    const get = (p: string, extra: Record<string, string> = {}) =>
      app.inject({ method: "GET", url: `${p}?${new URLSearchParams({ ...ids, ...extra })}`, headers: { cookie, "accept-encoding": "br" } });
    const profile = (await get("/api/MMStore/MMProfile")).json() as { openDates: string[] };
    const shipDateTime = `${profile.openDates[0]}T00:00:00`;
    const [catalog] = (await get("/api/MMStore/Catalogs", { shipDateTime })).json() as { orderId: number }[];
    const products = () => get("/api/MMStore/Products", { shipDateTime, catalog: String(catalog!.orderId) });

    const measure = async (name: string, call: () => Promise<{ statusCode: number; rawPayload: Buffer }>) => {
      const first = await call();
      if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode}`);
      statements.length = 0;
      await call();
      const perRequest = [...statements];
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i++) await call();
      const cpu = process.cpuUsage(cpu0);
      return {
        bytes: first.rawPayload.length,
        statementsPerRequest: perRequest.length,
        statements: perRequest,
        wallMsPerRequest: Number(((performance.now() - t0) / REQUESTS).toFixed(2)),
        cpuMsPerRequest: Number(((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(2)),
      };
    };
    const results = {
      when: new Date().toISOString(),
      bouquets: BOUQUETS,
      requests: REQUESTS,
      mmProductsFromCache: await measure("Products", products),
      mmProfile: await measure("MMProfile", () => get("/api/MMStore/MMProfile")),
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/mm-queries.json"), JSON.stringify(results, null, 2));
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
