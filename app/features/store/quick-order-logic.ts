// Quick order (issue 13): the parsed lines (domain/quick-order.ts) matched against the chosen
// date's offer, with what each would hold, request or be refused, and its price. What the screen
// shows before the buyer adds them; the cart save on the server decides in the end.
import type { CartItem, Product } from "../../../contract/store.ts";
import { isOrderable } from "../../../domain/availability.ts";
import { QUANTITY_REMAINING_MESSAGE } from "../../../domain/constants.ts";
import { lineTotal } from "../../../domain/pricing.ts";
import { mergeQuickOrderLines, type QuickOrderLine } from "../../../domain/quick-order.ts";
import { offerPricesOf, type LineInput } from "./cart-logic.ts";

export type QuickStatus = "held" | "partly" | "pending" | "capped" | "unknown" | "notOffered";

export interface QuickRow {
  /** The text's line numbers this row came from (a repeated code is one row). */
  lines: number[];
  code: string;
  /** Bunches asked for on these lines. */
  quantity: number;
  product: Product | null;
  status: QuickStatus;
  /** Bunches that would go in the cart (0 when none can). */
  adds: number;
  message: string;
  /** Price of the cart line after adding, per bunch on average and in total (cents); 0 when nothing is added. */
  unitCents: number;
  totalCents: number;
}

/**
 * Each code against the offer: unknown codes, products the date does not offer and sold-out limited
 * products are flagged and left out; the rest are added on top of what the cart already has.
 */
export function resolveQuickOrder(lines: readonly QuickOrderLine[], products: readonly Product[], cart: ReadonlyMap<string, CartItem>, dateText: string): QuickRow[] {
  const byCode = new Map(products.map((p) => [p.productId.toUpperCase(), p]));
  return mergeQuickOrderLines(lines).map((l): QuickRow => {
    const product = byCode.get(l.code) ?? null;
    const base = { lines: l.lines, code: l.code, quantity: l.quantity, product, adds: 0, unitCents: 0, totalCents: 0 };
    if (!product) return { ...base, status: "unknown", message: `Unknown product code: ${l.code} is not in the offer for ${dateText}.` };
    if (!isOrderable(product)) {
      return {
        ...base,
        status: "notOffered",
        message: product.showStore ? `${product.description} cannot be ordered for ${dateText} (none left).` : `${product.description} is not offered for ${dateText}.`,
      };
    }
    const inCart = cart.get(product.productId)?.quantity ?? 0;
    const free = Math.max(0, product.quantityRemaining - inCart);
    let adds = l.quantity;
    let status: QuickStatus = "held";
    let message = `${l.quantity} available now: held for you when added.`;
    if (product.isFinalProduct && l.quantity > free) {
      adds = free;
      status = free > 0 ? "capped" : "notOffered";
      message = free > 0 ? `${QUANTITY_REMAINING_MESSAGE}: ${free} will be added.` : `${QUANTITY_REMAINING_MESSAGE}: none left.`;
    } else if (l.quantity > free) {
      status = free > 0 ? "partly" : "pending";
      message = free > 0 ? `${free} held, ${l.quantity - free} pending request (beyond what is available).` : `All ${l.quantity} pending: a request the grower confirms later.`;
    }
    if (inCart > 0 && adds > 0) message += ` Adds to the ${inCart} already in your cart.`;
    if (adds === 0) return { ...base, status, message };
    const total = lineTotal(inCart + adds, offerPricesOf(product));
    return { ...base, status, adds, message, unitCents: Math.round(total.totalCents / (inCart + adds)), totalCents: total.totalCents };
  });
}

/** The cart's lines with the quick order's bunches added: what the one cart save sends. */
export function quickOrderItems(rows: readonly QuickRow[], cartLines: readonly LineInput[]): LineInput[] {
  const quantities = new Map(cartLines.map((l) => [l.productId, l.quantity]));
  for (const r of rows) if (r.product && r.adds > 0) quantities.set(r.product.productId, (quantities.get(r.product.productId) ?? 0) + r.adds);
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
}
