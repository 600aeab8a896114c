import { describe, expect, it } from "vitest";
import { closedDayMessage, closedReason, isRealDate, usHolidays, type ClosedDays } from "./closed-days.ts";
import { isPickupDateOpen, isShipDateOpen, nextOpenShipDates, pickupToShipDate, type ShipTime } from "./ship-dates.ts";

const MON = 2, WED = 4, THU = 5, FRI = 6;
const everyWeekday: ShipTime[] = [2, 3, 4, 5, 6].map((weekday) => ({ weekday, cutoffShipTime: "14:00" }));
const thanksgiving: ClosedDays = new Map([["2026-11-26", "Thanksgiving"]]);
// Monday 2026-11-23, 09:00 in New York.
const monday = new Date("2026-11-23T14:00:00Z");

describe("US holidays a grower closes on", () => {
  it.each([
    [2026, "2026-11-26"],
    [2027, "2027-11-25"],
    [2028, "2028-11-23"],
    [2029, "2029-11-22"],
    [2030, "2030-11-28"],
  ])("Thanksgiving %i is the fourth Thursday of November: %s", (year, date) => {
    expect(usHolidays(year).find((h) => h.reason === "Thanksgiving")?.date).toBe(date);
    expect(new Date(`${date}T12:00:00Z`).getUTCDay()).toBe(4);
  });
  it("New Year's Day, Thanksgiving and Christmas Day in date order", () => {
    expect(usHolidays(2026)).toEqual([
      { date: "2026-01-01", reason: "New Year's Day" },
      { date: "2026-11-26", reason: "Thanksgiving" },
      { date: "2026-12-25", reason: "Christmas Day" },
    ]);
  });
  it("refuses a year that is not one", () => {
    expect(() => usHolidays(2026.5)).toThrow(RangeError);
    expect(() => usHolidays(10_000)).toThrow(RangeError);
  });
});

describe("the closed-day rule", () => {
  it("a closed day is never an open ship date, whatever the cut-off", () => {
    expect(isShipDateOpen("2026-11-26", everyWeekday, monday)).toBe(true);
    expect(isShipDateOpen("2026-11-26", everyWeekday, monday, thanksgiving)).toBe(false);
    expect(isShipDateOpen("2026-11-27", everyWeekday, monday, thanksgiving)).toBe(true);
    expect(closedReason("2026-11-26", thanksgiving)).toBe("Thanksgiving");
    expect(closedReason("2026-11-27", thanksgiving)).toBeNull();
  });
  it("offered ship dates leave closed days out and still offer as many", () => {
    const without = nextOpenShipDates(everyWeekday, monday, 5);
    expect(without).toContain("2026-11-26");
    const offered = nextOpenShipDates(everyWeekday, monday, 5, thanksgiving);
    expect(offered).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-27", "2026-11-30"]);
  });
  it("a customer shipping only on the closed weekday skips that week", () => {
    const thursdays = [{ weekday: THU, cutoffShipTime: "10:00" }];
    expect(nextOpenShipDates(thursdays, monday, 2, thanksgiving)).toEqual(["2026-12-03", "2026-12-10"]);
  });
  it("a pickup on a closed day is refused; a pickup after it is served by the open day before", () => {
    const allDays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true };
    expect(isPickupDateOpen("2026-11-26", allDays, monday, thanksgiving)).toBe(false);
    expect(isPickupDateOpen("2026-11-27", allDays, monday, thanksgiving)).toBe(true);
    const monWedFri = [MON, WED, FRI].map((weekday) => ({ weekday, cutoffShipTime: "14:00" }));
    // Friday pickup: Thursday is not a ship day anyway, Wednesday serves it.
    expect(pickupToShipDate("2026-11-27", monWedFri, monday, thanksgiving)).toBe("2026-11-25");
    // Every weekday ships: Thursday is closed, so Wednesday serves Friday's pickup.
    expect(pickupToShipDate("2026-11-27", everyWeekday, monday)).toBe("2026-11-26");
    expect(pickupToShipDate("2026-11-27", everyWeekday, monday, thanksgiving)).toBe("2026-11-25");
  });
  it("says which day and why", () => {
    expect(closedDayMessage("ship", "2026-11-26", "Thanksgiving")).toBe(
      "The ship date Thursday, November 26, 2026 is closed (Thanksgiving). Please choose another date.",
    );
  });
  it("real dates only", () => {
    expect(isRealDate("2026-02-29")).toBe(false);
    expect(isRealDate("2028-02-29")).toBe(true);
    expect(isRealDate("2026-1-01")).toBe(false);
  });
});
