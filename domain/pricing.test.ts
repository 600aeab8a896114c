import { describe, it, expect } from "vitest";
import {
  applyCustomerDiscount,
  lineTotal,
  pailHintText,
  pailSavingPerBunch,
  priceTier,
  splitPails,
  unitPrices,
  type OfferPrices,
} from "./pricing.ts";

// Every price is distinct so a wrong field choice cannot pass by accident.
const offer: OfferPrices = {
  standardPriceCents: 1000,
  standardPriceNoPailCents: 1100,
  priceCents: 900,
  priceNoPailCents: 950,
  discountPriceCents: 800,
  discountPriceNoPailCents: 850,
  discountPrice2Cents: 700,
  discountPriceNoPail2Cents: 760,
  discountQuantity: 20,
  discountQuantity2: 50,
  special: false,
  unitOfMeasureQty: 8,
};
const special: OfferPrices = { ...offer, special: true };
const noDiscounts: OfferPrices = { ...offer, discountQuantity: 0, discountQuantity2: 0 };

describe("splitPails", () => {
  it.each([
    [0, 8, 0, 0],
    [1, 8, 0, 1],
    [7, 8, 0, 7],
    [8, 8, 1, 0],
    [9, 8, 1, 1],
    [16, 8, 2, 0],
    [23, 8, 2, 7],
    [5, 1, 5, 0],
  ])("%i bunches at %i per pail -> %i pails + %i loose", (q, size, pails, loose) => {
    expect(splitPails(q, size)).toEqual({ pails, looseBunches: loose });
  });

  it.each([0, -4, 2.5, Number.NaN])("treats a pail size of %d as 'no pails'", (size) => {
    expect(splitPails(10, size)).toEqual({ pails: 0, looseBunches: 10 });
  });

  it.each([-1, 1.5, Number.NaN])("rejects quantity %d", (q) => {
    expect(() => splitPails(q, 8)).toThrow(RangeError);
  });
});

describe("priceTier", () => {
  it.each([
    [0, 0],
    [1, 0],
    [19, 0],
    [20, 1],
    [21, 1],
    [49, 1],
    [50, 2],
    [500, 2],
  ])("quantity %i -> tier %i", (q, tier) => {
    expect(priceTier(q, offer)).toBe(tier);
  });

  it("ignores a tier whose discount quantity is 0", () => {
    expect(priceTier(1000, noDiscounts)).toBe(0);
    expect(priceTier(60, { ...offer, discountQuantity2: 0 })).toBe(1);
    expect(priceTier(60, { ...offer, discountQuantity: 0 })).toBe(2);
    expect(priceTier(30, { ...offer, discountQuantity: 0 })).toBe(0);
  });

  it("ignores a negative discount quantity", () => {
    expect(priceTier(5, { ...offer, discountQuantity: -1, discountQuantity2: -1 })).toBe(0);
  });

  it("prefers tier 2 even when it is configured below tier 1", () => {
    expect(priceTier(12, { ...offer, discountQuantity: 20, discountQuantity2: 10 })).toBe(2);
  });
});

describe("unitPrices", () => {
  it.each([
    ["standard, not special", offer, 5, 1000, 1100, 0],
    ["special price", special, 5, 900, 950, 0],
    ["tier 1 regardless of special", offer, 20, 800, 850, 1],
    ["tier 1 on a special", special, 20, 800, 850, 1],
    ["tier 2", offer, 50, 700, 760, 2],
    ["tier 2 on a special", special, 99, 700, 760, 2],
  ] as const)("%s", (_name, prices, q, pail, loose, tier) => {
    expect(unitPrices(q, prices)).toEqual({ pailBunchPriceCents: pail, looseBunchPriceCents: loose, tier });
  });
});

describe("lineTotal", () => {
  it("prices whole pails at the pail price and the remainder at the no-pail price", () => {
    // 19 bunches: 2 pails (16 bunches) * 1000 + 3 loose * 1100
    expect(lineTotal(19, offer)).toEqual({
      pails: 2,
      looseBunches: 3,
      pailBunchPriceCents: 1000,
      looseBunchPriceCents: 1100,
      totalCents: 16 * 1000 + 3 * 1100,
      tier: 0,
    });
  });

  it("uses the tier of the whole quantity for both parts", () => {
    expect(lineTotal(21, offer)).toMatchObject({ pails: 2, looseBunches: 5, tier: 1, totalCents: 16 * 800 + 5 * 850 });
    expect(lineTotal(53, offer)).toMatchObject({ pails: 6, looseBunches: 5, tier: 2, totalCents: 48 * 700 + 5 * 760 });
  });

  it("uses the special prices below the first tier", () => {
    expect(lineTotal(10, special)).toMatchObject({ pails: 1, looseBunches: 2, totalCents: 8 * 900 + 2 * 950 });
  });

  it("is all loose below one pail and all pail on exact pails", () => {
    expect(lineTotal(3, offer).totalCents).toBe(3 * 1100);
    expect(lineTotal(16, offer).totalCents).toBe(16 * 1000);
  });

  it("is zero for zero bunches", () => {
    expect(lineTotal(0, offer)).toMatchObject({ pails: 0, looseBunches: 0, totalCents: 0, tier: 0 });
  });

  it("prices everything loose when the pail size is unknown", () => {
    expect(lineTotal(10, { ...offer, unitOfMeasureQty: 0 })).toMatchObject({ pails: 0, looseBunches: 10, totalCents: 11000 });
  });

  it("stays an exact integer for large orders", () => {
    const t = lineTotal(99_999, { ...noDiscounts, standardPriceCents: 333, standardPriceNoPailCents: 367 });
    expect(t.totalCents).toBe(99_992 * 333 + 7 * 367);
    expect(Number.isInteger(t.totalCents)).toBe(true);
  });
});

describe("pailSavingPerBunch", () => {
  it("is the loose minus pail price when some bunches are loose", () => {
    expect(pailSavingPerBunch(3, offer)).toBe(100);
    expect(pailSavingPerBunch(10, special)).toBe(50);
    expect(pailSavingPerBunch(21, offer)).toBe(50);
    expect(pailSavingPerBunch(51, offer)).toBe(60);
  });

  it("is 0 when the quantity is whole pails", () => {
    expect(pailSavingPerBunch(16, offer)).toBe(0);
    expect(pailSavingPerBunch(0, offer)).toBe(0);
  });

  it("is 0 when loose bunches are not dearer", () => {
    expect(pailSavingPerBunch(3, { ...offer, standardPriceNoPailCents: 1000 })).toBe(0);
    expect(pailSavingPerBunch(3, { ...offer, standardPriceNoPailCents: 900 })).toBe(0);
  });

  it("is 0 when the product has no pail size", () => {
    expect(pailSavingPerBunch(3, { ...offer, unitOfMeasureQty: 0 })).toBe(0);
  });
});

describe("pailHintText", () => {
  it.each([
    [50, "Save $0.50 a bunch by ordering by the pail"],
    [5, "Save $0.05 a bunch by ordering by the pail"],
    [125, "Save $1.25 a bunch by ordering by the pail"],
    [123400, "Save $1,234.00 a bunch by ordering by the pail"],
  ])("%i cents", (cents, text) => {
    expect(pailHintText(cents)).toBe(text);
  });

  it("matches the hint produced from a line", () => {
    expect(pailHintText(pailSavingPerBunch(3, offer))).toBe("Save $1.00 a bunch by ordering by the pail");
  });
});

describe("applyCustomerDiscount", () => {
  it.each([
    [1000, 0, 1000],
    [1000, 10, 900],
    [1000, 100, 0],
    [15, 10, 14], // 13.5 rounds half up
    [25, 10, 23], // 22.5 -> 23
    [999, 15, 849], // 849.15
    [999, 15.5, 844], // 844.155 -> 844
    [1001, 50, 501], // 500.5 -> 501
    [1, 50, 1], // 0.5 -> 1
    [1, 51, 0], // 0.49 -> 0
    [0, 30, 0],
    [-15, 10, -14], // credits round away from zero symmetrically
    [-1000, 25, -750],
    [1999, 33.33, 1333], // 1332.7333
  ])("%i cents less %d%% -> %i", (cents, pct, out) => {
    expect(applyCustomerDiscount(cents, pct)).toBe(out);
  });

  it("never returns negative zero", () => {
    expect(Object.is(applyCustomerDiscount(-1, 100), 0)).toBe(true);
  });

  it.each([-1, 100.01, Number.NaN, Infinity])("rejects percent %d", (pct) => {
    expect(() => applyCustomerDiscount(100, pct)).toThrow(RangeError);
  });

  it("rejects fractional cents", () => {
    expect(() => applyCustomerDiscount(10.5, 10)).toThrow(RangeError);
  });
});
