/**
 * The order desk's browser benchmarks (issue 30 §3), run through bench/browser.ts:
 *   BENCH_SCREEN=order-desk npm run bench:browser   the order desk filtered to a day of BENCH_ORDERS orders
 *   BENCH_SCREEN=pick-list npm run bench:browser    the pick list of that day (BENCH_PICK_PRODUCTS products)
 * The data: the generated catalogue (db/seed/generate.ts, BENCH_PRODUCTS products) and, written here in
 * set-based SQL before the server starts, BENCH_ORDERS orders shipping tomorrow (default 2,000), three
 * lines each over the first BENCH_PICK_PRODUCTS generated products (default 500), some confirmed, some
 * with pending bunches, from the generated customers.
 * Measured as the supply grid is: the time from the list's answer to its first row laid out and painted,
 * long tasks (> 50 ms) from the answer on, then while scrolling the page with the wheel (long tasks, the
 * longest gap between frames, rows in the page). Writes bench/results/{screen}-browser.json.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { addDays, isoDateAt } from "../domain/dates.ts";
import { launchBrowser, newPage, signIn, startServer } from "../tests/e2e/harness.ts";
import { measureScroll, scrollSummary } from "./scroll.ts";
import { CUSTOMERS, percentile, PRODUCTS, ROOT } from "./setup.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const PICK_PRODUCTS = Number(process.env.BENCH_PICK_PRODUCTS ?? 500);

/** The generated catalogue, then a day of orders over it; the data folder for the server. */
async function generateDesk(shipDate: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bloom-bench-desk-"));
  console.log(`Generating ${PRODUCTS} products and ${CUSTOMERS} customers…`);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "db/seed-cli.ts", "--large", "--products", String(PRODUCTS), "--customers", String(CUSTOMERS)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("data generation failed");
  console.log(`Writing ${ORDERS} orders shipping ${shipDate} over ${PICK_PRODUCTS} products…`);
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    await db.execute(sql`
      insert into orders (store, customer_id, user_id, ship_date, status, subtotal_cents, total_cents, placed_at)
      select 'wholesale', c.customer_id, (select id from users where email = 'bench@demo.test'), ${shipDate}::date,
             case when g % 3 = 0 then 'confirmed' else 'submitted' end, 12000 + g % 5000, 12000 + g % 5000,
             now() - (g % 600) * interval '1 minute'
        from generate_series(1, ${ORDERS}) g
        join (select customer_id, row_number() over (order by customer_id) - 1 as n from customers where customer_id like 'G%') c
          on c.n = g % ${Math.min(CUSTOMERS, ORDERS)}`);
    await db.execute(sql`
      with p as (select product_id, description, row_number() over (order by product_id) - 1 as n from products where product_id like 'GEN-%' order by product_id limit ${PICK_PRODUCTS}),
           o as (select id, status, row_number() over (order by id) - 1 as n from orders where ship_date = ${shipDate}::date)
      insert into order_lines (order_id, position, product_id, description, quantity, quantity_confirmed, quantity_pending, bunch_price_cents, line_total_cents)
      select o.id, k, p.product_id, p.description, 2 + (o.n + k) % 9,
             case when o.status = 'confirmed' or k > 0 then 2 + (o.n + k) % 9 else 0 end,
             case when o.status = 'confirmed' or k > 0 then 0 else 2 + (o.n + k) % 9 end,
             1200, 1200 * (2 + (o.n + k) % 9)
        from o cross join generate_series(0, 2) k
        join p on p.n = (o.n * 3 + k) % ${PICK_PRODUCTS}`);
    await db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  return dataDir;
}

interface Screen {
  name: "order-desk" | "pick-list";
  url: (shipDate: string) => string;
  /** The API answer the screen waits for. */
  answer: string;
}

const SCREENS: Record<Screen["name"], Screen> = {
  "order-desk": { name: "order-desk", url: (d) => `/Administration/Orders?view=all&shipDate=${d}`, answer: "\\/api\\/OrderDesk\\/Orders\\?" },
  "pick-list": { name: "pick-list", url: (d) => `/OrderDesk/PickList?shipDate=${d}`, answer: "\\/api\\/OrderDesk\\/PickList\\?" },
};

export async function deskScreen(name: Screen["name"]) {
  const screen = SCREENS[name];
  const shipDate = addDays(isoDateAt(), 1);
  const dataDir = await generateDesk(shipDate);
  const server = await startServer({ DEMO_MODE: "false", LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error" }, { dataDir });
  const browser = await launchBrowser();
  const firstScreen: number[] = [];
  const navToScreen: number[] = [];
  const loadLong: number[] = [];
  const scrollLong: number[] = [];
  const frameGaps: number[] = [];
  const rowsInPage: number[] = [];
  let shown = "";
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await newPage(browser, { viewport: { width: 1680, height: 1000 } });
      await signIn(page, server.baseUrl, "bench-staff@demo.test");
      await page.waitForURL(/\/(Dashboard|Administration)/);
      await page.addInitScript(`(() => {
        const w = window;
        w.__long = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__long.push({ at: e.startTime, ms: e.duration }); }).observe({ type: "longtask", buffered: true });
        const fetch0 = w.fetch.bind(w);
        w.fetch = async (...args) => {
          const res = await fetch0(...args);
          if (String(args[0] && args[0].url ? args[0].url : args[0]).match(/${screen.answer}/)) w.__answerAt = performance.now();
          return res;
        };
        const mo = new MutationObserver(() => {
          if (!w.__rowAt && w.__answerAt && document.querySelector("main tbody tr")) {
            w.__rowAt = performance.now();
            mo.disconnect();
            requestAnimationFrame(() => setTimeout(() => (w.__paintedAt = performance.now())));
          }
        });
        document.addEventListener("DOMContentLoaded", () => mo.observe(document.body, { childList: true, subtree: true }));
      })()`);
      await page.goto(`${server.baseUrl}${screen.url(shipDate)}`);
      await page.waitForFunction(() => (window as unknown as { __paintedAt?: number }).__paintedAt, undefined, { timeout: 60_000 });
      await page.waitForTimeout(1000);
      const load = await page.evaluate(() => {
        const w = window as unknown as { __answerAt: number; __paintedAt: number; __long: { at: number; ms: number }[] };
        const long = w.__long.splice(0);
        const status = [...document.querySelectorAll("main [role=status]")].map((e) => e.textContent).join(" · ");
        return { answerAt: w.__answerAt, paintedAt: w.__paintedAt, long: long.filter((l) => l.at + l.ms >= w.__answerAt).map((l) => l.ms), status };
      });
      shown = load.status;
      firstScreen.push(load.paintedAt - load.answerAt);
      navToScreen.push(load.paintedAt);
      loadLong.push(...load.long);

      const scrolled = await measureScroll(page, { x: 600, y: 600 }, "main tbody tr", name);
      scrollLong.push(...scrolled.long);
      frameGaps.push(scrolled.maxGap);
      rowsInPage.push(scrolled.rows);
      await page.context().close();
    }
    const results = {
      when: new Date().toISOString(),
      screen: name,
      orders: ORDERS,
      pickProducts: PICK_PRODUCTS,
      shown,
      runs: RUNS,
      answerToFirstScreenMs: { p50: Math.round(percentile(firstScreen, 50)), max: Math.round(Math.max(...firstScreen)) },
      navigationToFirstScreenMs: { p50: Math.round(percentile(navToScreen, 50)), max: Math.round(Math.max(...navToScreen)) },
      longTasksFromAnswer: { count: loadLong.length, maxMs: Math.round(Math.max(0, ...loadLong)) },
      scrolling: scrollSummary(scrollLong, frameGaps, rowsInPage),
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, `bench/results/${name}-browser.json`), JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    await server.stop();
  }
}
