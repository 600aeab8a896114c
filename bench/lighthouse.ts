/**
 * Public page benchmark: `npm run bench:pages` (after `npm run build`). Starts the built server on a
 * free port with a fresh embedded database (demo data), and in Debian's Chromium loads the home page,
 * a variety page and a blog article with a cold cache, BENCH_RUNS times each (default 5), on two
 * network profiles: the machine as it is, and a mid-range phone on a slow 4G link (150 ms RTT,
 * 1.6 Mbit/s down, CPU slowed 4x). Measures, per page: time to first byte, largest contentful paint,
 * cumulative layout shift, JavaScript bytes and total bytes transferred (from resource timing).
 * Prints a table and writes bench/results/pages.json.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { launchBrowser, newPage, startServer } from "../tests/e2e/harness.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = ["/", "/lilies", "/Blog/Behind-the-Blooms"];

interface Profile {
  name: string;
  /** CDP Network.emulateNetworkConditions; null: no throttling. */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
  cpuSlowdown: number;
  viewport: { width: number; height: number };
}

const PROFILES: Profile[] = [
  { name: "desktop, unthrottled", network: null, cpuSlowdown: 1, viewport: { width: 1440, height: 900 } },
  {
    name: "phone, slow 4G, 4x CPU",
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    cpuSlowdown: 4,
    viewport: { width: 360, height: 780 },
  },
];

interface Sample {
  ttfbMs: number;
  lcpMs: number;
  lcpElement: string;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
}

/** Collects LCP and layout shifts from the first paint on (registered before any page script runs). */
const OBSERVERS = `
  window.__lcp = { t: 0, el: "" };
  window.__cls = 0;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__lcp = { t: e.startTime, el: e.element ? e.element.tagName.toLowerCase() + (e.element.id ? "#" + e.element.id : "") : (e.url || "") };
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
  }).observe({ type: "layout-shift", buffered: true });
`;

// A string, not a function: tsx would wrap a function's inner helpers in a __name() the page lacks.
const READ_METRICS = `(() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  const size = (r) => r.transferSize || r.encodedBodySize || 0;
  const js = resources.filter((r) => new URL(r.name).pathname.endsWith(".js"));
  return {
    ttfbMs: Math.round(nav.responseStart - nav.startTime),
    lcpMs: Math.round(window.__lcp.t),
    lcpElement: window.__lcp.el,
    cls: Math.round(window.__cls * 1000) / 1000,
    jsBytes: js.reduce((n, r) => n + size(r), 0),
    totalBytes: resources.reduce((n, r) => n + size(r), 0) + size(nav),
    requests: resources.length + 1,
  };
})()`;

async function measure(page: Page, url: string): Promise<Sample> {
  await page.goto(url, { waitUntil: "load" });
  // Let late paints and shifts land (and lazy pictures near the fold start).
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  return page.evaluate(READ_METRICS) as Promise<Sample>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("Run `npm run build` first.");
  const server = await startServer({ LOG_LEVEL: "error" });
  const browser = await launchBrowser();
  const results: Record<string, Record<string, Sample & { runs: number }>> = {};
  try {
    // One warm-up visit so the first measured run does not pay for the server's first render.
    const warm = await newPage(browser);
    for (const p of PAGES) await warm.goto(`${server.baseUrl}${p}`);
    await warm.context().close();

    for (const profile of PROFILES) {
      results[profile.name] = {};
      for (const p of PAGES) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i++) {
          // A fresh context each run: cold HTTP cache, like a first visit.
          const page = await newPage(browser, { viewport: profile.viewport });
          await page.addInitScript(OBSERVERS);
          const cdp = await page.context().newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
          if (profile.network) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
          if (profile.cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
          samples.push(await measure(page, `${server.baseUrl}${p}`));
          await page.context().close();
        }
        const pick = <K extends keyof Sample>(k: K) => samples.map((s) => s[k] as number);
        results[profile.name]![p] = {
          runs: RUNS,
          ttfbMs: Math.round(median(pick("ttfbMs"))),
          lcpMs: Math.round(median(pick("lcpMs"))),
          lcpElement: samples[samples.length - 1]!.lcpElement,
          cls: Math.max(...pick("cls")),
          jsBytes: Math.round(median(pick("jsBytes"))),
          totalBytes: Math.round(median(pick("totalBytes"))),
          requests: Math.round(median(pick("requests"))),
        };
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  for (const [profile, pages] of Object.entries(results)) {
    console.log(`\n${profile} (median of ${RUNS} cold loads; CLS: worst run)`);
    console.table(
      Object.fromEntries(
        Object.entries(pages).map(([p, r]) => [
          p,
          { TTFB: `${r.ttfbMs} ms`, LCP: `${r.lcpMs} ms`, "LCP element": r.lcpElement, CLS: r.cls, JS: kb(r.jsBytes), transferred: kb(r.totalBytes), requests: r.requests },
        ]),
      ),
    );
  }
  mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(path.join(ROOT, "bench/results/pages.json"), JSON.stringify({ when: new Date().toISOString(), runs: RUNS, results }, null, 2));
  console.log("\nWritten to bench/results/pages.json");
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
