import { describe, it, expect } from "vitest";
import {
  DEFAULT_PAIL_FEE_PACKAGE,
  formatMmTotal,
  formatPailTotal,
  isFeeLine,
  itemCount,
  mmCartTotal,
  pailTotal,
  recomputeFeeLines,
  repriceForBoxed,
  type BouquetPricedLine,
  type MmCartLine,
  type MmPackage,
} from "./mm-fees.ts";

const line = (over: Partial<BouquetPricedLine>): BouquetPricedLine => ({
  productId: "P",
  description: "Bouquet",
  category: "Bouquets",
  quantity: 1,
  priceCents: 500,
  unitOfMeasure: "Each",
  boxType: null,
  ...over,
});

const packages: MmPackage[] = [
  { type: "BX12", category: "boxes", size: 12, priceCents: 250, description: "Box of 12" },
  { type: "BX24", category: "boxes", size: 24, priceCents: 400, description: "Box of 24" },
  { type: "RFLP1", category: "pails", size: 1, priceCents: 300, description: "Pail fee" },
];

const roses = line({ productId: "R1", description: "Rose bouquet", quantity: 6, boxType: "BX12", unitOfMeasure: "Pail" });
const tulips = line({ productId: "T1", description: "Tulip bouquet", quantity: 4, boxType: "BX12", unitOfMeasure: "Each" });
const lilies = line({ productId: "L1", description: "Lily bouquet", quantity: 10, boxType: "BX24", unitOfMeasure: "pail of 10" });
const loose = line({ productId: "G1", description: "Greens", quantity: 3, boxType: null, unitOfMeasure: "Bunch" });

describe("recomputeFeeLines when boxed", () => {
  it("adds one box line per box type with the summed quantity, priced from its package", () => {
    const out = recomputeFeeLines([roses, tulips, lilies, loose], packages, true);
    expect(out.slice(0, 4)).toEqual([roses, tulips, lilies, loose]);
    expect(out.slice(4)).toEqual([
      { productId: "BX12", description: "Box of 12", category: "boxes", quantity: 10, priceCents: 250, unitOfMeasure: "Each", boxType: "BX12", packSize: 12 },
      { productId: "BX24", description: "Box of 24", category: "boxes", quantity: 10, priceCents: 400, unitOfMeasure: "Each", boxType: "BX24", packSize: 24 },
    ]);
  });

  it("adds no pail line when boxed, even for pail items", () => {
    const out = recomputeFeeLines([roses], packages, true);
    expect(out.filter((l) => l.category === "pails")).toEqual([]);
  });

  it("adds nothing for items without a box type", () => {
    expect(recomputeFeeLines([loose], packages, true)).toEqual([loose]);
  });

  it("matches the package type case-insensitively", () => {
    const out = recomputeFeeLines([line({ quantity: 2, boxType: "bx24" })], packages, true);
    expect(out[1]).toMatchObject({ productId: "bx24", priceCents: 400, quantity: 2, packSize: 24 });
  });

  it("still shows a box type that has no package, at price 0", () => {
    const out = recomputeFeeLines([line({ quantity: 5, boxType: "ODD" })], packages, true);
    expect(out[1]).toEqual({
      productId: "ODD",
      description: "ODD",
      category: "boxes",
      quantity: 5,
      priceCents: 0,
      unitOfMeasure: "Each",
      boxType: "ODD",
      packSize: null,
    });
  });
});

describe("recomputeFeeLines when not boxed", () => {
  it("adds one RFLP1 line for the quantity of items sold by the pail", () => {
    const out = recomputeFeeLines([roses, tulips, lilies, loose], packages, false);
    expect(out.slice(0, 4)).toEqual([roses, tulips, lilies, loose]);
    expect(out[4]).toEqual({
      productId: "RFLP1",
      description: "Pail fee",
      category: "pails",
      quantity: 16,
      priceCents: 300,
      unitOfMeasure: "Each",
      boxType: null,
      packSize: 1,
    });
    expect(out).toHaveLength(5);
  });

  it("matches 'pail' anywhere in the unit of measure, case-insensitively", () => {
    for (const unitOfMeasure of ["Pail", "PAIL", "pail", "Half Pail", "pails"]) {
      const out = recomputeFeeLines([line({ quantity: 2, unitOfMeasure })], packages, false);
      expect(out[1]).toMatchObject({ productId: DEFAULT_PAIL_FEE_PACKAGE, quantity: 2 });
    }
  });

  it("adds no pail line when no item is sold by the pail", () => {
    expect(recomputeFeeLines([tulips, loose], packages, false)).toEqual([tulips, loose]);
    expect(recomputeFeeLines([line({ unitOfMeasure: null })], packages, false)).toHaveLength(1);
  });

  it("adds no box lines when not boxed", () => {
    expect(recomputeFeeLines([tulips], packages, false)).toEqual([tulips]);
  });

  it("still charges pails at price 0 when the RFLP1 package is missing", () => {
    const out = recomputeFeeLines([roses], packages.slice(0, 2), false);
    expect(out[1]).toMatchObject({ productId: "RFLP1", category: "pails", quantity: 6, priceCents: 0 });
  });

  it("keeps the fee category when the package's category is not one", () => {
    const odd = [{ ...packages[2], category: "Misc" }];
    const once = recomputeFeeLines([roses], odd, false);
    expect(once[1].category).toBe("pails");
    expect(recomputeFeeLines(once, odd, false)).toEqual(once);
  });
});

describe("recomputeFeeLines with existing fee lines", () => {
  it("drops old box and pail lines before recomputing", () => {
    const stale: MmCartLine[] = [
      roses,
      { ...roses, productId: "BX12", category: "boxes", quantity: 99, priceCents: 1 },
      { ...roses, productId: "RFLP1", category: "Pails", quantity: 42, priceCents: 1 },
    ];
    expect(recomputeFeeLines(stale, packages, false)).toEqual([roses, expect.objectContaining({ productId: "RFLP1", quantity: 6, priceCents: 300 })]);
    expect(recomputeFeeLines(stale, packages, true)).toEqual([roses, expect.objectContaining({ productId: "BX12", quantity: 6 })]);
  });

  it("is idempotent", () => {
    for (const boxed of [true, false]) {
      const once = recomputeFeeLines([roses, tulips, lilies, loose], packages, boxed);
      expect(recomputeFeeLines(once, packages, boxed)).toEqual(once);
    }
  });

  it("switches cleanly between boxed and not boxed", () => {
    const boxedCart = recomputeFeeLines([roses, lilies], packages, true);
    const unboxed = recomputeFeeLines(boxedCart, packages, false);
    expect(unboxed.map((l) => l.productId)).toEqual(["R1", "L1", "RFLP1"]);
  });

  it("returns only the fee-free items for an empty or fee-only cart", () => {
    expect(recomputeFeeLines([], packages, true)).toEqual([]);
    expect(recomputeFeeLines([{ ...roses, category: "boxes" }], packages, false)).toEqual([]);
  });

  it("does not mutate its input", () => {
    const items = [roses, { ...roses, category: "boxes" }];
    const copy = structuredClone(items);
    recomputeFeeLines(items, packages, true);
    expect(items).toEqual(copy);
  });
});

describe("isFeeLine", () => {
  it.each([
    ["boxes", true],
    ["pails", true],
    ["Boxes", true],
    [" PAILS ", true],
    ["Bouquets", false],
    ["", false],
    [null, false],
  ])("%j -> %s", (category, out) => {
    expect(isFeeLine({ category })).toBe(out);
  });
});

describe("repriceForBoxed", () => {
  const bouquet = line({ priceCents: 1, pricePerBouquetCents: 700, pricePerBouquetNoBoxCents: 650 });
  const fee = line({ category: "boxes", priceCents: 250, pricePerBouquetCents: 1, pricePerBouquetNoBoxCents: 2 });

  it("uses pricePerBouquet when boxed and pricePerBouquetNoBox when not", () => {
    expect(repriceForBoxed([bouquet], true)[0].priceCents).toBe(700);
    expect(repriceForBoxed([bouquet], false)[0].priceCents).toBe(650);
  });

  it("leaves fee lines and lines without the price alone", () => {
    const plain = line({ priceCents: 123 });
    const half = line({ priceCents: 321, pricePerBouquetCents: 800, pricePerBouquetNoBoxCents: null });
    expect(repriceForBoxed([fee, plain, half], false)).toEqual([fee, plain, half]);
    expect(repriceForBoxed([half], true)[0].priceCents).toBe(800);
  });

  it("does not mutate its input", () => {
    const items = [bouquet];
    repriceForBoxed(items, true);
    expect(items[0].priceCents).toBe(1);
  });
});

describe("totals", () => {
  const cart: MmCartLine[] = [
    line({ quantity: 3, priceCents: 1999 }),
    line({ quantity: 2, priceCents: 1 }),
    line({ description: "Eco Fee", category: "Fees", quantity: 5, priceCents: 10 }),
    line({ category: "boxes", quantity: 1, priceCents: 250 }),
    line({ category: "pails", quantity: 4, priceCents: 300 }),
  ];

  it("sums quantity times price over every line, in cents", () => {
    expect(mmCartTotal(cart)).toBe(3 * 1999 + 2 + 50 + 250 + 1200);
    expect(mmCartTotal([])).toBe(0);
  });

  it("avoids float drift", () => {
    const many = Array.from({ length: 10 }, () => line({ quantity: 1, priceCents: 10 }));
    expect(mmCartTotal(many)).toBe(100);
    expect(formatMmTotal(mmCartTotal(many))).toBe("1.00");
  });

  it("counts items without fee lines or the Eco Fee", () => {
    expect(itemCount(cart)).toBe(5);
    expect(itemCount([line({ description: " eco fee ", quantity: 9 })])).toBe(0);
    expect(itemCount([])).toBe(0);
  });

  it("counts pails charged", () => {
    expect(pailTotal(cart)).toBe(4);
    expect(pailTotal([line({ category: "Pails", quantity: 2 }), line({ quantity: 7, unitOfMeasure: "Pail" })])).toBe(2);
  });

  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [1999, "19.99"],
    [123450, "1234.50"],
    [-250, "-2.50"],
  ])("formatMmTotal(%i) -> %s", (cents, text) => {
    expect(formatMmTotal(cents)).toBe(text);
  });

  it.each([
    [0, "0"],
    [4, "4"],
    [1234, "1234"],
    [2.5, "3"],
    [-0.2, "0"],
  ])("formatPailTotal(%d) -> %s", (n, text) => {
    expect(formatPailTotal(n)).toBe(text);
  });
});
