import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../contract/store.ts";
import { fetchProducts, type StoreIds } from "./queries.ts";
import { sampleProduct as testProduct } from "./sample-product.ts";

const ids: StoreIds = { userId: "u1", customerId: "C1", retailerId: 0, isRetailer: false, salesUserId: null };

function product(productId: string, over: Partial<Product> = {}): Product {
  return testProduct({ productId, description: `Lily ${productId}`, ...over });
}

/** The server answers `list` (as JSON, so every object is new) to the products request. */
function answer(list: Product[]) {
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(list), { status: 200, headers: { "content-type": "application/json" } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fetchProducts read again", () => {
  const first = Array.from({ length: 600 }, (_, i) => product(`P${i}`));

  it("gives the cached list itself when nothing changed", async () => {
    answer(first);
    const cached = await fetchProducts(ids, 7, "2026-03-02");
    expect(cached).toEqual(first);
    answer(first);
    expect(await fetchProducts(ids, 7, "2026-03-02", cached)).toBe(cached);
  });

  it("keeps the objects of unchanged products and gives new ones for changed, added and reordered lists", async () => {
    answer(first);
    const cached = await fetchProducts(ids, 7, "2026-03-02");
    const next = first.map((p) => (p.productId === "P300" ? { ...p, quantityRemaining: 3 } : p));
    next.push(product("P600"));
    [next[0], next[1]] = [next[1]!, next[0]!];
    answer(next);
    const again = await fetchProducts(ids, 7, "2026-03-02", cached);
    expect(again).not.toBe(cached);
    expect(again).toEqual(next);
    expect(again[0]).toBe(cached[1]);
    expect(again[1]).toBe(cached[0]);
    expect(again[2]).toBe(cached[2]);
    expect(again[300]).not.toBe(cached[300]);
    expect(again[300]!.quantityRemaining).toBe(3);
    expect(again[600]).toEqual(product("P600"));
  });

  it("gives a new list when products were removed, even if the rest is unchanged", async () => {
    answer(first);
    const cached = await fetchProducts(ids, 7, "2026-03-02");
    answer(first.slice(0, 599));
    const again = await fetchProducts(ids, 7, "2026-03-02", cached);
    expect(again).not.toBe(cached);
    expect(again).toHaveLength(599);
    expect(again[598]).toBe(cached[598]);
  });
});
