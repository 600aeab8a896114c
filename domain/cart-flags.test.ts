import { describe, it, expect } from "vitest";
import {
  MAX_ORDER_QUANTITY,
  isLineFinalProduct,
  isLinePending,
  quantityRemainingMessage,
  splitConfirmedPending,
  validateQuantity,
} from "./cart-flags.ts";

describe("isLinePending", () => {
  it.each([
    // quantityRemaining, price, standard, special, pending
    [10, 1000, 1000, false, false],
    [10, 1000, 1000, true, false],
    [10, 900, 1000, true, false], // special price differs: fine
    [10, 900, 1000, false, true], // price differs, not special
    [10, 1100, 1000, false, true],
    [0, 1000, 1000, false, true], // nothing remains
    [0, 900, 1000, true, true],
    [-3, 1000, 1000, true, true],
    [1, 1000, 1000, false, false],
  ])("remaining %i, price %i vs standard %i, special %s -> %s", (quantityRemaining, priceCents, standardPriceCents, special, out) => {
    expect(isLinePending({ quantityRemaining, priceCents, standardPriceCents, special })).toBe(out);
  });
});

describe("isLineFinalProduct", () => {
  it.each([
    // isFinal, quantity, remaining, pending, result
    [true, 10, 10, false, true],
    [true, 11, 10, false, true],
    [true, 9, 10, false, false],
    [true, 10, 10, true, false],
    [false, 10, 10, false, false],
    [false, 20, 10, false, false],
    [true, 0, 0, false, true],
  ])("final %s, qty %i, remaining %i, pending %s -> %s", (isFinalProduct, quantity, quantityRemaining, pending, out) => {
    expect(isLineFinalProduct({ isFinalProduct, quantity, quantityRemaining, pending })).toBe(out);
  });
});

describe("splitConfirmedPending", () => {
  it("confirms everything that is available", () => {
    expect(splitConfirmedPending(5, 10, false)).toEqual({ quantityConfirmed: 5, quantityPending: 0 });
    expect(splitConfirmedPending(10, 10, false)).toEqual({ quantityConfirmed: 10, quantityPending: 0 });
    expect(splitConfirmedPending(10, 10, true)).toEqual({ quantityConfirmed: 10, quantityPending: 0 });
  });

  it("turns the excess into a pending request for ordinary products", () => {
    expect(splitConfirmedPending(15, 10, false)).toEqual({ quantityConfirmed: 10, quantityPending: 5 });
    expect(splitConfirmedPending(4, 0, false)).toEqual({ quantityConfirmed: 0, quantityPending: 4 });
  });

  it("caps final products at what remains with the SPEC message", () => {
    expect(splitConfirmedPending(15, 10, true)).toEqual({
      quantityConfirmed: 10,
      quantityPending: 0,
      cappedTo: 10,
      error: "You can only order up to the quantity remaining today",
    });
    expect(splitConfirmedPending(1, 0, true)).toEqual({
      quantityConfirmed: 0,
      quantityPending: 0,
      cappedTo: 0,
      error: "You can only order up to the quantity remaining today",
    });
  });

  it("says how many are left, and the date instead of today for a later ship date, when given the dates", () => {
    expect(splitConfirmedPending(90, 85, true, { shipDate: "2026-11-26", today: "2026-11-26" }).error).toBe(
      "You can only order up to the quantity remaining today: 85 bunches left.",
    );
    expect(splitConfirmedPending(90, 85, true, { shipDate: "2026-11-27", today: "2026-11-26" }).error).toBe(
      "You can only order up to the quantity remaining for Fri, Nov 27: 85 bunches left.",
    );
  });

  it("treats negative availability as none", () => {
    expect(splitConfirmedPending(3, -2, false)).toEqual({ quantityConfirmed: 0, quantityPending: 3 });
    expect(splitConfirmedPending(3, -2, true)).toMatchObject({ quantityConfirmed: 0, cappedTo: 0 });
  });

  it("handles a zero request", () => {
    expect(splitConfirmedPending(0, 10, false)).toEqual({ quantityConfirmed: 0, quantityPending: 0 });
    expect(splitConfirmedPending(0, 0, true)).toEqual({ quantityConfirmed: 0, quantityPending: 0 });
  });
});

describe("quantityRemainingMessage", () => {
  it("keeps the SPEC sentence for today's ship date and adds the count", () => {
    expect(quantityRemainingMessage(85, "2026-11-26", "2026-11-26")).toBe("You can only order up to the quantity remaining today: 85 bunches left.");
    expect(quantityRemainingMessage(85, null, "2026-11-26")).toBe("You can only order up to the quantity remaining today: 85 bunches left.");
  });

  it("names a later ship date instead of today", () => {
    expect(quantityRemainingMessage(85, "2026-11-27", "2026-11-26")).toBe("You can only order up to the quantity remaining for Fri, Nov 27: 85 bunches left.");
  });

  it("writes counts one way, singular, none, and bouquets for the mass-market store", () => {
    expect(quantityRemainingMessage(100_015, "2026-11-26", "2026-11-26")).toBe("You can only order up to the quantity remaining today: 100,015 bunches left.");
    expect(quantityRemainingMessage(1, "2026-11-26", "2026-11-26")).toBe("You can only order up to the quantity remaining today: 1 bunch left.");
    expect(quantityRemainingMessage(0, "2026-11-26", "2026-11-26")).toBe("You can only order up to the quantity remaining today: none left.");
    expect(quantityRemainingMessage(-3, "2026-11-26", "2026-11-26")).toBe("You can only order up to the quantity remaining today: none left.");
    expect(quantityRemainingMessage(2, "2026-12-01", "2026-11-26", "bouquet")).toBe("You can only order up to the quantity remaining for Tue, Dec 1: 2 bouquets left.");
  });
});

describe("validateQuantity", () => {
  it.each([
    [1, 1],
    [12, 12],
    [MAX_ORDER_QUANTITY, 100_000],
    ["7", 7],
    [" 42 ", 42],
    ["007", 7],
    [3.0, 3],
  ])("accepts %j", (raw, quantity) => {
    expect(validateQuantity(raw)).toEqual({ ok: true, quantity });
  });

  it.each([
    0,
    -1,
    1.5,
    100_001,
    Number.NaN,
    Infinity,
    "",
    "  ",
    "0",
    "-3",
    "1.5",
    "1e3",
    "12abc",
    "100001",
    null,
    undefined,
    true,
    {},
    [5],
  ])("rejects %j", (raw) => {
    expect(validateQuantity(raw)).toEqual({ ok: false, message: "Invalid Quantity: Please enter a valid quantity" });
  });
});
