// Reorder on a real database (PGlite, or PostgreSQL with DATABASE_URL): a past MM order's bouquets,
// labels and boxed choice go into the cart at today's prices and availability, through SaveCart's
// holds (never oversold); what cannot be added is said; only the order's customer (or staff acting
// for it) may reorder it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MmCart, MmReorderResponse } from "../../../contract/mm.ts";
import { shipDayText } from "../../../domain/cart-flags.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { mmBuyer, mmClient, mmOffer, mmStaff, setCatalogLine, type MmClient } from "../../../tests/helpers/mm-fixtures.ts";
import { addDays, isoDateAt } from "../../../tests/factories/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const tomorrow = () => addDays(isoDateAt(), 1);
const UPC = "036000291452";
const EAN = "4006381333931";

/** Places an order of these lines (with labels) for tomorrow, boxed or not, and returns its number. */
async function pastOrder(b: MmClient, items: Record<string, unknown>[], boxed: boolean): Promise<number> {
  const saved = await b.save({ shipDate: tomorrow(), boxed, items });
  expect(saved.statusCode).toBe(200);
  const placed = await b.order(`past-${Math.random()}`);
  expect(placed.statusCode).toBe(200);
  return placed.json().orderNumber;
}

const reorder = (b: MmClient, orderNumber: unknown) => b.send("POST", "MMOrder/Reorder", { orderNumber });
const lineOf = (cart: MmCart, productId: string) => cart.items.find((i) => i.productId === productId && i.id !== 0);

describe("Reorder", () => {
  it("puts the order's bouquets, labels and boxed choice into an empty cart at today's prices, with its fees", async () => {
    const b = await mmBuyer(t);
    const { catalog, lily, rose, box } = await mmOffer(t, [b.customerId]);
    const orderNumber = await pastOrder(
      b,
      [
        { productId: lily.productId, quantity: 6, barcodeNumber: UPC, barcodeTop: "Lily 6", barcodeLeft: "$12.99", barcodeBottom: "Fresh" },
        { productId: rose.productId, quantity: 4 },
      ],
      true,
    );
    // Today's price differs from the order's.
    await setCatalogLine(t, catalog.id, lily.productId, { pricePerBouquetCents: 1111 });
    const res = await reorder(b, orderNumber);
    expect(res.statusCode).toBe(200);
    const { cart, notAdded }: MmReorderResponse = res.json();
    expect(notAdded).toEqual([]);
    expect(cart.shipDate).toBe(isoDateAt()); // the first open date with a catalog: today, its cut-off 23:59
    expect(cart.boxed).toBe(true);
    expect(lineOf(cart, lily.productId)).toMatchObject({ quantity: 6, price: 11.11, barcodeNumber: UPC, barcodeTop: "Lily 6", barcodeLeft: "$12.99", barcodeBottom: "Fresh" });
    expect(lineOf(cart, rose.productId)).toMatchObject({ quantity: 4, price: 18.99, barcodeNumber: null });
    expect(cart.items.find((i) => i.productId === box.type)).toMatchObject({ quantity: 10, category: "boxes" });
    // The cart as stored is what the next GET gives, held for the buyer.
    const got: MmCart = (await b.get("MMStore/Cart")).json();
    expect(got.items.map((i) => [i.productId, i.quantity])).toEqual(cart.items.map((i) => [i.productId, i.quantity]));
    expect(got.holdTime).not.toBeNull();
    // And it can be placed: the labels reach the new order.
    const placed = await b.order("again-1");
    expect(placed.statusCode).toBe(200);
    const detail = (await b.get("MMOrder/Order", { orderNumber: placed.json().orderNumber })).json();
    expect(detail.lines.find((l: { productId: string }) => l.productId === lily.productId)).toMatchObject({ quantity: 6, barcodeNumber: UPC, barcodeTop: "Lily 6" });
  });

  it("keeps an unboxed order unboxed, adds to what the cart holds on its date, and keeps the cart's own labels", async () => {
    const b = await mmBuyer(t);
    const { lily, rose, tulip } = await mmOffer(t, [b.customerId]);
    const orderNumber = await pastOrder(b, [{ productId: lily.productId, quantity: 2, barcodeNumber: UPC }, { productId: rose.productId, quantity: 3 }], false);
    const unboxed = (await reorder(b, orderNumber)).json() as MmReorderResponse;
    expect(unboxed.cart.boxed).toBe(false);
    expect(lineOf(unboxed.cart, lily.productId)!.price).toBe(12.79);
    // Now a cart on another date with its own label for the lily and a tulip.
    await b.save({ shipDate: addDays(isoDateAt(), 3), boxed: false, items: [{ productId: lily.productId, quantity: 1, barcodeNumber: EAN }, { productId: tulip.productId, quantity: 5 }] });
    const { cart } = (await reorder(b, orderNumber)).json() as MmReorderResponse;
    expect(cart.shipDate).toBe(addDays(isoDateAt(), 3));
    expect(cart.items.filter((i) => i.id !== 0).map((i) => [i.productId, i.quantity, i.barcodeNumber])).toEqual([
      [lily.productId, 3, EAN],
      [tulip.productId, 5, null],
      [rose.productId, 3, null],
    ]);
  });

  it("says what could not be added: a bouquet no longer offered, one sold out, one only partly left", async () => {
    const b = await mmBuyer(t);
    const { catalog, lily, rose, tulip } = await mmOffer(t, [b.customerId], { available: 10 });
    const orderNumber = await pastOrder(
      b,
      [{ productId: lily.productId, quantity: 4 }, { productId: rose.productId, quantity: 4 }, { productId: tulip.productId, quantity: 4 }],
      true,
    );
    // Since then: the lily has 2 left (4 ordered of 6), the rose is sold out, the tulip is gone from the catalog.
    await setCatalogLine(t, catalog.id, lily.productId, { available: 6 });
    await setCatalogLine(t, catalog.id, rose.productId, { available: 4 });
    await t.db.execute(`delete from mm_catalog_products where catalog_id = ${catalog.id} and product_id = '${tulip.productId}'`);
    const res = await reorder(b, orderNumber);
    expect(res.statusCode).toBe(200);
    const { cart, notAdded }: MmReorderResponse = res.json();
    expect(cart.items.filter((i) => i.id !== 0).map((i) => [i.productId, i.quantity])).toEqual([[lily.productId, 2]]);
    // The first selling date is today before the cut-off and a later day after it.
    const when = cart.shipDate === isoDateAt() ? "today" : `for ${shipDayText(cart.shipDate!)}`;
    expect(notAdded).toEqual([
      { productId: lily.productId, description: lily.description, asked: 4, added: 2, message: `You can only order up to the quantity remaining ${when}: 2 bouquets left.` },
      { productId: rose.productId, description: rose.description, asked: 4, added: 0, message: `You can only order up to the quantity remaining ${when}: none left.` },
      { productId: tulip.productId, description: tulip.description, asked: 4, added: 0, message: `This product is not offered for ${cart.shipDate}.` },
    ]);
  });

  it("lets staff acting for the customer reorder, and no one else; bad input is a 400 that writes nothing", async () => {
    const a = await mmBuyer(t);
    const other = await mmBuyer(t);
    const { lily } = await mmOffer(t, [a.customerId, other.customerId]);
    const orderNumber = await pastOrder(a, [{ productId: lily.productId, quantity: 1 }], true);
    // Another customer's buyer: its own customer has no such order (404); naming a's customer: 403.
    expect((await reorder(other, orderNumber)).statusCode).toBe(404);
    expect((await reorder(mmClient(t, other.cookie, other.userId, a.customerId), orderNumber)).statusCode).toBe(403);
    for (const bad of [0, -1, "x", 1.5, null]) {
      const res = await reorder(a, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await a.get("MMStore/Cart")).json().items).toEqual([]);
    const staff = await mmStaff(t, a.customerId);
    const res = await reorder(staff, orderNumber);
    expect(res.statusCode).toBe(200);
    expect(lineOf(res.json().cart, lily.productId)!.quantity).toBe(1);
    // Staff fill their own cart for the customer, not the buyer's.
    expect((await a.get("MMStore/Cart")).json().items).toEqual([]);
    const signedOut = await t.app.inject({ method: "POST", url: `/api/MMOrder/Reorder?customerId=${a.customerId}`, payload: { orderNumber } });
    expect(signedOut.statusCode).toBe(401);
  });
});
