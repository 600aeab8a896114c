import { describe, expect, it } from "vitest";
import { isPausedOn, mergeTemplateLines, nextOccurrence, standingRunAt, standingWeekdays, weekdayName } from "./standing-orders.ts";

const now = new Date("2026-11-23T15:00:00Z"); // a Monday
const occ = (date: string, cutoffIso: string) => ({ date, shipDate: date, cutoffAt: new Date(cutoffIso) });

describe("nextOccurrence", () => {
  const candidates = [
    occ("2026-11-23", "2026-11-23T20:00:00Z"), // Monday, cut-off today 15:00 New York
    occ("2026-11-25", "2026-11-25T20:00:00Z"), // Wednesday
    occ("2026-11-30", "2026-11-30T20:00:00Z"), // next Monday
  ];
  it("takes the first date on the weekday whose cut-off is ahead", () => {
    expect(nextOccurrence(candidates, 2, now)?.date).toBe("2026-11-23");
    expect(nextOccurrence(candidates, 4, now)?.date).toBe("2026-11-25");
  });
  it("skips the occurrence already run", () => {
    expect(nextOccurrence(candidates, 2, now, "2026-11-23")?.date).toBe("2026-11-30");
  });
  it("skips a date whose cut-off has passed", () => {
    expect(nextOccurrence(candidates, 2, new Date("2026-11-23T20:00:00Z"))?.date).toBe("2026-11-30");
  });
  it("answers null when no date falls on the weekday", () => {
    expect(nextOccurrence(candidates, 6, now)).toBeNull();
  });
  it("takes the first date on any of several weekdays (a mass-market program)", () => {
    expect(nextOccurrence(candidates, [4, 2], now, "2026-11-23")?.date).toBe("2026-11-25");
    expect(nextOccurrence(candidates, [4, 2], now, "2026-11-25")?.date).toBe("2026-11-30");
  });
  it("skips the dates of a pause range, either end of which may be open", () => {
    expect(nextOccurrence(candidates, [2, 4], now, null, { pausedFrom: "2026-11-23", pausedUntil: "2026-11-25" })?.date).toBe("2026-11-30");
    expect(nextOccurrence(candidates, [2, 4], now, null, { pausedUntil: "2026-11-24" })?.date).toBe("2026-11-25");
    expect(nextOccurrence(candidates, [2, 4], now, null, { pausedFrom: "2026-11-24" })?.date).toBe("2026-11-23");
    expect(nextOccurrence(candidates, [2, 4], now, null, { pausedFrom: "2026-11-20" })).toBeNull();
  });
});

describe("standingRunAt", () => {
  it("runs the lead time before the cut-off, or now when that has passed", () => {
    const cutoff = new Date("2026-11-25T20:00:00Z");
    expect(standingRunAt(cutoff, 24 * 3_600_000, now).toISOString()).toBe("2026-11-24T20:00:00.000Z");
    expect(standingRunAt(cutoff, 72 * 3_600_000, now)).toEqual(now);
  });
});

describe("standingWeekdays", () => {
  it("are a customer's ship weekdays and a retailer's pickup weekdays", () => {
    const shipTimes = [
      { weekday: 4, cutoffShipTime: "15:00" },
      { weekday: 2, cutoffShipTime: "15:00" },
    ];
    expect(standingWeekdays({ retailerId: 0, shipTimes, pickupDays: null })).toEqual([2, 4]);
    const pickupDays = { monday: false, tuesday: true, wednesday: false, thursday: false, friday: true };
    expect(standingWeekdays({ retailerId: 5, shipTimes, pickupDays })).toEqual([3, 6]);
    expect(standingWeekdays({ retailerId: 5, shipTimes, pickupDays: null })).toEqual([]);
  });
  it("names weekdays in SPEC numbering", () => {
    expect(weekdayName(1)).toBe("Sunday");
    expect(weekdayName(7)).toBe("Saturday");
  });
});

describe("mergeTemplateLines", () => {
  it("sums repeated products", () => {
    expect(mergeTemplateLines([{ productId: "A", quantity: 2 }, { productId: "B", quantity: 1 }, { productId: "A", quantity: 3 }])).toEqual([
      { productId: "A", quantity: 5 },
      { productId: "B", quantity: 1 },
    ]);
  });
});

describe("isPausedOn", () => {
  it("pauses the dates of the range, both ends included, and nothing without one", () => {
    const range = { pausedFrom: "2026-12-24", pausedUntil: "2026-12-26" };
    expect(["2026-12-23", "2026-12-24", "2026-12-26", "2026-12-27"].map((d) => isPausedOn(d, range))).toEqual([false, true, true, false]);
    expect(isPausedOn("2026-12-24", {})).toBe(false);
    expect(isPausedOn("2026-12-24", { pausedFrom: null, pausedUntil: null })).toBe(false);
  });
});
