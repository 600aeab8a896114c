import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { isoDateAt } from "./dates.ts";

// isoDateAt keeps its last answer for a quarter hour of UTC: it must still turn at New York's
// midnight, on either side of a daylight-saving change, in whatever order it is asked.
describe("isoDateAt", () => {
  const luxon = (d: Date) => DateTime.fromJSDate(d, { zone: "America/New_York" }).toISODate();

  it("turns at midnight in New York, summer and winter, asked in any order", () => {
    const instants = [
      "2026-07-01T03:59:59.999Z", // 23:59:59.999 EDT
      "2026-07-01T04:00:00.000Z", // 00:00 EDT
      "2026-12-01T04:59:59.999Z", // 23:59:59.999 EST
      "2026-12-01T05:00:00.000Z", // 00:00 EST
      "2026-03-08T06:59:00.000Z", // 01:59 EST, the night clocks go forward
      "2026-03-08T07:00:00.000Z", // 03:00 EDT
      "2026-11-01T05:30:00.000Z", // 01:30 EDT, the night clocks go back
      "2026-11-01T06:30:00.000Z", // 01:30 EST
      "2026-07-01T04:00:00.000Z",
      "2026-07-01T03:59:59.999Z",
    ].map((s) => new Date(s));
    for (const d of instants) expect(isoDateAt(d)).toBe(luxon(d));
    // Every minute of two days around the autumn change, forwards then backwards.
    const start = Date.parse("2026-10-31T00:00:00Z");
    const minutes = Array.from({ length: 2 * 24 * 60 }, (_, i) => new Date(start + i * 60_000));
    for (const d of [...minutes, ...minutes.reverse()]) expect(isoDateAt(d)).toBe(luxon(d));
  });

  it("still refuses an invalid date", () => {
    expect(() => isoDateAt(new Date(Number.NaN))).toThrow(RangeError);
  });
});
