/**
 * Integration API benchmark: `npm run bench:api`. In one process, on a fresh embedded database (or
 * BENCH_DATABASE_URL, a PostgreSQL database: use a throwaway one, it is filled with products and
 * orders), through the real routes (app.inject) with a real API token:
 *   - PUT /api/v1/availability of 5,000 lines: first as new lines ("set" with prices), then every
 *     quantity changed ("set"), then "add" with an Idempotency-Key (and its retry, answered from the
 *     stored answer);
 *   - GET /api/v1/orders paged at 500 over 10,000 orders (20,000 lines), from the start to the end.
 * For each: wall time and the process's CPU time per request (user + system; the server runs in this
 * process and inject() costs next to nothing, so this is the server's CPU per request).
 * Prints a table and writes bench/results/api-<database>.json. Figures, not pass/fail.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { orderLines, orders, products } from "../db/schema/index.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { ALL_WEEKDAYS, addDays, buildOrder, buildOrderLine, buildProduct, DEFAULT_TEST_PASSWORD, insertCustomer, insertUser, isoDateAt, shipTimesOn } from "../tests/factories/index.ts";
import { cookieFrom } from "../tests/helpers/test-app.ts";
import { ROOT, percentile } from "./setup.ts";

const LINES = Number(process.env.BENCH_API_LINES ?? 5_000);
const ORDERS = Number(process.env.BENCH_API_ORDERS ?? 10_000);

async function main() {
  process.env.API_TOKEN_REQUESTS_PER_MINUTE ??= "100000";
  const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir: "memory://" });
  await database.migrate();
  const db = database.db;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000" });
  const app = await buildApp({ db, config, logger: false });
  await app.ready();
  const figures: Record<string, number | string> = { lines: LINES, orders: ORDERS, database: database.kind };
  try {
    const admin = await insertUser(db, { roles: ["Administrator"] });
    const customer = await insertCustomer(db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const buyer = await insertUser(db, { roles: ["wholesaler"], customerIds: [customer.customerId] });
    const cookie = cookieFrom(await app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: admin.email, password: DEFAULT_TEST_PASSWORD } }));
    const headers = { cookie, origin: config.publicUrl };
    const created = await app.inject({ method: "POST", url: "/api/Admin/ApiTokens", headers, payload: { name: "Bench ERP", scopes: ["availability:write", "orders:read"] } });
    if (created.statusCode !== 201) throw new Error(created.body);
    const bearer = { authorization: `Bearer ${created.json().token}` };

    const stamp = Date.now().toString(36).toUpperCase();
    const codes = Array.from({ length: LINES }, (_, i) => `BAPI-${stamp}-${i}`);
    for (let i = 0; i < codes.length; i += 1000) await db.insert(products).values(codes.slice(i, i + 1000).map((productId) => buildProduct({ productId })));
    const day = addDays(isoDateAt(), 1);
    const c = await app.inject({ method: "POST", url: "/api/Supply/Catalogs", headers, payload: { title: "Bench API", shipDateFrom: day, shipDateTo: day, customerIds: [customer.customerId] } });
    if (c.statusCode !== 200) throw new Error(c.body);

    /** One request: wall ms and the process's CPU ms. */
    const timed = async (method: "PUT" | "GET", url: string, payload?: object, extra: Record<string, string> = {}) => {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const res = await app.inject({ method, url, headers: { ...bearer, ...extra }, ...(payload ? { payload } : {}) });
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms, cpuMs: (cpu.user + cpu.system) / 1000, body: res.json() };
    };
    const availability = (mode: "set" | "add", quantity: (i: number) => number, prices: boolean) => ({
      mode,
      lines: codes.map((productId, i) => ({ productId, shipDate: day, quantity: quantity(i), ...(prices ? { price: 14.5, priceNoPail: 15.95, tier1Quantity: 8, tier1Price: 13.75, tier1PriceNoPail: 15.15 } : {}) })),
    });
    const record = (label: string, r: { ms: number; cpuMs: number }) => {
      figures[`${label}Ms`] = Math.round(r.ms);
      figures[`${label}CpuMs`] = Math.round(r.cpuMs);
    };
    const first = await timed("PUT", "/api/v1/availability", availability("set", (i) => 1000 + (i % 500), true));
    if (first.body.applied !== LINES) throw new Error(`new lines: ${JSON.stringify(first.body).slice(0, 300)}`);
    record("availabilityNew", first);
    const set = await timed("PUT", "/api/v1/availability", availability("set", (i) => 2000 + (i % 500), false));
    if (set.body.applied !== LINES) throw new Error(`set: ${JSON.stringify(set.body).slice(0, 300)}`);
    record("availabilitySet", set);
    const key = { "idempotency-key": `bench-${stamp}` };
    record("availabilityAddKeyed", await timed("PUT", "/api/v1/availability", availability("add", () => 5, false), key));
    record("availabilityAddRetry", await timed("PUT", "/api/v1/availability", availability("add", () => 5, false), key));

    // 10,000 orders of two lines each, written in bulk (each transaction's orders take their change numbers at commit).
    const t0 = performance.now();
    for (let i = 0; i < ORDERS; i += 500) {
      const n = Math.min(500, ORDERS - i);
      const made = await db
        .insert(orders)
        .values(Array.from({ length: n }, () => buildOrder({ customerId: customer.customerId, userId: buyer.id, subtotalCents: 22080, totalCents: 22080 })))
        .returning({ id: orders.id });
      await db.insert(orderLines).values(made.flatMap((o) => [buildOrderLine({ position: 0, productId: codes[0] }), buildOrderLine({ position: 1, productId: codes[1] })].map((l) => ({ ...l, orderId: o.id }))));
    }
    figures.ordersWrittenMs = Math.round(performance.now() - t0);

    const pages: { ms: number; cpuMs: number }[] = [];
    let since = "0";
    let seen = 0;
    for (;;) {
      const page = await timed("GET", `/api/v1/orders?since=${since}&limit=500`);
      if (!page.body.orders.length) break;
      pages.push(page);
      seen += page.body.orders.length;
      since = page.body.next;
    }
    if (seen < ORDERS) throw new Error(`read ${seen} orders of ${ORDERS}`);
    figures.orderPages = pages.length;
    figures.ordersReadTotalMs = Math.round(pages.reduce((s, p) => s + p.ms, 0));
    figures.orderPageP50Ms = Math.round(percentile(pages.map((p) => p.ms), 50));
    figures.orderPageP95Ms = Math.round(percentile(pages.map((p) => p.ms), 95));
    figures.orderPageCpuP50Ms = Math.round(percentile(pages.map((p) => p.cpuMs), 50));
    figures.orderPageCpuP95Ms = Math.round(percentile(pages.map((p) => p.cpuMs), 95));
  } finally {
    await app.close();
    await database.close();
  }
  console.table(figures);
  const out = path.join(ROOT, "bench", "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, `api-${figures.database}.json`), JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
