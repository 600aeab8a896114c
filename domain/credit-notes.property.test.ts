// Credit notes never refund more than was paid (docs/order-desk-invoices.md "Credit notes"): the
// discount spread over an invoice's lines, the cents of each credit, and the notes' taxes, checked on
// generated invoices and generated sequences of credit notes.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { creditedCents, creditNoteTotals, invoiceTotals, netLineTotals, spreadDiscount, taxCents } from "./invoicing.ts";
import { voucherDiscountCents, voucherInvoiceLine } from "./voucher.ts";

describe("spreadDiscount", () => {
  it("spreads in proportion, the rounding remainder on the last lines", () => {
    expect(spreadDiscount([1000, 1000, 1000], 100)).toEqual([33, 33, 34]);
    expect(spreadDiscount([3, 3, 1], 6)).toEqual([2, 3, 1]);
    expect(spreadDiscount([500, 0, 500], 1000)).toEqual([500, 0, 500]);
    expect(spreadDiscount([500, -200, 500], 10)).toEqual([5, 0, 5]);
    expect(spreadDiscount([100], 250)).toEqual([100]);
    expect(spreadDiscount([100, 100], 0)).toEqual([0, 0]);
  });

  it("adds up to the discount exactly, never a negative share, never more than its line", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 1_000_000_000 }), (amounts, d) => {
        const shares = spreadDiscount(amounts, d);
        const sum = amounts.reduce((s, a) => s + a, 0);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(Math.min(d, sum));
        shares.forEach((x, i) => {
          expect(Number.isInteger(x)).toBe(true);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(amounts[i]!);
        });
      }),
    );
  });
});

describe("creditedCents", () => {
  it("credits a line without a discount at its unit price", () => {
    expect(creditedCents(5 * 1299, 5, 0, 2)).toBe(2 * 1299);
    expect(creditedCents(5 * 1299, 5, 2, 3)).toBe(3 * 1299);
  });

  it("credits any split of a line's units to exactly its net amount, each part at most its fair share rounded up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 20 }), (net, parts) => {
        const quantity = parts.reduce((s, p) => s + p, 0);
        let done = 0;
        let total = 0;
        for (const p of parts) {
          const c = creditedCents(net, quantity, done, p);
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(Math.ceil((net * p) / quantity));
          done += p;
          total += c;
        }
        expect(total).toBe(net);
      }),
    );
  });

  it("refuses units beyond the line", () => {
    expect(() => creditedCents(100, 2, 1, 2)).toThrow(RangeError);
  });
});

/** An invoice as issueInvoice builds one: merchandise lines, the voucher line, tax on the subtotal. */
const voucherInvoice = fc
  .record({
    lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 200 }), unitPriceCents: fc.integer({ min: 0, max: 5_000 }) }), { minLength: 1, maxLength: 12 }),
    percentOff: fc.integer({ min: 0, max: 100 }),
    amountOffCents: fc.integer({ min: 0, max: 200_000 }),
    taxRateBp: fc.integer({ min: 0, max: 2_500 }),
  })
  .map(({ lines, percentOff, amountOffCents, taxRateBp }) => {
    const merchandise = lines.map((l) => ({ ...l, lineTotalCents: l.quantity * l.unitPriceCents }));
    const merchandiseCents = merchandise.reduce((s, l) => s + l.lineTotalCents, 0);
    const saving = voucherInvoiceLine(merchandise, voucherDiscountCents(merchandiseCents, { percentOff, amountOffCents }), "BLITZ");
    const all = saving ? [...merchandise, saving] : merchandise;
    return { lines: all, taxRateBp, totals: invoiceTotals(all, taxRateBp) };
  });

describe("a chain of credit notes on a voucher invoice", () => {
  it("never refunds more than the invoice total, and crediting everything refunds exactly the total", () => {
    fc.assert(
      fc.property(voucherInvoice, fc.array(fc.nat(), { maxLength: 200 }), fc.integer({ min: 1, max: 6 }), (inv, picks, notesCount) => {
        const nets = netLineTotals(inv.lines);
        // What was paid before tax is the invoice subtotal, spread over the lines.
        expect(nets.reduce((s, n) => s + n, 0)).toBe(inv.totals.subtotalCents);
        const creditable = inv.lines.map((l, i) => ({ ...l, i })).filter((l) => l.lineTotalCents > 0);
        const credited = inv.lines.map(() => 0);
        const earlier = { subtotalCents: 0, taxCents: 0, totalCents: 0 };
        // Some partial notes from the generated picks, then one note crediting everything left.
        const chunks = Array.from({ length: notesCount }, (_, k) => picks.filter((_, j) => j % notesCount === k));
        const notes = [...chunks.map((chunk) => chunk.map((p) => creditable[p % Math.max(1, creditable.length)])), creditable];
        for (const [n, chosen] of notes.entries()) {
          const last = n === notes.length - 1;
          let subtotal = 0;
          for (const line of chosen) {
            if (!line) continue;
            const units = last ? line.quantity - credited[line.i]! : Math.min(1, line.quantity - credited[line.i]!);
            if (units <= 0) continue;
            subtotal += creditedCents(nets[line.i]!, line.quantity, credited[line.i]!, units);
            credited[line.i]! += units;
          }
          if (subtotal <= 0) continue;
          const totals = creditNoteTotals({ subtotalCents: subtotal, taxRateBp: inv.taxRateBp, invoiceTotalCents: inv.totals.totalCents, earlier });
          expect(totals).not.toBeNull();
          expect(totals!.taxCents).toBeGreaterThanOrEqual(0);
          earlier.subtotalCents += totals!.subtotalCents;
          earlier.taxCents += totals!.taxCents;
          earlier.totalCents += totals!.totalCents;
          expect(earlier.totalCents).toBeLessThanOrEqual(inv.totals.totalCents);
        }
        expect(earlier.subtotalCents).toBe(inv.totals.subtotalCents);
        expect(earlier.taxCents).toBe(inv.totals.taxCents);
        expect(earlier.totalCents).toBe(inv.totals.totalCents);
      }),
    );
  });

  it("credits a 10 % voucher order at what was paid, not at full price", () => {
    // $100 + $50 of flowers, $15 off, 8.25 % tax: paid $135 + $11.14.
    const lines = [
      { lineTotalCents: 10_000 },
      { lineTotalCents: 5_000 },
      { lineTotalCents: -1_500 },
    ];
    expect(netLineTotals(lines)).toEqual([9_000, 4_500, 0]);
    const totals = creditNoteTotals({ subtotalCents: 13_500, taxRateBp: 825, invoiceTotalCents: 13_500 + taxCents(13_500, 825), earlier: { subtotalCents: 0, taxCents: 0, totalCents: 0 } });
    expect(totals).toEqual({ subtotalCents: 13_500, taxCents: 1_114, totalCents: 14_614 });
  });

  it("caps a note at what is left of the invoice total, and refuses one when nothing is left", () => {
    // An earlier note made before this rule credited the $100 line at full price ($108.25).
    const earlier = { subtotalCents: 10_000, taxCents: 825, totalCents: 10_825 };
    const invoiceTotalCents = 14_614;
    expect(creditNoteTotals({ subtotalCents: 3_000, taxRateBp: 825, invoiceTotalCents, earlier })).toEqual({ subtotalCents: 3_000, taxCents: 248, totalCents: 3_248 });
    // $37.89 is left: the tax is cut so the total stops there.
    expect(creditNoteTotals({ subtotalCents: 3_700, taxRateBp: 825, invoiceTotalCents, earlier })).toEqual({ subtotalCents: 3_700, taxCents: 89, totalCents: 3_789 });
    expect(creditNoteTotals({ subtotalCents: 4_500, taxRateBp: 825, invoiceTotalCents, earlier })).toBeNull();
  });
});
