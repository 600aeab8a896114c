// Property-based checks of SPEC §4 "Fee rules (MM)" and the §9 totals over generated carts.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { centsToDollars } from "./money.ts";
import {
  formatMmTotal,
  isFeeLine,
  itemCount,
  mmCartTotal,
  pailTotal,
  recomputeFeeLines,
  repriceForBoxed,
  type BouquetPricedLine,
  type MmPackage,
} from "./mm-fees.ts";

const BOX_TYPES = ["BX-S", "BX-M", "BX-L", "BX-XL"];
const packages: MmPackage[] = [
  ...BOX_TYPES.map((type, i) => ({ type, category: "boxes", size: `${i}`, priceCents: 30 + 15 * i, description: `Box ${type}` })),
  { type: "RFLP1", category: "pails", size: "Pail", priceCents: 75, description: "Pail fee" },
];

const merchandise = fc.record({
  productId: fc.stringMatching(/^MM-[A-Z0-9]{1,8}$/),
  description: fc.oneof(fc.constant("Eco Fee"), fc.string({ maxLength: 20 })),
  category: fc.constantFrom("Bouquets", "Bunches", "Pail Packs"),
  quantity: fc.integer({ min: 1, max: 500 }),
  priceCents: fc.integer({ min: 0, max: 100_000 }),
  unitOfMeasure: fc.constantFrom("Bunch", "Pail", "pail of 5", "Each", ""),
  boxType: fc.option(fc.constantFrom(...BOX_TYPES), { nil: null }),
  pricePerBouquetCents: fc.integer({ min: 0, max: 100_000 }),
  pricePerBouquetNoBoxCents: fc.integer({ min: 0, max: 100_000 }),
}) as fc.Arbitrary<BouquetPricedLine>;

/** A cart as a client may send it: bouquets with any stale fee lines mixed in. */
const staleFee = fc.record({
  productId: fc.constantFrom(...BOX_TYPES, "RFLP1"),
  description: fc.constant("old fee"),
  category: fc.constantFrom("boxes", "pails", "Boxes", " PAILS "),
  quantity: fc.integer({ min: 1, max: 999 }),
  priceCents: fc.integer({ min: 0, max: 9_999 }),
  unitOfMeasure: fc.constant("Each"),
  boxType: fc.constant(null),
}) as fc.Arbitrary<BouquetPricedLine>;
const cart = fc.array(fc.oneof({ weight: 4, arbitrary: merchandise }, { weight: 1, arbitrary: staleFee }), { maxLength: 30 });

describe("fee rules (property-based)", () => {
  it("recomputing twice changes nothing", () => {
    fc.assert(
      fc.property(cart, fc.boolean(), (items, boxed) => {
        const once = recomputeFeeLines(items, packages, boxed);
        expect(recomputeFeeLines(once, packages, boxed)).toEqual(once);
      }),
    );
  });

  it("each box line equals its box type's summed quantity, priced from its package; no pail line when boxed", () => {
    fc.assert(
      fc.property(cart, (items) => {
        const result = recomputeFeeLines(items, packages, true);
        const goods = items.filter((i) => !isFeeLine(i));
        const fees = result.filter(isFeeLine);
        for (const type of BOX_TYPES) {
          const wanted = goods.filter((g) => g.boxType === type).reduce((s, g) => s + g.quantity, 0);
          const lines = fees.filter((f) => f.productId === type);
          expect(lines.length).toBe(wanted > 0 ? 1 : 0);
          if (wanted > 0) expect(lines[0]).toMatchObject({ quantity: wanted, priceCents: packages.find((p) => p.type === type)!.priceCents, category: "boxes" });
        }
        expect(fees.some((f) => f.category === "pails")).toBe(false);
        expect(result.filter((r) => !isFeeLine(r))).toEqual(goods);
      }),
    );
  });

  it("a pail line only when not boxed and only when pail items exist, for their summed quantity", () => {
    fc.assert(
      fc.property(cart, (items) => {
        const goods = items.filter((i) => !isFeeLine(i));
        const pails = goods.filter((g) => (g.unitOfMeasure ?? "").toLowerCase().includes("pail")).reduce((s, g) => s + g.quantity, 0);
        const fees = recomputeFeeLines(items, packages, false).filter(isFeeLine);
        expect(fees).toEqual(pails > 0 ? [expect.objectContaining({ productId: "RFLP1", category: "pails", quantity: pails, priceCents: 75 })] : []);
        expect(pailTotal(recomputeFeeLines(items, packages, false))).toBe(pails);
      }),
    );
  });

  it("the boxed toggle reprices every bouquet line to its boxed or unboxed price", () => {
    fc.assert(
      fc.property(cart, fc.boolean(), (items, boxed) => {
        const priced = repriceForBoxed(items, boxed);
        priced.forEach((p, i) => {
          const src = items[i]!;
          if (isFeeLine(src)) expect(p).toEqual(src);
          else expect(p.priceCents).toBe(boxed ? src.pricePerBouquetCents : src.pricePerBouquetNoBoxCents);
        });
      }),
    );
  });

  it("totals are exact in cents, fee lines counted as charges and not as items", () => {
    fc.assert(
      fc.property(cart, fc.boolean(), (items, boxed) => {
        const lines = recomputeFeeLines(repriceForBoxed(items, boxed), packages, boxed);
        const cents = lines.reduce((s, l) => s + BigInt(l.quantity) * BigInt(l.priceCents), 0n);
        expect(BigInt(mmCartTotal(lines))).toBe(cents);
        const total = formatMmTotal(mmCartTotal(lines));
        expect(total).toMatch(/^\d+\.\d{2}$/);
        expect(total).toBe(`${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`);
        expect(centsToDollars(mmCartTotal(lines)).toFixed(2)).toBe(total);
        const counted = lines.filter((l) => !isFeeLine(l) && l.description.trim().toLowerCase() !== "eco fee").reduce((s, l) => s + l.quantity, 0);
        expect(itemCount(lines)).toBe(counted);
      }),
    );
  });
});
