import { describe, it, expect } from "vitest";
import {
  RETAILER_WEEKDAYS,
  cutoffInstant,
  earliestPickupDate,
  isPickupDateValid,
  isShipDateOpen,
  isoToSpecWeekday,
  nextOpenShipDates,
  pickupToShipDate,
  pickupWeekdays,
  specWeekdayOfDate,
  type PickupDays,
  type ShipTime,
} from "./ship-dates.ts";

// Calendar used below (New York):
//   2026-03-06 Fri (EST, UTC-5)   2026-03-08 Sun: clocks 02:00 EST -> 03:00 EDT   2026-03-09 Mon (EDT, UTC-4)
//   2026-10-30 Fri (EDT)          2026-11-01 Sun: clocks 02:00 EDT -> 01:00 EST   2026-11-02 Mon (EST)
const utc = (iso: string): Date => new Date(iso);
const SUN = 1, MON = 2, TUE = 3, WED = 4, THU = 5, FRI = 6, SAT = 7;
const monWedFri: ShipTime[] = [
  { weekday: MON, cutoffShipTime: "14:00" },
  { weekday: WED, cutoffShipTime: "14:00" },
  { weekday: FRI, cutoffShipTime: "14:00" },
];
const only = (weekday: number, cutoffShipTime: string): ShipTime[] => [{ weekday, cutoffShipTime }];
const allWeekdays: PickupDays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true };
const noDays: PickupDays = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false };

describe("weekday numbering", () => {
  it.each([
    [1, MON],
    [2, TUE],
    [3, WED],
    [4, THU],
    [5, FRI],
    [6, SAT],
    [7, SUN],
  ])("ISO %i -> SPEC %i", (iso, spec) => {
    expect(isoToSpecWeekday(iso)).toBe(spec);
  });

  it.each([0, 8, 1.5])("rejects ISO weekday %d", (iso) => {
    expect(() => isoToSpecWeekday(iso)).toThrow(RangeError);
  });

  it.each([
    ["2026-03-08", SUN],
    ["2026-03-09", MON],
    ["2026-03-10", TUE],
    ["2026-03-11", WED],
    ["2026-03-12", THU],
    ["2026-03-13", FRI],
    ["2026-03-14", SAT],
    ["2028-02-29", TUE],
  ])("%s is SPEC weekday %i", (date, weekday) => {
    expect(specWeekdayOfDate(date)).toBe(weekday);
  });

  it.each(["2026-02-30", "2026-3-8", "20260308", "2026-03-08T10:00", "", "soon"])("rejects date %j", (date) => {
    expect(() => specWeekdayOfDate(date)).toThrow(RangeError);
  });

  it("maps retailer pickup days Monday 2 .. Friday 6", () => {
    expect(RETAILER_WEEKDAYS).toEqual({ monday: 2, tuesday: 3, wednesday: 4, thursday: 5, friday: 6 });
    expect(pickupWeekdays(allWeekdays)).toEqual([2, 3, 4, 5, 6]);
    expect(pickupWeekdays({ ...noDays, tuesday: true, friday: true })).toEqual([3, 6]);
    expect(pickupWeekdays(noDays)).toEqual([]);
  });
});

describe("cutoffInstant", () => {
  it.each([
    ["2026-03-06", "14:00", "2026-03-06T19:00:00.000Z"], // EST
    ["2026-03-09", "14:00", "2026-03-09T18:00:00.000Z"], // EDT
    ["2026-03-08", "01:30", "2026-03-08T06:30:00.000Z"], // before the jump, EST
    ["2026-03-08", "02:00", "2026-03-08T07:00:00.000Z"], // skipped: closes when clocks jump
    ["2026-03-08", "02:30", "2026-03-08T07:00:00.000Z"], // skipped: closes when clocks jump
    ["2026-03-08", "03:00", "2026-03-08T07:00:00.000Z"],
    ["2026-03-08", "12:00", "2026-03-08T16:00:00.000Z"], // after the jump, EDT
    ["2026-11-01", "00:30", "2026-11-01T04:30:00.000Z"], // EDT
    ["2026-11-01", "01:30", "2026-11-01T05:30:00.000Z"], // happens twice: first (EDT)
    ["2026-11-01", "01:00", "2026-11-01T05:00:00.000Z"],
    ["2026-11-01", "02:00", "2026-11-01T07:00:00.000Z"], // EST
    ["2026-11-01", "12:00", "2026-11-01T17:00:00.000Z"], // EST
    ["2026-03-08", "00:00", "2026-03-08T05:00:00.000Z"],
    ["2026-11-01", "00:00", "2026-11-01T04:00:00.000Z"],
    ["2026-03-08", "23:59", "2026-03-09T03:59:00.000Z"],
    ["2026-11-01", "23:59", "2026-11-02T04:59:00.000Z"],
    ["2026-03-09", "14:00:30", "2026-03-09T18:00:30.000Z"],
  ])("%s %s -> %s", (date, time, iso) => {
    expect(cutoffInstant(date, time)?.toUTC().toISO()).toBe(iso);
  });

  it.each(["24:00", "14:60", "2pm", "14", "", "1400"])("rejects time %j", (time) => {
    expect(cutoffInstant("2026-03-09", time)).toBeNull();
  });

  it("rejects a bad date", () => {
    expect(cutoffInstant("2026-02-30", "14:00")).toBeNull();
  });
});

describe("isShipDateOpen", () => {
  it.each([
    // date, ship times, now (UTC), open
    ["2026-03-06", monWedFri, "2026-03-06T18:59:59.999Z", true], // Fri 13:59:59 EST
    ["2026-03-06", monWedFri, "2026-03-06T19:00:00.000Z", false], // Fri 14:00 EST
    ["2026-03-09", monWedFri, "2026-03-09T17:59:59.999Z", true], // Mon 13:59:59 EDT
    ["2026-03-09", monWedFri, "2026-03-09T18:00:00.000Z", false], // Mon 14:00 EDT
    ["2026-03-09", monWedFri, "2026-03-09T18:30:00.000Z", false], // would be 13:30 if EST were wrongly kept
    ["2026-10-30", monWedFri, "2026-10-30T17:59:59.999Z", true], // Fri EDT
    ["2026-10-30", monWedFri, "2026-10-30T18:00:00.000Z", false],
    ["2026-11-02", monWedFri, "2026-11-02T18:30:00.000Z", true], // Mon 13:30 EST
    ["2026-11-02", monWedFri, "2026-11-02T19:00:00.000Z", false],
    ["2026-03-08", only(SUN, "02:30"), "2026-03-08T06:59:59.999Z", true], // 01:59:59 EST
    ["2026-03-08", only(SUN, "02:30"), "2026-03-08T07:00:00.000Z", false], // 03:00 EDT
    ["2026-03-08", only(SUN, "12:00"), "2026-03-08T15:59:59.999Z", true],
    ["2026-03-08", only(SUN, "12:00"), "2026-03-08T16:00:00.000Z", false],
    ["2026-11-01", only(SUN, "01:30"), "2026-11-01T05:29:59.999Z", true], // first 01:29:59 (EDT)
    ["2026-11-01", only(SUN, "01:30"), "2026-11-01T05:30:00.000Z", false],
    ["2026-11-01", only(SUN, "01:30"), "2026-11-01T06:00:00.000Z", false], // second 01:00 (EST): already passed
    ["2026-11-01", only(SUN, "12:00"), "2026-11-01T16:59:59.999Z", true],
    ["2026-11-01", only(SUN, "12:00"), "2026-11-01T17:00:00.000Z", false],
  ] as const)("%s with %j at %s -> %s", (date, shipTimes, now, open) => {
    expect(isShipDateOpen(date, shipTimes, utc(now))).toBe(open);
  });

  describe("cut-off 00:00 closes at the start of the ship date", () => {
    it.each([
      ["2026-03-09", "2026-03-09T03:59:59.999Z", true], // Sun 23:59:59 EDT
      ["2026-03-09", "2026-03-09T04:00:00.000Z", false], // Mon 00:00 EDT
      ["2026-03-08", "2026-03-08T04:59:59.999Z", true], // Sat 23:59:59 EST
      ["2026-03-08", "2026-03-08T05:00:00.000Z", false],
      ["2026-11-01", "2026-11-01T03:59:59.999Z", true], // Sat 23:59:59 EDT
      ["2026-11-01", "2026-11-01T04:00:00.000Z", false],
    ])("%s at %s -> %s", (date, now, open) => {
      const weekday = specWeekdayOfDate(date);
      expect(isShipDateOpen(date, only(weekday, "00:00"), utc(now))).toBe(open);
    });
  });

  describe("cut-off 23:59 allows almost the whole day", () => {
    it.each([
      ["2026-03-06", "2026-03-07T04:58:59.999Z", true], // Fri 23:58:59 EST (already Saturday in UTC)
      ["2026-03-06", "2026-03-07T04:59:00.000Z", false],
      ["2026-03-06", "2026-03-07T05:00:00.000Z", false], // midnight: Saturday in New York
      ["2026-03-08", "2026-03-09T03:58:59.999Z", true], // EDT after the jump
      ["2026-03-08", "2026-03-09T03:59:00.000Z", false],
      ["2026-11-01", "2026-11-02T04:58:59.999Z", true], // EST after fall back
      ["2026-11-01", "2026-11-02T04:59:00.000Z", false],
    ])("%s at %s -> %s", (date, now, open) => {
      const weekday = specWeekdayOfDate(date);
      expect(isShipDateOpen(date, only(weekday, "23:59"), utc(now))).toBe(open);
    });
  });

  it("is closed on weekdays without a ship time", () => {
    expect(isShipDateOpen("2026-03-10", monWedFri, utc("2026-03-01T12:00:00Z"))).toBe(false); // Tuesday
    expect(isShipDateOpen("2026-03-14", monWedFri, utc("2026-03-01T12:00:00Z"))).toBe(false); // Saturday
  });

  it("is closed for past dates and open for future ones", () => {
    expect(isShipDateOpen("2026-03-02", monWedFri, utc("2026-03-09T12:00:00Z"))).toBe(false);
    expect(isShipDateOpen("2027-03-01", monWedFri, utc("2026-03-09T12:00:00Z"))).toBe(true);
  });

  it("uses the latest cut-off when a weekday is listed twice", () => {
    const twice: ShipTime[] = [
      { weekday: MON, cutoffShipTime: "09:00" },
      { weekday: MON, cutoffShipTime: "15:00" },
    ];
    expect(isShipDateOpen("2026-03-09", twice, utc("2026-03-09T18:30:00Z"))).toBe(true); // 14:30 EDT
    expect(isShipDateOpen("2026-03-09", twice, utc("2026-03-09T19:00:00Z"))).toBe(false);
  });

  it("is closed for malformed input", () => {
    const now = utc("2026-03-01T12:00:00Z");
    expect(isShipDateOpen("2026-02-30", monWedFri, now)).toBe(false);
    expect(isShipDateOpen("03/09/2026", monWedFri, now)).toBe(false);
    expect(isShipDateOpen("2026-03-09", only(MON, "25:00"), now)).toBe(false);
    expect(isShipDateOpen("2026-03-09", [], now)).toBe(false);
    expect(isShipDateOpen("2026-03-09", monWedFri, new Date(Number.NaN))).toBe(false);
  });
});

describe("nextOpenShipDates", () => {
  it("starts today before the cut-off", () => {
    expect(nextOpenShipDates(monWedFri, utc("2026-03-09T13:00:00Z"), 4)).toEqual([
      "2026-03-09",
      "2026-03-11",
      "2026-03-13",
      "2026-03-16",
    ]);
  });

  it("skips today after the cut-off", () => {
    expect(nextOpenShipDates(monWedFri, utc("2026-03-09T18:00:00Z"), 2)).toEqual(["2026-03-11", "2026-03-13"]);
  });

  it("counts today in New York, not in UTC", () => {
    // 2026-03-10T02:00Z is Monday 22:00 EDT; Tuesday's 00:00 cut-off is still ahead.
    const shipTimes = [...monWedFri, { weekday: TUE, cutoffShipTime: "00:00" }];
    expect(nextOpenShipDates(shipTimes, utc("2026-03-10T02:00:00Z"), 2)).toEqual(["2026-03-10", "2026-03-11"]);
    expect(nextOpenShipDates(shipTimes, utc("2026-03-10T04:00:00Z"), 1)).toEqual(["2026-03-11"]);
  });

  it("crosses the spring daylight-saving change", () => {
    expect(nextOpenShipDates(monWedFri, utc("2026-03-06T19:00:00Z"), 2)).toEqual(["2026-03-09", "2026-03-11"]);
    expect(nextOpenShipDates(only(SUN, "02:30"), utc("2026-03-08T06:59:00Z"), 2)).toEqual(["2026-03-08", "2026-03-15"]);
    expect(nextOpenShipDates(only(SUN, "02:30"), utc("2026-03-08T07:00:00Z"), 1)).toEqual(["2026-03-15"]);
  });

  it("crosses the autumn daylight-saving change", () => {
    expect(nextOpenShipDates(only(SUN, "01:30"), utc("2026-11-01T05:00:00Z"), 1)).toEqual(["2026-11-01"]);
    expect(nextOpenShipDates(only(SUN, "01:30"), utc("2026-11-01T06:00:00Z"), 1)).toEqual(["2026-11-08"]);
  });

  it("returns nothing when there is nothing to return", () => {
    const now = utc("2026-03-09T12:00:00Z");
    expect(nextOpenShipDates(monWedFri, now, 0)).toEqual([]);
    expect(nextOpenShipDates([], now, 3)).toEqual([]);
    expect(nextOpenShipDates(only(MON, "bad"), now, 3)).toEqual([]);
  });

  it("crosses a year end", () => {
    expect(nextOpenShipDates(only(FRI, "14:00"), utc("2026-12-30T12:00:00Z"), 2)).toEqual(["2027-01-01", "2027-01-08"]);
  });
});

describe("earliestPickupDate", () => {
  it("is the first pickup day at least one day ahead", () => {
    const friMorning = utc("2026-03-06T15:00:00Z");
    expect(earliestPickupDate(allWeekdays, friMorning)).toBe("2026-03-09"); // Saturday is not a pickup day
    expect(earliestPickupDate({ ...noDays, wednesday: true }, friMorning)).toBe("2026-03-11");
    expect(earliestPickupDate(allWeekdays, utc("2026-03-09T15:00:00Z"))).toBe("2026-03-10");
  });

  it("honours the lead time", () => {
    const monMorning = utc("2026-03-09T15:00:00Z");
    expect(earliestPickupDate(allWeekdays, monMorning, 0)).toBe("2026-03-09");
    expect(earliestPickupDate(allWeekdays, monMorning, 2)).toBe("2026-03-11");
    expect(earliestPickupDate(allWeekdays, monMorning, 5)).toBe("2026-03-16");
  });

  it("reads today in New York at midnight edges", () => {
    // Monday 23:30 EDT (already Tuesday in UTC).
    expect(earliestPickupDate(allWeekdays, utc("2026-03-10T03:30:00Z"))).toBe("2026-03-10");
    // Tuesday 00:00 EDT.
    expect(earliestPickupDate(allWeekdays, utc("2026-03-10T04:00:00Z"))).toBe("2026-03-11");
  });

  it("rejects a retailer without pickup days and a bad lead time", () => {
    expect(() => earliestPickupDate(noDays, utc("2026-03-09T15:00:00Z"))).toThrow(RangeError);
    expect(() => earliestPickupDate(allWeekdays, utc("2026-03-09T15:00:00Z"), -1)).toThrow(RangeError);
    expect(() => earliestPickupDate(allWeekdays, new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("isPickupDateValid", () => {
  const monMorning = utc("2026-03-09T15:00:00Z");
  const tueThu: PickupDays = { ...noDays, tuesday: true, thursday: true };

  it.each([
    ["2026-03-10", tueThu, true],
    ["2026-03-12", tueThu, true],
    ["2026-03-11", tueThu, false], // Wednesday is not a pickup day
    ["2026-03-14", allWeekdays, false], // Saturday
    ["2026-03-15", allWeekdays, false], // Sunday
    ["2026-03-09", allWeekdays, false], // today, lead time 1
    ["2026-03-02", allWeekdays, false], // past
    ["2026-03-10", noDays, false],
    ["2026-02-30", allWeekdays, false],
    ["next week", allWeekdays, false],
  ] as const)("%s -> %s", (date, days, valid) => {
    expect(isPickupDateValid(date, days, monMorning)).toBe(valid);
  });

  it("allows today with no lead time", () => {
    expect(isPickupDateValid("2026-03-09", allWeekdays, monMorning, 0)).toBe(true);
  });
});

describe("pickupToShipDate", () => {
  const monMorning = utc("2026-03-09T13:00:00Z"); // 09:00 EDT

  it.each([
    ["2026-03-12", "2026-03-11"], // Thu pickup <- Wed ship
    ["2026-03-11", "2026-03-09"], // Wed pickup <- Mon ship (same day, before cut-off)
    ["2026-03-10", "2026-03-09"],
    ["2026-03-16", "2026-03-13"], // Mon pickup <- Fri ship
    ["2026-03-14", "2026-03-13"],
    ["2026-03-13", "2026-03-11"], // a ship day itself is not used for its own pickup
  ])("pickup %s -> ship %s", (pickup, ship) => {
    expect(pickupToShipDate(pickup, monWedFri, monMorning)).toBe(ship);
  });

  it("gives null when the only ship date before pickup has closed", () => {
    expect(pickupToShipDate("2026-03-10", monWedFri, utc("2026-03-09T18:00:00Z"))).toBeNull();
    expect(pickupToShipDate("2026-03-11", monWedFri, utc("2026-03-09T18:00:00Z"))).toBeNull();
  });

  it("looks back at most 7 days", () => {
    const mondays = only(MON, "14:00");
    expect(pickupToShipDate("2026-03-16", mondays, monMorning)).toBe("2026-03-09"); // exactly 7 days
    expect(pickupToShipDate("2026-03-16", mondays, utc("2026-03-09T18:00:00Z"))).toBeNull();
    expect(pickupToShipDate("2026-03-17", mondays, utc("2026-03-09T18:00:00Z"))).toBe("2026-03-16");
  });

  it("respects cut-offs across daylight-saving changes", () => {
    // Friday 2026-03-06 14:00 EST = 19:00Z.
    expect(pickupToShipDate("2026-03-09", monWedFri, utc("2026-03-06T18:59:00Z"))).toBe("2026-03-06");
    expect(pickupToShipDate("2026-03-09", monWedFri, utc("2026-03-06T19:00:00Z"))).toBeNull();
    // Friday 2026-10-30 14:00 EDT = 18:00Z.
    expect(pickupToShipDate("2026-11-02", monWedFri, utc("2026-10-30T17:59:00Z"))).toBe("2026-10-30");
    expect(pickupToShipDate("2026-11-02", monWedFri, utc("2026-10-30T18:00:00Z"))).toBeNull();
  });

  it("gives null for bad input", () => {
    expect(pickupToShipDate("2026-13-01", monWedFri, monMorning)).toBeNull();
    expect(pickupToShipDate("2026-03-12", [], monMorning)).toBeNull();
  });
});
