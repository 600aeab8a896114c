/**
 * What one cart save costs, without contention: `npm run bench:save-cost`. On PostgreSQL (as bench:rush: a
 * throwaway database on the local server), an in-process app (no HTTP, no logging) answers
 * SAVE_COST_SAVES saves (default 3,000) one after the other from 100 buyers, each a random cart of 3–6
 * of 50 lines, as in the rush. Reports the app's CPU (this process) and the PostgreSQL backends' CPU
 * per save, the context switches per save of both (a round trip is a wait on each side), and the hot
 * tables' live and dead rows at the end. SAVE_COST_SQL: statements run on the
 * database before the saves (to try an index or a setting against the same run without it).
 * SAVE_COST_STORE=mm measures the mass-market save instead (MMStore/SaveCart): 100 users of one
 * mass-market customer (db/seed/generate.ts generateMm), each its own cart of 3–6 of 50 bouquets.
 * Writes bench/results/save-cost.json. Figures, not pass/fail.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../db/client.ts";
import { createBenchUser, generateLarge, generateMm } from "../db/seed/generate.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { cookieFrom } from "../tests/helpers/test-app.ts";
import { cpuMsOf, localPostgresUrl, ROOT, switchesOf, throwawayDatabase } from "./setup.ts";

const SAVES = Number(process.env.SAVE_COST_SAVES ?? 3000);
const BUYERS = 100;
const LINES = 50;
const PASSWORD = "bloom-demo-2026";
const MM = process.env.SAVE_COST_STORE === "mm";

async function main() {
  const made = await throwawayDatabase(localPostgresUrl(), "bloom_cost");
  const { name, url: databaseUrl } = made;
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  try {
    await database.migrate();
    // Who saves (their sign-in addresses and customers), and the lines their carts are made of.
    const accounts: { email: string; customerId: string }[] = [];
    let lines: { product_id: string }[];
    if (MM) {
      const generated = await generateMm(database.db, { bouquets: 1000 });
      for (let i = 0; i < BUYERS; i++) {
        const email = `bench+mm${i}@bench.example`;
        await createBenchUser(database.db, { customerId: generated.customerId, email, roles: ["MassMarket"] });
        accounts.push({ email, customerId: generated.customerId });
      }
      lines = rowsOf<{ product_id: string }>(
        await database.db.execute(
          sql`select cp.product_id from mm_catalog_products cp join catalogs c on c.id = cp.catalog_id where c.order_id = ${generated.catalogOrderId} order by cp.product_id limit ${LINES}`,
        ),
      );
      await database.db.execute(
        sql`update mm_catalog_products cp set available = 100000 from catalogs c where c.id = cp.catalog_id and c.order_id = ${generated.catalogOrderId} and cp.product_id in ${lines.map((l) => l.product_id)}`,
      );
    } else {
      const generated = await generateLarge(database.db, { products: 1000, customers: BUYERS });
      for (const customerId of generated.customerIds) {
        await createBenchUser(database.db, { customerId });
        accounts.push({ email: `bench+${customerId.toLowerCase()}@bench.example`, customerId });
      }
      const offered = rowsOf<{ id: number; product_id: string }>(
        await database.db.execute(sql`select id, product_id from offer_lines where catalog_id = ${generated.catalogId} and original_quantity > 0 order by id limit ${LINES}`),
      );
      await database.db.execute(sql`update offer_lines set original_quantity = 100000, show_store = true where id in ${offered.map((l) => l.id)}`);
      lines = offered;
    }
    await database.db.execute(sql.raw("analyze"));
    if (process.env.SAVE_COST_SQL) await database.db.execute(sql.raw(process.env.SAVE_COST_SQL));
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000", DATABASE_URL: databaseUrl });
    const app = await buildApp({ db: database.db, config, logger: false });
    await app.ready();
    const buyers: { cookie: string; userId: string; customerId: string; version: number | undefined }[] = [];
    for (const { email, customerId } of accounts) {
      const login = await app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email, password: PASSWORD } });
      const cookie = cookieFrom(login);
      const user = login.json() as { id: string };
      buyers.push({ cookie, userId: user.id, customerId, version: undefined });
    }
    const b0 = buyers[0]!;
    const profileUrl = MM ? `/api/MMStore/MMProfile?customerId=${b0.customerId}&userId=${encodeURIComponent(b0.userId)}` : `/api/Store/Profile/${b0.userId}/${b0.customerId}/0`;
    const profile = (await app.inject({ method: "GET", url: profileUrl, headers: { cookie: b0.cookie } })).json() as { openDates: string[] };
    if (!profile.openDates?.length) throw new Error(`no open dates: ${JSON.stringify(profile)}`);
    const shipDate = profile.openDates[0]!;
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const save = async (i: number) => {
      const b = buyers[i % BUYERS]!;
      const items = [...new Set(Array.from({ length: 3 + random(4) }, () => lines[random(LINES)]!.product_id))].map((productId) => ({ productId, quantity: 1 + random(4) }));
      const res = await app.inject({
        method: "POST",
        url: MM ? `/api/MMStore/SaveCart?customerId=${b.customerId}&userId=${encodeURIComponent(b.userId)}` : `/api/Store/Cart/Save/${b.userId}/${b.customerId}`,
        headers: { cookie: b.cookie, origin: "http://localhost:3000" },
        payload: { shipDate, items, ...(b.version === undefined ? {} : { version: b.version }) },
      });
      if (res.statusCode !== 200) throw new Error(`save: ${res.statusCode} ${res.body}`);
      b.version = (res.json() as { version: number }).version;
    };
    for (let i = 0; i < 300; i++) await save(i); // warm-up: JIT, prepared statements, plans
    const backends = async () =>
      rowsOf<{ pid: number }>(await database.db.execute(sql`select pid from pg_stat_activity where datname = ${name} and application_name = 'bloom-store'`)).map((r) => Number(r.pid));
    const pgCpu = async () => (await backends()).reduce((sum, pid) => sum + (existsSync(`/proc/${pid}/stat`) ? cpuMsOf(pid) : 0), 0);
    const pids = await backends();
    const switches = () => {
      const all = [switchesOf("self"), ...pids.map(switchesOf)];
      return { app: all[0]!, postgres: all.slice(1).reduce((a, b) => ({ voluntary: a.voluntary + b.voluntary, involuntary: a.involuntary + b.involuntary })) };
    };
    const switches0 = switches();
    const pg0 = await pgCpu();
    const app0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < SAVES; i++) await save(i);
    const wall = performance.now() - t0;
    const appCpu = process.cpuUsage(app0);
    const pg1 = await pgCpu();
    const switches1 = switches();
    const perSave = (a: number, b: number) => Number(((b - a) / SAVES).toFixed(2));
    const dead = rowsOf<{ relname: string; live: number; dead: number }>(
      await database.db.execute(
        sql`select relname, n_live_tup::int as live, n_dead_tup::int as dead from pg_stat_user_tables where relname in ('holds', 'mm_holds', 'cart_lines', 'carts') order by relname`,
      ),
    );
    await app.close();
    const results = {
      when: new Date().toISOString(),
      store: MM ? "mm" : "wholesale",
      saves: SAVES,
      wallMsPerSave: Number((wall / SAVES).toFixed(3)),
      appCpuMsPerSave: Number(((appCpu.user + appCpu.system) / 1000 / SAVES).toFixed(3)),
      postgresCpuMsPerSave: Number(((pg1 - pg0) / SAVES).toFixed(3)),
      // Waits (voluntary: for the other side's next message, a lock) and preemptions per save.
      switchesPerSave: {
        app: { voluntary: perSave(switches0.app.voluntary, switches1.app.voluntary), involuntary: perSave(switches0.app.involuntary, switches1.app.involuntary) },
        postgres: {
          voluntary: perSave(switches0.postgres.voluntary, switches1.postgres.voluntary),
          involuntary: perSave(switches0.postgres.involuntary, switches1.postgres.involuntary),
        },
      },
      tables: dead,
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, `bench/results/save-cost${MM ? "-mm" : ""}.json`), JSON.stringify(results, null, 2));
  } finally {
    await database.close();
    await made.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
