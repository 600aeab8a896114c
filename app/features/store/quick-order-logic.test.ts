import { describe, expect, it } from "vitest";
import type { CartItem, Product } from "../../../contract/store.ts";
import { parseQuickOrder } from "../../../domain/quick-order.ts";
import { pendingQuestion } from "./cart-logic.ts";
import { onlyAvailable, quickOrderItems, resolveQuickOrder } from "./quick-order-logic.ts";

const product = (productId: string, over: Partial<Product> = {}): Product => ({
  productId,
  description: `Flower ${productId}`,
  category: "Lilies",
  colour: "White",
  colourHex: "#fff",
  image: "",
  grade: "",
  stemsPerBunch: 10,
  quantityRemaining: 10,
  originalQuantityRemaining: 10,
  unitOfMeasure: "Pail",
  unitOfMeasureQty: 4,
  bunchesPerBox: 0,
  stemsPerBox: 0,
  isFinalProduct: false,
  special: false,
  discount: 0,
  discountQuantity: 0,
  discountQuantity2: 0,
  standardPrice: 2,
  price: 2,
  standardPriceNoPail: 2.5,
  priceNoPail: 2.5,
  discountPrice: 0,
  discountPriceNoPail: 0,
  discountPrice2: 0,
  discountPriceNoPail2: 0,
  showStore: true,
  nextAvailableDate: null,
  offerOrderNumber: 1,
  ...over,
});

describe("resolveQuickOrder", () => {
  const products = [
    product("LIL-1"),
    product("LIL-2", { quantityRemaining: 3 }),
    product("LIL-3", { isFinalProduct: true, quantityRemaining: 2 }),
    product("LIL-4", { showStore: false }),
    product("LIL-5", { quantityRemaining: 0 }),
  ];
  const cart = new Map<string, CartItem>([["LIL-1", { productId: "LIL-1", quantity: 2 } as CartItem]]);

  it("says per code what would be held, requested, capped or refused, with the price", () => {
    const { lines } = parseQuickOrder("lil-1,4\nLIL-2,5\nLIL-3,5\nLIL-4,1\nNOPE-9,1\nLIL-5,2\nLIL-1,1");
    const rows = resolveQuickOrder(lines, products, cart, "Tue, Nov 24");
    expect(rows.map((r) => [r.code, r.status, r.adds])).toEqual([
      ["LIL-1", "held", 5],
      ["LIL-2", "partly", 5],
      ["LIL-3", "capped", 2],
      ["LIL-4", "notOffered", 0],
      ["NOPE-9", "unknown", 0],
      ["LIL-5", "pending", 2],
    ]);
    expect(rows[0]!.lines).toEqual([1, 7]);
    expect(rows[0]!.message).toBe("5 available now: held for you when added. Adds to the 2 already in your cart.");
    // 7 bunches in the cart after adding: one pail of 4 at $2.00 and 3 loose at $2.50.
    expect(rows[0]!.totalCents).toBe(4 * 200 + 3 * 250);
    expect(rows[1]!.message).toBe("3 held, 2 pending request (beyond what is available).");
    expect(rows[2]!.message).toBe("You can only order up to the quantity remaining today: 2 bunches left. Those are added.");
    expect(rows[3]!.message).toBe("Flower LIL-4 is not offered for Tue, Nov 24.");
    expect(rows[4]!.message).toBe("Unknown product code: NOPE-9 is not in the offer for Tue, Nov 24.");
  });

  it("adds the orderable bunches to the cart's lines in one list", () => {
    const rows = resolveQuickOrder(parseQuickOrder("LIL-1,4\nLIL-2,1\nNOPE,3").lines, products, cart, "x");
    expect(quickOrderItems(rows, [{ productId: "LIL-1", quantity: 2 }, { productId: "GER-9", quantity: 1 }])).toEqual([
      { productId: "LIL-1", quantity: 6 },
      { productId: "GER-9", quantity: 1 },
      { productId: "LIL-2", quantity: 1 },
    ]);
  });

  it("flags a request far beyond what is available by the cart line editor's rule, counting the cart", () => {
    const offer = [
      product("A", { quantityRemaining: 40, originalQuantityRemaining: 40 }),
      product("B", { quantityRemaining: 0, originalQuantityRemaining: 0 }),
      product("C", { quantityRemaining: 3, originalQuantityRemaining: 3 }),
      product("D", { quantityRemaining: 5, originalQuantityRemaining: null }),
      product("E", { quantityRemaining: 5, isFinalProduct: true }),
    ];
    const inCart = new Map<string, CartItem>([["C", { productId: "C", quantity: 3 } as CartItem]]);
    const rows = resolveQuickOrder(parseQuickOrder("A,9999\nB,11\nC,11\nD,500\nE,500").lines, offer, inCart, "x");
    expect(rows.map((r) => [r.code, r.farBeyond])).toEqual([
      ["A", true],
      ["B", true],
      ["C", true], // 3 in the cart + 11 = 14 with 3 available: 11 pending
      ["D", false], // stock not confirmed yet: everything is a request
      ["E", false], // final: capped instead
    ]);
    // The same answer as the cart line editor's question for the whole line.
    for (const r of rows) expect(r.farBeyond).toBe(pendingQuestion(r.inCart + r.adds, r.product!, r.inCart) !== null);
    expect(resolveQuickOrder(parseQuickOrder("A,80\nB,10").lines, offer, inCart, "x").map((r) => r.farBeyond)).toEqual([false, false]);
  });

  it("adds only what can be held now when the buyer says so, leaving out rows with nothing to hold", () => {
    const offer = [product("A", { quantityRemaining: 40, originalQuantityRemaining: 40 }), product("B", { quantityRemaining: 0 }), product("C", { quantityRemaining: 10 })];
    const rows = resolveQuickOrder(parseQuickOrder("A,9999\nB,50\nC,12").lines, offer, new Map(), "x");
    const limited = onlyAvailable(rows);
    expect(limited.map((r) => [r.code, r.adds, r.farBeyond])).toEqual([
      ["A", 40, false],
      ["C", 12, false], // 2 pending: an ordinary request, kept as asked
    ]);
    expect(limited[0]!.totalCents).toBe(40 * 200);
    expect(quickOrderItems(limited, [])).toEqual([
      { productId: "A", quantity: 40 },
      { productId: "C", quantity: 12 },
    ]);
  });
});
