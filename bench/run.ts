/**
 * Store API benchmark: `npm run bench` (after `npm run build`). Generates a catalogue of BENCH_PRODUCTS
 * products (default 5,000) for BENCH_CUSTOMERS customers in a fresh embedded database, starts the real
 * server, and measures with autocannon and timed requests:
 *   - /healthz and the catalog-products call side by side (p50, p99, requests/s, 50 connections)
 *   - the catalog call's size on the wire (brotli) and its 304 answer to If-None-Match
 *   - ten other buyers' first catalog call (each a customer of its own, an empty cart); the answer is
 *     shared by carts holding nothing at the same discount, and the generated customers' discounts vary
 *   - saving a 50-line cart, and placing an order
 * Prints a table and writes bench/results/store.json. Figures, not pass/fail.
 */
import autocannon from "autocannon";
import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { spawn } from "node:child_process";
import { answerKey } from "./bare-key.ts";
import { cpuDuring, CUSTOMERS, signIn, percentile, PRODUCTS, ROOT, signInOtherBuyers, startBenchServer, startHotBench, type HotBenchOptions } from "./setup.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** The steady load of the hot bench's latency runs, as a part of the bare servers' most requests/s. */
const STEADY = Math.min(1, Math.max(0.01, Number(process.env.BENCH_STEADY ?? 0.5)));

function wireSize(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; etag?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, etag: res.headers.etag as string | undefined }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function cannon(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: 50, duration: DURATION, headers });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), errors: r.errors, non2xx: r.non2xx };
}

async function main() {
  const { server, base, cookie, userId, customerId, json } = await startBenchServer();
  try {
    const profile = await json<{ openDates: string[] }>(`/api/Store/Profile/${userId}/${customerId}/0`);
    const date = profile.openDates[1] ?? profile.openDates[0]!;
    const catalogs = await json<{ orderId: number }[]>(`/api/Store/Catalog/${customerId}/${date}/${userId}`);
    const productsUrl = `/api/Store/Catalog/Products/${userId}/${customerId}/${catalogs[0]!.orderId}/${date}`;
    const products = await json<{ productId: string; quantityRemaining: number; unitOfMeasureQty: number }[]>(productsUrl);

    const raw = await wireSize(`${base}${productsUrl}`, { cookie });
    const br = await wireSize(`${base}${productsUrl}`, { cookie, "accept-encoding": "br" });
    const gz = await wireSize(`${base}${productsUrl}`, { cookie, "accept-encoding": "gzip" });
    const revalidated = br.etag ? await wireSize(`${base}${productsUrl}`, { cookie, "accept-encoding": "br", "if-none-match": br.etag }) : null;

    // Other buyers' first load of the store, each their own customer, their cart made (the store page
    // reads it) and holding nothing: the answer is shared by every such cart at the same discount.
    const firstLoadMs: number[] = [];
    for (const other of await signInOtherBuyers(base)) {
      const cartRes = await fetch(`${base}/api/Store/Cart/${other.userId}/${other.customerId}`, { headers: { cookie: other.cookie, origin: base } });
      if (!cartRes.ok) throw new Error(`another buyer's cart: ${cartRes.status}`);
      await cartRes.arrayBuffer();
      const t0 = performance.now();
      const res = await fetch(`${base}/api/Store/Catalog/Products/${other.userId}/${other.customerId}/${catalogs[0]!.orderId}/${date}`, {
        headers: { cookie: other.cookie, "accept-encoding": "br" },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`another buyer's catalog call: ${res.status}`);
      firstLoadMs.push(performance.now() - t0);
    }

    console.log("Load: /healthz, then the catalog-products call…");
    const health = await cannon(`${base}/healthz`, {});
    const catalog = await cannon(`${base}${productsUrl}`, { cookie, "accept-encoding": "br" });

    const available = products.filter((p) => p.quantityRemaining > 200).slice(0, 50);
    const saveMs: number[] = [];
    let cart = await json<{ version: number }>(`/api/Store/Cart/${userId}/${customerId}`);
    for (let i = 0; i < 30; i++) {
      const items = available.map((p, n) => ({ productId: p.productId, quantity: 1 + ((n + i) % 3) }));
      const t0 = performance.now();
      cart = await json(`/api/Store/Cart/Save/${userId}/${customerId}`, {
        method: "POST",
        body: JSON.stringify({ shipDate: date, items, version: cart.version }),
      });
      saveMs.push(performance.now() - t0);
    }

    const orderMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const items = available.slice(0, 10).map((p) => ({ productId: p.productId, quantity: 1 }));
      cart = await json(`/api/Store/Cart/Save/${userId}/${customerId}`, {
        method: "POST",
        body: JSON.stringify({ shipDate: date, items, version: cart.version }),
      });
      const t0 = performance.now();
      await json(`/api/Store/PlaceOrder/${userId}/${customerId}`, { method: "POST", body: "{}", headers: { "idempotency-key": `bench-${i}-${Date.now()}` } });
      orderMs.push(performance.now() - t0);
      cart = await json(`/api/Store/Cart/${userId}/${customerId}`);
    }

    const results = {
      when: new Date().toISOString(),
      products: products.length,
      customers: CUSTOMERS,
      catalogCall: {
        bytesUncompressed: raw.bytes,
        bytesBrotli: br.bytes,
        bytesGzip: gz.bytes,
        notModifiedStatus: revalidated?.status ?? null,
        notModifiedBytes: revalidated?.bytes ?? null,
      },
      healthz: health,
      catalogProducts: catalog,
      otherBuyersFirstCatalogCall: { runs: firstLoadMs.length, ms: firstLoadMs.map((ms) => Math.round(ms)) },
      cartSave50Lines: { runs: saveMs.length, p50: Math.round(percentile(saveMs, 50)), p99: Math.round(percentile(saveMs, 99)) },
      placeOrder10Lines: { runs: orderMs.length, p50: Math.round(percentile(orderMs, 50)), p99: Math.round(percentile(orderMs, 99)) },
    };
    console.table({
      "/healthz": { p50_ms: health.p50, p99_ms: health.p99, req_per_s: health.rps },
      "catalog products": { p50_ms: catalog.p50, p99_ms: catalog.p99, req_per_s: catalog.rps },
      "another buyer's first catalog call": { p50_ms: Math.round(percentile(firstLoadMs, 50)), p99_ms: Math.round(Math.max(...firstLoadMs)), req_per_s: "" },
      "cart save (50 lines)": { p50_ms: results.cartSave50Lines.p50, p99_ms: results.cartSave50Lines.p99, req_per_s: "" },
      "place order (10 lines)": { p50_ms: results.placeOrder10Lines.p50, p99_ms: results.placeOrder10Lines.p99, req_per_s: "" },
    });
    console.log(
      `Catalog call for ${products.length} products: ${(raw.bytes / 1024).toFixed(0)} KB raw, ${(br.bytes / 1024).toFixed(0)} KB brotli, ` +
        `${(gz.bytes / 1024).toFixed(0)} KB gzip; If-None-Match -> ${revalidated?.status ?? "no ETag"}`,
    );
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/store.json"), JSON.stringify(results, null, 2));
  } finally {
    await server.stop();
  }
}

/** The bytes (as sent: compressed when asked) and headers the app answers for a GET: what the bare server will send. */
function record(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: string; size: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        // Every header the app sent (its security headers, CSP and request id included), so the bare
        // server writes the same bytes; only what Node's http server writes itself is left to it.
        const keep: Record<string, string> = {};
        for (const [name, v] of Object.entries(res.headers)) {
          if (typeof v === "string" && !["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(name)) keep[name] = v;
        }
        resolve({ status: res.statusCode ?? 0, headers: keep, body: bytes.toString("base64"), size: bytes.length });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

async function startBare(answers: Record<string, { status: number; headers: Record<string, string>; body: string }>) {
  const file = path.join(ROOT, "bench/results/bare-answers.json");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare.ts"], { cwd: ROOT, env: { ...process.env, BARE_ANSWERS: file }, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      const m = /PORT (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", () => reject(new Error("bare server exited")));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

/**
 * 50 connections spread over the given bases (one autocannon each), added up. Without a rate they
 * send as fast as answers come (the most requests/s); with one, `rate` requests/s in all, spread
 * evenly: the latency a server gives under a steady load it can carry.
 */
async function cannonSpread(bases: string[], pathname: string, headers: Record<string, string>, rate?: number) {
  const per = Math.floor(50 / bases.length);
  const runs = await Promise.all(
    bases.map((b) =>
      autocannon({ url: `${b}${pathname}`, connections: per, duration: DURATION, headers, ...(rate ? { overallRate: Math.max(1, Math.round(rate / bases.length)) } : {}) }),
    ),
  );
  return {
    rps: Math.round(runs.reduce((n, r) => n + r.requests.average, 0)),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
    answered: runs.reduce((n, r) => n + r["2xx"] + r["3xx"], 0),
  };
}

/**
 * cannonSpread, and the CPU the serving processes (pids) spent per request they answered: the
 * server's own cost, which requests/s alone hides when autocannon is the bottleneck.
 */
async function cannonCpu(pids: number[], bases: string[], pathname: string, headers: Record<string, string>, rate?: number) {
  const { value, cpuMs } = await cpuDuring(pids, () => cannonSpread(bases, pathname, headers, rate));
  return { ...value, cpuMsPerRequest: Number((cpuMs / Math.max(1, value.answered)).toFixed(3)) };
}

/**
 * `npm run bench -- --hot`: the hot reads (Catalog/Products, CheckToken, the cart GET) through the
 * app and through a bare Node http server answering the same bytes (body and headers), in the same
 * run, 50 connections each; on PGlite (one instance) and, when BENCH_POSTGRES_URL is set, on
 * PostgreSQL with two instances, measured against two bare servers (and, for reference, one); with
 * the demo data and with BENCH_PRODUCTS generated products. Each call is measured flat out (the most
 * requests/s, and the latency when 50 connections queue) and at a steady part of the bare servers'
 * most (BENCH_STEADY, 0.5 unless set: the latency of a load the server carries), with the CPU per request
 * of each run. BENCH_CALLS (parts of the calls' names, comma-separated) measures only those calls.
 * Writes bench/results/hot.json.
 */
async function hotMain() {
  const setups: (HotBenchOptions & { label: string })[] = [];
  const kinds = (process.env.BENCH_DATA ?? "demo,large").split(",") as ("demo" | "large")[];
  for (const data of kinds) {
    setups.push({ label: `PGlite, ${data === "demo" ? "demo data" : `${PRODUCTS} products`}`, data });
    if (process.env.BENCH_POSTGRES_URL)
      setups.push({ label: `PostgreSQL x2 instances, ${data === "demo" ? "demo data" : `${PRODUCTS} products`}`, data, postgresUrl: process.env.BENCH_POSTGRES_URL, instances: 2 });
  }
  const results: Record<string, unknown>[] = [];
  for (const setup of setups) {
    const bench = await startHotBench(setup);
    try {
      const { cookie, userId, customerId, json } = bench;
      const profile = await json<{ openDates: string[] }>(`/api/Store/Profile/${userId}/${customerId}/0`);
      const date = profile.openDates[1] ?? profile.openDates[0]!;
      const catalogs = await json<{ orderId: number }[]>(`/api/Store/Catalog/${customerId}/${date}/${userId}`);
      const productsPath = `/api/Store/Catalog/Products/${userId}/${customerId}/${catalogs[0]!.orderId}/${date}`;
      const calls: Record<string, { path: string; headers: Record<string, string> }> = {
        "Catalog/Products (br)": { path: productsPath, headers: { cookie, "accept-encoding": "br" } },
        // A script or an integration that does not ask for compression.
        "Catalog/Products (no encoding)": { path: productsPath, headers: { cookie } },
        CheckToken: { path: "/api/Auth/CheckToken/", headers: { cookie } },
        "Cart GET": { path: `/api/Store/Cart/${userId}/${customerId}`, headers: { cookie } },
      };
      if (setup.data === "demo") calls["MMStore/Products (br)"] = await mmProductsCall(bench.base);
      // BENCH_CALLS (comma-separated parts of the names, e.g. "br,Cart"): only the calls named.
      const only = process.env.BENCH_CALLS?.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
      if (only?.length) for (const name of Object.keys(calls)) if (!only.some((s) => name.toLowerCase().includes(s))) delete calls[name];
      // The buyer's cart exists before anything is recorded: the first cart GET creates it, and a new
      // cart changes the buyer's catalogue answer (it carries the cart's quantities), which would then
      // be built anew inside the measured run.
      await json(`/api/Store/Cart/${userId}/${customerId}`);
      const keyOf = (c: { path: string; headers: Record<string, string> }) => answerKey(c.path, c.headers["accept-encoding"]);
      const recorded = Object.fromEntries(await Promise.all(Object.values(calls).map(async (c) => [keyOf(c), await record(`${bench.base}${c.path}`, c.headers)] as const)));
      // Every instance answers each call once before it is measured (the recording warmed the first
      // only): a cold instance's first 5,000-product answer is built from the database while its
      // connections wait, and that one wait alone would set the p99 of the whole run.
      for (const base of bench.bases.slice(1)) for (const c of Object.values(calls)) await record(`${base}${c.path}`, c.headers);
      // As many bare servers as app instances, the load spread over them the same way: on this
      // two-core machine two servers and the load generator share the cores, for the bare limit too.
      const bares: Awaited<ReturnType<typeof startBare>>[] = [];
      for (let i = 0; i < bench.bases.length; i++) bares.push(await startBare(recorded));
      try {
        for (const [name, call] of Object.entries(calls)) {
          console.log(`${setup.label}: ${name}…`);
          const one = await cannonCpu([bares[0]!.pid], [bares[0]!.base], call.path, call.headers);
          const b = bares.length > 1 ? await cannonCpu(bares.map((x) => x.pid), bares.map((x) => x.base), call.path, call.headers) : one;
          const app = await cannonCpu(bench.pids, bench.bases, call.path, call.headers);
          // Latency under a steady load of a part (BENCH_STEADY, half unless set) of what the bare servers carried at most: with 50
          // connections sending flat out, p99 is mostly time spent queueing (50 / requests-per-second),
          // for the bare server as much as for the app.
          const rate = Math.round(b.rps * STEADY);
          // The CPU per request at that steady rate too: flat out, a server that falls behind batches
          // more requests per turn of its event loop (and per system call), which makes each look cheaper.
          const bareAtRate = await cannonCpu(bares.map((x) => x.pid), bares.map((x) => x.base), call.path, call.headers, rate);
          const appAtRate = await cannonCpu(bench.pids, bench.bases, call.path, call.headers, rate);
          results.push({
            setup: setup.label,
            call: name,
            bytes: recorded[keyOf(call)]!.size,
            bare_rps: b.rps,
            bare_p99_ms: b.p99,
            app_rps: app.rps,
            app_p50_ms: app.p50,
            app_p99_ms: app.p99,
            app_errors: app.errors,
            app_share: `${Math.round((100 * app.rps) / b.rps)}%`,
            // The server's own CPU per request answered (user + system, /proc), app against bare.
            app_cpu_ms: app.cpuMsPerRequest,
            bare_cpu_ms: b.cpuMsPerRequest,
            cpu_cost: `x${(app.cpuMsPerRequest / Math.max(0.001, b.cpuMsPerRequest)).toFixed(1)}`,
            steady_rps: rate,
            bare_p99_steady_ms: bareAtRate.p99,
            app_p50_steady_ms: appAtRate.p50,
            app_p99_steady_ms: appAtRate.p99,
            app_errors_steady: appAtRate.errors,
            app_cpu_steady_ms: appAtRate.cpuMsPerRequest,
            bare_cpu_steady_ms: bareAtRate.cpuMsPerRequest,
            cpu_cost_steady: `x${(appAtRate.cpuMsPerRequest / Math.max(0.001, bareAtRate.cpuMsPerRequest)).toFixed(1)}`,
            ...(bares.length > 1 ? { one_bare_rps: one.rps, share_of_one_bare: `${Math.round((100 * app.rps) / one.rps)}%` } : {}),
          });
        }
      } finally {
        for (const x of bares) x.stop();
      }
    } finally {
      await bench.stop();
    }
  }
  console.table(results);
  mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(path.join(ROOT, "bench/results/hot.json"), JSON.stringify({ when: new Date().toISOString(), seconds: DURATION, results }, null, 2));
}

/** The mass-market store's product list (demo data): its buyer signs in and picks the first open date. */
async function mmProductsCall(base: string) {
  const { cookie, user } = await signIn(base, "massmarket@demo.test");
  const q = { customerId: user.customers[0]!.customerID, userId: user.id };
  const get = async <T>(p: string, extra: Record<string, string> = {}) => {
    const res = await fetch(`${base}${p}?${new URLSearchParams({ ...q, ...extra })}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const profile = await get<{ openDates: string[] }>("/api/MMStore/MMProfile");
  const shipDateTime = `${profile.openDates[0]}T00:00:00`;
  const [catalog] = await get<{ orderId: number }[]>("/api/MMStore/Catalogs", { shipDateTime });
  const path = `/api/MMStore/Products?${new URLSearchParams({ ...q, shipDateTime, catalog: String(catalog!.orderId) })}`;
  return { path, headers: { cookie, "accept-encoding": "br" } };
}

(process.argv.includes("--hot") ? hotMain() : main()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
