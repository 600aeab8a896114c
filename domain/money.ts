// Money in the domain is integer cents; these helpers are the only place that
// crosses to dollars (JSON, display) so rounding lives in one spot.

function assertFinite(value: number, name: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number`);
}

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Integer cents -> "$1,234.50" (negative: "-$1,234.50"). */
export function formatMoney(cents: number): string {
  assertFinite(cents, "cents");
  // Whole cents first, so a stray fraction of a cent is rounded once, here, and never printed.
  return USD.format(Math.round(cents) / 100 || 0); // never "-$0.00"
}

/** Integer cents -> dollars for JSON; an integer divided by 100 is the nearest double to the 2-decimal value. */
export function centsToDollars(cents: number): number {
  assertFinite(cents, "cents");
  const result = Math.round(cents) / 100;
  return result === 0 ? 0 : result;
}

/**
 * Dollars -> integer cents, half away from zero. `d * 100` alone is not safe:
 * 1.005 * 100 === 100.49999999999999, so the product is first trimmed to 15
 * significant digits (the precision a decimal literal survives with).
 */
export function dollarsToCents(d: number): number {
  assertFinite(d, "dollars");
  const scaled = Number((Math.abs(d) * 100).toPrecision(15));
  const cents = Math.round(scaled) * Math.sign(d);
  return cents === 0 ? 0 : cents;
}
