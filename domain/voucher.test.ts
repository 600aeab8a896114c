import { describe, expect, it } from "vitest";
import {
  normaliseVoucherCode,
  VOUCHER_EXPIRED_MESSAGE,
  VOUCHER_USED_MESSAGE,
  voucherDiscountCents,
  voucherNotYetMessage,
  voucherInvoiceLine,
  voucherProblem,
  type VoucherTerms,
} from "./voucher.ts";

const day = 86_400_000;
const now = new Date("2026-11-22T12:00:00Z");
const terms = (over: Partial<VoucherTerms> = {}): VoucherTerms => ({
  percentOff: 0,
  amountOffCents: 1000,
  startsAt: new Date(now.getTime() - day),
  expiresAt: new Date(now.getTime() + day),
  usesPerCustomer: 1,
  redeemedAt: null,
  ...over,
});

describe("voucherProblem", () => {
  it("accepts a running, unused voucher", () => {
    expect(voucherProblem(terms(), now, 0)).toBeNull();
  });
  it("refuses before its start and from its expiry on", () => {
    expect(voucherProblem(terms({ startsAt: new Date(now.getTime() + day) }), now, 0)).toBe(voucherNotYetMessage("2026-11-23"));
    expect(voucherProblem(terms({ expiresAt: now }), now, 0)).toBe(VOUCHER_EXPIRED_MESSAGE);
  });
  it("allows as many uses per customer as the voucher says, once by default", () => {
    expect(voucherProblem(terms(), now, 1)).toBe(VOUCHER_USED_MESSAGE);
    expect(voucherProblem(terms({ usesPerCustomer: 3 }), now, 2)).toBeNull();
    expect(voucherProblem(terms({ usesPerCustomer: 3 }), now, 3)).toBe(VOUCHER_USED_MESSAGE);
    expect(voucherProblem(terms({ usesPerCustomer: null }), now, 99)).toBeNull();
  });
  it("refuses a voucher closed by hand", () => {
    expect(voucherProblem(terms({ redeemedAt: now }), now, 0)).toBe(VOUCHER_USED_MESSAGE);
  });
});

describe("voucherDiscountCents", () => {
  it("takes the fixed amount off", () => {
    expect(voucherDiscountCents(5000, { percentOff: 0, amountOffCents: 1250 })).toBe(1250);
  });
  it("rounds the percentage half up to the cent and adds the amount", () => {
    expect(voucherDiscountCents(1005, { percentOff: 10, amountOffCents: 0 })).toBe(101); // 100.5
    expect(voucherDiscountCents(1004, { percentOff: 10, amountOffCents: 0 })).toBe(100); // 100.4
    expect(voucherDiscountCents(2000, { percentOff: 10, amountOffCents: 300 })).toBe(500);
  });
  it("never exceeds the subtotal nor goes below zero", () => {
    expect(voucherDiscountCents(800, { percentOff: 0, amountOffCents: 2550 })).toBe(800);
    expect(voucherDiscountCents(0, { percentOff: 50, amountOffCents: 100 })).toBe(0);
    expect(voucherDiscountCents(1000, { percentOff: 100, amountOffCents: 0 })).toBe(1000);
  });
  it("refuses fractional cents", () => {
    expect(() => voucherDiscountCents(10.5, { percentOff: 0, amountOffCents: 0 })).toThrow(RangeError);
  });
});

describe("normaliseVoucherCode", () => {
  it("ignores case and surrounding spaces", () => {
    expect(normaliseVoucherCode("  blitz-7 ")).toBe("BLITZ-7");
  });
});

describe("voucherInvoiceLine", () => {
  it("is one unit at minus the saving", () => {
    expect(voucherInvoiceLine([{ lineTotalCents: 3000 }, { lineTotalCents: 2000 }], 1250, "BLITZ-1")).toEqual({
      productId: "VOUCHER",
      description: "Blitz voucher BLITZ-1",
      pails: 0,
      quantity: 1,
      unitPriceCents: -1250,
      lineTotalCents: -1250,
    });
  });
  it("never takes more than the invoiced merchandise, and is absent without a saving", () => {
    expect(voucherInvoiceLine([{ lineTotalCents: 800 }], 1250, "B")?.lineTotalCents).toBe(-800);
    expect(voucherInvoiceLine([{ lineTotalCents: 800 }], 0, null)).toBeNull();
    expect(voucherInvoiceLine([], 500, "B")).toBeNull();
  });
});

describe("voucherSavingText (the checkout's line before the order is placed)", () => {
  it("states the saving PlaceOrder will take, by the same rule", async () => {
    const { voucherSavingText } = await import("./voucher.ts");
    expect(voucherSavingText("BLITZ-7", 12345, { percentOff: 10, amountOffCents: 0 })).toBe("Voucher BLITZ-7 saves $12.35");
    expect(voucherSavingText("TENOFF", 125000, { percentOff: 0, amountOffCents: 1000 })).toBe("Voucher TENOFF saves $10.00");
    // Never more than the subtotal.
    expect(voucherSavingText("BIG", 500, { percentOff: 0, amountOffCents: 2500 })).toBe("Voucher BIG saves $5.00");
    expect(voucherSavingText("PCT", 165321281, { percentOff: 5, amountOffCents: 0 })).toBe("Voucher PCT saves $82,660.64");
  });
});
