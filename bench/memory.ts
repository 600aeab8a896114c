/**
 * Memory benchmark: `npm run build && npm run bench:memory`. How the server's memory grows with the
 * catalogue and with the number of signed-in sessions, and that the hot-read caches stay bounded.
 *
 * For each catalogue size (BENCH_MEMORY_PRODUCTS, default 300,5000) a fresh PostgreSQL database
 * (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) gets the generated data
 * (db/seed-cli.ts --large) and BENCH_MEMORY_SESSIONS (default 10,10000) signed-in users of the bench
 * customer, each with its own session, written straight into the database (no password hashing).
 * One server (the built app, as `npm start` runs it) is started per catalogue size, and for each
 * session count in turn every session calls CheckToken and its cart (20 at a time), and the first
 * BENCH_MEMORY_CATALOG_SESSIONS (default 1,000) of them Catalog/Products too: each such call fills
 * cache entries (session, guard, CheckToken answer, cart, catalog ETag). The process's heap used
 * and resident size are read from its Prometheus metrics (METRICS_PORT) after the server started,
 * and after each session count, each the lowest of five readings a second apart (so a collection in
 * between is not counted as growth). Prints a table; writes bench/results/memory.json.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { spawnSync } from "node:child_process";
import pg from "pg";
import { startServer } from "../tests/e2e/harness.ts";
import { BENCH_EMAIL, ROOT, throwawayDatabase } from "./setup.ts";

const POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SIZES = (process.env.BENCH_MEMORY_PRODUCTS ?? "300,5000").split(",").map(Number);
const SESSIONS = (process.env.BENCH_MEMORY_SESSIONS ?? "10,10000").split(",").map(Number);
const CATALOG_SESSIONS = Number(process.env.BENCH_MEMORY_CATALOG_SESSIONS ?? 1000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1000);
const PARALLEL = 20;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Heap used and resident size in MB, the lowest of five readings a second apart. */
async function memory(metricsUrl: string): Promise<{ heapMb: number; rssMb: number }> {
  let heap = Infinity;
  let rss = Infinity;
  for (let i = 0; i < 5; i++) {
    const text = await (await fetch(metricsUrl)).text();
    const read = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
    heap = Math.min(heap, read("nodejs_heap_size_used_bytes"));
    rss = Math.min(rss, read("process_resident_memory_bytes"));
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { heapMb: Math.round(heap / 1e5) / 10, rssMb: Math.round(rss / 1e5) / 10 };
}

/** Runs `fn` over `items`, `PARALLEL` at a time. */
async function inParallel<T>(items: T[], fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

async function createDatabase(products: number, sessions: number) {
  const made = await throwawayDatabase(POSTGRES, "bloom_memory");
  const { url } = made;
  console.log(`Generating ${products} products and ${CUSTOMERS} customers…`);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "db/seed-cli.ts", "--large", "--products", String(products), "--customers", String(CUSTOMERS)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("data generation failed");
  // `sessions` users like the bench user (same customer, roles and claims), each signed in once.
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ id: string }>("select id from users where lower(email) = lower($1)", [BENCH_EMAIL]);
  const bench = rows[0]!.id;
  await c.query(
    `insert into users (id, email, first_name, last_name, password_hash, active)
     select 'mem-' || g, 'mem' || g || '@bench.example', first_name, last_name, password_hash, true from users, generate_series(1, $2::int) g where id = $1`,
    [bench, sessions],
  );
  await c.query(`insert into user_roles (user_id, role) select 'mem-' || g, role from user_roles, generate_series(1, $2::int) g where user_id = $1`, [bench, sessions]);
  await c.query(`insert into user_claims (user_id, claim, value) select 'mem-' || g, claim, value from user_claims, generate_series(1, $2::int) g where user_id = $1`, [bench, sessions]);
  await c.query(`insert into user_customers (user_id, customer_id) select 'mem-' || g, customer_id from user_customers, generate_series(1, $2::int) g where user_id = $1`, [bench, sessions]);
  const tokens = Array.from({ length: sessions }, (_, i) => `mem-token-${i + 1}`);
  for (let i = 0; i < sessions; i += 1000) {
    const part = tokens.slice(i, i + 1000);
    await c.query(
      `insert into sessions (id, user_id, expires_at, last_seen_at)
       select h, 'mem-' || n, now() + interval '1 day', now() from unnest($1::text[], $2::int[]) as t(h, n)`,
      [part.map((t) => createHash("sha256").update(t).digest("hex")), part.map((_, j) => i + j + 1)],
    );
  }
  const { rows: customer } = await c.query<{ customer_id: string }>("select customer_id from user_customers where user_id = $1", [bench]);
  await c.end();
  return {
    url: url,
    customerId: customer[0]!.customer_id,
    tokens,
    drop: made.drop,
  };
}

async function main() {
  const most = Math.max(...SESSIONS);
  const results: Record<string, unknown>[] = [];
  for (const products of SIZES) {
    const db = await createDatabase(products, most);
    const metricsPort = await freePort();
    const server = await startServer({ DATABASE_URL: db.url, DEMO_MODE: "false", LOG_LEVEL: "error", METRICS_PORT: String(metricsPort) });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    try {
      const get = async (token: string, url: string) => {
        const res = await fetch(`${server.baseUrl}${url}`, { headers: { cookie: `bloom_sid=${token}`, "accept-encoding": "br" } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      };
      const first = db.tokens[0]!;
      const userOf = (token: string) => `mem-${token.slice("mem-token-".length)}`;
      const profile = (await (await fetch(`${server.baseUrl}/api/Store/Profile/${userOf(first)}/${db.customerId}/0`, { headers: { cookie: `bloom_sid=${first}` } })).json()) as { openDates: string[] };
      const date = profile.openDates[1] ?? profile.openDates[0]!;
      const catalogs = (await (await fetch(`${server.baseUrl}/api/Store/Catalog/${db.customerId}/${date}/${userOf(first)}`, { headers: { cookie: `bloom_sid=${first}` } })).json()) as { orderId: number }[];
      const orderId = catalogs[0]!.orderId;
      const started = await memory(metricsUrl);
      results.push({ products, sessions: 0, catalog_calls: 0, heap_mb: started.heapMb, rss_mb: started.rssMb, seconds: 0 });
      let done = 0;
      for (const count of [...SESSIONS].sort((a, b) => a - b)) {
        const batch = db.tokens.slice(done, count);
        console.log(`${products} products: ${count} sessions…`);
        const t0 = performance.now();
        await inParallel(
          batch.map((token, i) => ({ token, n: done + i })),
          async ({ token, n }) => {
            const userId = userOf(token);
            await get(token, "/api/Auth/CheckToken/");
            await get(token, `/api/Store/Cart/${userId}/${db.customerId}`);
            if (n < CATALOG_SESSIONS) await get(token, `/api/Store/Catalog/Products/${userId}/${db.customerId}/${orderId}/${date}`);
          },
        );
        const seconds = Math.round((performance.now() - t0) / 100) / 10;
        done = count;
        const m = await memory(metricsUrl);
        results.push({ products, sessions: count, catalog_calls: Math.min(count, CATALOG_SESSIONS), heap_mb: m.heapMb, rss_mb: m.rssMb, seconds });
      }
    } finally {
      await server.stop();
      await db.drop();
    }
  }
  console.table(results);
  mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(path.join(ROOT, "bench/results/memory.json"), JSON.stringify({ when: new Date().toISOString(), results }, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
