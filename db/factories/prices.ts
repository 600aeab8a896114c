// Consistent offer prices: by the pail is cheaper than loose, a special is cheaper than
// standard, and each volume tier is cheaper than the one below it.
import type { OfferPriceCents } from "../../domain/pricing.ts";

export interface OfferPriceInput {
  /** Standard price of one loose bunch, integer cents (at least 100). */
  standardPriceNoPailCents: number;
  special?: boolean;
  /** Percent off standard for a special (ignored otherwise). */
  specialPercent?: number;
  /** Percent a bunch is cheaper when bought by the pail. */
  pailSavingPercent?: number;
  /** Percent off the base price for tier 1 and tier 2. */
  tier1Percent?: number;
  tier2Percent?: number;
}

export interface OfferPriceFields extends OfferPriceCents {
  special: boolean;
  /** Percent shown on a special, numeric(5,2) text. */
  discount: string;
}

const roundTo5 = (cents: number) => Math.max(5, Math.round(cents / 5) * 5);
const off = (cents: number, percent: number) => roundTo5((cents * (100 - percent)) / 100);
/** Keeps a price strictly below each limit (5 cents under), never below 1 cent. */
const under = (cents: number, ...limits: number[]) => Math.max(1, Math.min(cents, ...limits.map((l) => l - 5)));

export function offerPrices(input: OfferPriceInput): OfferPriceFields {
  const { standardPriceNoPailCents: noPail, special = false } = input;
  if (!Number.isInteger(noPail) || noPail < 100) {
    throw new RangeError(`standardPriceNoPailCents must be an integer >= 100, got ${noPail}`);
  }
  const specialPercent = special ? (input.specialPercent ?? 15) : 0;
  const pailSaving = input.pailSavingPercent ?? 10;
  const tier1 = input.tier1Percent ?? 5;
  const tier2 = input.tier2Percent ?? 10;

  const standardPriceNoPailCents = noPail;
  const standardPriceCents = under(off(noPail, pailSaving), noPail);
  const priceNoPailCents = special ? under(off(noPail, specialPercent), standardPriceNoPailCents) : standardPriceNoPailCents;
  const priceCents = special
    ? under(off(standardPriceCents, specialPercent), standardPriceCents, priceNoPailCents)
    : standardPriceCents;
  const discountPriceNoPailCents = under(off(priceNoPailCents, tier1), priceNoPailCents);
  const discountPriceCents = under(off(priceCents, tier1), priceCents, discountPriceNoPailCents);
  const discountPriceNoPail2Cents = under(off(priceNoPailCents, tier2), discountPriceNoPailCents);
  const discountPrice2Cents = under(off(priceCents, tier2), discountPriceCents, discountPriceNoPail2Cents);
  return {
    standardPriceCents,
    priceCents,
    standardPriceNoPailCents,
    priceNoPailCents,
    discountPriceCents,
    discountPriceNoPailCents,
    discountPrice2Cents,
    discountPriceNoPail2Cents,
    special,
    discount: specialPercent.toFixed(2),
  };
}
