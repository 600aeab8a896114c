// Wholesale offer pricing (SPEC §5 "Pricing", DOMAIN.md "Catalogue, availability
// and prices"). Quantities are bunches; every price is integer cents per bunch.
import { formatMoney } from "./money.ts";

/** An offer line's eight prices of a bunch: standard and actual, by the pail and loose, and the two volume tiers. */
export interface OfferPriceCents {
  standardPriceCents: number;
  priceCents: number;
  standardPriceNoPailCents: number;
  priceNoPailCents: number;
  discountPriceCents: number;
  discountPriceNoPailCents: number;
  discountPrice2Cents: number;
  discountPriceNoPail2Cents: number;
}

export interface OfferPrices extends OfferPriceCents {
  discountQuantity: number;
  discountQuantity2: number;
  special: boolean;
  /** Bunches per pail. */
  unitOfMeasureQty: number;
}

export type PriceTier = 0 | 1 | 2;

export interface UnitPrices {
  pailBunchPriceCents: number;
  looseBunchPriceCents: number;
  tier: PriceTier;
}

export interface LineTotal extends UnitPrices {
  pails: number;
  looseBunches: number;
  totalCents: number;
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a non-negative integer, got ${quantity}`);
  }
}

/**
 * Whole pails plus loose bunches. A pail size that is not a positive integer
 * (missing master data) means the product cannot be had by the pail, so
 * everything is loose rather than dividing by zero.
 */
export function splitPails(quantity: number, unitOfMeasureQty: number): { pails: number; looseBunches: number } {
  assertQuantity(quantity);
  if (!Number.isInteger(unitOfMeasureQty) || unitOfMeasureQty <= 0) {
    return { pails: 0, looseBunches: quantity };
  }
  return { pails: Math.floor(quantity / unitOfMeasureQty), looseBunches: quantity % unitOfMeasureQty };
}

/** A discount quantity of 0 (or less) means the tier is not offered. */
export function priceTier(quantity: number, prices: OfferPrices): PriceTier {
  if (prices.discountQuantity2 > 0 && quantity >= prices.discountQuantity2) return 2;
  if (prices.discountQuantity > 0 && quantity >= prices.discountQuantity) return 1;
  return 0;
}

export function unitPrices(quantity: number, prices: OfferPrices): UnitPrices {
  const tier = priceTier(quantity, prices);
  if (tier === 2) {
    return { pailBunchPriceCents: prices.discountPrice2Cents, looseBunchPriceCents: prices.discountPriceNoPail2Cents, tier };
  }
  if (tier === 1) {
    return { pailBunchPriceCents: prices.discountPriceCents, looseBunchPriceCents: prices.discountPriceNoPailCents, tier };
  }
  if (prices.special) {
    return { pailBunchPriceCents: prices.priceCents, looseBunchPriceCents: prices.priceNoPailCents, tier };
  }
  return { pailBunchPriceCents: prices.standardPriceCents, looseBunchPriceCents: prices.standardPriceNoPailCents, tier };
}

/** The tier is chosen on the whole quantity, then pail bunches and loose bunches are priced separately. */
export function lineTotal(quantity: number, prices: OfferPrices): LineTotal {
  const { pails, looseBunches } = splitPails(quantity, prices.unitOfMeasureQty);
  const unit = unitPrices(quantity, prices);
  const pailBunches = quantity - looseBunches;
  const totalCents = pailBunches * unit.pailBunchPriceCents + looseBunches * unit.looseBunchPriceCents;
  return { pails, looseBunches, ...unit, totalCents };
}

/**
 * Cents saved per bunch by buying whole pails; 0 when nothing is loose, loose
 * is not dearer, or the product has no pail size (there is no pail to order).
 */
export function pailSavingPerBunch(quantity: number, prices: OfferPrices): number {
  if (!Number.isInteger(prices.unitOfMeasureQty) || prices.unitOfMeasureQty <= 0) return 0;
  const { looseBunches, pailBunchPriceCents, looseBunchPriceCents } = lineTotal(quantity, prices);
  if (looseBunches <= 0) return 0;
  return Math.max(0, looseBunchPriceCents - pailBunchPriceCents);
}

/** SPEC §8 info hint text, e.g. "Save $0.50 a bunch by ordering by the pail". */
export function pailHintText(savingCents: number): string {
  return `Save ${formatMoney(savingCents)} a bunch by ordering by the pail`;
}

/**
 * Price after a customer's percentage discount, rounded half up (away from
 * zero for credits) to the cent. The percentage is taken to 1/100 of a
 * percent and the arithmetic is done on integers so 10% of 15 is exactly 13.5 -> 14.
 */
export function applyCustomerDiscount(cents: number, discountPercent: number): number {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  if (!Number.isFinite(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError(`discountPercent must be between 0 and 100, got ${discountPercent}`);
  }
  const keepBasisPoints = 10_000 - Math.round(discountPercent * 100);
  const scaled = Math.abs(cents) * keepBasisPoints;
  const rounded = Math.floor((scaled + 5_000) / 10_000);
  return cents < 0 && rounded !== 0 ? -rounded : rounded;
}
