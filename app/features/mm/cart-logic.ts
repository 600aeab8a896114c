// Turning the MM cart the server answered into the next SaveCart body (SPEC §4 "MM cart").
import type { MmCart, MmCartItem, MmCartSaveBody } from "../../../contract/mm.ts";
import { isFeeLine } from "../../../domain/mm-fees.ts";

type Input = MmCartSaveBody["items"][number];
export type LabelFields = Pick<MmCartItem, "barcodeNumber" | "barcodeTop" | "barcodeLeft" | "barcodeBottom">;

/** The bouquet lines of a cart (fee lines are the server's to compute). */
export const bouquetLines = (items: readonly MmCartItem[]) => items.filter((i) => !isFeeLine(i));
export const feeLines = (items: readonly MmCartItem[]) => items.filter((i) => isFeeLine(i));

/** A line as SaveCart reads it: product, quantity and its label data. */
function toInput(i: MmCartItem): Input {
  return { productId: i.productId, quantity: i.quantity, barcodeNumber: i.barcodeNumber, barcodeTop: i.barcodeTop, barcodeLeft: i.barcodeLeft, barcodeBottom: i.barcodeBottom };
}

export interface MmPatch {
  shipDate?: string;
  boxed?: boolean;
  items?: Input[];
}

/** The whole cart as the next save sends it, with the version it was loaded at. */
export function mmSaveBody(cart: MmCart, patch: MmPatch = {}): MmCartSaveBody {
  return {
    shipDate: patch.shipDate ?? cart.shipDate,
    boxed: patch.boxed ?? cart.boxed,
    items: patch.items ?? bouquetLines(cart.items).map(toInput),
    version: cart.version,
  };
}

/** Sets one product's quantity (0 removes it); a new line leaves its label data out so the server fills in the remembered one. */
export function withQuantity(cart: MmCart, productId: string, quantity: number): Input[] {
  const lines = bouquetLines(cart.items);
  const found = lines.some((l) => l.productId === productId);
  const items = lines.flatMap((l) => (l.productId !== productId ? [toInput(l)] : quantity > 0 ? [{ ...toInput(l), quantity }] : []));
  if (!found && quantity > 0) items.push({ productId, quantity });
  return items;
}

/** Sets one line's label data. */
export function withLabels(cart: MmCart, productId: string, labels: LabelFields): Input[] {
  return bouquetLines(cart.items).map((l) => (l.productId === productId ? { ...toInput(l), ...labels } : toInput(l)));
}
