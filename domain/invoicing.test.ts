import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ageing, ageingBucket, dueDate, invoiceBalance, invoiceTotals, taxCents, termsLabel } from "./invoicing.ts";

describe("tax", () => {
  it("rounds half a cent up and below half down", () => {
    // 8.25 % of $10.10 = 83.325 cents -> 83; of $10.30 = 84.975 -> 85; exactly half: 2.5 % of 100 cents = 2.5 -> 3.
    expect(taxCents(1010, 825)).toBe(83);
    expect(taxCents(1030, 825)).toBe(85);
    expect(taxCents(100, 250)).toBe(3);
    expect(taxCents(99, 250)).toBe(2);
    expect(taxCents(0, 825)).toBe(0);
    expect(taxCents(12345, 0)).toBe(0);
  });

  it("mirrors a credit (negative amount) exactly", () => {
    expect(taxCents(-100, 250)).toBe(-3);
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 5000 }), (c, bp) => taxCents(-c, bp) === -taxCents(c, bp)));
  });

  it("is within half a cent of the exact product", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 5000 }), (c, bp) => {
        const t = taxCents(c, bp);
        return Number.isInteger(t) && Math.abs(t * 10_000 - c * bp) <= 5_000;
      }),
    );
  });

  it("refuses fractions of a cent", () => {
    expect(() => taxCents(10.5, 825)).toThrow(RangeError);
  });
});

describe("invoice totals", () => {
  it("sums quantity x unit price and taxes the subtotal once", () => {
    const t = invoiceTotals(
      [
        { quantity: 16, unitPriceCents: 1080 },
        { quantity: 3, unitPriceCents: 1215 },
      ],
      825,
    );
    expect(t).toEqual({ subtotalCents: 16 * 1080 + 3 * 1215, taxCents: taxCents(16 * 1080 + 3 * 1215, 825), totalCents: 16 * 1080 + 3 * 1215 + 1726 });
    expect(t.taxCents).toBe(1726); // 20925 x 8.25 % = 1726.3125
  });

  it("an empty invoice is zero", () => {
    expect(invoiceTotals([], 825)).toEqual({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
  });
});

describe("terms and due dates", () => {
  it("adds calendar days across month and year ends", () => {
    expect(dueDate("2026-01-15", 30)).toBe("2026-02-14");
    expect(dueDate("2026-12-20", 15)).toBe("2027-01-04");
    expect(dueDate("2028-02-28", 1)).toBe("2028-02-29");
    expect(dueDate("2026-03-01", 0)).toBe("2026-03-01");
    expect(termsLabel(30)).toBe("Net 30");
    expect(termsLabel(0)).toBe("Due on receipt");
  });
});

describe("ageing", () => {
  it("puts each invoice in its bucket by days since the invoice date", () => {
    const asOf = "2026-06-30";
    expect(ageingBucket("2026-06-30", asOf)).toBe("0-30");
    expect(ageingBucket("2026-07-05", asOf)).toBe("0-30");
    expect(ageingBucket("2026-05-31", asOf)).toBe("0-30"); // 30 days
    expect(ageingBucket("2026-05-30", asOf)).toBe("31-60"); // 31 days
    expect(ageingBucket("2026-05-01", asOf)).toBe("31-60"); // 60 days
    expect(ageingBucket("2026-04-30", asOf)).toBe("61-90"); // 61 days
    expect(ageingBucket("2026-04-01", asOf)).toBe("61-90"); // 90 days
    expect(ageingBucket("2026-03-31", asOf)).toBe("90+"); // 91 days
  });

  it("sums balances per bucket and in total", () => {
    const r = ageing(
      [
        { invoiceDate: "2026-06-20", balanceCents: 1000 },
        { invoiceDate: "2026-06-01", balanceCents: 250 },
        { invoiceDate: "2026-05-15", balanceCents: 700 },
        { invoiceDate: "2026-01-02", balanceCents: 5 },
      ],
      "2026-06-30",
    );
    expect(r).toEqual({ buckets: { "0-30": 1250, "31-60": 700, "61-90": 0, "90+": 5 }, balanceCents: 1955 });
  });

  it("an invoice owes its total less credits, nothing when paid, never below zero", () => {
    expect(invoiceBalance(10_000, 2_500, false)).toBe(7_500);
    expect(invoiceBalance(10_000, 2_500, true)).toBe(0);
    expect(invoiceBalance(1_000, 2_500, false)).toBe(0);
  });
});
