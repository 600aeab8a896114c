/**
 * Mass-market store benchmark: `npm run bench:mm` (after `npm run build`). Generates BENCH_MM_BOUQUETS
 * bouquets (default 2,000; db/seed/generate.ts generateMm) in a fresh embedded database, starts the
 * real server and measures:
 *   - GET /api/MMStore/Products for all of them: p50, p99 and requests/s (autocannon, 50 connections),
 *     beside a bare Node http server answering the same brotli bytes in the same run (the floor: no
 *     routing, session, database or cache), and its size on the wire (identity, gzip, brotli); and
 *     the same call revalidated with its ETag (If-None-Match: 304, no body); for each, the server
 *     process's CPU per request answered (utime + stime from /proc/<pid>/stat over the run), the bare
 *     server running as its own process (bench/bare.ts) so that autocannon's CPU is not counted
 *   - in Debian's Chromium, the MM store's fuzzy search (SPEC §5: Fuse, threshold 0.4) over them while
 *     typing a key every 60 ms: long tasks (> 50 ms) on the main thread (PerformanceObserver
 *     'longtask', wall clock), the main thread's tasks by CPU time (Chromium's trace, which a busy
 *     machine does not stretch), key-to-list latency, and how many bouquet rows the page holds
 * Prints the figures and writes bench/results/mm.json. Figures, not pass/fail.
 */
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { launchBrowser, newPage, signIn, startServer } from "../tests/e2e/harness.ts";
import { answerKey } from "./bare-key.ts";
import { BENCH_PASSWORD, cpuDuring, percentile, ROOT } from "./setup.ts";

/** Runs autocannon and measures the server process's CPU per request answered over the run. */
async function cannonWithCpu(pid: number, opts: autocannon.Options) {
  const { value: result, cpuMs } = await cpuDuring([pid], () => autocannon(opts));
  const answered = result["2xx"] + result["3xx"];
  return { result, cpuMsPerRequest: Number((cpuMs / Math.max(1, answered)).toFixed(3)) };
}

const BOUQUETS = Number(process.env.BENCH_MM_BOUQUETS ?? 2000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const EMAIL = "bench-mm@demo.test";

function wireSize(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => resolve(bytes));
    });
    req.on("error", reject);
    req.end();
  });
}

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  /** Thread (CPU) duration in microseconds. */
  tdur?: number;
  args?: { name?: string };
}

function fetchRaw(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ body: Buffer.concat(chunks), headers: res.headers as Record<string, string> }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A bare Node http server answering "/" with the given bytes and headers (bench/bare.ts), as its own
 * process: its CPU is then its own, not shared with autocannon's.
 */
async function bareServer(body: Buffer, headers: Record<string, string>): Promise<{ url: string; pid: number; stop: () => void }> {
  const file = path.join(ROOT, "bench/results/bare-mm-answer.json");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ [answerKey("/", "br")]: { status: 200, headers, body: body.toString("base64") } }));
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare.ts"], { cwd: ROOT, env: { ...process.env, BARE_ANSWERS: file }, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      const m = /PORT (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", () => reject(new Error("bare server exited")));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bloom-bench-mm-"));
  console.log(`Generating ${BOUQUETS} bouquets…`);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "db/seed-cli.ts", "--mm", String(BOUQUETS)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("data generation failed");
  const server = await startServer({ DEMO_MODE: "false", LOG_LEVEL: "error" }, { dataDir });
  const base = server.baseUrl;
  const browser = await launchBrowser();
  try {
    const login = await fetch(`${base}/api/Auth/login/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: BENCH_PASSWORD }) });
    if (!login.ok) throw new Error(`bench login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const user = (await login.json()) as { id: string; customers: { customerID: string }[] };
    const q = new URLSearchParams({ customerId: user.customers[0]!.customerID, userId: user.id });
    const get = async <T>(p: string, extra: Record<string, string> = {}) => {
      const res = await fetch(`${base}${p}?${new URLSearchParams({ ...Object.fromEntries(q), ...extra })}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const profile = await get<{ openDates: string[] }>("/api/MMStore/MMProfile");
    const shipDateTime = `${profile.openDates[0]}T00:00:00`;
    const [catalog] = await get<{ orderId: number }[]>("/api/MMStore/Catalogs", { shipDateTime });
    const productsPath = `/api/MMStore/Products?${new URLSearchParams({ ...Object.fromEntries(q), shipDateTime, catalog: String(catalog!.orderId) })}`;
    const products = await get<unknown[]>("/api/MMStore/Products", { shipDateTime, catalog: String(catalog!.orderId) });
    const bytes = {
      identity: await wireSize(`${base}${productsPath}`, { cookie }),
      gzip: await wireSize(`${base}${productsPath}`, { cookie, "accept-encoding": "gzip" }),
      br: await wireSize(`${base}${productsPath}`, { cookie, "accept-encoding": "br" }),
    };
    const longTasks: number[] = [];
    const keyToList: number[] = [];
    // From Chromium's trace: each main-thread task's CPU time (tdur), which a loaded machine does not
    // stretch as it stretches wall-clock durations (the long-task entries).
    const taskCpuMs: number[] = [];
    const rowsInPage: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await newPage(browser, { viewport: { width: 1680, height: 1000 } });
      await signIn(page, base, EMAIL);
      await page.waitForURL(/Dashboard/);
      await page.goto(`${base}/MM/Store`);
      const first = page.getByRole("group", { name: "Ship date" }).getByRole("button").first();
      await first.waitFor();
      await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactFiber$")));
      await first.click();
      const count = page.getByRole("status").filter({ hasText: / bouquets$/ });
      await page.waitForFunction((n) => [...document.querySelectorAll("p[role=status]")].some((p) => p.textContent === `${n} of ${n} bouquets`), products.length, { timeout: 60_000 });
      await page.evaluate(() => {
        const w = window as unknown as { __long: number[]; __keys: number[]; __changes: number[] };
        w.__long = [];
        w.__keys = [];
        w.__changes = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push(e.duration);
        }).observe({ type: "longtask", buffered: false });
        document.addEventListener("keydown", () => w.__keys.push(performance.now()), true);
        const status = [...document.querySelectorAll("p[role=status]")].find((p) => / bouquets$/.test(p.textContent ?? ""))!;
        new MutationObserver(() => w.__changes.push(performance.now())).observe(status.parentElement!, { subtree: true, childList: true, characterData: true });
      });
      const rows = () => page.evaluate(() => document.querySelectorAll('[aria-label="Bouquets on offer"] > li').length);
      rowsInPage.push(await rows());
      const cdp = await page.context().newCDPSession(page);
      const events: TraceEvent[] = [];
      cdp.on("Tracing.dataCollected", (e) => {
        events.push(...(e.value as unknown as TraceEvent[]));
      });
      await cdp.send("Tracing.start", { categories: "toplevel,disabled-by-default-devtools.timeline", transferMode: "ReportEvents" });
      const search = page.getByLabel("Search bouquets");
      await search.focus();
      await search.pressSequentially("sunrise petite lily", { delay: 60 });
      await page.waitForTimeout(1000);
      await count.waitFor();
      const traced = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await traced;
      rowsInPage.push(await rows());
      const mainThreads = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
      for (const e of events) if (e.name === "RunTask" && e.tdur !== undefined && mainThreads.has(`${e.pid}:${e.tid}`)) taskCpuMs.push(e.tdur / 1000);
      const { long, keys, changes } = await page.evaluate(() => {
        const x = window as unknown as { __long: number[]; __keys: number[]; __changes: number[] };
        return { long: x.__long, keys: x.__keys, changes: x.__changes };
      });
      longTasks.push(...long);
      keys.forEach((at, i) => {
        const next = keys[i + 1] ?? Infinity;
        const change = changes.find((c) => c >= at);
        if (change !== undefined && change < next + 1000) keyToList.push(change - at);
      });
      await page.context().close();
    }
    console.log("Load: MM Products, then its ETag revalidation, then a bare Node server with the same bytes…");
    const { result: load, cpuMsPerRequest: appCpu } = await cannonWithCpu(server.pid, { url: `${base}${productsPath}`, connections: 50, duration: DURATION, headers: { cookie, "accept-encoding": "br" } });
    const same = await fetchRaw(`${base}${productsPath}`, { cookie, "accept-encoding": "br" });
    const { result: revalidated, cpuMsPerRequest: revalidatedCpu } = await cannonWithCpu(server.pid, {
      url: `${base}${productsPath}`,
      connections: 50,
      duration: DURATION,
      headers: { cookie, "accept-encoding": "br", "if-none-match": same.headers.etag! },
    });
    const bare = await bareServer(same.body, {
      "content-type": same.headers["content-type"]!,
      "content-encoding": same.headers["content-encoding"]!,
      etag: same.headers.etag!,
      "cache-control": "private, no-cache",
      vary: "accept-encoding",
    });
    const { result: floor, cpuMsPerRequest: bareCpu } = await cannonWithCpu(bare.pid, { url: bare.url, connections: 50, duration: DURATION, headers: { "accept-encoding": "br" } });
    bare.stop();

    const results = {
      when: new Date().toISOString(),
      bouquets: products.length,
      mmProducts: { p50Ms: load.latency.p50, p99Ms: load.latency.p99, requestsPerSecond: Math.round(load.requests.average), cpuMsPerRequest: appCpu, cpuTimesBare: Number((appCpu / Math.max(0.001, bareCpu)).toFixed(2)), non2xx: load.non2xx, bytesOnTheWire: bytes },
      mmProductsRevalidated304: { p50Ms: revalidated.latency.p50, p99Ms: revalidated.latency.p99, requestsPerSecond: Math.round(revalidated.requests.average), cpuMsPerRequest: revalidatedCpu, answered304: revalidated["3xx"], other: revalidated["2xx"] + revalidated["4xx"] + revalidated["5xx"] },
      bareNodeSameBytes: { p50Ms: floor.latency.p50, p99Ms: floor.latency.p99, requestsPerSecond: Math.round(floor.requests.average), cpuMsPerRequest: bareCpu, bytes: same.body.length },
      fuzzySearchInBrowser: {
        runs: RUNS,
        keys: keyToList.length,
        keyToListMs: { p50: Math.round(percentile(keyToList.length ? keyToList : [0], 50)), max: Math.round(Math.max(0, ...keyToList)) },
        longTasks: { count: longTasks.length, maxMs: Math.round(Math.max(0, ...longTasks)) },
        mainThreadTaskCpu: { tasks: taskCpuMs.length, over50Ms: taskCpuMs.filter((t) => t > 50).length, maxMs: Math.round(Math.max(0, ...taskCpuMs)) },
        rowsInPage: { max: Math.max(0, ...rowsInPage) },
      },
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/mm.json"), JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
