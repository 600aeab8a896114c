/**
 * Store browser benchmark: `npm run bench:browser` (after `npm run build`). With a generated catalogue
 * of BENCH_PRODUCTS products (default 5,000), in Debian's Chromium:
 *   - time from choosing a ship date to a usable product list (rows on screen and the count shown)
 *   - typing a search into the filter box, a key every 60 ms (\"oriental\"): long tasks (> 50 ms) on the main thread
 *     while typing, and the time from the last key to the filtered list
 * Prints the figures and writes bench/results/store-browser.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launchBrowser, newPage, signIn } from "../tests/e2e/harness.ts";
import { BENCH_EMAIL, percentile, PRODUCTS, ROOT, startBenchServer } from "./setup.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function main() {
  const bench = await startBenchServer();
  const browser = await launchBrowser();
  const dateToList: number[] = [];
  const lastKeyToList: number[] = [];
  const longTasks: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await newPage(browser, { viewport: { width: 1440, height: 900 } });
      await signIn(page, bench.base, BENCH_EMAIL);
      await page.waitForURL(/Dashboard/);
      await page.goto(`${bench.base}/store`);
      const dates = page.getByRole("group", { name: "Ship date" }).getByRole("button");
      await dates.first().waitFor();
      const showing = page.getByText(/^Showing [\d,]+ of [\d,]+/);

      // Alternate dates so every run loads a catalogue afresh (no cached answer in the page).
      const t0 = await page.evaluate(() => performance.now());
      await dates.nth(1 + (run % 2)).click();
      await showing.waitFor();
      await page.getByRole("region", { name: "Flowers" }).getByRole("button").first().waitFor();
      dateToList.push((await page.evaluate(() => performance.now())) - t0);

      await page.evaluate(() => {
        const w = window as unknown as { __long: number[] };
        w.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push(e.duration);
        }).observe({ type: "longtask", buffered: false });
      });
      const before = await showing.textContent();
      const search = page.getByLabel("Search flowers");
      await search.click();
      await search.pressSequentially("oriental", { delay: 60 });
      const typedAt = await page.evaluate(() => performance.now());
      await page.waitForFunction(
        (prev) => [...document.querySelectorAll("p, span, div")].some((n) => n.children.length === 0 && /^Showing [\d,]+ of/.test(n.textContent ?? "") && n.textContent !== prev),
        before,
      );
      lastKeyToList.push((await page.evaluate(() => performance.now())) - typedAt);
      longTasks.push(...(await page.evaluate(() => (window as unknown as { __long: number[] }).__long)));
      await page.context().close();
    }
    const results = {
      when: new Date().toISOString(),
      products: PRODUCTS,
      runs: RUNS,
      dateToUsableListMs: { p50: Math.round(percentile(dateToList, 50)), max: Math.round(Math.max(...dateToList)) },
      lastKeyToFilteredListMs: { p50: Math.round(percentile(lastKeyToList, 50)), max: Math.round(Math.max(...lastKeyToList)) },
      longTasksWhileTyping: { count: longTasks.length, maxMs: Math.round(Math.max(0, ...longTasks)) },
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/store-browser.json"), JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    await bench.server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
