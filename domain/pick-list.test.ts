import { describe, expect, it } from "vitest";
import { pickQuantities, pickTotals, sumPick, type PickLineInput } from "./pick-list.ts";

const line = (o: Partial<PickLineInput> = {}): PickLineInput => ({
  store: "wholesale",
  boxed: false,
  productId: "LILY",
  description: "Lily",
  category: "Lilies",
  quantityConfirmed: 30,
  quantityPending: 0,
  pails: 3,
  unitOfMeasure: "Pail",
  boxType: null,
  stemsPerBunch: 10,
  bunchesPerBox: 12,
  ...o,
});

describe("pick quantities", () => {
  it("wholesale: stems from stems a bunch, the line's pails, whole boxes only when boxed", () => {
    expect(pickQuantities(line())).toEqual({ stems: 300, bunches: 30, pending: 0, pails: 3, boxes: 0 });
    expect(pickQuantities(line({ boxed: true }))).toEqual({ stems: 300, bunches: 30, pending: 0, pails: 3, boxes: 3 });
    expect(pickQuantities(line({ stemsPerBunch: null, quantityPending: 4 }))).toMatchObject({ stems: null, pending: 4 });
  });

  it("mass market follows the fee rules: a box a unit when boxed, a pail a pail unit when not", () => {
    expect(pickQuantities(line({ store: "mm", boxed: true, boxType: "FB1", unitOfMeasure: "Pail" }))).toEqual({ stems: null, bunches: 30, pending: 0, pails: 0, boxes: 30 });
    expect(pickQuantities(line({ store: "mm", boxed: false, boxType: "FB1", unitOfMeasure: "Pail" }))).toEqual({ stems: null, bunches: 30, pending: 0, pails: 30, boxes: 0 });
    expect(pickQuantities(line({ store: "mm", boxed: false, unitOfMeasure: "Each" })).pails).toBe(0);
  });

  it("totals per product over orders, fee lines left out, sorted by description", () => {
    const rows = pickTotals([
      { ...line({ productId: "ROSE", description: "Rose", stemsPerBunch: 20 }), orderNumber: 1 },
      { ...line(), orderNumber: 1 },
      { ...line({ quantityConfirmed: 5, pails: 0 }), orderNumber: 2 },
      { ...line({ productId: "RFLP1", description: "Pail fee", category: "pails" }), orderNumber: 2 },
    ]);
    expect(rows).toEqual([
      { productId: "LILY", description: "Lily", orders: 2, stems: 350, bunches: 35, pending: 0, pails: 3, boxes: 0 },
      { productId: "ROSE", description: "Rose", orders: 1, stems: 600, bunches: 30, pending: 0, pails: 3, boxes: 0 },
    ]);
    expect(sumPick(rows)).toEqual({ stems: 950, bunches: 65, pending: 0, pails: 6, boxes: 0 });
  });
});
