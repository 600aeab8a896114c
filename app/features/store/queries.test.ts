import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../contract/store.ts";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { fetchProducts, productsQuery, storeKeys, type StoreIds } from "./queries.ts";
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

describe("fetchProducts given up", () => {
  it("fails with the signal's reason instead of giving an empty offer", async () => {
    answer(Array.from({ length: 600 }, (_, i) => product(`P${i}`)));
    const stop = new AbortController();
    stop.abort(new Error("another date"));
    await expect(fetchProducts(ids, 7, "2026-03-02", undefined, undefined, stop.signal)).rejects.toThrow("another date");
  });

  it("still gives an empty offer on a failure of its own", async () => {
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 500 }));
    expect(await fetchProducts(ids, 7, "2026-03-02", undefined, undefined, new AbortController().signal)).toEqual([]);
  });
});

describe("the products query", () => {
  it("is given up when the page stops watching it before its offer is in: its request aborted, nothing cached", async () => {
    let aborted = false;
    let answer!: () => void;
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      init.signal?.addEventListener("abort", () => (aborted = true));
      return new Promise<Response>((resolve) => {
        answer = () => resolve(new Response(JSON.stringify(Array.from({ length: 600 }, (_, i) => product(`P${i}`))), { status: 200 }));
      });
    });
    const client = new QueryClient();
    const watching = new QueryObserver(client, productsQuery(ids, 7, "2026-03-02"));
    const stopWatching = watching.subscribe(() => undefined);
    await vi.waitFor(() => expect(answer).toBeTypeOf("function"));
    stopWatching();
    expect(aborted).toBe(true);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.getQueryData(storeKeys.products(ids, 7, "2026-03-02"))).toBeUndefined();
    expect(client.getQueryData(storeKeys.firstRows(ids, 7, "2026-03-02"))).toBeUndefined();
  });

  it("runs to its end when read ahead without the page watching", async () => {
    answer(Array.from({ length: 600 }, (_, i) => product(`P${i}`)));
    const client = new QueryClient();
    const list = await client.fetchQuery(productsQuery(ids, 7, "2026-03-02"));
    expect(list).toHaveLength(600);
  });
});
