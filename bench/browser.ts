/**
 * Store browser benchmark: `npm run bench:browser` (after `npm run build`). With a generated catalogue
 * of BENCH_PRODUCTS products (default 5,000), in Debian's Chromium:
 *   - time from choosing a ship date to a usable product list (a row's Add button in the list, noted in
 *     the page as it appears), the page's main-thread time (its tasks' sum) and CPU time over that time, and long
 *     tasks (> 50 ms) on the main thread from the click to a second after the list is usable
 *   - typing a search into the filter box, a key every 60 ms ("oriental"): long tasks (> 50 ms) on the main thread
 *     while typing, and the time from the last key to the filtered list
 *   - switching "Only available" on and choosing a category: time to the filtered list, and long tasks
 *   - scrolling the windowed list of all products with the mouse wheel (SCROLL_STEPS wheel turns of
 *     600 px, one every 30 ms): long tasks, the longest gap between animation frames, rows in the page
 * BENCH_VIEW=grid runs the same steps in the grid view (windowed by rows of cards) instead of the list.
 * Prints the figures and writes bench/results/store-browser.json (store-browser-grid.json for the grid).
 * BENCH_SCREEN=supply-grid measures the supply desk's availability grid instead (issue 30), as the
 * bench's member of staff on the generated catalog of BENCH_PRODUCTS lines: the time from the lines'
 * answer to the grid's first screen laid out and painted, and long tasks then, while scrolling the
 * whole grid with the wheel, and while typing in cells and moving between them with the arrows.
 * Writes bench/results/supply-grid-browser.json; with BENCH_TRACE=1 also a Chromium trace of the first
 * run's load and scrolling (bench/results/supply-grid-trace.json).
 * BENCH_SCREEN=order-desk and BENCH_SCREEN=pick-list measure the order desk with a day of 2,000 orders
 * and that day's pick list of 500 products the same way (bench/browser-desk.ts).
 * BENCH_SCREEN=sign-in measures signing in on /login to the dashboard's content (bench/browser-signin.ts).
 * BENCH_SETTLED=1 chooses the date once the page's own list is shown (a buyer changing dates), not as
 * soon as the dates are there (the list may still be loading, or no date chosen yet: nothing held).
 * BENCH_ONLY=date measures the date's choice alone (no scrolling, typing or filters): more runs in the
 * same time when only that is being compared.
 * BENCH_TRACE=1 also records a Chromium performance trace of one run, from opening the store to the date
 * choice and scrolling (bench/results/store-browser-trace.json; open it in Chromium's Performance
 * panel): the first run, or run BENCH_TRACE_RUN (counted from 0; the first run's date is the first
 * read of it since the server started, the next runs' are not).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { launchBrowser, newPage, signIn } from "../tests/e2e/harness.ts";
import { deskScreen } from "./browser-desk.ts";
import { measureScroll, scrollSummary } from "./scroll.ts";
import { takeLongFrames, watchLongFrames, type LongFrame } from "./long-frames.ts";
import { signInScreen } from "./browser-signin.ts";
import { BENCH_EMAIL, percentile, PRODUCTS, ROOT, startBenchServer } from "./setup.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VIEW = process.env.BENCH_VIEW === "grid" ? "grid" : "list";
const TRACE = process.env.BENCH_TRACE === "1";
const TRACE_RUN = Number(process.env.BENCH_TRACE_RUN ?? 0);
const SETTLED = process.env.BENCH_SETTLED === "1";
const DATE_ONLY = process.env.BENCH_ONLY === "date";

async function main() {
  if (process.env.BENCH_SCREEN === "supply-grid") return supplyGrid();
  if (process.env.BENCH_SCREEN === "sign-in") return signInScreen();
  if (process.env.BENCH_SCREEN === "order-desk" || process.env.BENCH_SCREEN === "pick-list") return deskScreen(process.env.BENCH_SCREEN);
  const bench = await startBenchServer();
  const browser = await launchBrowser();
  const dateToList: number[] = [];
  const dateLongTasks: number[] = [];
  const dateLongFrames: (LongFrame & { run: number })[] = [];
  const dateSteps: DateSteps[] = [];
  const dateMainThread: number[] = [];
  const dateMainThreadCpu: number[] = [];
  let orderableThroughout = 0;
  const keyToList: number[] = [];
  const longTasks: number[] = [];
  const filterToList: number[] = [];
  const filterLongTasks: number[] = [];
  const scrollLongTasks: number[] = [];
  const scrollFrameGaps: number[] = [];
  const rowsInPage: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await newPage(browser, { viewport: { width: 1680, height: 1000 } });
      await signIn(page, bench.base, BENCH_EMAIL);
      await page.waitForURL(/Dashboard/);
      // The store remembers its view in the browser (app/features/store/preferences.ts).
      await page.evaluate((view) => localStorage.setItem("bloom.store.view", view), VIEW);
      // BENCH_TRACE=1 records a Chromium performance trace of one run (bench/results/store-browser-trace.json),
      // started before the store opens: starting the CPU profiler is a long task of its own (a few
      // hundred ms), spent here rather than between the dates' showing and the click.
      const trace = TRACE && run === TRACE_RUN ? await page.context().newCDPSession(page) : undefined;
      const traced: unknown[] = [];
      if (trace) {
        trace.on("Tracing.dataCollected", (e: { value: unknown[] }) => traced.push(...e.value));
        await trace.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8.execute,disabled-by-default-v8.cpu_profiler", transferMode: "ReportEvents" });
      }
      // The page's main-thread time (the sum of its tasks' durations), from the browser's own counter:
      // a measure of the date's work that the machine's load stretches less than the time it takes.
      const metrics = await page.context().newCDPSession(page);
      await metrics.send("Performance.enable");
      const metric = async (name: string) => (await metrics.send("Performance.getMetrics")).metrics.find((m) => m.name === name)?.value ?? NaN;
      const taskSeconds = () => metric("TaskDuration");
      // And its CPU time (ThreadTime), which a machine busy with other work stretches far less.
      const cpuSeconds = () => metric("ThreadTime");
      await page.goto(`${bench.base}/store`);
      const dates = page.getByRole("group", { name: "Ship date" }).getByRole("button");
      await dates.first().waitFor();
      // BENCH_SETTLED=1: the date is chosen once the page's own list is shown (when the cart has a
      // date), as a buyer changing dates meets it; by default as soon as the dates are there.
      if (SETTLED) {
        await page.getByText(/^(Flowers for |When should we ship\?)/).first().waitFor();
        if ((await page.getByRole("heading", { name: /^Flowers for / }).count()) > 0) {
          await page.waitForFunction(() => [...document.querySelectorAll("p[role=status]")].some((n) => /products( match)?$/.test(n.textContent ?? "")), undefined, { timeout: 60_000 });
        }
      }

      // Long tasks from the date's click until the list is usable (and a second after, while the
      // rest of the page settles).
      await page.evaluate(() => {
        const w = window as unknown as { __dateLong: number[] };
        w.__dateLong = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__dateLong.push(e.duration);
        }).observe({ type: "longtask", buffered: false });
      });
      // And the frames that held them, with the scripts each ran (bench/long-frames.ts).
      await watchLongFrames(page);
      // Alternate dates so every run loads a catalogue afresh (no cached answer in the page).
      // The first rows for the date chosen are noted as they are in the page: the rows of the page's
      // list marked as updating (aria-busy), or rows of a list put in the page since the click. The
      // list is usable when a row can be put in the cart: noted in the page too, as it happens (a
      // locator's wait polls at 0, 20, 70, 170, 270 ms and then every 500 ms, and its role queries run
      // on the page's main thread), once the rows that could be ordered before the click have gone
      // (the date's own rows are never the ones shown before it, which are another date's).
      // The browser's counters first (a round trip each), before t0.
      const tasksBefore = await taskSeconds();
      const cpuBefore = await cpuSeconds();
      const t0 = await page.evaluate(() => {
        const w = window as unknown as { __firstRowAt?: number; __usableAt?: number; __clicked?: boolean; __usable: Promise<number>; __onUsable: (at: number) => void };
        w.__firstRowAt = undefined;
        w.__usableAt = undefined;
        w.__clicked = false;
        w.__usable = new Promise<number>((resolve) => (w.__onUsable = resolve));
        const flowers = "[role=region][aria-label=Flowers]";
        const add = 'button[aria-label^="Add "][aria-label$=" to cart"]';
        const before = document.querySelector(flowers);
        let gone = false;
        const mo = new MutationObserver(() => {
          const region = document.querySelector(flowers);
          if (w.__firstRowAt === undefined && region?.querySelector("[data-index]") && (region !== before || region.querySelector("[aria-busy=true]"))) {
            w.__firstRowAt = performance.now();
            performance.mark("bench: first rows");
          }
          if (!w.__clicked) return;
          const orderable = !!region?.querySelector(add) && !region.querySelector("[aria-busy=true]");
          if (!orderable) gone = true;
          else if (gone && w.__usableAt === undefined) {
            w.__usableAt = performance.now();
            w.__onUsable(w.__usableAt);
            // In the trace (BENCH_TRACE=1) too.
            performance.mark("bench: usable list");
          }
          if (w.__firstRowAt !== undefined && w.__usableAt !== undefined) mo.disconnect();
        });
        mo.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-busy", "aria-label"] });
        // The click's Event Timing: its handlers' time (React's render and commit of the click), and input to next paint (to 8 ms).
        const e = window as unknown as { __clickTiming?: { processing: number; toPaint: number } };
        e.__clickTiming = undefined;
        const eo = new PerformanceObserver((list) => {
          for (const t of list.getEntries() as PerformanceEventTiming[]) {
            if (t.name !== "click" || e.__clickTiming) continue;
            e.__clickTiming = { processing: t.processingEnd - t.processingStart, toPaint: t.duration };
            eo.disconnect();
          }
        });
        eo.observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
        document.addEventListener(
          "click",
          (event) => {
            w.__clicked = true;
            (w as unknown as { __clickAt: number }).__clickAt = performance.now();
            (w as unknown as { __clickInputAt: number }).__clickInputAt = event.timeStamp; // the input's own time
          },
          { capture: true, once: true },
        );
        performance.clearResourceTimings();
        return performance.now();
      });
      // The date chosen, from its save (an empty cart's date is saved at the click).
      const chosen = page
        .waitForRequest(/\/Cart\/Save\//, { timeout: 20_000 })
        .then((r) => (JSON.parse(r.postData() ?? "{}") as { shipDate?: string }).shipDate ?? null)
        .catch(() => null);
      await dates.nth(1 + (run % 2)).click();
      // Waited for in one call that the page answers when its list is usable, not by polling it every
      // frame (waitForFunction): the bench's own scripts stay off the page's main thread meanwhile.
      const usableAt = await page.evaluate(() =>
        Promise.race([(window as unknown as { __usable: Promise<number> }).__usable, new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000))]),
      );
      // None: rows could be ordered all along (the list shown at the click was never marked as
      // updating before the date's own rows replaced it); counted apart, not in the figures.
      if (usableAt === null) orderableThroughout++;
      else {
        dateToList.push(usableAt - t0);
        dateMainThread.push(((await taskSeconds()) - tasksBefore) * 1000);
        dateMainThreadCpu.push(((await cpuSeconds()) - cpuBefore) * 1000);
      }
      // And the list is usable as a buyer finds it: a row's Add button in the Flowers list.
      await page.getByRole("region", { name: "Flowers" }).getByRole("button", { name: /^Add .* to cart$/ }).first().waitFor();
      dateSteps.push(await dateStepsOf(page, t0, await chosen));
      await page.waitForTimeout(1000);
      dateLongTasks.push(...(await page.evaluate(() => (window as unknown as { __dateLong: number[] }).__dateLong.splice(0))));
      dateLongFrames.push(...(await takeLongFrames(page)).map((f) => ({ run, ...f })));
      if (DATE_ONLY) {
        if (trace) await writeTrace(trace, traced);
        await page.context().close();
        continue;
      }

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
      // Scrolling the whole list: long tasks and the longest gap between frames while the wheel turns.
      const scrolled = await measureScroll(page, { x: 600, y: 500 }, "[role=row][data-index], [role=listitem][aria-posinset]", "page");
      scrollLongTasks.push(...scrolled.long);
      scrollFrameGaps.push(scrolled.maxGap);
      rowsInPage.push(scrolled.rows);
      if (trace) await writeTrace(trace, traced);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      await page.evaluate(() => (window as unknown as { __changes: number[] }).__changes.splice(0));

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
      view: VIEW,
      dateToUsableListMs: { p50: Math.round(percentile(dateToList, 50)), max: Math.round(Math.max(...dateToList)), runs: dateToList.map(Math.round) },
      // The page's main-thread time from just before the click to the usable list (its tasks' sum).
      dateRunsOrderableThroughout: orderableThroughout,
      dateMainThreadMs: { p50: Math.round(percentile(dateMainThread, 50)), max: Math.round(Math.max(...dateMainThread)), runs: dateMainThread.map(Math.round) },
      // The same span's main-thread CPU time.
      dateMainThreadCpuMs: { p50: Math.round(percentile(dateMainThreadCpu, 50)), max: Math.round(Math.max(...dateMainThreadCpu)), runs: dateMainThreadCpu.map(Math.round) },
      dateSteps: summariseSteps(dateSteps),
      longTasksAfterDate: { count: dateLongTasks.length, maxMs: Math.round(Math.max(0, ...dateLongTasks)) },
      // The frames that held a task over 50 ms, and the scripts each ran (longest first).
      longFramesAfterDate: dateLongFrames,
      keyToFilteredListMs: { keys: keyToList.length, p50: Math.round(percentile(keyToList, 50)), max: Math.round(Math.max(...keyToList)) },
      longTasksWhileTyping: { count: longTasks.length, maxMs: Math.round(Math.max(0, ...longTasks)) },
      filterClickToListMs: { p50: Math.round(percentile(filterToList, 50)), max: Math.round(Math.max(...filterToList)) },
      longTasksOnFilterClicks: { count: filterLongTasks.length, maxMs: Math.round(Math.max(0, ...filterLongTasks)) },
      scrolling: scrollSummary(scrollLongTasks, scrollFrameGaps, rowsInPage),
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, `bench/results/store-browser${VIEW === "grid" ? "-grid" : ""}.json`), JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    await bench.server.stop();
  }
}

/**
 * Where a date's time went, in ms from just before the bench's click (t0, as the usable list): the click,
 * the first rows in the page (of any kind: the cart's date's own, should the page still be listing them),
 * the chosen date's catalog, products and save requests (resource timing: sent, first byte, last byte).
 */
interface DateSteps {
  /** When the page handled the click (the bench's click first waits for the button to be ready), and when its input came. */
  click: number;
  clickInput: number;
  /** The click's handlers (Event Timing's processing time), and its input to the next paint (its duration, to 8 ms). */
  clickTiming: { processing: number; toPaint: number } | null;
  firstRows: number;
  usable: number;
  catalog: { sent: number; done: number } | null;
  products: { sent: number; firstByte: number; done: number; kb: number } | null;
  cartSave: { sent: number; done: number } | null;
}

async function dateStepsOf(page: Page, t0: number, chosen: string | null): Promise<DateSteps> {
  const raw = await page.evaluate(() => {
    const w = window as unknown as { __firstRowAt?: number; __clickAt?: number; __clickInputAt?: number; __usableAt?: number; __clickTiming?: { processing: number; toPaint: number } };
    const entries = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => ({ name: r.name, start: r.startTime, firstByte: r.responseStart, end: r.responseEnd, bytes: r.decodedBodySize }));
    return { firstRow: w.__firstRowAt ?? null, clickAt: w.__clickAt ?? null, clickInputAt: w.__clickInputAt ?? null, usableAt: w.__usableAt ?? null, clickTiming: w.__clickTiming ?? null, entries };
  });
  // BENCH_DEBUG=1: every request of the run, in ms from t0 (path, sent, done), on stderr.
  if (process.env.BENCH_DEBUG) console.error(JSON.stringify(raw.entries.map((e) => [e.name.replace(/^https?:\/\/[^/]+/, ""), Math.round(e.start - t0), Math.round(e.end - t0)])));
  const find = (re: RegExp) => raw.entries.find((e) => re.test(e.name));
  // The chosen date's own reads (the page may still be reading its cart's date's when the bench clicks).
  const date = chosen ?? "\\d{4}-\\d{2}-\\d{2}";
  const products = find(new RegExp(`/Catalog/Products/.*/${date}(?:[/?]|$)`));
  const catalog = find(new RegExp(`/Store/Catalog/[^/]+/${date}/`));
  const save = find(/\/Cart\/Save\//);
  return {
    click: raw.clickAt === null ? NaN : raw.clickAt - t0,
    clickInput: raw.clickInputAt === null ? NaN : raw.clickInputAt - t0,
    clickTiming: raw.clickTiming,
    firstRows: raw.firstRow === null ? NaN : raw.firstRow - t0,
    usable: raw.usableAt === null ? NaN : raw.usableAt - t0,
    catalog: catalog ? { sent: catalog.start - t0, done: catalog.end - t0 } : null,
    products: products ? { sent: products.start - t0, firstByte: products.firstByte - t0, done: products.end - t0, kb: Math.round(products.bytes / 1024) } : null,
    cartSave: save ? { sent: save.start - t0, done: save.end - t0 } : null,
  };
}

/** The medians of the date's steps over the runs (ms from t0). */
function summariseSteps(steps: DateSteps[]) {
  const p50 = (pick: (s: DateSteps) => number | undefined) => {
    const values = steps.map(pick).filter((v): v is number => v !== undefined && Number.isFinite(v));
    return values.length ? Math.round(percentile(values, 50)) : null;
  };
  return {
    clickP50: p50((s) => s.click),
    firstRowsP50: p50((s) => s.firstRows),
    catalogDoneP50: p50((s) => s.catalog?.done),
    productsSentP50: p50((s) => s.products?.sent),
    productsFirstByteP50: p50((s) => s.products?.firstByte),
    productsDoneP50: p50((s) => s.products?.done),
    productsKb: p50((s) => s.products?.kb),
    cartSaveSentP50: p50((s) => s.cartSave?.sent),
    cartSaveDoneP50: p50((s) => s.cartSave?.done),
    // The same from the click the page handled (each run's own): what the page does with the click,
    // without the time the bench's click took to land, which a busy machine stretches most.
    afterClick: {
      // The click's own task, each run's (null: under 16 ms from input to paint, which the API does not report).
      handlersMs: steps.map((s) => (s.clickTiming ? Math.round(s.clickTiming.processing) : null)),
      toNextPaintMs: steps.map((s) => (s.clickTiming ? Math.round(s.clickTiming.toPaint) : null)),
      usableP50: p50((s) => s.usable - s.click),
      // From the click's input (its event's timeStamp, so with any wait for a busy page): each run's.
      usableFromInputMs: steps.map((s) => Math.round(s.usable - s.clickInput)),
      usableFromInputP50: p50((s) => s.usable - s.clickInput),
      productsSentP50: p50((s) => (s.products ? s.products.sent - s.click : undefined)),
      productsDoneP50: p50((s) => (s.products ? s.products.done - s.click : undefined)),
      cartSaveSentP50: p50((s) => (s.cartSave ? s.cartSave.sent - s.click : undefined)),
      cartSaveDoneP50: p50((s) => (s.cartSave ? s.cartSave.done - s.click : undefined)),
    },
  };
}

/** Ends the trace started before the date's click and writes what it recorded (BENCH_TRACE=1). */
async function writeTrace(trace: CDPSession, traced: unknown[], file = "store-browser-trace.json") {
  const done = new Promise<void>((resolve) => trace.once("Tracing.tracingComplete", () => resolve()));
  await trace.send("Tracing.end");
  await done;
  mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(path.join(ROOT, "bench/results", file), JSON.stringify({ traceEvents: traced }));
  await trace.detach();
}

/** The supply desk's grid with the generated catalog's lines (BENCH_SCREEN=supply-grid). */
async function supplyGrid() {
  const bench = await startBenchServer();
  const browser = await launchBrowser();
  const firstScreen: number[] = [];
  const navToScreen: number[] = [];
  const loadLong: number[] = [];
  const scrollLong: number[] = [];
  const frameGaps: number[] = [];
  const typingLong: number[] = [];
  const rowsInPage: number[] = [];
  let lines = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await newPage(browser, { viewport: { width: 1680, height: 1000 } });
      await signIn(page, bench.base, "bench-staff@demo.test");
      await page.waitForURL(/\/(Dashboard|Administration)/);
      const catalogs = (await page.evaluate(async () => (await fetch("/api/Supply/Catalogs")).json())) as { catalogs: { catalogId: number; lines: number }[] };
      const biggest = catalogs.catalogs.sort((a, b) => b.lines - a.lines)[0]!;
      lines = biggest.lines;
      // In the page before its scripts: when the lines' answer arrives, long tasks from the start,
      // and when the grid's first row is in the page (then a frame later: laid out and painted).
      await page.addInitScript(`(() => {
        const w = window;
        w.__long = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__long.push({ at: e.startTime, ms: e.duration }); }).observe({ type: "longtask", buffered: true });
        const fetch0 = w.fetch.bind(w);
        w.fetch = async (...args) => {
          const res = await fetch0(...args);
          if (String(args[0] && args[0].url ? args[0].url : args[0]).match(/\\/Lines(\\?|$)/)) w.__linesAt = performance.now();
          return res;
        };
        const mo = new MutationObserver(() => {
          if (!w.__rowAt && document.querySelector('input[data-row="0"]')) {
            w.__rowAt = performance.now();
            mo.disconnect();
            requestAnimationFrame(() => setTimeout(() => (w.__paintedAt = performance.now())));
          }
        });
        document.addEventListener("DOMContentLoaded", () => mo.observe(document.body, { childList: true, subtree: true }));
      })()`);
      // BENCH_TRACE=1: a Chromium trace of the first run's load and scrolling (bench/results/supply-grid-trace.json).
      const trace = TRACE && run === 0 ? await page.context().newCDPSession(page) : undefined;
      const traced: unknown[] = [];
      if (trace) {
        trace.on("Tracing.dataCollected", (e: { value: unknown[] }) => traced.push(...e.value));
        await trace.send("Tracing.start", {
          categories: "devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,v8.execute,disabled-by-default-v8.cpu_profiler",
          transferMode: "ReportEvents",
        });
      }
      await page.goto(`${bench.base}/Supply/Availability?catalog=${biggest.catalogId}`);
      await page.waitForFunction(() => (window as unknown as { __paintedAt?: number }).__paintedAt, undefined, { timeout: 60_000 });
      await page.waitForTimeout(1000);
      const load = await page.evaluate(() => {
        const w = window as unknown as { __linesAt: number; __paintedAt: number; __long: { at: number; ms: number }[] };
        const long = w.__long.splice(0);
        return { linesAt: w.__linesAt, paintedAt: w.__paintedAt, long: long.filter((l) => l.at + l.ms >= w.__linesAt).map((l) => l.ms) };
      });
      firstScreen.push(load.paintedAt - load.linesAt);
      navToScreen.push(load.paintedAt);
      loadLong.push(...load.long);

      // Scrolling the whole grid with the wheel.
      const scrolled = await measureScroll(page, { x: 800, y: 600 }, "tr[data-index]", "grid");
      scrollLong.push(...scrolled.long);
      frameGaps.push(scrolled.maxGap);
      rowsInPage.push(scrolled.rows);
      if (trace) await writeTrace(trace, traced, "supply-grid-trace.json");

      // Typing in a cell and moving between cells with the arrows.
      const cell = page.locator("input[data-col=quantity]").nth(5);
      await cell.focus();
      await page.evaluate(() => (window as unknown as { __long: unknown[] }).__long.splice(0));
      for (let i = 0; i < 3; i++) {
        await page.keyboard.type("1234", { delay: 60 });
        await page.keyboard.press("Escape");
        for (const key of ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowLeft"]) await page.keyboard.press(key, { delay: 60 });
      }
      for (let i = 0; i < 40; i++) await page.keyboard.press("ArrowDown", { delay: 40 });
      await page.waitForTimeout(300);
      typingLong.push(...(await page.evaluate(() => (window as unknown as { __long: { ms: number }[] }).__long.splice(0).map((l) => l.ms))));
      await page.context().close();
    }
    const results = {
      when: new Date().toISOString(),
      screen: "supply-grid",
      lines,
      runs: RUNS,
      linesAnswerToFirstScreenMs: { p50: Math.round(percentile(firstScreen, 50)), max: Math.round(Math.max(...firstScreen)) },
      navigationToFirstScreenMs: { p50: Math.round(percentile(navToScreen, 50)), max: Math.round(Math.max(...navToScreen)) },
      longTasksFromLinesAnswer: { count: loadLong.length, maxMs: Math.round(Math.max(0, ...loadLong)) },
      scrolling: scrollSummary(scrollLong, frameGaps, rowsInPage),
      typingAndArrows: { longTasks: typingLong.length, longTaskMaxMs: Math.round(Math.max(0, ...typingLong)) },
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/supply-grid-browser.json"), JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    await bench.server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
