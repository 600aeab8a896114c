/**
 * Live availability benchmark: `npm run bench:live` (after `npm run build`). Starts the real server on
 * the demo data (embedded database), opens BENCH_STREAMS (default 1,000) live availability streams of
 * one catalog as buyer@demo.test (6 per session, the cap: ~167 sessions), then has another customer's
 * buyer save a cart BENCH_SAVES times (default 50) through the API, each save changing what the
 * streams' buyer may take. Reports, from the server's metrics port:
 *   - process RSS and V8 heap before and after opening the streams (bytes per open stream)
 *   - CPU of the server while the streams sit idle (heartbeats only), per second
 *   - CPU time per notice fan-out (building and writing one change to every stream of the catalog,
 *     measured in the server around the fan-out) and the whole process's CPU per save (the save
 *     itself, its notice, the one catalog read and the fan-out)
 *   - delivery latency from the start of a save to each stream's change event: p50 / p99 over every
 *     stream and save (includes the save itself and the 150 ms coalescing window, by design)
 * and the same figures for a bare Node http server holding as many text/event-stream connections
 * and writing one event to all of them (the floor: no framework, session, database or feed).
 * Prints the figures and writes bench/results/live.json. Figures, not pass/fail.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { startServer } from "../tests/e2e/harness.ts";
import { percentile, ROOT } from "./setup.ts";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const SAVES = Number(process.env.BENCH_SAVES ?? 50);
const PER_SESSION = 6;
const PASSWORD = "bloom-demo-2026";
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function login(base: string, email: string) {
  const res = await fetch(`${base}/api/Auth/login/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const user = (await res.json()) as { id: string; customers: { customerID: string }[] };
  return { cookie, userId: user.id, customers: user.customers.map((c) => c.customerID) };
}

async function getJson<T>(base: string, url: string, cookie: string): Promise<T> {
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Figures from a Prometheus text page. */
async function scrape(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(url)).text();
  const out: Record<string, number> = {};
  for (const line of text.split("\n")) {
    const m = /^([a-z_]+)(?:\{[^}]*\})? ([\d.e+-]+)$/.exec(line);
    if (m && !(m[1]! in out)) out[m[1]!] = Number(m[2]);
  }
  return out;
}

interface Client {
  /** Arrival time (performance.now()) of each change event, in order. */
  changes: number[];
  close(): void;
}

/** Opens one event stream; resolves once its first event (the snapshot) is in. */
function openStream(url: string, cookie: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const changes: number[] = [];
    const req = http.get(url, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream ${res.statusCode}`));
        res.resume();
        return;
      }
      let first = true;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const now = performance.now();
        if (first && chunk.includes("event: ")) {
          first = false;
          resolve({ changes, close: () => req.destroy() });
        }
        let at = chunk.indexOf("event: change");
        while (at >= 0) {
          changes.push(now);
          at = chunk.indexOf("event: change", at + 1);
        }
      });
    });
    req.on("error", reject);
  });
}

async function openAll(urlFor: (i: number) => { url: string; cookie: string }, n: number): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = Array.from({ length: Math.min(50, n - i) }, (_, k) => urlFor(i + k));
    clients.push(...(await Promise.all(batch.map((b) => openStream(b.url, b.cookie)))));
  }
  return clients;
}

/** Waits until every client has `count` change events (or `ms` passed); returns the latencies from `start`. */
async function deliveries(clients: Client[], count: number, start: number, ms = 15_000): Promise<number[]> {
  const deadline = performance.now() + ms;
  while (clients.some((c) => c.changes.length < count) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  return clients.filter((c) => c.changes.length >= count).map((c) => c.changes[count - 1]! - start);
}

const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

async function bare() {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/live-bare.ts"], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) => child.stdout!.on("data", (d: Buffer) => resolve(Number(/PORT (\d+)/.exec(String(d))?.[1]))));
  const base = `http://127.0.0.1:${port}`;
  const mem = async () => (await (await fetch(`${base}/mem`)).json()) as { rss: number; heapUsed: number; cpuSeconds: number };
  await new Promise((r) => setTimeout(r, 500));
  const before = await mem();
  const clients = await openAll(() => ({ url: `${base}/stream`, cookie: "" }), STREAMS);
  await new Promise((r) => setTimeout(r, 2000));
  const after = await mem();
  const latencies: number[] = [];
  const cpu0 = (await mem()).cpuSeconds;
  for (let i = 1; i <= SAVES; i++) {
    const start = performance.now();
    await fetch(`${base}/send`, { method: "POST" });
    latencies.push(...(await deliveries(clients, i, start)));
  }
  const cpu1 = (await mem()).cpuSeconds;
  for (const c of clients) c.close();
  child.kill("SIGTERM");
  return {
    rssBefore: before.rss,
    rssAfter: after.rss,
    heapBefore: before.heapUsed,
    heapAfter: after.heapUsed,
    bytesPerStream: (after.rss - before.rss) / STREAMS,
    heapBytesPerStream: (after.heapUsed - before.heapUsed) / STREAMS,
    cpuMsPerSend: ((cpu1 - cpu0) * 1000) / SAVES,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    delivered: latencies.length,
  };
}

async function main() {
  const metricsPort = await freePort();
  console.log("Starting the server on the demo data…");
  // One address and one account open every stream: the per-account, per-address and connection caps
  // (12, 60, 256 by default) are lifted to measure the fan-out itself.
  const server = await startServer({
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: "error",
    LIVE_STREAMS_PER_ACCOUNT: String(STREAMS),
    LIVE_STREAMS_PER_ADDRESS: String(STREAMS),
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(STREAMS + 100),
  });
  const base = server.baseUrl;
  const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
  try {
    const writer = await login(base, "wholesaler@demo.test");
    const first = await login(base, "buyer@demo.test");
    const buyerCustomer = first.customers[0]!;
    const writerCustomer = writer.customers.includes("BLMWH") ? "BLMWH" : writer.customers[0]!;
    // The first date both customers can order for, and its catalog (the same general one for both).
    const datesOf = async (who: typeof first, customer: string) =>
      (await getJson<{ openDates: string[] }>(base, `/api/Store/Profile/${who.userId}/${customer}/0`, who.cookie)).openDates;
    const writerDates = new Set(await datesOf(writer, writerCustomer));
    let date = "";
    let orderId = 0;
    for (const d of await datesOf(first, buyerCustomer)) {
      if (!writerDates.has(d)) continue;
      const [mine] = await getJson<{ orderId: number }[]>(base, `/api/Store/Catalog/${buyerCustomer}/${d}/${first.userId}`, first.cookie);
      const [theirs] = await getJson<{ orderId: number }[]>(base, `/api/Store/Catalog/${writerCustomer}/${d}/${writer.userId}`, writer.cookie);
      if (mine && theirs && mine.orderId === theirs.orderId) {
        date = d;
        orderId = mine.orderId;
        break;
      }
    }
    if (!orderId) throw new Error("no catalog shared by the two demo customers");
    const products = await getJson<{ productId: string; quantityRemaining: number; showStore: boolean; offerOrderNumber: number }[]>(
      base,
      `/api/Store/Catalog/Products/${writer.userId}/${writerCustomer}/${orderId}/${date}`,
      writer.cookie,
    );
    const product = products.find((p) => p.showStore && p.offerOrderNumber === orderId && p.quantityRemaining >= 20);
    if (!product) throw new Error("no product with stock to hold");
    console.log(`Catalog ${orderId} for ${date} (${products.length} products); saves hold 1-5 bunches of ${product.productId}.`);

    const sessions = [first];
    while (sessions.length * PER_SESSION < STREAMS) sessions.push(await login(base, "buyer@demo.test"));
    const url = `${base}/api/Store/Catalog/Live/${first.userId}/${buyerCustomer}/${orderId}/${date}`;
    await new Promise((r) => setTimeout(r, 2000));
    const before = await scrape(metrics);
    console.log(`Opening ${STREAMS} streams over ${sessions.length} sessions…`);
    const opened = performance.now();
    const clients = await openAll((i) => ({ url, cookie: sessions[Math.floor(i / PER_SESSION)]!.cookie }), STREAMS);
    const openMs = performance.now() - opened;
    await new Promise((r) => setTimeout(r, 2000));
    const after = await scrape(metrics);
    if (after.live_streams !== STREAMS) throw new Error(`the server counts ${after.live_streams} streams, not ${STREAMS}`);
    // Idle: 10 s of open streams with nothing to say.
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = await scrape(metrics);
    const idleCpuMsPerSecond = ((idle.process_cpu_seconds_total! - after.process_cpu_seconds_total!) * 1000) / 10;

    console.log(`Saving ${SAVES} carts…`);
    const latencies: number[] = [];
    let missed = 0;
    for (let i = 1; i <= SAVES; i++) {
      const start = performance.now();
      const res = await fetch(`${base}/api/Store/Cart/Save/${writer.userId}/${writerCustomer}`, {
        method: "POST",
        headers: { cookie: writer.cookie, origin: base, "content-type": "application/json" },
        body: JSON.stringify({ shipDate: date, items: [{ productId: product.productId, quantity: 1 + (i % 5) }] }),
      });
      if (!res.ok) throw new Error(`save ${i}: ${res.status} ${await res.text()}`);
      const got = await deliveries(clients, i, start);
      missed += STREAMS - got.length;
      latencies.push(...got);
    }
    const done = await scrape(metrics);
    for (const c of clients) c.close();
    // Empty the cart again, so a later run starts from the same stock.
    await fetch(`${base}/api/Store/Cart/Save/${writer.userId}/${writerCustomer}`, {
      method: "POST",
      headers: { cookie: writer.cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ shipDate: date, items: [] }),
    });
    const fanOuts = done.live_fanouts_total! - idle.live_fanouts_total!;
    const app = {
      streams: STREAMS,
      sessions: sessions.length,
      openSeconds: openMs / 1000,
      rssBefore: before.process_resident_memory_bytes!,
      rssAfter: after.process_resident_memory_bytes!,
      heapBefore: before.nodejs_heap_size_used_bytes!,
      heapAfter: after.nodejs_heap_size_used_bytes!,
      bytesPerStream: (after.process_resident_memory_bytes! - before.process_resident_memory_bytes!) / STREAMS,
      heapBytesPerStream: (after.nodejs_heap_size_used_bytes! - before.nodejs_heap_size_used_bytes!) / STREAMS,
      idleCpuMsPerSecond,
      saves: SAVES,
      fanOuts,
      catalogReads: done.live_catalog_reads_total! - idle.live_catalog_reads_total!,
      fanOutCpuMs: ((done.live_fanout_cpu_seconds_total! - idle.live_fanout_cpu_seconds_total!) * 1000) / Math.max(1, fanOuts),
      processCpuMsPerSave: ((done.process_cpu_seconds_total! - idle.process_cpu_seconds_total!) * 1000) / SAVES,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      delivered: latencies.length,
      missed,
    };
    console.log("Bare Node server, same streams and events…");
    const floor = await bare();

    console.log(`\nLive availability, ${STREAMS} streams of one catalog (${app.sessions} sessions), ${SAVES} cart saves`);
    console.log(`  app : RSS ${mb(app.rssBefore)} → ${mb(app.rssAfter)} (${kb(app.bytesPerStream)} per stream), heap ${mb(app.heapBefore)} → ${mb(app.heapAfter)} (${kb(app.heapBytesPerStream)} per stream); opened in ${app.openSeconds.toFixed(1)} s`);
    console.log(`        idle CPU with the streams open: ${app.idleCpuMsPerSecond.toFixed(1)} ms per second`);
    console.log(`        ${app.fanOuts} fan-outs from ${app.catalogReads} catalog reads: ${app.fanOutCpuMs.toFixed(2)} ms CPU per fan-out to ${STREAMS} streams; process CPU ${app.processCpuMsPerSave.toFixed(1)} ms per save`);
    console.log(`        save → event: p50 ${app.p50.toFixed(0)} ms, p99 ${app.p99.toFixed(0)} ms (${app.delivered} deliveries, ${app.missed} missed; includes the 150 ms coalescing window)`);
    console.log(`  bare: RSS ${mb(floor.rssBefore)} → ${mb(floor.rssAfter)} (${kb(floor.bytesPerStream)} per stream), heap ${kb(floor.heapBytesPerStream)} per stream; CPU ${floor.cpuMsPerSend.toFixed(2)} ms per event to all; send → event p50 ${floor.p50.toFixed(0)} ms, p99 ${floor.p99.toFixed(0)} ms`);
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/live.json"), JSON.stringify({ at: new Date().toISOString(), app, bare: floor }, null, 2));
  } finally {
    agent.destroy();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
