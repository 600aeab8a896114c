import { describe, expect, it } from "vitest";
import { allocateCredit, claimClosedMessage, claimWindow } from "./claims.ts";

const H = 3_600_000;

describe("the claim window", () => {
  it("runs from the ship date to the window's hours after the end of that day, New York time", () => {
    // Thu Nov 26, 2026 (EST, UTC-5): the day ends at 05:00 UTC on Nov 27; 48 h later is 05:00 UTC Nov 29.
    const w = (now: string) => claimWindow("2026-11-26", 48 * H, new Date(now));
    expect(w("2026-11-29T04:59:59Z")).toMatchObject({ open: true, lastDay: "2026-11-28" });
    expect(w("2026-11-29T05:00:00Z")).toMatchObject({ open: false, lastDay: "2026-11-28" });
    expect(w("2026-11-26T05:00:00Z").closesAt.toISOString()).toBe("2026-11-29T05:00:00.000Z");
    expect(claimClosedMessage(w("2026-12-01T00:00:00Z").lastDay)).toBe("Claims for this order closed on Sat, Nov 28.");
    expect(claimWindow("2026-11-26", 24 * H, new Date("2026-11-28T12:00:00Z")).lastDay).toBe("2026-11-27");
  });
});

describe("allocating a claim to invoice lines", () => {
  const lines = [
    { id: 1, quantity: 8, credited: 0 },
    { id: 2, quantity: 4, credited: 1 },
  ];
  it("takes loose bunches (the last line) first, then the pail line, never more than is uncredited", () => {
    expect(allocateCredit(lines, 2)).toEqual([{ invoiceLineId: 2, quantity: 2 }]);
    expect(allocateCredit(lines, 5)).toEqual([
      { invoiceLineId: 2, quantity: 3 },
      { invoiceLineId: 1, quantity: 2 },
    ]);
    expect(allocateCredit(lines, 11)).toHaveLength(2);
    expect(allocateCredit(lines, 12)).toBeNull();
  });
});
