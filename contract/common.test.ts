import { describe, expect, it } from "vitest";
import { DigitsParam, INT4_MAX, INT4_PATTERN, ISO_DATE_PATTERN, IsoDate, POSITIVE_INT4_PATTERN } from "./common.ts";

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const pad = (n: number, w: number) => String(n).padStart(w, "0");

describe("the date pattern OpenAPI shows (issue 23 item 13)", () => {
  it("takes exactly the real calendar dates from 1900 to 2999: every day, 00 to 32, of every month of every year", () => {
    let real = 0;
    for (let y = 1900; y <= 2999; y++) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const s = `${y}-${pad(m, 2)}-${pad(d, 2)}`;
          const expected = m >= 1 && m <= 12 && isRealDate(s);
          if (ISO_DATE_PATTERN.test(s) !== expected) expect(ISO_DATE_PATTERN.test(s), s).toBe(expected);
          if (expected) real++;
        }
      }
    }
    expect(real).toBe((Date.UTC(3000, 0, 1) - Date.UTC(1900, 0, 1)) / 86_400_000); // every day of 1900-01-01 .. 2999-12-31
  });

  it("refuses 2026-02-30, 2100-02-29 and years out of range, and takes leap days", () => {
    for (const bad of ["2026-02-30", "2026-04-31", "2100-02-29", "1900-02-29", "1899-12-31", "3000-01-01", "2026-2-3", "20260203"]) {
      expect(ISO_DATE_PATTERN.test(bad), bad).toBe(false);
      expect(IsoDate.safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ["2024-02-29", "2000-02-29", "2400-02-29", "2026-12-31", "1900-01-01", "2999-12-31"]) expect(IsoDate.safeParse(good).success, good).toBe(true);
  });
});

describe("the integer patterns OpenAPI shows (issue 23 item 13)", () => {
  it("take 1 .. 2147483647 (0 too for the non-negative one) and nothing past PostgreSQL's integer", () => {
    const inRange = (s: string, min: number) => /^(0|[1-9]\d*)$/.test(s) && BigInt(s) >= BigInt(min) && BigInt(s) <= BigInt(INT4_MAX);
    const samples = ["0", "1", "9", "10", "999999999", "1000000000", "1999999999", "2000000000", "2147483647", "2147483648", "2147483650", "2147483700", "2148000000", "2200000000", "3000000000", "9999999999", "10000000000", "01", "00", "-1", "+1", "1e3", ""];
    for (let i = 0; i < 20_000; i++) samples.push(String(Math.floor(Math.random() * 2 ** 32)));
    for (let i = 0; i < 1000; i++) samples.push(String(INT4_MAX - 500 + i));
    for (const s of samples) {
      expect(POSITIVE_INT4_PATTERN.test(s), s).toBe(inRange(s, 1));
      expect(INT4_PATTERN.test(s), s).toBe(inRange(s, 0));
    }
    expect(DigitsParam(1).safeParse("2147483647").data).toBe(INT4_MAX);
    expect(DigitsParam(1).safeParse("2147483648").success).toBe(false);
    expect(DigitsParam(0).safeParse("0").data).toBe(0);
  });
});
