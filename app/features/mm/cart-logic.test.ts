import { describe, expect, it } from "vitest";
import type { MmCart, MmCartItem } from "../../../contract/mm.ts";
import { bouquetLines, draftDiffers, feeLines, labelDraftOf, mmSaveBody, productOfField, withDraftLabels, withLabels, withQuantity } from "./cart-logic.ts";

const item = (over: Partial<MmCartItem>): MmCartItem => ({
  id: 1,
  productId: "MM-1",
  description: "Lily bouquet",
  category: "Bouquets",
  colour: "White",
  colourHex: "#fff",
  imageName: "lily",
  quantity: 6,
  price: 12.99,
  lineTotal: 77.94,
  unitOfMeasure: "Bunch",
  unitOfMeasureQty: 1,
  boxType: "BX-M",
  boxed: true,
  available: 100,
  barcodeBottom: null,
  barcodeLeft: null,
  barcodeTop: "$14.99",
  barcodeNumber: "036000291452",
  offerOrderNumber: 8001,
  boughtIn: false,
  bouquet: true,
  packSize: 6,
  message: null,
  ...over,
});

const cart: MmCart = {
  customerId: "SUNMK",
  shipDate: "2026-11-23",
  boxed: true,
  items: [item({}), item({ id: 2, productId: "MM-2", barcodeNumber: null, barcodeTop: null }), item({ id: 0, productId: "BX-M", category: "boxes", quantity: 12 })],
  holdTime: null,
  version: 4,
  total: 160,
  itemCount: 12,
  pailTotal: 0,
};

describe("MM cart logic", () => {
  it("sends bouquet lines with their labels, never the fee lines, with the loaded version", () => {
    expect(feeLines(cart.items).map((i) => i.productId)).toEqual(["BX-M"]);
    expect(bouquetLines(cart.items).map((i) => i.productId)).toEqual(["MM-1", "MM-2"]);
    const body = mmSaveBody(cart, { boxed: false });
    expect(body).toMatchObject({ shipDate: "2026-11-23", boxed: false, version: 4 });
    expect(body.items).toEqual([
      { productId: "MM-1", quantity: 6, barcodeNumber: "036000291452", barcodeTop: "$14.99", barcodeLeft: null, barcodeBottom: null },
      { productId: "MM-2", quantity: 6, barcodeNumber: null, barcodeTop: null, barcodeLeft: null, barcodeBottom: null },
    ]);
  });

  it("adds a new line without label fields so the server fills in the remembered ones, and removes at 0", () => {
    expect(withQuantity(cart, "MM-3", 4).at(-1)).toEqual({ productId: "MM-3", quantity: 4 });
    expect(withQuantity(cart, "MM-1", 0).map((i) => i.productId)).toEqual(["MM-2"]);
    expect(withQuantity(cart, "MM-2", 9).find((i) => i.productId === "MM-2")!.quantity).toBe(9);
  });

  it("sets one line's labels", () => {
    const items = withLabels(cart, "MM-2", { barcodeNumber: "4006381333931", barcodeTop: null, barcodeLeft: "Floral", barcodeBottom: null });
    expect(items.find((i) => i.productId === "MM-2")).toMatchObject({ barcodeNumber: "4006381333931", barcodeLeft: "Floral" });
    expect(items.find((i) => i.productId === "MM-1")!.barcodeNumber).toBe("036000291452");
  });

  it("applies the labels typed and not saved to their lines when the order is placed, trimmed, blank as cleared", () => {
    const mm1 = bouquetLines(cart.items)[0]!;
    const typed = { ...labelDraftOf(mm1), barcodeNumber: " 4006381333931 ", barcodeTop: "" };
    expect(draftDiffers(mm1, labelDraftOf(mm1))).toBe(false);
    expect(draftDiffers(mm1, { ...labelDraftOf(mm1), barcodeTop: " $14.99 " })).toBe(false);
    expect(draftDiffers(mm1, typed)).toBe(true);
    const items = withDraftLabels(cart, new Map([["MM-1", typed]]));
    expect(items).toEqual([
      { productId: "MM-1", quantity: 6, barcodeNumber: "4006381333931", barcodeTop: null, barcodeLeft: null, barcodeBottom: null },
      { productId: "MM-2", quantity: 6, barcodeNumber: null, barcodeTop: null, barcodeLeft: null, barcodeBottom: null },
    ]);
    // A field error of the save names its line by position.
    expect(productOfField(items, "items.1.barcodeNumber")).toBe("MM-2");
    expect(productOfField(items, "shipDate")).toBeNull();
  });
});
