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

/** A shelf label as typed in the checkout's fields (strings, possibly blank). */
export type LabelDraft = Record<keyof LabelFields, string>;

export const labelDraftOf = (line: LabelFields): LabelDraft => ({
  barcodeNumber: line.barcodeNumber ?? "",
  barcodeTop: line.barcodeTop ?? "",
  barcodeLeft: line.barcodeLeft ?? "",
  barcodeBottom: line.barcodeBottom ?? "",
});

/** What a draft saves: trimmed, a blank field as null (clears it). */
export function labelsOf(draft: LabelDraft): LabelFields {
  const v = (s: string) => (s.trim() === "" ? null : s.trim());
  return { barcodeNumber: v(draft.barcodeNumber), barcodeTop: v(draft.barcodeTop), barcodeLeft: v(draft.barcodeLeft), barcodeBottom: v(draft.barcodeBottom) };
}

/** True when a draft says something other than the line holds (the buyer typed and did not save). */
export function draftDiffers(line: LabelFields, draft: LabelDraft): boolean {
  const saved = labelsOf(labelDraftOf(line));
  const typed = labelsOf(draft);
  return (Object.keys(typed) as (keyof LabelFields)[]).some((k) => typed[k] !== saved[k]);
}

/** Every line with the labels typed for it applied (lines without a draft keep theirs). */
export function withDraftLabels(cart: MmCart, drafts: ReadonlyMap<string, LabelDraft>): Input[] {
  return bouquetLines(cart.items).map((l) => {
    const draft = drafts.get(l.productId);
    return draft ? { ...toInput(l), ...labelsOf(draft) } : toInput(l);
  });
}

/** The product a SaveCart field error is about ("items.2.barcodeNumber" -> the third line's product). */
export function productOfField(items: readonly Input[], field: string): string | null {
  const m = /^items\.(\d+)\./.exec(field);
  return m ? (items[Number(m[1])]?.productId ?? null) : null;
}
