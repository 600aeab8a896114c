/**
 * The long animation frames of a page (the Long Animation Frames API): each frame that held a task
 * over 50 ms, and the scripts it ran, longest first (what called them, the function and where it is
 * in its file). The browser bench watches them while a date is chosen: a long task there is rare, and
 * a trace of every run would change the runs it watches.
 */
import type { Page } from "playwright-core";

export interface LongFrame {
  /** When the frame began, ms from the page's time origin. */
  at: number;
  ms: number;
  /** The part of its tasks over 50 ms, added up (the API's blockingDuration). */
  blockingMs: number;
  /** From the frame's rendering step (animation frame callbacks, style, layout, paint) to its end. */
  renderMs: number;
  styleAndLayoutMs: number;
  /** Its longest scripts (at most six). */
  scripts: { ms: number; forcedLayoutMs: number; invoker: string; source: string }[];
}

/** Starts noting the page's long animation frames (until takeLongFrames). */
export async function watchLongFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Script = { invoker: string; invokerType: string; sourceFunctionName: string; sourceURL: string; sourceCharPosition: number; duration: number; forcedStyleAndLayoutDuration: number };
    type Frame = PerformanceEntry & { blockingDuration: number; renderStart: number; styleAndLayoutStart: number; scripts: Script[] };
    const w = window as unknown as { __longFrames: unknown[] };
    w.__longFrames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Frame[]) {
        if (e.blockingDuration <= 0) continue;
        const end = e.startTime + e.duration;
        w.__longFrames.push({
          at: Math.round(e.startTime),
          ms: Math.round(e.duration),
          blockingMs: Math.round(e.blockingDuration),
          renderMs: e.renderStart ? Math.round(end - e.renderStart) : 0,
          styleAndLayoutMs: e.styleAndLayoutStart ? Math.round(end - e.styleAndLayoutStart) : 0,
          scripts: [...e.scripts]
            .sort((a, b) => b.duration - a.duration)
            .slice(0, 6)
            .map((x) => ({
              ms: Math.round(x.duration),
              forcedLayoutMs: Math.round(x.forcedStyleAndLayoutDuration),
              invoker: `${x.invokerType} ${x.invoker}`,
              source: `${x.sourceFunctionName || "(anonymous)"} ${x.sourceURL.replace(/^.*\//, "")}:${x.sourceCharPosition}`,
            })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: false });
  });
}

/** The long animation frames noted since watchLongFrames (or the last take). */
export async function takeLongFrames(page: Page): Promise<LongFrame[]> {
  return page.evaluate(() => (window as unknown as { __longFrames: LongFrame[] }).__longFrames.splice(0));
}
