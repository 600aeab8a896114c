import { describe, expect, it } from "vitest";
import { DrawingAllowance } from "./drawing-allowance.ts";

describe("DrawingAllowance", () => {
  it("grants an address its drawings a window, refuses the rest with the seconds to wait, and renews", () => {
    let now = 1_000_000;
    const allowance = new DrawingAllowance(10, 60_000, 100, () => now);
    expect(allowance.take("10.0.0.1", 4)).toBe(0);
    expect(allowance.take("10.0.0.1", 6)).toBe(0);
    now += 15_000;
    expect(allowance.take("10.0.0.1", 1)).toBe(45);
    // A sheet is refused whole rather than drawn in part.
    expect(allowance.take("10.0.0.2", 11)).toBe(60);
    expect(allowance.take("10.0.0.2", 10)).toBe(0);
    // Kept pictures are never refused.
    expect(allowance.take("10.0.0.1", 0)).toBe(0);
    now += 45_000;
    expect(allowance.take("10.0.0.1", 10)).toBe(0);
  });

  it("remembers at most so many addresses, forgetting the longest-known first", () => {
    const allowance = new DrawingAllowance(1, 60_000, 3, () => 0);
    for (const a of ["a", "b", "c"]) expect(allowance.take(a, 1)).toBe(0);
    expect(allowance.take("d", 1)).toBe(0);
    expect(allowance.size).toBe(3);
    expect(allowance.take("a", 1)).toBe(0); // forgotten, so a new window
    expect(allowance.take("c", 1)).toBeGreaterThan(0);
  });
});
