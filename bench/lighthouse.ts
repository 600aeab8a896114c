/**
 * Public page benchmark, Lighthouse-style: `npm run build`, then `npm run bench:pages`
 * (BENCH_RUNS=n for n cold loads per page and profile, default 5; BENCH_PAGES=/a,/b for other pages).
 *
 * Starts the built server on a free port with a fresh embedded database (demo data) and, in Debian's
 * Chromium, loads the home page, a variety page and a blog article with a cold cache on the two
 * profiles Lighthouse 10 scores:
 *
 *   mobile   412×823 at DPR 1.75, touch, a phone's user agent, CPU slowed 4× (CDP
 *            Emulation.setCPUThrottlingRate), "slow 4G": 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up.
 *   desktop  1350×940 at DPR 1, no CPU slow-down, 40 ms RTT, 10 Mbit/s.
 *
 * The network is throttled with CDP (Network.emulateNetworkConditions) the way Lighthouse does it
 * with `--throttling-method=devtools`: per-request latency = RTT × 3.75 and throughput × 0.9, which
 * is how Lighthouse makes applied throttling approximate its packet-level model. (Lighthouse's own
 * default, "simulated" throttling, loads the page unthrottled and models the slow-down; numbers from
 * the two methods are close but not identical.)
 *
 * Measured per load, in the page (observers registered before any page script runs):
 *   TTFB  navigation responseStart.
 *   FCP   the first-contentful-paint paint entry.
 *   LCP   the last largest-contentful-paint entry.
 *   CLS   the largest session window of layout shifts without recent input (windows end after a
 *         1 s gap or 5 s), as Lighthouse and the Core Web Vitals count it.
 *   TBT   for each main-thread long task (PerformanceObserver "longtask"), the part after FCP that
 *         exceeds 50 ms, summed. Lighthouse stops at Time to Interactive; here every long task until
 *         the page has been network-quiet for a second counts, which for these pages is the same
 *         window or slightly longer (so never kinder).
 *   SI    Speed Index, as Lighthouse's speedline computes it: the page is filmed (CDP
 *         Page.startScreencast, PNG frames), each frame's colour histogram (near-white pixels left
 *         out) is compared with the final frame's to give the visual progress, and SI is the area
 *         above that progress curve from navigation start. Lighthouse films through trace
 *         screenshots instead; the frames are the same compositor frames.
 *   JS    bytes of .js resources: transferred (compressed, with headers) and decoded (as parsed).
 *
 * Performance score: Lighthouse 10's weighted mean of per-metric scores on log-normal curves, each
 * fixed by two control points (the value scoring 0.9, "p10", and the value scoring 0.5, "median"),
 * from Lighthouse 10's audits (core/audits/metrics/*.js, defaultOptions):
 *
 *                    mobile p10 / median     desktop p10 / median     weight
 *   FCP              1800 / 3000 ms          934 / 1600 ms            10
 *   Speed Index      3387 / 5800 ms          1311 / 2300 ms           10
 *   LCP              2500 / 4000 ms          1200 / 2400 ms           25
 *   TBT              200 / 600 ms            150 / 350 ms             30
 *   CLS              0.1 / 0.25              0.1 / 0.25               25
 *
 * Each metric score is rounded to two decimals, the category score is the weighted mean × 100,
 * rounded. If a load yields no screencast frames, its Speed Index is left out and the other weights
 * are renormalised (the table says so).
 *
 * Prints a table per profile and writes bench/results/pages.json (git-ignored).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContextOptions, CDPSession, Page } from "playwright-core";
import { launchBrowser, newPage, startServer } from "../tests/e2e/harness.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = process.env.BENCH_PAGES?.split(",").filter(Boolean) ?? ["/", "/lilies", "/Blog/Behind-the-Blooms"];

/* ------------------------------------------------------------------ scoring (Lighthouse 10) */

type Metric = "fcp" | "si" | "lcp" | "tbt" | "cls";
interface Curve {
  p10: number;
  median: number;
}
type FormFactor = "mobile" | "desktop";

const CURVES: Record<FormFactor, Record<Metric, Curve>> = {
  mobile: {
    fcp: { p10: 1800, median: 3000 },
    si: { p10: 3387, median: 5800 },
    lcp: { p10: 2500, median: 4000 },
    tbt: { p10: 200, median: 600 },
    cls: { p10: 0.1, median: 0.25 },
  },
  desktop: {
    fcp: { p10: 934, median: 1600 },
    si: { p10: 1311, median: 2300 },
    lcp: { p10: 1200, median: 2400 },
    tbt: { p10: 150, median: 350 },
    cls: { p10: 0.1, median: 0.25 },
  },
};
/** Lighthouse 10 weights. */
const WEIGHTS: Record<Metric, number> = { fcp: 10, si: 10, lcp: 25, tbt: 30, cls: 25 };

/** The error function, Abramowitz & Stegun 7.1.26 (as Lighthouse's statistics module). */
function erf(x: number): number {
  const sign = Math.sign(x);
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-a * a));
}

/**
 * Lighthouse's log-normal metric score: `p10` scores 0.9, `median` 0.5. Values at or under p10 score
 * at least 0.9, values up to the median at least 0.5 and under 0.9, worse values under 0.5; the
 * result is rounded to two decimals as Lighthouse rounds audit scores.
 */
function logNormalScore({ p10, median }: Curve, value: number): number {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const standardized = (Math.log(value / median) * INVERSE_ERFC_ONE_FIFTH) / -Math.log(p10 / median);
  const p = (1 - erf(standardized)) / 2;
  const banded = value <= p10 ? Math.max(0.9, Math.min(1, p)) : value <= median ? Math.max(0.5, Math.min(0.8999999999999999, p)) : Math.max(0, Math.min(0.49999999999999994, p));
  return Math.round(banded * 100) / 100;
}

/** Metrics measured as null are left out and the remaining weights renormalised. */
function performanceScore(formFactor: FormFactor, m: Record<Metric, number | null>) {
  const measured = (Object.keys(WEIGHTS) as Metric[]).filter((k) => m[k] !== null);
  const scores = Object.fromEntries(measured.map((k) => [k, logNormalScore(CURVES[formFactor][k], m[k]!)])) as Partial<Record<Metric, number>>;
  const total = measured.reduce((n, k) => n + WEIGHTS[k], 0);
  const score = measured.reduce((n, k) => n + WEIGHTS[k] * scores[k]!, 0) / total;
  return { score: Math.round(score * 100), scores };
}

/* ------------------------------------------------------------------ Speed Index (speedline's method) */

/** Pixels of a PNG screencast frame (8-bit RGB or RGBA, not interlaced, as Chromium encodes them). */
function decodePng(png: Buffer): { width: number; height: number; channels: number; data: Buffer } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [bitDepth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (bitDepth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) throw new Error("unsupported PNG");
      channels = colourType === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    const up = out - stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? data[out + x - channels]! : 0;
      const b = y > 0 ? data[up + x]! : 0;
      const c = x >= channels && y > 0 ? data[up + x - channels]! : 0;
      let v = line[x]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      data[out + x] = v & 0xff;
    }
  }
  return { width, height, channels, data };
}

type Histogram = [Uint32Array, Uint32Array, Uint32Array];

/** Colour histogram per channel, leaving out near-white pixels (speedline does, so the blank page is "nothing"). */
function histogram(png: Buffer): Histogram {
  const { width, height, channels, data } = decodePng(png);
  const h: Histogram = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  for (let i = 0; i < width * height * channels; i += channels) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    if (r >= 249 && g >= 249 && b >= 249) continue;
    h[0][r]!++;
    h[1][g]!++;
    h[2][b]!++;
  }
  return h;
}

/** How far a frame has come from the blank page towards the final one, 0–1 (speedline's histogram distance). */
function progress(current: Histogram, initial: Histogram, target: Histogram): number {
  let match = 0;
  let total = 0;
  for (let ch = 0; ch < 3; ch++) {
    for (let v = 0; v < 256; v++) {
      const currentDiff = Math.abs(current[ch]![v]! - initial[ch]![v]!);
      const targetDiff = Math.abs(target[ch]![v]! - initial[ch]![v]!);
      match += Math.min(currentDiff, targetDiff);
      total += targetDiff;
    }
  }
  return total === 0 ? 1 : Math.floor((match / total) * 100) / 100;
}

/**
 * Speed Index from screencast frames (time in ms since navigation start): the area above the visual
 * progress curve, starting from a blank page at 0 and ending at the last frame.
 */
function speedIndex(frames: { t: number; png: Buffer }[]): number {
  const shown = frames.filter((f) => f.t >= 0).sort((a, b) => a.t - b.t);
  if (!shown.length) return 0;
  const hists = shown.map((f) => histogram(f.png));
  const blank: Histogram = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  const target = hists[hists.length - 1]!;
  let si = 0;
  let lastT = 0;
  let lastProgress = 0;
  shown.forEach((f, i) => {
    si += (1 - lastProgress) * (f.t - lastT);
    lastT = f.t;
    lastProgress = progress(hists[i]!, blank, target);
  });
  return si;
}

/* ------------------------------------------------------------------ profiles */

interface Profile {
  name: string;
  formFactor: FormFactor;
  context: BrowserContextOptions;
  /** CDP Network.emulateNetworkConditions (already adjusted as Lighthouse's devtools throttling does). */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown: number;
}

const kbit = (n: number) => (n * 1024) / 8;
const RTT_FACTOR = 3.75;
const THROUGHPUT_FACTOR = 0.9;

const PROFILES: Profile[] = [
  {
    name: "mobile (Lighthouse: slow 4G, 4x CPU)",
    formFactor: "mobile",
    context: {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
    },
    network: { latency: 150 * RTT_FACTOR, downloadThroughput: kbit(1638.4 * THROUGHPUT_FACTOR), uploadThroughput: kbit(750 * THROUGHPUT_FACTOR) },
    cpuSlowdown: 4,
  },
  {
    name: "desktop (Lighthouse: 40 ms RTT, 10 Mbit/s)",
    formFactor: "desktop",
    context: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
    network: { latency: 40 * RTT_FACTOR, downloadThroughput: kbit(10240 * THROUGHPUT_FACTOR), uploadThroughput: kbit(10240 * THROUGHPUT_FACTOR) },
    cpuSlowdown: 1,
  },
];

/* ------------------------------------------------------------------ measuring */

interface Sample {
  ttfbMs: number;
  fcpMs: number;
  /** null: no screencast frames came. */
  siMs: number | null;
  frames: number;
  lcpMs: number;
  lcpElement: string;
  cls: number;
  tbtMs: number;
  longTasks: number;
  jsTransferred: number;
  jsDecoded: number;
  jsFiles: number;
  totalTransferred: number;
  requests: number;
}

/** LCP, layout shifts and long tasks from the first paint on (registered before any page script runs). */
const OBSERVERS = `
  window.__lcp = { t: 0, el: "" };
  window.__shifts = [];
  window.__longTasks = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__lcp = { t: e.startTime, el: e.element ? e.element.tagName.toLowerCase() + (e.element.id ? "#" + e.element.id : "") : (e.url || "") };
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ t: e.startTime, v: e.value });
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: "longtask", buffered: true });
`;

// A string, not a function: tsx would wrap a function's inner helpers in a __name() the page lacks.
const READ_METRICS = `(() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  const sent = (r) => r.transferSize || r.encodedBodySize || 0;
  const js = resources.filter((r) => new URL(r.name).pathname.endsWith(".js"));
  const fcpEntry = performance.getEntriesByName("first-contentful-paint")[0];
  const fcp = fcpEntry ? fcpEntry.startTime : 0;

  // CLS: the worst session window (a gap over 1 s or a window over 5 s starts a new one).
  let cls = 0, windowValue = 0, windowStart = -Infinity, last = -Infinity;
  for (const s of window.__shifts) {
    if (s.t - last > 1000 || s.t - windowStart > 5000) { windowValue = 0; windowStart = s.t; }
    windowValue += s.v; last = s.t;
    cls = Math.max(cls, windowValue);
  }

  // TBT: the part of each long task after FCP beyond its first 50 ms.
  let tbt = 0;
  for (const t of window.__longTasks) {
    const start = Math.max(t.start, fcp);
    const length = t.end - start;
    if (length > 50) tbt += length - 50;
  }

  return {
    ttfbMs: Math.round(nav.responseStart - nav.startTime),
    fcpMs: Math.round(fcp),
    lcpMs: Math.round(window.__lcp.t),
    lcpElement: window.__lcp.el,
    cls: Math.round(cls * 1000) / 1000,
    tbtMs: Math.round(tbt),
    longTasks: window.__longTasks.length,
    jsTransferred: js.reduce((n, r) => n + sent(r), 0),
    jsDecoded: js.reduce((n, r) => n + (r.decodedBodySize || 0), 0),
    jsFiles: js.length,
    totalTransferred: resources.reduce((n, r) => n + sent(r), 0) + sent(nav),
    requests: resources.length + 1,
  };
})()`;

async function measure(page: Page, cdp: CDPSession, url: string, viewport: { width: number; height: number }): Promise<Sample> {
  // Film the load: frames come when the picture changes, each with its wall-clock time.
  const frames: { ts: number; png: Buffer }[] = [];
  cdp.on("Page.screencastFrame", (f) => {
    frames.push({ ts: f.metadata.timestamp ?? 0, png: Buffer.from(f.data, "base64") });
    void cdp.send("Page.screencastFrameAck", { sessionId: f.sessionId }).catch(() => {});
  });
  await cdp.send("Page.startScreencast", { format: "png", maxWidth: viewport.width, maxHeight: viewport.height, everyNthFrame: 1 });
  await page.goto(url, { waitUntil: "load" });
  // Let late paints, shifts and long tasks (hydration) land.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  await cdp.send("Page.stopScreencast");
  const sample = (await page.evaluate(READ_METRICS)) as Omit<Sample, "siMs" | "frames">;
  const origin = (await page.evaluate("performance.timeOrigin")) as number;
  const timed = frames.filter((f) => f.ts > 0).map((f) => ({ t: f.ts * 1000 - origin, png: f.png }));
  // Frame times come from the browser's compositor and paint times from the page's clock, which can
  // differ by a few tens of milliseconds; nothing is seen before the first contentful paint.
  return { ...sample, siMs: timed.length ? Math.round(Math.max(speedIndex(timed), sample.fcpMs)) : null, frames: timed.length };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

interface PageResult {
  runs: number;
  performance: number;
  /** Per-metric scores of the median values (0–1). */
  metricScores: Partial<Record<Metric, number>>;
  /** Each run's performance score, for the spread. */
  runScores: number[];
  ttfbMs: number;
  fcpMs: number;
  siMs: number | null;
  lcpMs: number;
  lcpElement: string;
  cls: number;
  tbtMs: number;
  jsTransferred: number;
  jsDecoded: number;
  jsFiles: number;
  /** Screencast frames per load (median), the Speed Index's film. */
  filmFrames: number;
  totalTransferred: number;
  requests: number;
}

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("Run `npm run build` first.");
  const server = await startServer({ LOG_LEVEL: "error" });
  const browser = await launchBrowser();
  const results: Record<string, Record<string, PageResult>> = {};
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
          const page = await newPage(browser, profile.context);
          await page.addInitScript(OBSERVERS);
          const cdp = await page.context().newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
          await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
          samples.push(await measure(page, cdp, `${server.baseUrl}${p}`, profile.context.viewport!));
          await page.context().close();
        }
        const pick = (k: keyof Sample) => samples.map((s) => s[k] as number);
        const siValues = samples.map((s) => s.siMs).filter((v): v is number => v !== null);
        const m = {
          fcp: median(pick("fcpMs")),
          si: siValues.length ? median(siValues) : null,
          lcp: median(pick("lcpMs")),
          tbt: median(pick("tbtMs")),
          cls: median(pick("cls")),
        };
        const { score, scores } = performanceScore(profile.formFactor, m);
        const runScores = samples.map((s) => performanceScore(profile.formFactor, { fcp: s.fcpMs, si: s.siMs, lcp: s.lcpMs, tbt: s.tbtMs, cls: s.cls }).score);
        results[profile.name]![p] = {
          runs: RUNS,
          performance: score,
          metricScores: scores,
          runScores,
          ttfbMs: Math.round(median(pick("ttfbMs"))),
          fcpMs: Math.round(m.fcp),
          siMs: m.si === null ? null : Math.round(m.si),
          lcpMs: Math.round(m.lcp),
          lcpElement: samples[samples.length - 1]!.lcpElement,
          cls: m.cls,
          tbtMs: Math.round(m.tbt),
          jsTransferred: Math.round(median(pick("jsTransferred"))),
          jsDecoded: Math.round(median(pick("jsDecoded"))),
          jsFiles: Math.round(median(pick("jsFiles"))),
          filmFrames: Math.round(median(pick("frames"))),
          totalTransferred: Math.round(median(pick("totalTransferred"))),
          requests: Math.round(median(pick("requests"))),
        };
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  for (const [profile, pages] of Object.entries(results)) {
    console.log(`\n${profile}: median of ${RUNS} cold loads; score from the median metrics`);
    console.table(
      Object.fromEntries(
        Object.entries(pages).map(([p, r]) => [
          p,
          {
            score: `${r.performance} (runs ${Math.min(...r.runScores)}–${Math.max(...r.runScores)})`,
            TTFB: `${r.ttfbMs} ms`,
            FCP: `${r.fcpMs} ms`,
            SI: r.siMs === null ? "not measured" : `${r.siMs} ms`,
            LCP: `${r.lcpMs} ms`,
            TBT: `${r.tbtMs} ms`,
            CLS: r.cls,
            "JS sent": kb(r.jsTransferred),
            "JS decoded": kb(r.jsDecoded),
            "JS files": r.jsFiles,
            "all sent": kb(r.totalTransferred),
            requests: r.requests,
          },
        ]),
      ),
    );
    console.log("LCP elements:", Object.entries(pages).map(([p, r]) => `${p} → ${r.lcpElement || "?"}`).join("; "));
  }
  mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(
    path.join(ROOT, "bench/results/pages.json"),
    JSON.stringify({ when: new Date().toISOString(), runs: RUNS, curves: CURVES, weights: WEIGHTS, results }, null, 2),
  );
  console.log("\nWritten to bench/results/pages.json");
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
