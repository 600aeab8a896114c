import { describe, expect, it } from "vitest";
import type { Cart, CartItem } from "../../../contract/store.ts";
import { INVALID_QUANTITY_MESSAGE, QUANTITY_REMAINING_MESSAGE } from "../../../domain/constants.ts";
import { sampleProduct as testProduct } from "./sample-product.ts";
import {
  pendingQuestion,
  cartCounts,
  emptiedCart,
  entryOf,
  estimateCents,
  isFeeLine,
  linesForDateChange,
  lineStatus,
  partitionForDate,
  dateChangeQuestion,
  pailSavingCents,
  priceTiers,
  quantityFromEntry,
  saveBody,
  stockMessage,
  withLineQuantity,
} from "./cart-logic.ts";

function item(over: Partial<CartItem> = {}): CartItem {
  return {
    id: 1,
    productId: "LIL-1",
    description: "Lily",
    category: "Lilies",
    colour: "White",
    quantity: 10,
    price: 1.5,
    ysnPending: false,
    ysnIsFinalProduct: false,
    quantityConfirmed: 10,
    quantityPending: 0,
    offerOrderNumber: 7,
    unitOfMeasureQty: 5,
    bunchesPerBox: 8,
    pails: 2,
    looseBunches: 0,
    pailPrice: 1.5,
    bunchPrice: 1.75,
    lineTotal: 15,
    message: null,
    ...over,
  };
}

function cart(items: CartItem[] = [item()]): Cart {
  return {
    customerId: "C1",
    retailerId: 0,
    items,
    shipDate: "2026-03-03",
    receivingDate: null,
    boxed: false,
    fresh: true,
    holdTime: "2026-03-02T15:00:00.000Z",
    version: 4,
    subtotal: 15,
    itemCount: 1,
  };
}

const product = testProduct;

describe("saveBody", () => {
  it("sends the whole cart: lines as productId + quantity, dates, boxed and the version read", () => {
    expect(saveBody(cart())).toEqual({
      shipDate: "2026-03-03",
      receivingDate: null,
      boxed: false,
      items: [{ productId: "LIL-1", quantity: 10 }],
      version: 4,
    });
  });

  it("applies a patch, including clearing a date with null", () => {
    const body = saveBody(cart(), { shipDate: "2026-03-04", receivingDate: "2026-03-05", boxed: true, items: [] });
    expect(body).toMatchObject({ shipDate: "2026-03-04", receivingDate: "2026-03-05", boxed: true, items: [] });
    expect(saveBody(cart(), { shipDate: null }).shipDate).toBeNull();
  });

  it("never sends fee or packaging lines back", () => {
    const c = cart([item(), item({ productId: "RFLP1", category: "pails", description: "Pail fee" }), item({ productId: "ECO", category: "Fees", description: "Eco Fee" })]);
    expect(saveBody(c).items).toEqual([{ productId: "LIL-1", quantity: 10 }]);
  });
});

describe("withLineQuantity", () => {
  const items = [item({ productId: "A", quantity: 1 }), item({ productId: "B", quantity: 2 })];
  it("replaces an existing line in place", () => {
    expect(withLineQuantity(items, "A", 7)).toEqual([
      { productId: "A", quantity: 7 },
      { productId: "B", quantity: 2 },
    ]);
  });
  it("appends a new product", () => {
    expect(withLineQuantity(items, "C", 3).at(-1)).toEqual({ productId: "C", quantity: 3 });
  });
  it("removes the line at 0, and ignores removing what is not there", () => {
    expect(withLineQuantity(items, "A", 0)).toEqual([{ productId: "B", quantity: 2 }]);
    expect(withLineQuantity(items, "Z", 0)).toHaveLength(2);
  });
});

describe("quantityFromEntry", () => {
  it("adds whole pails and loose bunches", () => {
    expect(quantityFromEntry("2", "3", 5)).toEqual({ ok: true, quantity: 13 });
    expect(quantityFromEntry("", "4", 5)).toEqual({ ok: true, quantity: 4 });
    expect(quantityFromEntry(" 1 ", "", 5)).toEqual({ ok: true, quantity: 5 });
  });
  it("rejects anything but whole numbers, and nothing at all, with the SPEC text", () => {
    for (const [p, b] of [
      ["", ""],
      ["0", "0"],
      ["-1", ""],
      ["1.5", ""],
      ["", "abc"],
      ["", "1e3"],
    ]) {
      expect(quantityFromEntry(p, b, 5)).toEqual({ ok: false, message: INVALID_QUANTITY_MESSAGE });
    }
  });
  it("rejects pails for a product without a pail size", () => {
    expect(quantityFromEntry("1", "", 0)).toEqual({ ok: false, message: INVALID_QUANTITY_MESSAGE });
    expect(quantityFromEntry("", "3", 0)).toEqual({ ok: true, quantity: 3 });
  });
  it("allows emptying an existing line when asked to", () => {
    expect(quantityFromEntry("", "", 5, true)).toEqual({ ok: true, quantity: 0 });
  });
  it("rejects quantities beyond the maximum", () => {
    expect(quantityFromEntry("", "100001", 5).ok).toBe(false);
  });
});

describe("entryOf", () => {
  it("splits a quantity back into the two fields", () => {
    expect(entryOf(13, 5)).toEqual({ pails: "2", bunches: "3" });
    expect(entryOf(10, 5)).toEqual({ pails: "2", bunches: "" });
    expect(entryOf(0, 5)).toEqual({ pails: "", bunches: "" });
    expect(entryOf(3, 0)).toEqual({ pails: "", bunches: "3" });
  });
});

describe("stockMessage", () => {
  it("caps final products at what remains (which includes this buyer's own hold)", () => {
    expect(stockMessage(11, product({ isFinalProduct: true, quantityRemaining: 10 }))).toBe(`${QUANTITY_REMAINING_MESSAGE}: 10 bunches left.`);
    expect(stockMessage(86, product({ isFinalProduct: true, quantityRemaining: 85 }), "2026-11-26", "2026-11-26")).toBe(
      "You can only order up to the quantity remaining today: 85 bunches left.",
    );
    expect(stockMessage(86, product({ isFinalProduct: true, quantityRemaining: 85 }), "2026-11-27", "2026-11-26")).toBe(
      "You can only order up to the quantity remaining for Fri, Nov 27: 85 bunches left.",
    );
    expect(stockMessage(10, product({ isFinalProduct: true, quantityRemaining: 10 }))).toBeNull();
  });
  it("lets ordinary products go beyond stock (the rest becomes pending)", () => {
    expect(stockMessage(500, product({ quantityRemaining: 0 }))).toBeNull();
  });
});

describe("prices", () => {
  it("lists the base price and the tiers that exist", () => {
    expect(priceTiers(product())).toEqual([
      { label: "Standard price", pailBunchCents: 150, looseBunchCents: 175 },
      { label: "20+ bunches", pailBunchCents: 140, looseBunchCents: 160 },
      { label: "40+ bunches", pailBunchCents: 130, looseBunchCents: 150 },
    ]);
    expect(priceTiers(product({ special: true, price: 1.2, priceNoPail: 1.4, discountQuantity: 0, discountQuantity2: 0 }))).toEqual([
      { label: "Special price", pailBunchCents: 120, looseBunchCents: 140 },
    ]);
  });
  it("estimates a line and the pail saving through the domain pricing", () => {
    expect(estimateCents(7, product())).toBe(5 * 150 + 2 * 175);
    expect(pailSavingCents(7, product())).toBe(25);
    expect(pailSavingCents(10, product())).toBe(0);
    expect(pailSavingCents(0, product())).toBe(0);
  });
});

describe("partitionForDate and dateChangeQuestion", () => {
  it("keeps every line the new date sells under the same offer order number, asks nothing, and leaves fee lines out", () => {
    const lines = [item(), item({ productId: "BX-M", category: "boxes", description: "Box", offerOrderNumber: 1 })];
    expect(partitionForDate(lines, [product({ offerOrderNumber: 7 })])).toEqual({ kept: [lines[0]], changed: [] });
    expect(dateChangeQuestion([], "Tue, Dec 1")).toBeNull();
  });

  it("counts a line whose offer order number differs on the new date as changed, even when the product is offered", () => {
    const lily = item();
    const rose = item({ productId: "GRS-1", description: "Garden Rose Juliet" });
    const { kept, changed } = partitionForDate([lily, rose], [product(), product({ productId: "GRS-1", offerOrderNumber: 8 })]);
    expect(kept).toEqual([lily]);
    expect(changed).toEqual([rose]);
    expect(dateChangeQuestion(changed, "Tue, Dec 1")).toEqual({
      title: "Clear the cart?",
      message: "Tue, Dec 1 has a different offer, or none, for Garden Rose Juliet. Clear the cart and change the date to Tue, Dec 1? Choose No to keep your cart and your current date.",
    });
  });

  it("counts a line whose product is missing or not shown in the store as changed, and names them all in one question", () => {
    const lily = item();
    const rose = item({ productId: "GRS-1", description: "Garden Rose Juliet" });
    const tulip = item({ productId: "TUL-1", description: "Tulip" });
    const peony = item({ productId: "PEO-1", description: "Peony" });
    const { kept, changed } = partitionForDate(
      [lily, rose, tulip, peony],
      [product(), product({ productId: "GRS-1", showStore: false }), product({ productId: "PEO-1", offerOrderNumber: 9 })],
    );
    expect(kept).toEqual([lily]);
    expect(changed).toEqual([rose, tulip, peony]);
    expect(dateChangeQuestion(changed, "Tue, Dec 1")).toEqual({
      title: "Clear the cart?",
      message:
        "Tue, Dec 1 has a different offer, or none, for Garden Rose Juliet, Tulip and Peony. Clear the cart and change the date to Tue, Dec 1? Choose No to keep your cart and your current date.",
    });
  });

  it("counts a final product with nothing left that day as changed, and keeps an ordinary one on the same offer as a request", () => {
    const rose = item({ productId: "GRS-1", description: "Garden Rose Juliet" });
    const lily = item();
    const soldOut = product({ productId: "GRS-1", isFinalProduct: true, quantityRemaining: 0, originalQuantityRemaining: 0 });
    const pendingLily = product({ quantityRemaining: 0, originalQuantityRemaining: 0 });
    expect(partitionForDate([lily, rose], [pendingLily, soldOut])).toEqual({ kept: [lily], changed: [rose] });
  });

  it("asks when every line's offer changes, as when the demo's dates each have their own offer", () => {
    const lines = [item(), item({ productId: "GRS-1", description: "Garden Rose Juliet" })];
    const next = [product({ offerOrderNumber: 7002 }), product({ productId: "GRS-1", offerOrderNumber: 7002 })];
    const { kept, changed } = partitionForDate(lines, next);
    expect(kept).toEqual([]);
    expect(changed).toEqual(lines);
    expect(dateChangeQuestion(changed, "Tue, Dec 1")?.title).toBe("Clear the cart?");
  });
});


describe("linesForDateChange", () => {
  const lily = item();
  const rose = item({ productId: "GRS-1", description: "Garden Rose Juliet", quantity: 4 });
  const box = item({ productId: "BX-M", category: "boxes", description: "Box", offerOrderNumber: 1 });
  const next = [product(), product({ productId: "GRS-1" })];

  it("saves the lines as they are when the date's turn comes: quantities changed and lines added since the check, when the new date keeps them", () => {
    expect(linesForDateChange([{ ...lily, quantity: 25 }, rose, box], next, null)).toEqual([
      { productId: "LIL-1", quantity: 25 },
      { productId: "GRS-1", quantity: 4 },
    ]);
    // A line removed since the check is not sent back.
    expect(linesForDateChange([rose], next, null)).toEqual([{ productId: "GRS-1", quantity: 4 }]);
  });

  it("saves nothing when a line now in the cart does not keep its offer on the new date (it was never asked about)", () => {
    expect(linesForDateChange([lily, rose], [product()], null)).toBeNull();
    expect(linesForDateChange([lily, rose], [product(), product({ productId: "GRS-1", offerOrderNumber: 8 })], null)).toBeNull();
  });

  it("after Yes, clears the lines asked about, whatever their quantity now, but saves nothing when a line was added since", () => {
    expect(linesForDateChange([{ ...lily, quantity: 3 }, box], [], ["LIL-1"])).toEqual([]);
    expect(linesForDateChange([], [], ["LIL-1"])).toEqual([]);
    expect(linesForDateChange([lily, rose], next, ["LIL-1"])).toBeNull();
  });
});

describe("lineStatus", () => {
  it("says held, pending, partly pending or expired in words", () => {
    expect(lineStatus(item(), true)).toEqual({ kind: "held", text: "Held" });
    expect(lineStatus(item({ quantityConfirmed: 0, quantityPending: 10, ysnPending: true }), true)).toEqual({ kind: "pending", text: "Pending" });
    expect(lineStatus(item({ quantityConfirmed: 8, quantityPending: 2 }), true)).toEqual({ kind: "partial", text: "8 held · 2 pending" });
    expect(lineStatus(item(), false)).toEqual({ kind: "expired", text: "Hold expired" });
    expect(lineStatus(item({ quantityConfirmed: 8, quantityPending: 2 }), false).text).toBe("Hold expired · 2 pending");
  });
});

describe("cart summaries", () => {
  it("counts merchandise only (fees and Eco Fee excluded)", () => {
    const items = [item({ quantity: 3 }), item({ productId: "B", quantity: 4 }), item({ productId: "F", category: "Boxes", description: "Box", quantity: 2 }), item({ productId: "E", description: "Eco Fee", quantity: 1 })];
    expect(cartCounts(items)).toEqual({ lines: 2, bunches: 7 });
    expect(isFeeLine({ category: "pails", description: "x" })).toBe(true);
  });
  it("empties the cart and its dates after an order", () => {
    const e = emptiedCart(cart());
    expect(e).toMatchObject({ items: [], shipDate: null, receivingDate: null, holdTime: null, subtotal: 0, version: 4 });
  });
});

describe("pendingQuestion", () => {
  const product = { isFinalProduct: false, quantityRemaining: 40, originalQuantityRemaining: 120 };

  it("asks before 9,999 bunches of a product with 40 available, in numbers the buyer reads", () => {
    const q = pendingQuestion(9999, product);
    expect(q?.title).toBe("Request more than is available?");
    expect(q?.message).toBe(
      "We can hold 40 bunches now; the other 9,959 would be a pending request, which the grower confirms or declines before the ship date. Request 9,999 bunches?",
    );
  });

  it("asks once for 99,999 bunches with the amount in money and the stock in numbers", () => {
    const q = pendingQuestion(99_999, { ...product, quantityRemaining: 85 }, 0, 165_321_281);
    expect(q?.title).toBe("Request more than is available?");
    expect(q?.message).toBe(
      "We can hold 85 bunches now; the other 99,914 would be a pending request, which the grower confirms or declines before the ship date. Request 99,999 bunches ($1,653,212.81)?",
    );
    // A large request the stock covers still asks, once, with both figures.
    const covered = pendingQuestion(5_000, { ...product, quantityRemaining: 6_000, originalQuantityRemaining: 6_000 }, 0, 826_500);
    expect(covered).toEqual({ title: "Order a large quantity?", message: "5,000 bunches come to $8,265.00. 6,000 bunches are available now. Order 5,000 bunches?" });
    // Below the threshold, or not more than the cart already holds: no question.
    expect(pendingQuestion(999, { ...product, quantityRemaining: 6_000, originalQuantityRemaining: 6_000 }, 0, 165_000)).toBeNull();
    expect(pendingQuestion(5_000, { ...product, quantityRemaining: 6_000, originalQuantityRemaining: 6_000 }, 5_000, 826_500)).toBeNull();
  });

  it("does not ask while most of the request can be held", () => {
    expect(pendingQuestion(40, product)).toBeNull();
    expect(pendingQuestion(80, product)).toBeNull(); // 40 held, 40 pending
    expect(pendingQuestion(81, product)).not.toBeNull();
  });

  it("asks when nothing can be held but the stock is confirmed, beyond a few bunches", () => {
    expect(pendingQuestion(11, { ...product, quantityRemaining: 0 })?.message).toMatch(/^Nothing is available to hold now; all 11 would be a pending request/);
    expect(pendingQuestion(10, { ...product, quantityRemaining: 0 })).toBeNull();
    expect(pendingQuestion(13, { ...product, quantityRemaining: 3 })).toBeNull(); // 10 pending
    expect(pendingQuestion(14, { ...product, quantityRemaining: 3 })).not.toBeNull();
  });

  it("never asks for final products (capped instead), unconfirmed stock, or a smaller request than the cart holds", () => {
    expect(pendingQuestion(9999, { ...product, isFinalProduct: true })).toBeNull();
    expect(pendingQuestion(9999, { ...product, originalQuantityRemaining: null })).toBeNull();
    expect(pendingQuestion(500, product, 9999)).toBeNull();
  });
});
