/**
 * Staff desk benchmark: `npm run bench:staff`. In one process, on a fresh embedded database (or
 * BENCH_DATABASE_URL, a PostgreSQL database that is emptied first... use a throwaway one):
 *   - a 10,000-row retailer CSV previewed, imported (10,000 creates), then a changed copy previewed
 *     and imported again (10,000 updates), through the real routes (app.inject)
 *   - the paged, sorted, searched lists with 10,000+ users and 10,000+ retailers
 * Prints a table and writes bench/results/staff.json. Figures, not pass/fail.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { retailers, userRoles, users } from "../db/schema/index.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { DEFAULT_TEST_PASSWORD, insertCustomer, insertUser } from "../tests/factories/index.ts";
import { cookieFrom } from "../tests/helpers/test-app.ts";
import { ROOT, percentile } from "./setup.ts";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const HEADER = "code,name,contactName,email,phone,address,city,state,zip,pickupDays,wholesalers,active";

function csv(rows: number, customers: string[], variant: string) {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const c = customers[i % customers.length]!;
    lines.push(`SHOP-${i},"Flower Shop ${i}, ${variant}",Owner ${i},shop${i}@shops.example,(555) 555-${String(i % 10000).padStart(4, "0")},${i} Main Street,Troy,NY,12180,2 4 6,${c},true`);
  }
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

async function main() {
  const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir: "memory://" });
  await database.migrate();
  const db = database.db;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000" });
  const app = await buildApp({ db, config, logger: false });
  await app.ready();
  const figures: Record<string, number | string> = { rows: ROWS, users: USERS, database: database.kind };
  try {
    const customers = [];
    for (let i = 0; i < 20; i++) customers.push((await insertCustomer(db)).customerId);
    const admin = await insertUser(db, { roles: ["Administrator"] });
    // Many customer-side users, in bulk.
    const ids = Array.from({ length: USERS }, (_, i) => `bench-u${i}`);
    for (let i = 0; i < ids.length; i += 1000) {
      const part = ids.slice(i, i + 1000);
      await db.insert(users).values(part.map((id, j) => ({ id, email: `${id}@bench.example`, firstName: `First${i + j}`, lastName: `Last${(i + j) % 997}` })));
      await db.insert(userRoles).values(part.map((id, j) => ({ userId: id, role: ((i + j) % 3 === 0 ? "Retailer" : (i + j) % 3 === 1 ? "wholesaler" : "MassMarket") as never })));
    }
    const login = await app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: admin.email, password: DEFAULT_TEST_PASSWORD } });
    const cookie = cookieFrom(login);

    const timed = async (label: string, send: () => Promise<{ statusCode: number; body: string }>) => {
      const t0 = performance.now();
      const res = await send();
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      figures[label] = Math.round(ms);
      return JSON.parse(res.body);
    };
    const post = (url: string, body: string) => () => app.inject({ method: "POST", url, headers: { cookie, "content-type": "text/csv" }, payload: body });

    const first = csv(ROWS, customers, "first");
    figures.fileBytes = Buffer.byteLength(first);
    const p1 = await timed("preview10kNewMs", post("/api/Administration/Retailers/Import/Preview", first));
    const i1 = await timed("import10kCreateMs", post("/api/Administration/Retailers/Import", first));
    const changed = csv(ROWS, customers, "second");
    const p2 = await timed("preview10kChangedMs", post("/api/Administration/Retailers/Import/Preview", changed));
    const i2 = await timed("import10kUpdateMs", post("/api/Administration/Retailers/Import", changed));
    const i3 = await timed("import10kUnchangedMs", post("/api/Administration/Retailers/Import", changed));
    if (p1.counts.create !== ROWS || i1.counts.create !== ROWS || p2.counts.update !== ROWS || i2.counts.update !== ROWS || i3.counts.unchanged !== ROWS)
      throw new Error(`unexpected counts: ${JSON.stringify([p1.counts, i1.counts, p2.counts, i2.counts, i3.counts])}`);
    const [row] = await db.select({ n: count() }).from(retailers);
    figures.retailersInDb = Number(row?.n ?? 0);

    // Lists: 20 requests each, p50 and p95.
    const lists: [string, string][] = [
      ["usersFirstPage", "/api/Administration/Users?sort=name"],
      ["usersSearch", "/api/Administration/Users?q=Last42&sort=email"],
      ["usersDeepPage", "/api/Administration/Users?page=300&sort=created&dir=desc"],
      ["retailersFirstPage", "/api/Administration/Retailers?sort=name"],
      ["retailersSearch", "/api/Administration/Retailers?q=shop123"],
      ["retailersDeepPage", "/api/Administration/Retailers?page=350&sort=code"],
      ["auditLog", "/api/Admin/AuditLog"],
    ];
    for (const [label, url] of lists) {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url, headers: { cookie } });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      figures[`${label}P50Ms`] = Math.round(percentile(times, 50) * 10) / 10;
      figures[`${label}P95Ms`] = Math.round(percentile(times, 95) * 10) / 10;
    }
  } finally {
    await app.close();
    await database.close();
  }
  console.table(figures);
  const out = path.join(ROOT, "bench", "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "staff.json"), JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
