/**
 * Mass-market store benchmark: `npm run bench:mm` (after `npm run build`). Generates BENCH_MM_BOUQUETS
 * bouquets (default 2,000; db/seed/generate.ts generateMm) in a fresh embedded database, starts the
 * real server and measures:
 *   - GET /api/MMStore/Products for all of them: p50, p99 and requests/s (autocannon, 50 connections),
 *     and its size on the wire (identity, gzip, brotli)
 *   - in Debian's Chromium, the MM store's fuzzy search (SPEC §5: Fuse, threshold 0.4) over them while
 *     typing a key every 60 ms: long tasks (> 50 ms) on the main thread, and key-to-list latency
 * Prints the figures and writes bench/results/mm.json. Figures, not pass/fail.
 */
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { launchBrowser, newPage, signIn, startServer } from "../tests/e2e/harness.ts";
import { BENCH_PASSWORD, percentile, ROOT } from "./setup.ts";

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
      const search = page.getByLabel("Search bouquets");
      await search.focus();
      await search.pressSequentially("sunrise petite lily", { delay: 60 });
      await page.waitForTimeout(1000);
      await count.waitFor();
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
    console.log("Load: MM Products…");
    const load = await autocannon({ url: `${base}${productsPath}`, connections: 50, duration: DURATION, headers: { cookie, "accept-encoding": "br" } });

    const results = {
      when: new Date().toISOString(),
      bouquets: products.length,
      mmProducts: { p50Ms: load.latency.p50, p99Ms: load.latency.p99, requestsPerSecond: Math.round(load.requests.average), non2xx: load.non2xx, bytesOnTheWire: bytes },
      fuzzySearchInBrowser: {
        runs: RUNS,
        keys: keyToList.length,
        keyToListMs: { p50: Math.round(percentile(keyToList.length ? keyToList : [0], 50)), max: Math.round(Math.max(0, ...keyToList)) },
        longTasks: { count: longTasks.length, maxMs: Math.round(Math.max(0, ...longTasks)) },
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
