import { describe, expect, it } from "vitest";
import { holdCountdown } from "../../../domain/hold-countdown.ts";
import { NO_HOLD_TRACK, stepHold, type HoldTrack } from "./hold-tracker.ts";

const T0 = Date.parse("2026-04-01T14:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

/** Runs the hook's ticks: each entry is [ms after T0, the cart's holdTime then]; records what fired. */
function run(ticks: [number, string | null][], start: HoldTrack = NO_HOLD_TRACK) {
  let track = start;
  const events: string[] = [];
  let expiredSeen = false;
  for (const [at, holdTime] of ticks) {
    const now = T0 + at;
    const step = stepHold(track, holdTime, holdCountdown(holdTime, now), now);
    track = step.track;
    if (step.expiredSeen !== null) expiredSeen = step.expiredSeen;
    for (const w of step.warnings) events.push(`warn ${w} @${at / 1000}`);
    if (step.expire) events.push(`expire @${at / 1000}`);
  }
  return { events, track, expiredSeen };
}

/** A tick every second from `from` to `to` seconds after T0 with the same hold. */
const everySecond = (holdTime: string | null, from: number, to: number): [number, string | null][] =>
  Array.from({ length: to - from + 1 }, (_, i) => [(from + i) * 1000, holdTime]);

describe("stepHold (the hold countdown hook's ticks)", () => {
  it("warns at 60 s and at 1 s left and releases the hold once at zero", () => {
    const hold = iso(T0 + 90_000);
    const { events, expiredSeen } = run(everySecond(hold, 0, 120));
    expect(events).toEqual(["warn 60 @30", "warn 1 @89", "expire @90"]);
    expect(expiredSeen).toBe(true);
  });

  it("fires each warning once even when ticks land between whole seconds", () => {
    const hold = iso(T0 + 90_400);
    const ticks: [number, string | null][] = everySecond(hold, 0, 95).flatMap(([at, h]) => [
      [at, h],
      [at + 500, h],
    ]);
    expect(run(ticks).events).toEqual(["warn 60 @30.5", "warn 1 @89.5", "expire @90.5"]);
  });

  it("fires every threshold a throttled tab skipped past, then the release, in one tick", () => {
    const hold = iso(T0 + 90_000);
    expect(run([[0, hold], [10_000, hold], [95_000, hold], [96_000, hold]]).events).toEqual(["warn 60 @95", "warn 1 @95", "expire @95"]);
    // Straight from 75 s left to 30 s left: only the 60 s warning.
    expect(run([[0, hold], [15_000, hold], [60_000, hold]]).events).toEqual(["warn 60 @60"]);
  });

  it("does not warn for a hold first seen inside the last minute until it crosses 1 s", () => {
    const hold = iso(T0 + 45_000);
    expect(run(everySecond(hold, 0, 50)).events).toEqual(["warn 1 @44", "expire @45"]);
  });

  it("never releases a hold that was already over when the screen loaded it", () => {
    const hold = iso(T0 - 5_000);
    const { events, expiredSeen, track } = run(everySecond(hold, 0, 10));
    expect(events).toEqual([]);
    expect(expiredSeen).toBe(true);
    expect(track.expiredOnLoad).toBe(true);
  });

  it("keeps showing the expiry after RemoveHold cleared the hold time, and releases nothing twice", () => {
    const hold = iso(T0 + 3_000);
    const ticks: [number, string | null][] = [...everySecond(hold, 0, 4), [4_500, null], [5_000, null], [6_000, null]];
    const { events, expiredSeen } = run(ticks);
    expect(events).toEqual(["warn 1 @2", "expire @3"]);
    expect(expiredSeen).toBe(true);
  });

  it("starts over for a new hold: a save after the expiry can warn and release again", () => {
    const first = iso(T0 + 2_000);
    const second = iso(T0 + 70_000);
    const ticks: [number, string | null][] = [...everySecond(first, 0, 3), [3_500, null], ...everySecond(second, 4, 71)];
    const { events, expiredSeen } = run(ticks);
    expect(events).toEqual(["warn 1 @1", "expire @2", "warn 60 @10", "warn 1 @69", "expire @70"]);
    expect(expiredSeen).toBe(true);
  });

  it("starts over when a save extends the hold above a minute, which may then warn again", () => {
    const short = iso(T0 + 65_000);
    const extended = iso(T0 + 30 * 60_000);
    const ticks: [number, string | null][] = [...everySecond(short, 0, 10), [10_500, extended], ...everySecond(extended, 11, 12)];
    const mid = run(ticks);
    expect(mid.events).toEqual(["warn 60 @5"]);
    expect(mid.expiredSeen).toBe(false);
    // 29 minutes later the extended hold crosses 60 s again.
    const later = run([[29 * 60_000 - 2_000, extended], [29 * 60_000 + 1_000, extended]], mid.track);
    expect(later.events).toEqual([`warn 60 @${29 * 60 + 1}`]);
  });

  it("does nothing without a hold", () => {
    expect(run(everySecond(null, 0, 5))).toEqual({ events: [], track: NO_HOLD_TRACK, expiredSeen: false });
  });

  it("judges a new hold on the real clock, not on the countdown of a stale render", () => {
    const hold = iso(T0 - 1_000);
    // The render's countdown was computed before the hold lapsed; the clock says it is over.
    const step = stepHold(NO_HOLD_TRACK, hold, holdCountdown(hold, T0 - 5_000), T0);
    expect(step.track.expiredOnLoad).toBe(true);
    expect(step.expire).toBe(false);
    expect(step.expiredSeen).toBe(true);
  });
});
