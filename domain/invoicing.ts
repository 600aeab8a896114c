// Invoice arithmetic (DOMAIN.md "Invoices"): integer cents throughout, never floats on totals.
import { addDays, daysBetween } from "./dates.ts";

/**
 * Tax in cents on a subtotal at a rate in basis points (825 = 8.25 %), rounded half up (half away from
 * zero for a negative amount, i.e. a credit note mirrors the invoice it corrects). Computed once on the
 * invoice subtotal, not per line, so the tax never drifts from rate x subtotal by more than half a cent.
 */
export function taxCents(subtotalCents: number, taxRateBp: number): number {
  if (!Number.isInteger(subtotalCents) || !Number.isInteger(taxRateBp) || taxRateBp < 0) {
    throw new RangeError("subtotal and rate must be integers, the rate not negative");
  }
  const sign = subtotalCents < 0 ? -1 : 1;
  const abs = Math.abs(subtotalCents);
  // Integer arithmetic: abs * rate stays far below 2^53 for any realistic invoice (< $90 billion at 50 %).
  const result = sign * Math.floor((abs * taxRateBp + 5_000) / 10_000);
  return result === 0 ? 0 : result;
}

export interface AmountLine {
  quantity: number;
  unitPriceCents: number;
}

export interface Totals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Subtotal = sum of quantity x unit price; tax on the subtotal; total = subtotal + tax. */
export function invoiceTotals(lines: readonly AmountLine[], taxRateBp: number): Totals {
  let subtotalCents = 0;
  for (const l of lines) {
    if (!Number.isInteger(l.quantity) || !Number.isInteger(l.unitPriceCents)) throw new RangeError("quantities and prices must be integers");
    subtotalCents += l.quantity * l.unitPriceCents;
  }
  const tax = taxCents(subtotalCents, taxRateBp);
  return { subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

/** The due date: the invoice date plus the customer's payment terms in days (YYYY-MM-DD, calendar days). */
export function dueDate(invoiceDate: string, termsDays: number): string {
  return addDays(invoiceDate, termsDays);
}

/** "Net 30", or "Due on receipt" for 0 days. */
export function termsLabel(termsDays: number): string {
  return termsDays === 0 ? "Due on receipt" : `Net ${termsDays}`;
}

export const AGEING_BUCKETS = ["0-30", "31-60", "61-90", "90+"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/**
 * The ageing bucket of an open invoice on a statement date, by days since the invoice date:
 * 0-30 (also for a future-dated invoice), 31-60, 61-90, 90+ (91 days and more).
 */
export function ageingBucket(invoiceDate: string, asOf: string): AgeingBucket {
  const days = daysBetween(invoiceDate, asOf);
  if (days <= 30) return "0-30";
  if (days <= 60) return "31-60";
  if (days <= 90) return "61-90";
  return "90+";
}

export interface OpenItem {
  invoiceDate: string;
  /** What is still owed on it: total minus credit notes (never below 0). */
  balanceCents: number;
}

/** Balances summed per ageing bucket, and the total balance. */
export function ageing(items: readonly OpenItem[], asOf: string): { buckets: Record<AgeingBucket, number>; balanceCents: number } {
  const buckets: Record<AgeingBucket, number> = { "0-30": 0, "31-60": 0, "61-90": 0, "90+": 0 };
  let balanceCents = 0;
  for (const it of items) {
    buckets[ageingBucket(it.invoiceDate, asOf)] += it.balanceCents;
    balanceCents += it.balanceCents;
  }
  return { buckets, balanceCents };
}

/** What is still owed on an invoice: unpaid total less its credit notes, never below 0; a paid invoice owes nothing. */
export function invoiceBalance(totalCents: number, creditedCents: number, paid: boolean): number {
  return paid ? 0 : Math.max(0, totalCents - creditedCents);
}

export interface OrderLineForInvoice {
  productId: string;
  description: string;
  /** Bunches. */
  quantity: number;
  pails?: number;
  looseBunches?: number;
  /** Price per bunch bought by the pail, and per loose bunch. */
  pailPriceCents?: number;
  bunchPriceCents?: number;
  lineTotalCents: number;
}

export interface InvoiceLineDraft {
  productId: string;
  description: string;
  pails: number;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/**
 * Invoice lines for order lines: a line bought partly by the pail and partly loose becomes two invoice
 * lines so every unit price is exact (quantity x unit price = line total, always). A line whose total is
 * not quantity x one price (a flat fee) is invoiced as one unit at its total.
 */
export function invoiceLinesFor(lines: readonly OrderLineForInvoice[]): InvoiceLineDraft[] {
  const out: InvoiceLineDraft[] = [];
  for (const line of lines) {
    const l = { pails: 0, looseBunches: 0, pailPriceCents: 0, bunchPriceCents: 0, ...line };
    const pailBunches = l.quantity - l.looseBunches;
    const split = pailBunches * l.pailPriceCents + l.looseBunches * l.bunchPriceCents === l.lineTotalCents;
    if (split && pailBunches > 0 && l.looseBunches > 0) {
      out.push({ productId: l.productId, description: `${l.description} (by the pail)`, pails: l.pails, quantity: pailBunches, unitPriceCents: l.pailPriceCents, lineTotalCents: pailBunches * l.pailPriceCents });
      out.push({ productId: l.productId, description: `${l.description} (loose bunches)`, pails: 0, quantity: l.looseBunches, unitPriceCents: l.bunchPriceCents, lineTotalCents: l.looseBunches * l.bunchPriceCents });
      continue;
    }
    const byPail = split && l.looseBunches === 0 && pailBunches > 0;
    const unit = byPail ? l.pailPriceCents : l.bunchPriceCents;
    const exact = unit * l.quantity === l.lineTotalCents;
    out.push({
      productId: l.productId,
      description: l.description,
      pails: byPail && exact ? l.pails : 0,
      quantity: exact ? l.quantity : 1,
      unitPriceCents: exact ? unit : l.lineTotalCents,
      lineTotalCents: l.lineTotalCents,
    });
  }
  return out;
}

// ---- credit notes ---------------------------------------------------------------------------------
// A credit note never refunds more than was paid (docs/order-desk-invoices.md "Credit notes"). An
// invoice's discount lines (the blitz voucher's saving: a negative line) are spread over its other
// lines, so each line is credited at what was really paid for it; the tax of credit notes follows the
// invoice's, so crediting everything comes to exactly the invoice total.

/**
 * The discount each line carries: `discountCents` spread over the lines in proportion to their
 * amounts, in whole cents. Cumulative rounding down (line i gets floor(D x A_i / S) - floor(D x A_(i-1) / S),
 * A_i the amounts up to and with line i, S all of them), so the shares add up to the discount exactly,
 * the rounding remainder falls on the last lines, and no share is negative or larger than its line.
 * Lines of 0 or less carry nothing. A discount larger than the lines is taken as the lines' sum.
 */
export function spreadDiscount(lineTotalsCents: readonly number[], discountCents: number): number[] {
  const amounts = lineTotalsCents.map((c) => Math.max(0, c));
  if (amounts.some((c) => !Number.isSafeInteger(c)) || !Number.isSafeInteger(discountCents)) throw new RangeError("amounts must be integer cents");
  const sum = amounts.reduce((s, c) => s + c, 0);
  const discount = Math.min(Math.max(0, discountCents), sum);
  if (discount === 0) return amounts.map(() => 0);
  let cumulative = 0;
  let before = 0;
  return amounts.map((c) => {
    cumulative += c;
    // BigInt: discount x cumulative can pass 2^53 on a very large invoice.
    const upTo = Number((BigInt(discount) * BigInt(cumulative)) / BigInt(sum));
    const share = upTo - before;
    before = upTo;
    return share;
  });
}

/**
 * What each invoice line was really paid (before tax): a line's amount less its share of the invoice's
 * discount lines (lines with a negative amount, which themselves are worth 0 here and cannot be credited).
 */
export function netLineTotals(lines: readonly { lineTotalCents: number }[]): number[] {
  const discount = lines.reduce((s, l) => s + (l.lineTotalCents < 0 ? -l.lineTotalCents : 0), 0);
  const shares = spreadDiscount(
    lines.map((l) => l.lineTotalCents),
    discount,
  );
  return lines.map((l, i) => (l.lineTotalCents > 0 ? l.lineTotalCents - shares[i]! : 0));
}

/**
 * Cents refunded for crediting `units` more units of a line of `quantity` units that was paid
 * `netCents` in all, `creditedUnits` of them credited before: the first c units are worth
 * floor(net x c / quantity), all of them exactly `netCents`. So credits of one line never add up to
 * more than it was paid, and crediting it to the end adds up to exactly that.
 */
export function creditedCents(netCents: number, quantity: number, creditedUnits: number, units: number): number {
  if (![netCents, quantity, creditedUnits, units].every(Number.isSafeInteger) || quantity <= 0 || creditedUnits < 0 || units < 0 || creditedUnits + units > quantity) {
    throw new RangeError("credited units must be whole and within the line");
  }
  const worth = (c: number) => (c === quantity ? netCents : Number((BigInt(netCents) * BigInt(c)) / BigInt(quantity)));
  return worth(creditedUnits + units) - worth(creditedUnits);
}

/**
 * A credit note's subtotal, tax and total. The tax is the tax of everything credited so far (this
 * note included) less the tax of the earlier notes, at the invoice's rate and rounding, so the notes'
 * taxes add up to the invoice's; and the total is capped at what is left of the invoice's total after
 * earlier notes. null when nothing is left to credit (earlier notes already reach the invoice total).
 */
export function creditNoteTotals(input: {
  subtotalCents: number;
  taxRateBp: number;
  invoiceTotalCents: number;
  /** Subtotals, taxes and totals of the invoice's earlier credit notes, summed. */
  earlier: { subtotalCents: number; taxCents: number; totalCents: number };
}): Totals | null {
  const { subtotalCents, taxRateBp, invoiceTotalCents, earlier } = input;
  const left = invoiceTotalCents - earlier.totalCents;
  if (subtotalCents <= 0 || left < subtotalCents) return null;
  const tax = Math.max(0, taxCents(earlier.subtotalCents + subtotalCents, taxRateBp) - earlier.taxCents);
  const capped = Math.min(tax, left - subtotalCents);
  return { subtotalCents, taxCents: capped, totalCents: subtotalCents + capped };
}
