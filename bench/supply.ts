/**
 * Supply desk benchmark: `npm run bench:supply`. In one process, on a fresh embedded database (or
 * BENCH_DATABASE_URL, a PostgreSQL database: use a throwaway one, it is filled with products):
 *   - a 5,000-line fresh list previewed and applied as new lines, then a copy with every quantity
 *     changed previewed and applied in "set" mode, through the real routes (app.inject);
 *   - the time from a staff quantity change (PUT of one line) until a buyer's open live stream
 *     (GET /api/Store/Catalog/Live/…, real HTTP) carries the new quantity, 20 times.
 * Prints a table and writes bench/results/supply.json. Figures, not pass/fail.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { products } from "../db/schema/index.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { ALL_WEEKDAYS, addDays, buildProduct, DEFAULT_TEST_PASSWORD, insertCustomer, insertUser, isoDateAt, shipTimesOn } from "../tests/factories/index.ts";
import { cookieFrom } from "../tests/helpers/test-app.ts";
import { ROOT, percentile } from "./setup.ts";

const LINES = Number(process.env.BENCH_SUPPLY_LINES ?? 5_000);

function freshList(codes: string[], quantity: (i: number) => number) {
  const rows = ["product,quantity,price,priceNoPail,tier1Quantity,tier1Price,tier1PriceNoPail"];
  codes.forEach((c, i) => rows.push(`${c},"${quantity(i).toLocaleString("en-US")}",14.50,15.95,8,13.75,15.15`));
  return "\uFEFF" + rows.join("\r\n") + "\r\n";
}

async function main() {
  const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir: "memory://" });
  await database.migrate();
  const db = database.db;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000" });
  const app = await buildApp({ db, config, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const figures: Record<string, number | string> = { lines: LINES, database: database.kind };
  try {
    const staffUser = await insertUser(db, { roles: ["SalesPerson"] });
    const customer = await insertCustomer(db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
    const buyerUser = await insertUser(db, { roles: ["wholesaler"], customerIds: [customer.customerId] });
    const login = async (email: string) => cookieFrom(await app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email, password: DEFAULT_TEST_PASSWORD } }));
    const staff = await login(staffUser.email);
    const buyer = await login(buyerUser.email);
    const headers = { cookie: staff, origin: config.publicUrl };

    const stamp = Date.now().toString(36).toUpperCase();
    const codes = Array.from({ length: LINES }, (_, i) => `BENCH-${stamp}-${i}`);
    for (let i = 0; i < codes.length; i += 1000) await db.insert(products).values(codes.slice(i, i + 1000).map((productId) => buildProduct({ productId })));
    const day = addDays(isoDateAt(), 1);
    const catalog = (await app.inject({ method: "POST", url: "/api/Supply/Catalogs", headers, payload: { title: "Bench", shipDateFrom: day, shipDateTo: day, customerIds: [customer.customerId] } })).json();

    const timed = async (label: string, url: string, payload: object) => {
      const t0 = performance.now();
      const res = await app.inject({ method: "POST", url, headers, payload });
      figures[label] = Math.round(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    };
    const upload = `/api/Supply/Catalogs/${catalog.catalogId}/Upload`;
    const first = freshList(codes, (i) => 1000 + (i % 500));
    figures.fileBytes = Buffer.byteLength(first);
    const p1 = await timed("previewNewMs", `${upload}/Preview`, { mode: "set", csv: first });
    const a1 = await timed("applyNewMs", `${upload}/Apply`, { mode: "set", csv: first });
    const second = freshList(codes, (i) => 2000 + (i % 500));
    const p2 = await timed("previewSetMs", `${upload}/Preview`, { mode: "set", csv: second });
    const a2 = await timed("applySetMs", `${upload}/Apply`, { mode: "set", csv: second });
    if (p1.counts.add !== LINES || a1.counts.add !== LINES || p2.counts.change !== LINES || a2.counts.change !== LINES)
      throw new Error(`unexpected counts: ${JSON.stringify([p1.counts, a1.counts, p2.counts, a2.counts])}`);

    // Time until an open store hears of a change: a buyer's live stream over real HTTP.
    const lines = (await app.inject({ method: "GET", url: `/api/Supply/Catalogs/${catalog.catalogId}/Lines`, headers })).json().lines as { lineId: number; productId: string; quantity: number }[];
    const target = lines[0]!;
    const stream = await fetch(`${base}/api/Store/Catalog/Live/${buyerUser.id}/${customer.customerId}/${catalog.orderId}/${day}`, { headers: { cookie: buyer } });
    if (!stream.ok || !stream.body) throw new Error(`live stream: ${stream.status}`);
    const reader = stream.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const waitFor = async (test: (text: string) => boolean) => {
      for (;;) {
        if (test(buffer)) return;
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += decoder.decode(value, { stream: true });
      }
    };
    await waitFor((b) => b.includes("event: snapshot") || b.includes("event: ready"));
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const q = 5000 + i;
      buffer = "";
      const t0 = performance.now();
      const res = await app.inject({ method: "PUT", url: `/api/Supply/Catalogs/${catalog.catalogId}/Lines/${target.lineId}`, headers, payload: { quantity: q } });
      if (res.statusCode !== 200) throw new Error(`PUT: ${res.statusCode} ${res.body}`);
      await waitFor((b) => b.includes(`"${target.productId}":${q}`));
      times.push(performance.now() - t0);
    }
    await reader.cancel();
    figures.changeToOpenStoreP50Ms = Math.round(percentile(times, 50));
    figures.changeToOpenStoreP95Ms = Math.round(percentile(times, 95));
  } finally {
    await app.close();
    await database.close();
  }
  console.table(figures);
  const out = path.join(ROOT, "bench", "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, `supply-${figures.database}.json`), JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
