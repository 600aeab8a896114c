/**
 * The cut-off rush: `npm run bench:rush` (after `npm run build`). On PostgreSQL (BENCH_POSTGRES_URL, the
 * server's maintenance database; the local one unless set: a throwaway database is made and dropped;
 * the local one is reached over its Unix socket in /var/run/postgresql when there is one, as an app on
 * the database's own host should be (docs/operations.md), else over TCP at 127.0.0.1:5432; to measure
 * TCP with a socket there, set BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres)
 * with two app instances, RUSH_BUYERS buyers (default 500, generated accounts, one customer each) each
 * change their cart every 2 s for RUSH_SECONDS (default 60), all wanting the same 50 scarce lines; 10 %
 * of them place an order during the run. The buyers start RUSH_WARMUP_SECONDS (default 10) earlier, at
 * the same pace, so that the rush meets servers that have been serving (their code compiled, their
 * connections' statements prepared); the warm-up's saves are reported apart (saves.warmUp). Meanwhile:
 *   - every second, a sampler checks ordered + held ≤ quantity on every scarce line (0 oversold);
 *   - 20 more buyers keep the store open (live availability streams, half on each instance) while a
 *     probe buyer changes its hold of one more line every 3 s: the time until every open store shows it.
 * Reports cart save and place order p50/p99 per instance and in all, their answers by kind (a stale
 * cart's 409 and a placed order's "only N left" are intended), the servers' CPU per request (and the
 * database backends' CPU per request, when PostgreSQL runs on this machine, and the load generator's
 * own), each instance's event-loop delay over the rush, what the app's
 * connections were doing (sampled every second: waiting for a row lock, idle in a transaction,
 * running), and the SQL statements of one save (counted by the driver on an in-process instance on
 * the same database).
 * Writes bench/results/rush.json. Figures, not pass/fail.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../db/client.ts";
import { createBenchUser, generateLarge } from "../db/seed/generate.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { freePort, startServer, type RunningServer } from "../tests/e2e/harness.ts";
import { countStatements } from "../tests/helpers/statement-count.ts";
import { cpuMsOf, localPostgresUrl, percentile, ROOT, throwawayDatabase } from "./setup.ts";

const BUYERS = Number(process.env.RUSH_BUYERS ?? 500);
const SECONDS = Number(process.env.RUSH_SECONDS ?? 60);
const WARMUP = Number(process.env.RUSH_WARMUP_SECONDS ?? 10);
const SCARCE = 50;
const WATCHERS = 20;
const PASSWORD = "bloom-demo-2026";
const adminUrl = localPostgresUrl();
/** How the benchmark reaches the server: a host= parameter (or a host) that is a folder is a Unix socket. */
const transport = (() => {
  const url = new URL(adminUrl);
  const host = url.searchParams.get("host") ?? decodeURIComponent(url.hostname);
  return host.startsWith("/") ? `unix socket ${host}` : `tcp ${url.host}`;
})();
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Buyer {
  base: string;
  instance: number;
  cookie: string;
  userId: string;
  customerId: string;
  version?: number;
}

/** One HTTP request on the keep-alive agent: status, parsed JSON body, milliseconds. */
function call(base: string, method: string, url: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; json: unknown; ms: number }>((resolve, reject) => {
    const t0 = performance.now();
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${url}`,
      { method, agent, headers: { cookie, origin: base, ...(data ? { "content-type": "application/json" } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let json: unknown = undefined;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - t0 });
        });
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

async function login(base: string, instance: number, email: string): Promise<Buyer> {
  const res = await fetch(`${base}/api/Auth/login/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const user = (await res.json()) as { id: string; customers: { customerID: string }[] };
  return { base, instance, cookie, userId: user.id, customerId: user.customers[0]!.customerID };
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/** A live availability stream: each change event's `available` map with its arrival time. */
function openStream(url: string, cookie: string) {
  return new Promise<{ first: Record<string, number>; events: { at: number; available: Record<string, number> }[]; close(): void }>((resolve, reject) => {
    const events: { at: number; available: Record<string, number> }[] = [];
    let buffer = "";
    let resolved = false;
    const req = http.get(url, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`stream ${res.statusCode}`));
      }
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const kind = /^event: (\w+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data && (kind === "snapshot" || kind === "change")) {
            const available = (JSON.parse(data) as { available: Record<string, number> }).available;
            if (kind === "snapshot" && !resolved) {
              resolved = true;
              resolve({ first: available, events, close: () => req.destroy() });
            } else events.push({ at, available });
          }
          end = buffer.indexOf("\n\n");
        }
      });
    });
    req.on("error", (err) => (resolved ? undefined : reject(err)));
  });
}

/**
 * CPU time (ms) of each PostgreSQL backend serving the database `name`, by process id, when the server
 * runs on this machine (its processes are in /proc); null otherwise. A backend that ends between two
 * readings takes its time with it: the pools keep theirs open while the rush runs.
 */
async function postgresCpu(db: Awaited<ReturnType<typeof openDatabase>>["db"], name: string): Promise<Map<number, { ms: number; app: string }> | null> {
  const rows = rowsOf<{ pid: number; app: string }>(await db.execute(sql`select pid, application_name as app from pg_stat_activity where datname = ${name}`));
  if (!rows.every((r) => existsSync(`/proc/${r.pid}/stat`))) return null;
  const out = new Map<number, { ms: number; app: string }>();
  for (const { pid, app } of rows) {
    try {
      out.set(Number(pid), { ms: cpuMsOf(Number(pid)), app: app || "pool" });
    } catch {
      // ended since the query
    }
  }
  return out;
}

/** An instance's event-loop delay since its last scrape, in ms (p50, p99, max), from its metrics port. */
async function eventLoopLag(port: number): Promise<{ p50: number; p99: number; max: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const read = (name: string) => Math.round(Number(new RegExp(`^${name} ([0-9.e+-]+)`, "m").exec(text)?.[1] ?? NaN) * 1000);
  return { p50: read("nodejs_eventloop_lag_p50_seconds"), p99: read("nodejs_eventloop_lag_p99_seconds"), max: read("nodejs_eventloop_lag_max_seconds") };
}

const stats = (values: number[]) => ({ n: values.length, p50: Math.round(percentile(values, 50)), p99: Math.round(percentile(values, 99)), max: Math.round(Math.max(0, ...values)) });

async function main() {
  const made = await throwawayDatabase(adminUrl, "bloom_rush");
  const { name, url: databaseUrl } = made;
  const logDir = mkdtempSync(path.join(tmpdir(), "bloom-rush-"));
  const servers: RunningServer[] = [];
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  try {
    await database.migrate();
    console.log(`Generating 1,000 products and ${BUYERS + WATCHERS + 1} buyers…`);
    const generated = await generateLarge(database.db, { products: 1000, customers: BUYERS + WATCHERS + 1 });
    for (const customerId of generated.customerIds) await createBenchUser(database.db, { customerId });
    // The 50 scarce lines: a few bunches each, far fewer than 500 buyers want.
    const pool = rowsOf<{ id: number; product_id: string }>(
      await database.db.execute(
        sql`select id, product_id from offer_lines where catalog_id = ${generated.catalogId} and original_quantity > 0 order by id limit ${SCARCE + 1}`,
      ),
    );
    const scarce = pool.slice(0, SCARCE);
    const probe = pool[SCARCE]!;
    const scarceIds = scarce.map((r) => r.id);
    await database.db.execute(sql`update offer_lines set original_quantity = 60, show_store = true where id in ${scarceIds}`);
    await database.db.execute(sql`update offer_lines set original_quantity = 10000, show_store = true where id = ${probe.id}`);
    // Statistics for the tables just loaded, as an operator runs ANALYZE after a bulk load and as
    // autovacuum's autoanalyze soon would (it is off on some machines' PostgreSQL). Not the holds and
    // cart lines: empty now, the rush fills them, and statistics saying "empty" would plan their reads
    // for an empty table for the whole run.
    if (process.env.RUSH_ANALYZE !== "0") {
      const loaded = rowsOf<{ name: string }>(
        await database.db.execute(sql`select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables where n_live_tup > 0 and relname not in ('holds', 'cart_lines', 'mm_holds')`),
      );
      await database.db.execute(sql.raw(`analyze ${loaded.map((t) => t.name).join(", ")}`));
    }

    // RUSH_SQL: statements run on the rush's database before it starts (to try an index or a setting).
    if (process.env.RUSH_SQL) await database.db.execute(sql.raw(process.env.RUSH_SQL));

    // Every buyer here comes from one address (each has its own connection): the per-address cap of
    // docs/operations.md "Slow clients" is raised as a proxy in front would make it per buyer.
    const env = { DEMO_MODE: "false", LOG_LEVEL: "info", DATABASE_URL: databaseUrl, HTTP_MAX_CONNECTIONS_PER_ADDRESS: "0" };
    // Instance i serves its Prometheus metrics on port N + i (RUSH_METRICS_PORT=N; free ports unless
    // set): the bench reads each one's event-loop lag over the rush from them.
    const metricsPorts = process.env.RUSH_METRICS_PORT ? [0, 1].map((i) => Number(process.env.RUSH_METRICS_PORT) + i) : [await freePort(), await freePort()];
    const metricsPort = (i: number): Record<string, string> => ({ METRICS_PORT: String(metricsPorts[i]) });
    for (let i = 0; i < 2; i++) servers.push(await startServer({ ...env, ...metricsPort(i) }, { dataDir: mkdtempSync(path.join(logDir, "data-")), logFile: path.join(logDir, `server-${i}.log`) }));
    const bases = servers.map((s) => s.baseUrl);
    const emails = generated.customerIds.map((c) => `bench+${c.toLowerCase()}@bench.example`);
    console.log(`Signing in ${emails.length} buyers over two instances…`);
    const everyone = await inBatches(emails, 8, (email, i) => login(bases[i % 2]!, i % 2, email));
    const buyers = everyone.slice(0, BUYERS);
    const watchers = everyone.slice(BUYERS, BUYERS + WATCHERS);
    const prober = everyone[BUYERS + WATCHERS]!;

    const profile = (await call(prober.base, "GET", `/api/Store/Profile/${prober.userId}/${prober.customerId}/0`, prober.cookie)).json as { openDates: string[] };
    const shipDate = profile.openDates[0]!;
    const catalogs = (await call(prober.base, "GET", `/api/Store/Catalog/${prober.customerId}/${shipDate}/${prober.userId}`, prober.cookie)).json as { orderId: number }[];
    const orderId = catalogs[0]!.orderId;
    console.log(`Ship date ${shipDate}, catalog ${orderId}; every buyer's cart made…`);
    await inBatches(buyers, 16, async (b) => {
      const cart = await call(b.base, "GET", `/api/Store/Cart/${b.userId}/${b.customerId}`, b.cookie);
      b.version = (cart.json as { version: number }).version;
    });
    const streams = await Promise.all(
      watchers.map((w) => openStream(`${w.base}/api/Store/Catalog/Live/${w.userId}/${w.customerId}/${orderId}/${shipDate}`, w.cookie)),
    );

    const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
    // The warm-up: the buyers start saving WARMUP seconds before the rush is measured, as the stores
    // have been in use all day when the rush comes (the servers' code compiled, every pooled
    // connection's statements prepared). Their saves are reported apart; the load does not pause.
    const warmStart = performance.now();
    const started = warmStart + WARMUP * 1000;
    const until = started + SECONDS * 1000;
    const saves: { instance: number; ms: number; status: number; at: number }[] = [];
    const orders: { instance: number; ms: number; status: number; message?: string }[] = [];
    const oversold: number[] = [];
    const probeLatency: number[] = [];
    let probeMissed = 0;
    // Probe saves the server turned away (a 503 when it sheds load): counted, and the probe goes on.
    const probeRefused: Record<string, number> = {};
    const random = (n: number) => Math.floor(Math.random() * n);
    const warmSaves: typeof saves = [];

    // One buyer in ten orders, as many on each instance (buyer i uses instance i % 2).
    const ordering = new Set(buyers.map((_, i) => i).filter((i) => i % 20 === 0 || i % 20 === 11));
    const buying = Promise.all(
      buyers.map(async (b, i) => {
        const orderAt = ordering.has(i) ? started + 10_000 + random(Math.max(1, (SECONDS - 15) * 1000)) : Infinity;
        let ordered = false;
        await sleep(random(2000));
        while (performance.now() < until) {
          const tick = performance.now();
          const items = Array.from(new Set(Array.from({ length: 3 + random(4) }, () => scarce[random(SCARCE)]!.product_id))).map((productId) => ({ productId, quantity: 1 + random(4) }));
          const res = await call(b.base, "POST", `/api/Store/Cart/Save/${b.userId}/${b.customerId}`, b.cookie, { shipDate, items, version: b.version });
          (tick < started ? warmSaves : saves).push({ instance: b.instance, ms: res.ms, status: res.status, at: tick - started });
          const cart = res.json as { version?: number; data?: { version?: number } };
          b.version = cart.version ?? cart.data?.version ?? b.version;
          if (!ordered && performance.now() >= orderAt && res.status === 200) {
            ordered = true;
            const placed = await call(b.base, "POST", `/api/Store/PlaceOrder/${b.userId}/${b.customerId}`, b.cookie, {}, { "idempotency-key": `rush-${i}-${Date.now()}` });
            orders.push({ instance: b.instance, ms: placed.ms, status: placed.status, ...(placed.status !== 200 ? { message: (placed.json as { message?: string })?.message } : {}) });
            const fresh = await call(b.base, "GET", `/api/Store/Cart/${b.userId}/${b.customerId}`, b.cookie);
            b.version = (fresh.json as { version: number }).version;
          }
          await sleep(2000 - (performance.now() - tick));
        }
      }),
    );
    await sleep(started - performance.now());
    const cpuBefore = servers.map((s) => cpuMsOf(s.pid));
    // The load generator's own CPU (this process): on two cores it competes with the servers for them.
    const benchCpuBefore = process.cpuUsage();
    // A scrape empties prom-client's event-loop histogram: the one after the rush covers the rush alone.
    await Promise.all(servers.map((_, i) => eventLoopLag(metricsPorts[i]!)));
    const postgresBefore = await postgresCpu(database.db, name);

    const activity: { lock: number; open: number; active: number }[] = [];
    const sampler = (async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        while (performance.now() < until + 2000) {
          const r = await client.query<{ n: number }>(
            `select count(*)::int as n from offer_lines ol
              where ol.id = any($1) and ol.quantity_ordered + coalesce((select sum(h.quantity) from holds h where h.offer_line_id = ol.id and h.expires_at > now()), 0) > ol.original_quantity`,
            [scarce.map((s) => s.id)],
          );
          oversold.push(r.rows[0]!.n);
          // What the app's connections are doing: waiting for a row lock, or holding a transaction
          // open while the app works between two statements ("idle in transaction").
          const a = await client.query<{ lock: number; open: number; active: number }>(
            `select count(*) filter (where wait_event_type = 'Lock')::int as lock,
                    count(*) filter (where state = 'idle in transaction')::int as open,
                    count(*) filter (where state = 'active' and wait_event_type is distinct from 'Lock')::int as active
               from pg_stat_activity where datname = current_database() and application_name = 'bloom-store'`,
          );
          activity.push(a.rows[0]!);
          await sleep(1000);
        }
      } finally {
        await client.end();
      }
    })();

    const prober$ = (async () => {
      const free = streams[0]!.first[probe.product_id] ?? 0;
      for (let k = 1; performance.now() < until; k++) {
        const quantity = 1 + (k % 7);
        const t0 = performance.now();
        const res = await call(prober.base, "POST", `/api/Store/Cart/Save/${prober.userId}/${prober.customerId}`, prober.cookie, { shipDate, items: [{ productId: probe.product_id, quantity }] });
        if (res.status === 503) {
          probeRefused[res.status] = (probeRefused[res.status] ?? 0) + 1;
          await sleep(3000 - (performance.now() - t0));
          continue;
        }
        if (res.status !== 200) throw new Error(`probe save: ${res.status} ${JSON.stringify(res.json)}`);
        // Every open store shows the probe's hold (its free count) within 5 s, or it is counted missed.
        const want = free - quantity;
        const seen = await Promise.all(
          streams.map(async (s) => {
            const deadline = performance.now() + 5000;
            for (;;) {
              const hit = s.events.find((e) => e.at >= t0 && e.available[probe.product_id] === want);
              if (hit) return hit.at - t0;
              if (performance.now() > deadline) return undefined;
              await sleep(5);
            }
          }),
        );
        for (const ms of seen) {
          if (ms === undefined) probeMissed++;
          else probeLatency.push(ms);
        }
        await sleep(3000 - (performance.now() - t0));
      }
    })();

    await buying;
    await prober$;
    await sampler;
    const cpuMs = servers.map((s, i) => cpuMsOf(s.pid) - cpuBefore[i]!);
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const lag = await Promise.all(servers.map((_, i) => eventLoopLag(metricsPorts[i]!)));
    const mean = (xs: number[]) => Number((xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(2));
    const postgresAfter = await postgresCpu(database.db, name);
    // The backends' CPU by what they serve: the pools' statements, the change feed's LISTEN
    // connections ("bloom-store-feed"), the sync notices' connections ("bloom-store-sync").
    const postgresByApp: Record<string, number> = {};
    if (postgresAfter && postgresBefore)
      for (const [pid, { ms, app }] of postgresAfter) postgresByApp[app] = (postgresByApp[app] ?? 0) + ms - (postgresBefore.get(pid)?.ms ?? 0);
    const postgresMs = postgresAfter && postgresBefore ? Object.values(postgresByApp).reduce((a, b) => a + b, 0) : null;
    for (const s of streams) s.close();

    // The SQL of one save, counted by the driver: an in-process instance on the same database.
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000", DATABASE_URL: databaseUrl });
    const app = await buildApp({ db: database.db, config, logger: false });
    await app.ready();
    const sample = buyers[1]!;
    const login$ = await app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: emails[1], password: PASSWORD } });
    const cookie = [login$.headers["set-cookie"]].flat().map((c) => String(c).split(";")[0]).join("; ");
    const cartNow = (await app.inject({ method: "GET", url: `/api/Store/Cart/${sample.userId}/${sample.customerId}`, headers: { cookie } })).json() as { version: number };
    const counter = countStatements(database.db);
    // Round trips to PostgreSQL: the writes the app's connections make (a corked batch of messages is
    // one), fewer than statements when BEGIN and COMMIT go out with the save's first and last
    // statements and the offers' lock with the cart's (db/fold.ts).
    const appPool = (database.db as unknown as { session: { client: pg.Pool } }).session.client;
    type Stream = Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
    type Tripping = pg.PoolClient & { connection: { stream: Stream } };
    let roundTrips = 0;
    const tripping = new Map<Tripping, Stream>();
    const onAcquire = (c: pg.PoolClient) => {
      if (tripping.has(c as Tripping)) return;
      const stream = (c as Tripping).connection.stream;
      tripping.set(c as Tripping, { _write: stream._write, _writev: stream._writev });
      for (const k of ["_write", "_writev"] as const) {
        const original = stream[k];
        stream[k] = (...args: unknown[]) => {
          roundTrips += 1;
          return original.apply(stream, args);
        };
      }
    };
    appPool.on("acquire", onAcquire);
    const sampleSave = await app.inject({
      method: "POST",
      url: `/api/Store/Cart/Save/${sample.userId}/${sample.customerId}`,
      headers: { cookie, origin: "http://localhost:3000" },
      payload: { shipDate, items: scarce.slice(0, 5).map((s) => ({ productId: s.product_id, quantity: 1 })), version: cartNow.version },
    });
    const statementsPerSave = counter.count;
    const saveRoundTrips = roundTrips;
    // And of one order placed from that cart.
    counter.reset();
    roundTrips = 0;
    const samplePlace = await app.inject({
      method: "POST",
      url: `/api/Store/PlaceOrder/${sample.userId}/${sample.customerId}`,
      headers: { cookie, origin: "http://localhost:3000", "idempotency-key": `rush-sample-${Date.now()}` },
      payload: {},
    });
    const statementsPerOrder = counter.count;
    const orderRoundTrips = roundTrips;
    counter.stop();
    appPool.off("acquire", onAcquire);
    for (const [c, original] of tripping) Object.assign(c.connection.stream, original);
    await app.close();

    const byStatus = (rows: { status: number }[]) => rows.reduce<Record<string, number>>((m, r) => ((m[r.status] = (m[r.status] ?? 0) + 1), m), {});
    const requests = saves.length + orders.length * 2;
    const results = {
      when: new Date().toISOString(),
      database: transport,
      buyers: BUYERS,
      seconds: SECONDS,
      warmUpSeconds: WARMUP,
      scarceLines: SCARCE,
      saves: {
        all: stats(saves.map((s) => s.ms)),
        // The warm-up's saves (RUSH_WARMUP_SECONDS before the measured rush; the servers' first seconds).
        warmUp: stats(warmSaves.map((s) => s.ms)),
        perInstance: [0, 1].map((i) => stats(saves.filter((s) => s.instance === i).map((s) => s.ms))),
        answers: byStatus(saves),
        // When the slow saves were sent: the rush in 5-second windows (is the tail a warm-up, a pause, or throughout?).
        byWindow: Array.from({ length: Math.ceil(SECONDS / 5) }, (_, w) => {
          const { n, p50, p99, max } = stats(saves.filter((s) => s.at >= w * 5000 && s.at < (w + 1) * 5000).map((s) => s.ms));
          return `${w * 5}-${w * 5 + 5} s: ${n} saves, p50 ${p50}, p99 ${p99}, max ${max} ms`;
        }),
      },
      placeOrder: {
        all: stats(orders.map((o) => o.ms)),
        perInstance: [0, 1].map((i) => stats(orders.filter((o) => o.instance === i).map((o) => o.ms))),
        answers: byStatus(orders),
        refusals: [...new Set(orders.filter((o) => o.status !== 200).map((o) => o.message))],
      },
      oversold: { samples: oversold.length, linesOversoldAtWorst: Math.max(0, ...oversold) },
      // The app's connections, sampled every second: mean waiting for a row lock, holding a transaction
      // open between statements, and running one.
      connections: { samples: activity.length, waitingForLock: mean(activity.map((a) => a.lock)), idleInTransaction: mean(activity.map((a) => a.open)), running: mean(activity.map((a) => a.active)) },
      live: { streams: streams.length, probes: probeLatency.length + probeMissed, latency: stats(probeLatency), missed: probeMissed, refused: probeRefused },
      cpu: {
        msPerInstance: cpuMs,
        msPerRequest: Number((cpuMs.reduce((a, b) => a + b, 0) / Math.max(1, requests)).toFixed(2)),
        // This process (500 buyers' requests, the live streams' parsing, the samplers), per request.
        loadGeneratorMsPerRequest: Number(((benchCpu.user + benchCpu.system) / 1000 / Math.max(1, requests)).toFixed(2)),
        // The PostgreSQL backends of the benchmark's database (null when the server is not on this machine).
        postgresMsPerRequest: postgresMs === null ? null : Number((postgresMs / Math.max(1, requests)).toFixed(2)),
        postgresMsPerRequestBy: Object.fromEntries(Object.entries(postgresByApp).map(([app, ms]) => [app, Number((ms / Math.max(1, requests)).toFixed(3))])),
      },
      // Each instance's event-loop delay over the rush (prom-client's nodejs_eventloop_lag_*): how long
      // a request's next step, a locked transaction's next statement among them, waited for the loop.
      eventLoopLagMs: lag,
      statementsPerSave: { count: statementsPerSave, roundTrips: saveRoundTrips, status: sampleSave.statusCode },
      statementsPerOrder: { count: statementsPerOrder, roundTrips: orderRoundTrips, status: samplePlace.statusCode },
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/rush.json"), JSON.stringify(results, null, 2));
  } finally {
    for (const s of servers) await s.stop();
    await database.close();
    // RUSH_KEEP_LOGS=1 keeps the two servers' logs (info level) to read after the run.
    if (process.env.RUSH_KEEP_LOGS) console.log(`server logs kept in ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
    // RUSH_KEEP_DB=1 keeps the database (to EXPLAIN the save's statements on its data); drop it after.
    if (process.env.RUSH_KEEP_DB) console.log(`database kept: ${name}`);
    else await made.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
