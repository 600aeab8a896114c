import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { addDays, isoDateAt } from "./dates.ts";

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

// addDays counts well-formed dates itself and leaves the rest to luxon: the two must agree everywhere.
describe("addDays", () => {
  const luxon = (date: string, days: number) => DateTime.fromISO(date, { zone: "UTC" }).plus({ days }).toISODate();

  it("agrees with luxon across month ends, leap days, years and long spans, forwards and backwards", () => {
    const dates = ["2026-01-31", "2026-02-28", "2028-02-28", "2028-02-29", "2100-02-28", "2000-02-29", "2026-12-31", "0001-01-01", "9999-12-31", "2026-03-08", "2026-11-01"];
    const spans = [0, 1, -1, 2, 28, 29, 30, 31, -31, 59, 60, 365, -365, 366, 1000, -1000, 3_000_000];
    for (const date of dates) for (const days of spans) expect(addDays(date, days), `${date} ${days}`).toBe(luxon(date, days));
    // Every day of four years, a year and a week on.
    let date = "2027-01-01";
    for (let i = 0; i < 4 * 366; i++) {
      expect(addDays(date, 372)).toBe(luxon(date, 372));
      date = addDays(date, 1);
    }
    expect(date).toBe(luxon("2027-01-01", 4 * 366));
  });

  it("answers what luxon answers for what is not a day", () => {
    for (const [date, days] of [
      ["2026-02-30", 1],
      ["2026-13-01", 1],
      ["2026-1-01", 1],
      ["not a date", 1],
      ["2026-01-01", 1.5],
      ["2026-01-01T00:00", 1],
    ] as const) {
      expect(addDays(date, days), `${date} ${days}`).toBe(luxon(date, days));
    }
  });
});
