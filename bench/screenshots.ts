/**
 * Screenshots of public pages for a look before and after a change to their CSS or fonts:
 * `npm run build && node --import tsx bench/screenshots.ts <out-dir> [label]` writes
 * <out-dir>/<label>-<page>-<width>.png for each page at 360 and 1280 px wide (full page), from the
 * built app on a fresh embedded database, in /usr/bin/chromium (or CHROME_PATH). BENCH_PAGES=/a,/b
 * for other pages.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, startServer } from "../tests/e2e/harness.ts";

const out = process.argv[2] ?? "bench/results/screenshots";
const label = process.argv[3] ?? "page";
const PAGES = process.env.BENCH_PAGES?.split(",").filter(Boolean) ?? ["/", "/lilies", "/Blog/Behind-the-Blooms", "/FlowerCare/Lilies"];
mkdirSync(out, { recursive: true });

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 } });
    const page = await context.newPage();
    for (const p of PAGES) {
      await page.goto(server.baseUrl + p, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      const name = p === "/" ? "home" : p.slice(1).replace(/\W+/g, "-");
      const file = path.join(out, `${label}-${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
