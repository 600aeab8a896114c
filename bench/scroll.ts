// The one scroll measurement of the page benchmarks (bench/browser.ts, bench/browser-desk.ts): the
// wheel turned BENCH_SCROLL_STEPS times, 600 px a step, while the page counts frames. The page must
// already collect its long tasks in `window.__long` (as durations, or as { ms } entries).
import type { Page } from "playwright-core";
import { percentile } from "./setup.ts";

export const SCROLL_STEPS = Number(process.env.BENCH_SCROLL_STEPS ?? 120);

export interface Scrolled {
  /** The long tasks while the wheel turned, in ms. */
  long: number[];
  /** The longest gap between two frames, in ms. */
  maxGap: number;
  /** The rows (matching `rowSelector`) in the page at the end. */
  rows: number;
  /** How far the page scrolled. */
  y: number;
}

/** Scrolls with the mouse at `at`; throws when the page did not scroll at least 1,000 px. */
export async function measureScroll(page: Page, at: { x: number; y: number }, rowSelector: string, what: string): Promise<Scrolled> {
  // A string, not a function: the bench runs through tsx, whose named helpers do not exist in the page.
  await page.evaluate(`(() => {
    const w = window;
    w.__long.splice(0);
    w.__frames = [];
    w.__stop = false;
    const tick = (t) => { w.__frames.push(t); if (!w.__stop) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  await page.mouse.move(at.x, at.y);
  for (let i = 0; i < SCROLL_STEPS; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(300);
  const scrolled = await page.evaluate((selector) => {
    const w = window as unknown as { __long: (number | { ms: number })[]; __frames: number[]; __stop: boolean };
    w.__stop = true;
    const gaps = w.__frames.slice(1).map((t, i) => t - w.__frames[i]!);
    return { long: w.__long.splice(0).map((l) => (typeof l === "number" ? l : l.ms)), maxGap: Math.max(0, ...gaps), rows: document.querySelectorAll(selector).length, y: window.scrollY };
  }, rowSelector);
  if (scrolled.y < 1000) throw new Error(`the ${what} did not scroll`);
  return scrolled;
}

/** What the runs' scrolling measured, as every page benchmark reports it (rowsInPage: list rows, or grid cards, after scrolling). */
export function scrollSummary(longTasks: number[], frameGaps: number[], rowsInPage: number[]) {
  return {
    wheelSteps: SCROLL_STEPS,
    longTasks: longTasks.length,
    longTaskMaxMs: Math.round(Math.max(0, ...longTasks)),
    longestFrameGapMs: { p50: Math.round(percentile(frameGaps, 50)), max: Math.round(Math.max(...frameGaps)) },
    rowsInPage: Math.max(...rowsInPage),
  };
}
