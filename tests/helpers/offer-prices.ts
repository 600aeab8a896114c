// The order every offer line's price set keeps, checked the same way on built prices and on the demo's lines.
import { expect } from "vitest";

export interface PriceSet {
  standardPriceCents: number;
  standardPriceNoPailCents: number;
  priceCents: number;
  priceNoPailCents: number;
  discountPriceCents: number;
  discountPriceNoPailCents: number;
  discountPrice2Cents: number;
  discountPriceNoPail2Cents: number;
}

/** By the pail is cheaper than loose at every level, and tier 2 < tier 1 < the price. */
export function expectOrderedPrices(p: PriceSet) {
  expect(p.standardPriceCents).toBeLessThan(p.standardPriceNoPailCents);
  expect(p.priceCents).toBeLessThan(p.priceNoPailCents);
  expect(p.discountPriceCents).toBeLessThan(p.discountPriceNoPailCents);
  expect(p.discountPrice2Cents).toBeLessThan(p.discountPriceNoPail2Cents);
  expect(p.discountPriceCents).toBeLessThan(p.priceCents);
  expect(p.discountPrice2Cents).toBeLessThan(p.discountPriceCents);
}
