import { describe, it, expect } from "vitest";
import { HOLD_WARNING_SECONDS, holdCountdown, shouldRemoveHoldOnExpiry, warningsCrossed } from "./hold-countdown.ts";

const HOLD = "2026-05-01T15:00:00.000Z";
const holdMs = Date.parse(HOLD);
const at = (secondsBefore: number): number => holdMs - secondsBefore * 1000;

describe("holdCountdown", () => {
  it("is empty without a hold", () => {
    expect(holdCountdown(null, 0)).toEqual({ text: "", state: "none", secondsLeft: 0 });
    expect(holdCountdown("", 0)).toEqual({ text: "", state: "none", secondsLeft: 0 });
    expect(holdCountdown("not a date", 0)).toEqual({ text: "", state: "none", secondsLeft: 0 });
  });

  it.each([
    [2 * 3600 + 5 * 60 + 9, "Cart Hold Expires 2:05:09", "running"],
    [3600, "Cart Hold Expires 1:00:00", "running"],
    [3599, "Cart Hold Expires 59:59", "running"],
    [30 * 60, "Cart Hold Expires 30:00", "running"],
    [600, "Cart Hold Expires 10:00", "running"],
    [61, "Cart Hold Expires 1:01", "running"],
    [60, "Cart Hold Expires 1:00", "running"],
    [59, "Product Hold Expires 0:59", "lastMinute"],
    [10, "Product Hold Expires 0:10", "lastMinute"],
    [5, "Product Hold Expires 0:05", "lastMinute"],
    [1, "Product Hold Expires 0:01", "lastMinute"],
  ])("%i s left -> %s", (seconds, text, state) => {
    expect(holdCountdown(HOLD, at(seconds))).toEqual({ text, state, secondsLeft: seconds });
  });

  it("rounds a partial second up so 0:00 is never shown while active", () => {
    expect(holdCountdown(HOLD, holdMs - 1)).toEqual({ text: "Product Hold Expires 0:01", state: "lastMinute", secondsLeft: 1 });
    expect(holdCountdown(HOLD, holdMs - 59_001)).toMatchObject({ text: "Cart Hold Expires 1:00", secondsLeft: 60 });
  });

  it("is expired at and after the hold time", () => {
    expect(holdCountdown(HOLD, holdMs)).toEqual({ text: "Product Hold Expired", state: "expired", secondsLeft: 0 });
    expect(holdCountdown(HOLD, holdMs + 1)).toEqual({ text: "Product Hold Expired", state: "expired", secondsLeft: 0 });
    expect(holdCountdown(HOLD, holdMs + 86_400_000)).toMatchObject({ state: "expired" });
  });

  it("reads ISO times with an offset", () => {
    expect(holdCountdown("2026-05-01T11:00:00-04:00", at(90))).toMatchObject({ text: "Cart Hold Expires 1:30" });
  });
});

describe("warningsCrossed", () => {
  it("warns at 60 s and 1 s", () => {
    expect(HOLD_WARNING_SECONDS).toEqual([60, 1]);
  });

  it.each([
    [62, 61, []],
    [61, 60, [60]],
    [61, 59, [60]],
    [60, 59, []], // already announced when 60 was reached
    [59, 58, []],
    [2, 1, [1]],
    [1, 0, []],
    [120, 0, [60, 1]], // tab slept through both
    [90, 1, [60, 1]],
    [30, 90, []], // hold extended
    [60, 60, []],
  ] as const)("%i -> %i crosses %j", (prev, now, crossed) => {
    expect(warningsCrossed(prev, now)).toEqual(crossed);
  });

  it("crosses nothing on the first tick", () => {
    expect(warningsCrossed(null, 30)).toEqual([]);
    expect(warningsCrossed(null, 1)).toEqual([]);
  });

  it("fires each threshold exactly once over a full countdown", () => {
    const fired: number[] = [];
    let prev: number | null = null;
    for (let s = 200; s >= 0; s--) {
      fired.push(...warningsCrossed(prev, s));
      prev = s;
    }
    expect(fired).toEqual([60, 1]);
  });
});

describe("shouldRemoveHoldOnExpiry", () => {
  it.each([
    [false, false, true],
    [true, false, false],
    [false, true, false],
    [true, true, false],
  ])("expiredOnLoad %s, alreadyRemoved %s -> %s", (expiredOnLoad, alreadyRemoved, out) => {
    expect(shouldRemoveHoldOnExpiry({ expiredOnLoad, alreadyRemoved })).toBe(out);
  });
});
