import { describe, expect, it } from "vitest";
import { clockTime, dateRange, longDate, money, pailsAndBunches, shortDate } from "../../lib/format.ts";
import { newIdempotencyKey } from "./idempotency.ts";
import { parseOrderNumber } from "./order-number.ts";
import { serverMessage, CART_UPDATE_ERROR_DEFAULT, PLACE_ORDER_FAILED } from "./messages.ts";
import { ApiError } from "../../lib/api.ts";

describe("format", () => {
  it("formats API dollars exactly", () => {
    expect(money(1234.5)).toBe("$1,234.50");
    expect(money(0.1 + 0.2)).toBe("$0.30");
  });
  it("formats calendar dates without a time-zone shift", () => {
    expect(shortDate("2026-03-03")).toBe("Tue, Mar 3");
    expect(longDate("2026-03-03")).toBe("Tuesday, March 3, 2026");
    expect(shortDate(null)).toBe("");
  });
  it("formats cut-off times and quantities", () => {
    expect(clockTime("14:00")).toBe("2:00 PM");
    expect(clockTime("09:30")).toBe("9:30 AM");
    expect(clockTime("00:15")).toBe("12:15 AM");
    expect(pailsAndBunches(2, 3)).toBe("2 pails + 3 bunches");
    expect(pailsAndBunches(1, 0)).toBe("1 pail");
    expect(pailsAndBunches(0, 1)).toBe("1 bunch");
  });
});

describe("order numbers", () => {
  it("accepts positive whole numbers only (anything else is a 404)", () => {
    expect(parseOrderNumber("100169")).toBe(100169);
    for (const bad of [undefined, "", "0", "abc", "12a", "-5", "1.5", "99999999999"]) expect(parseOrderNumber(bad)).toBeNull();
  });
});

describe("idempotency keys", () => {
  it("uses randomUUID when there is one", () => {
    expect(newIdempotencyKey({ randomUUID: () => "fixed", getRandomValues: (a) => a })).toBe("fixed");
  });
  it("falls back to a v4 UUID from getRandomValues (insecure contexts)", () => {
    const key = newIdempotencyKey({ getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("serverMessage", () => {
  it("prefers the server's message and falls back to the SPEC text", () => {
    expect(serverMessage(new ApiError(400, "Ship date closed"), CART_UPDATE_ERROR_DEFAULT)).toBe("Ship date closed");
    expect(serverMessage(new ApiError(0, "We could not reach the server."), CART_UPDATE_ERROR_DEFAULT)).toBe(CART_UPDATE_ERROR_DEFAULT);
    expect(serverMessage(new Error("x"), CART_UPDATE_ERROR_DEFAULT)).toBe(CART_UPDATE_ERROR_DEFAULT);
    // An answer without a message of its own (a proxy's 502): the status text is not shown (SPEC §8).
    expect(serverMessage(new ApiError(502, "Bad Gateway", {}, undefined, false), CART_UPDATE_ERROR_DEFAULT)).toBe(CART_UPDATE_ERROR_DEFAULT);
    expect(serverMessage(new ApiError(503, "Service Unavailable", {}, undefined, false), PLACE_ORDER_FAILED)).toBe(PLACE_ORDER_FAILED);
  });
});

describe("dateRange", () => {
  it("says one date for a one-day range and both ends otherwise (issue 29: not 'Fri, Nov 27 – Fri, Nov 27')", () => {
    expect(dateRange("2026-11-27", "2026-11-27")).toBe(shortDate("2026-11-27"));
    expect(dateRange("2026-11-27", "2026-11-30")).toBe(`${shortDate("2026-11-27")} – ${shortDate("2026-11-30")}`);
    expect(dateRange("2026-11-27", null)).toBe(shortDate("2026-11-27"));
  });
});
