import { describe, it, expect } from "vitest";
import { centsToDollars, dollarsToCents, formatMoney } from "./money.ts";

describe("formatMoney", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [50, "$0.50"],
    [100, "$1.00"],
    [99999, "$999.99"],
    [100000, "$1,000.00"],
    [123450, "$1,234.50"],
    [123456789, "$1,234,567.89"],
    [-123450, "-$1,234.50"],
    [-5, "-$0.05"],
  ])("formats %i cents as %s", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it("rounds stray fractional cents instead of printing them", () => {
    expect(formatMoney(100.6)).toBe("$1.01");
  });

  it("rejects non-finite input", () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Infinity)).toThrow(RangeError);
  });
});

describe("centsToDollars", () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [10, 0.1],
    [123450, 1234.5],
    [1999, 19.99],
    [-250, -2.5],
  ])("%i cents -> %d dollars", (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it("never returns negative zero", () => {
    expect(Object.is(centsToDollars(-0), 0)).toBe(true);
  });

  it("rejects NaN", () => {
    expect(() => centsToDollars(Number.NaN)).toThrow(RangeError);
  });
});

describe("dollarsToCents", () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [0.29, 29],
    [1.005, 101],
    [1.115, 112],
    [19.99, 1999],
    [1234.5, 123450],
    [0.004, 0],
    [0.005, 1],
    [-1.005, -101],
    [-0.29, -29],
  ])("%d dollars -> %i cents", (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it("round-trips every cent value from 0 to $100", () => {
    for (let c = 0; c <= 10000; c++) {
      expect(dollarsToCents(centsToDollars(c))).toBe(c);
    }
  });

  it("never returns negative zero", () => {
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  it("rejects non-finite input", () => {
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
