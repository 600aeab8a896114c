import { describe, it, expect } from "vitest";
import {
  ALERT_KEY_LENGTH,
  ALERT_TYPES,
  CUTOFF_TIMEZONE,
  DEFAULT_COMPANY_NAME,
  ECO_FEE_DESCRIPTION,
  EMAIL_MESSAGE,
  FEE_CATEGORIES,
  FORM_MESSAGES,
  INTEGER_ONLY_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  INVALID_QUANTITY_MESSAGE,
  MM_FUZZY_THRESHOLD,
  NUMBERS_ONLY_MESSAGE,
  QUANTITY_REMAINING_MESSAGE,
  RELOAD_GUARD_MS,
  REQUIRED_MESSAGE,
  RETRY_STATUSES,
  UPPERCASE_ONLY_MESSAGE,
  WHOLESALE_FUZZY,
  alertButtons,
  maxLengthMessage,
  minLengthMessage,
  newAlertKey,
  pageNotFoundMessage,
} from "./constants.ts";
import { BREAKPOINTS, PAYLOAD_CACHE_MS, TOAST_DEFAULT_DURATION_MS, TOAST_DEFAULT_TYPE } from "../app/lib/ui-constants.ts";

describe("SPEC §9 constants", () => {
  it("has the exact values", () => {
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
    expect(TOAST_DEFAULT_TYPE).toBe("success");
    expect(BREAKPOINTS).toEqual({ sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
    expect(RETRY_STATUSES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(PAYLOAD_CACHE_MS).toBe(3_600_000);
    expect(DEFAULT_COMPANY_NAME).toBe("Pride");
    expect(CUTOFF_TIMEZONE).toBe("America/New_York");
    expect(ALERT_KEY_LENGTH).toBe(10);
    expect(WHOLESALE_FUZZY).toEqual({ threshold: 0.6, distance: 100 });
    expect(MM_FUZZY_THRESHOLD).toBe(0.4);
    expect(FEE_CATEGORIES).toEqual(["boxes", "pails"]);
    expect(ECO_FEE_DESCRIPTION).toBe("Eco Fee");
  });
});

describe("alertButtons", () => {
  it.each([
    ["success", ["Ok"]],
    ["error", ["Ok"]],
    ["info", ["Ok"]],
    ["blitz", ["Ok"]],
    ["warning", ["Yes", "No"]],
    ["question", ["Yes", "No"]],
  ] as const)("%s -> %j", (type, buttons) => {
    expect(alertButtons(type)).toEqual(buttons);
  });

  it("covers every alert type", () => {
    expect(ALERT_TYPES.map((t) => alertButtons(t).length)).toEqual([1, 1, 1, 2, 2, 1]);
  });

  it("returns a fresh array each time so callers may mutate it", () => {
    const a = alertButtons("warning");
    a.push("Cancel");
    expect(alertButtons("warning")).toEqual(["Yes", "No"]);
  });
});

describe("newAlertKey", () => {
  it("is 10 alphanumeric characters", () => {
    for (let i = 0; i < 200; i++) {
      expect(newAlertKey()).toMatch(/^[A-Za-z0-9]{10}$/);
    }
  });

  it("uses the injected random source", () => {
    expect(newAlertKey(() => 0)).toBe("AAAAAAAAAA");
    expect(newAlertKey(() => 0.999999)).toBe("9999999999");
  });

  it("stays in the alphabet even if the source returns exactly 1", () => {
    expect(newAlertKey(() => 1)).toBe("9999999999");
  });

  it("produces distinct keys", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newAlertKey()));
    expect(keys.size).toBe(1000);
  });
});

describe("SPEC §5 messages", () => {
  it("has the exact quantity texts", () => {
    expect(INVALID_QUANTITY_MESSAGE).toBe("Invalid Quantity: Please enter a valid quantity");
    expect(QUANTITY_REMAINING_MESSAGE).toBe("You can only order up to the quantity remaining today");
  });

  it("has the generic form texts", () => {
    expect(REQUIRED_MESSAGE).toBe("This field is required");
    expect(EMAIL_MESSAGE).toBe("Please enter a valid email");
    expect(NUMBERS_ONLY_MESSAGE).toBe("Only numbers are allowed");
    expect(INTEGER_ONLY_MESSAGE).toBe("Only integer values are allowed");
    expect(UPPERCASE_ONLY_MESSAGE).toBe("Uppercase only");
    expect(INVALID_FORMAT_MESSAGE).toBe("Invalid format");
    expect(maxLengthMessage(50)).toBe("Maximum 50 characters");
    expect(minLengthMessage(8)).toBe("Minimum 8 characters");
    expect(FORM_MESSAGES.required).toBe(REQUIRED_MESSAGE);
    expect(FORM_MESSAGES.maxLength(3)).toBe("Maximum 3 characters");
    expect(FORM_MESSAGES.minLength(1)).toBe("Minimum 1 characters");
  });

  it("formats the 404 text", () => {
    expect(pageNotFoundMessage("/nope")).toBe("Page not found: /nope");
  });
});
