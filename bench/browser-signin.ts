/**
 * Sign-in to the dashboard's content (issue 30 §3), run through bench/browser.ts:
 *   BENCH_SCREEN=sign-in npm run bench:browser
 * On the generated catalogue (BENCH_PRODUCTS products), the bench buyer signs in on /login as a person
 * would (types the e-mail and password, presses "Sign in"); measured from the press, on the browser's
 * own clock:
 *   - to the dashboard's navigation (the login answer and the page's own start),
 *   - to the dashboard's first byte, and to its HTML parsed (DOMContentLoaded),
 *   - to the dashboard's content: its heading and every panel shown with its data (no "Loading…"),
 *   - to the page settled: the last request the page made answered, and nothing more for a second,
 * and long tasks (> 50 ms) on the dashboard. Each run signs in afresh (a new browser context, so no
 * cache). BENCH_TRACE=1 also records a Chromium trace of the first run's sign-in
 * (bench/results/sign-in-trace.json). Writes bench/results/sign-in-browser.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launchBrowser, newPage } from "../tests/e2e/harness.ts";
import { BENCH_EMAIL, BENCH_PASSWORD, percentile, ROOT, startBenchServer } from "./setup.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TRACE = process.env.BENCH_TRACE === "1";

/** In every page before its scripts: when the dashboard's content is all on screen, and long tasks. */
const WATCH = `(() => {
  if (!/\\/Dashboard/i.test(location.pathname)) return;
  const w = window;
  w.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__long.push(e.duration); }).observe({ type: "longtask", buffered: true });
  const done = () => {
    const main = document.querySelector("main");
    if (!main || !/Good to see you/.test(main.querySelector("h1")?.textContent ?? "")) return false;
    // Every panel with its data: none still says "Loading…".
    if (/Loading/.test(main.textContent ?? "")) return false;
    return ["specials-heading", "recommended-heading", "recent-heading", "combo-heading", "future-heading"].every((id) => document.getElementById(id));
  };
  const mo = new MutationObserver(() => {
    if (!w.__contentAt && done()) {
      w.__contentAt = performance.now();
      mo.disconnect();
      requestAnimationFrame(() => setTimeout(() => (w.__contentPaintedAt = performance.now())));
    }
  });
  mo.observe(document, { childList: true, subtree: true, characterData: true });
})()`;

interface Marks {
  origin: number;
  responseStart: number;
  domContentLoaded: number;
  contentPaintedAt: number;
  lastResponseEnd: number;
  requests: number;
  long: number[];
}

export async function signInScreen() {
  const bench = await startBenchServer();
  const browser = await launchBrowser();
  const toNavigation: number[] = [];
  const toFirstByte: number[] = [];
  const toParsed: number[] = [];
  const toContent: number[] = [];
  const toSettled: number[] = [];
  const longTasks: number[] = [];
  let requests = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await newPage(browser, {
        viewport: { width: 1680, height: 1000 },
      });
      await page.addInitScript(WATCH);
      await page.goto(`${bench.base}/login`);
      await page.getByLabel("E-mail").fill(BENCH_EMAIL);
      await page.getByLabel("Password").fill(BENCH_PASSWORD);
      // Let the login page's own fetches and fonts finish: only the sign-in is measured.
      await page.waitForLoadState("networkidle");
      const trace = TRACE && run === 0 ? await page.context().newCDPSession(page) : undefined;
      const traced: unknown[] = [];
      if (trace) {
        trace.on("Tracing.dataCollected", (e: { value: unknown[] }) => traced.push(...e.value));
        await trace.send("Tracing.start", {
          categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8.execute,netlog,loading",
          transferMode: "ReportEvents",
        });
        await page.waitForTimeout(500);
      }
      const t0 = await page.evaluate(() => performance.timeOrigin + performance.now());
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(/\/Dashboard/i);
      await page.waitForFunction(() => (window as unknown as { __contentPaintedAt?: number }).__contentPaintedAt, undefined, { timeout: 60_000 });
      // Settled: the last request the page made by a second after its content.
      await page.waitForTimeout(1000);
      const marks: Marks = await page.evaluate(() => {
        const w = window as unknown as {
          __contentPaintedAt: number;
          __long: number[];
        };
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        return {
          origin: performance.timeOrigin,
          responseStart: nav.responseStart,
          domContentLoaded: nav.domContentLoadedEventEnd,
          contentPaintedAt: w.__contentPaintedAt,
          lastResponseEnd: Math.max(nav.loadEventEnd, ...resources.map((r) => r.responseEnd)),
          requests: resources.length,
          long: w.__long,
        };
      });
      if (trace) {
        const done = new Promise((resolve) => trace.once("Tracing.tracingComplete", resolve));
        await trace.send("Tracing.end");
        await done;
        mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
        writeFileSync(path.join(ROOT, "bench/results/sign-in-trace.json"), JSON.stringify({ traceEvents: traced }));
      }
      toNavigation.push(marks.origin - t0);
      toFirstByte.push(marks.origin + marks.responseStart - t0);
      toParsed.push(marks.origin + marks.domContentLoaded - t0);
      toContent.push(marks.origin + marks.contentPaintedAt - t0);
      toSettled.push(marks.origin + Math.max(marks.lastResponseEnd, marks.contentPaintedAt) - t0);
      longTasks.push(...marks.long);
      requests = Math.max(requests, marks.requests);
      await page.context().close();
    }
    const ms = (values: number[]) => ({
      p50: Math.round(percentile(values, 50)),
      max: Math.round(Math.max(...values)),
    });
    const results = {
      when: new Date().toISOString(),
      screen: "sign-in",
      runs: RUNS,
      clickToDashboardNavigationMs: ms(toNavigation),
      clickToDashboardFirstByteMs: ms(toFirstByte),
      clickToDashboardParsedMs: ms(toParsed),
      clickToDashboardContentMs: ms(toContent),
      clickToSettledMs: ms(toSettled),
      dashboardRequests: requests,
      dashboardLongTasks: {
        count: longTasks.length,
        maxMs: Math.round(Math.max(0, ...longTasks)),
      },
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/sign-in-browser.json"), JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    await bench.server.stop();
  }
}
