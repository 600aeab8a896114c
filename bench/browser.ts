/**
 * Store browser benchmark: `npm run bench:browser` (after `npm run build`). With a generated catalogue
 * of BENCH_PRODUCTS products (default 5,000), in Debian's Chromium:
 *   - time from choosing a ship date to a usable product list (rows on screen and the count shown)
 *   - typing a search into the filter box, a key every 60 ms ("oriental"): long tasks (> 50 ms) on the main thread
 *     while typing, and the time from the last key to the filtered list
 *   - switching "Only available" on and choosing a category: time to the filtered list, and long tasks
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
  const keyToList: number[] = [];
  const longTasks: number[] = [];
  const filterToList: number[] = [];
  const filterLongTasks: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await newPage(browser, { viewport: { width: 1680, height: 1000 } });
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

      // Watch the product count ("N products" / "N of M products match") and long tasks from here on.
      await page.waitForFunction(() => [...document.querySelectorAll("p[role=status]")].some((n) => /products( match)?$/.test(n.textContent ?? "")));
      await page.evaluate(() => {
        const w = window as unknown as { __long: number[]; __changes: number[] };
        w.__long = [];
        w.__changes = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push(e.duration);
        }).observe({ type: "longtask", buffered: false });
        const count = [...document.querySelectorAll("p[role=status]")].find((n) => /products( match)?$/.test(n.textContent ?? ""));
        if (!count) throw new Error("no product count on the page");
        new MutationObserver(() => w.__changes.push(performance.now())).observe(count, { subtree: true, childList: true, characterData: true });
        // Every key press, and every change to the list of flowers (rows and count), for the
        // key-to-screen latency of the search box.
        const k = window as unknown as { __keys: number[]; __listChanges: number[] };
        k.__keys = [];
        k.__listChanges = [];
        document.addEventListener("keydown", () => k.__keys.push(performance.now()), true);
        const list = count.parentElement!;
        new MutationObserver(() => k.__listChanges.push(performance.now())).observe(list, { subtree: true, childList: true, characterData: true });
      });
      const settle = async (since: number) => {
        // The list has settled when the count has not changed for a second; the last change is when
        // the final answer was on screen.
        await page.waitForTimeout(1000);
        const changes = await page.evaluate(() => (window as unknown as { __changes: number[] }).__changes.splice(0));
        return Math.max(0, (changes.at(-1) ?? since) - since);
      };
      const search = page.getByLabel("Search flowers");
      await search.click();
      await search.pressSequentially("oriental", { delay: 60 });
      await settle(0);
      // For each key that changed the list: the time from the key to the list's first change after it.
      const { keys, listChanges } = await page.evaluate(() => {
        const k = window as unknown as { __keys: number[]; __listChanges: number[] };
        return { keys: k.__keys.splice(0), listChanges: k.__listChanges.splice(0) };
      });
      keys.forEach((at, i) => {
        const next = keys[i + 1] ?? Infinity;
        const change = listChanges.find((c) => c >= at);
        if (change !== undefined && change < next + 1000) keyToList.push(change - at);
      });
      const typingLong = await page.evaluate(() => (window as unknown as { __long: number[] }).__long.splice(0));
      longTasks.push(...typingLong);

      // Filters: clear the search, then switch "Only available" on and choose a category.
      await search.fill("");
      await settle(0);
      await page.evaluate(() => (window as unknown as { __long: number[] }).__long.splice(0));
      for (const control of [page.getByRole("checkbox", { name: /^Only available/ }), page.getByRole("group", { name: /^Category/ }).getByRole("checkbox").first()]) {
        const clickedAt = await page.evaluate(() => performance.now());
        await control.click();
        filterToList.push(await settle(clickedAt));
      }
      filterLongTasks.push(...(await page.evaluate(() => (window as unknown as { __long: number[] }).__long.splice(0))));
      await page.context().close();
    }
    const results = {
      when: new Date().toISOString(),
      products: PRODUCTS,
      runs: RUNS,
      dateToUsableListMs: { p50: Math.round(percentile(dateToList, 50)), max: Math.round(Math.max(...dateToList)) },
      keyToFilteredListMs: { keys: keyToList.length, p50: Math.round(percentile(keyToList, 50)), max: Math.round(Math.max(...keyToList)) },
      longTasksWhileTyping: { count: longTasks.length, maxMs: Math.round(Math.max(0, ...longTasks)) },
      filterClickToListMs: { p50: Math.round(percentile(filterToList, 50)), max: Math.round(Math.max(...filterToList)) },
      longTasksOnFilterClicks: { count: filterLongTasks.length, maxMs: Math.round(Math.max(0, ...filterLongTasks)) },
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
