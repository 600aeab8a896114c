import { describe, expect, it } from "vitest";
import { cutoffText } from "./ship-date-picker.tsx";

// Sunday = 1 ... Saturday = 7 (SPEC weekday numbering); cut-offs are New York wall times.
const shipTimes = [
  { weekday: 3, cutoffShipTime: "15:00" }, // Tuesday
  { weekday: 5, cutoffShipTime: "11:30" }, // Thursday
];

describe("cutoffText", () => {
  it("names the day, the time and New York's zone for a ship date", () => {
    const t = cutoffText("2026-12-01", shipTimes, false, new Date("2026-11-29T12:00:00Z"));
    expect(t?.short).toBe("order by Tue, 3:00 PM EST");
    expect(t?.long).toBe("Order by Tuesday, December 1 at 3:00 PM Eastern Standard Time");
  });

  it("gives a pickup date the cut-off of the ship date that serves it", () => {
    // Pickup Friday Dec 4 is served by Thursday Dec 3 (the latest open ship date before it).
    const t = cutoffText("2026-12-04", shipTimes, true, new Date("2026-11-29T12:00:00Z"));
    expect(t?.short).toBe("order by Thu, 11:30 AM EST");
  });

  it("uses daylight time in summer", () => {
    expect(cutoffText("2026-06-02", shipTimes, false, new Date("2026-06-01T12:00:00Z"))?.short).toBe("order by Tue, 3:00 PM EDT");
  });

  it("has nothing to say for a date without a ship time or a pickup no ship date serves", () => {
    expect(cutoffText("2026-12-02", shipTimes, false, new Date("2026-11-29T12:00:00Z"))).toBeNull();
    expect(cutoffText("2026-12-01", [], true, new Date("2026-11-29T12:00:00Z"))).toBeNull();
  });
});
