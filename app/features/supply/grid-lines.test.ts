import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { SupplyLineList, SupplyProductList } from "../../../contract/supply.ts";
import { fetchSupplyLines, fetchSupplyProducts } from "./grid-lines.ts";

const catalog = { catalogId: 7, orderId: 70, kind: "wholesale", title: "Friday", shipDateFrom: "2026-12-04", shipDateTo: "2026-12-04", customerIds: [], lines: 3 };
const line = (i: number) => ({
  lineId: i,
  catalogId: 7,
  productId: `P-${i}`,
  description: `Rose ${i}`,
  category: "Roses",
  colour: "Red",
  productActive: true,
  quantity: i % 2 ? null : i,
  sold: 0,
  held: 0,
  free: i,
  price: 1.5,
  priceNoPail: 1.75,
  special: false,
  specialPrice: 0,
  specialPriceNoPail: 0,
  tier1Quantity: 0,
  tier1Price: 0,
  tier1PriceNoPail: 0,
  tier2Quantity: 0,
  tier2Price: 0,
  tier2PriceNoPail: 0,
  showStore: true,
  isFinalProduct: false,
  nextAvailableDate: null,
  buyers: [{ customerId: "C1", companyName: "Petals", orderNumber: 12, quantity: 2, extra: "dropped" }],
  extra: "dropped",
});

function answer(body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } })));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fetchSupplyLines", () => {
  it("gives what SupplyLineList.parse gives, for a catalog of more lines than one chunk", async () => {
    const body = { catalog, lines: Array.from({ length: 1100 }, (_, i) => line(i)) };
    answer(body);
    const got = await fetchSupplyLines("7");
    expect(got).toEqual(SupplyLineList.parse(body));
    expect(got.lines).toHaveLength(1100);
    expect(got.lines[3]).not.toHaveProperty("extra");
  });

  it("fails as the whole answer's parse does on a line that does not fit, or no catalog", async () => {
    const lines: unknown[] = Array.from({ length: 600 }, (_, i) => line(i));
    lines[550] = { ...line(550), sold: "many" };
    answer({ catalog, lines });
    await expect(fetchSupplyLines("7")).rejects.toBeInstanceOf(z.ZodError);
    answer({ lines: [] });
    await expect(fetchSupplyLines("7")).rejects.toBeInstanceOf(z.ZodError);
    answer({ catalog });
    await expect(fetchSupplyLines("7")).rejects.toThrow(/list/);
  });
});

const product = (i: number) => ({
  productId: `P-${i}`,
  description: `Rose ${i}`,
  variety: "roses",
  category: "Roses",
  colour: "Red",
  colourHex: "#C0122C",
  grade: "Select",
  stemLengthCm: 60,
  unitOfMeasure: "Pail",
  unitOfMeasureQty: 8,
  stemsPerBunch: 10,
  bunchesPerBox: 12,
  stemsPerBox: 120,
  image: "rose",
  showStore: true,
  active: i % 3 !== 0,
  ordered: 0,
  offerLines: 1,
  extra: "dropped",
});

describe("fetchSupplyProducts", () => {
  it("gives what SupplyProductList.parse gives, and fails as it does", async () => {
    const body = { products: Array.from({ length: 700 }, (_, i) => product(i)), truncated: true };
    answer(body);
    const got = await fetchSupplyProducts();
    expect(got).toEqual(SupplyProductList.parse(body));
    expect(got.products[600]).not.toHaveProperty("extra");
    answer({ ...body, products: body.products.map((p, i) => (i === 650 ? { ...p, stemsPerBunch: "ten" } : p)) });
    await expect(fetchSupplyProducts()).rejects.toBeInstanceOf(z.ZodError);
    answer({ products: body.products });
    await expect(fetchSupplyProducts()).rejects.toBeInstanceOf(z.ZodError);
  });
});
