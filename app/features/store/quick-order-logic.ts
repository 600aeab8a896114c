// Quick order (issue 13): the parsed lines (domain/quick-order.ts) matched against the chosen
// date's offer, with what each would hold, request or be refused, and its price. What the screen
// shows before the buyer adds them; the cart save on the server decides in the end.
import type { CartItem, Product } from "../../../contract/store.ts";
import { isOrderable } from "../../../domain/availability.ts";
import { isFarBeyondAvailable, quantityRemainingMessage } from "../../../domain/cart-flags.ts";
import { isoDateAt } from "../../../domain/dates.ts";
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
  /** Bunches already in the cart for this product. */
  inCart: number;
  /** Bunches that can be held now on top of the cart (what "add only what is available" adds). */
  free: number;
  /**
   * A pending request far beyond what is available (the cart line editor's rule,
   * isFarBeyondAvailable): the buyer is asked before it is added.
   */
  farBeyond: boolean;
}

/**
 * Each code against the offer: unknown codes, products the date does not offer and sold-out limited
 * products are flagged and left out; the rest are added on top of what the cart already has.
 */
export function resolveQuickOrder(
  lines: readonly QuickOrderLine[],
  products: readonly Product[],
  cart: ReadonlyMap<string, CartItem>,
  dateText: string,
  when: { shipDate: string | null; today: string } = { shipDate: null, today: isoDateAt() },
): QuickRow[] {
  const byCode = new Map(products.map((p) => [p.productId.toUpperCase(), p]));
  return mergeQuickOrderLines(lines).map((l): QuickRow => {
    const product = byCode.get(l.code) ?? null;
    const base = { lines: l.lines, code: l.code, quantity: l.quantity, product, adds: 0, unitCents: 0, totalCents: 0, inCart: 0, free: 0, farBeyond: false };
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
      const remaining = quantityRemainingMessage(free, when.shipDate, when.today);
      message = free > 0 ? `${remaining} Those are added.` : remaining;
    } else if (l.quantity > free) {
      status = free > 0 ? "partly" : "pending";
      message = free > 0 ? `${free} held, ${l.quantity - free} pending request (beyond what is available).` : `All ${l.quantity} pending: a request the grower confirms later.`;
    }
    if (inCart > 0 && adds > 0) message += ` Adds to the ${inCart} already in your cart.`;
    const farBeyond = adds > 0 && isFarBeyondAvailable(inCart + adds, product, inCart);
    const row = { ...base, status, message, inCart, free, farBeyond };
    return adds === 0 ? row : priced(row, adds);
  });
}

function priced(row: QuickRow, adds: number): QuickRow {
  if (!row.product || adds <= 0) return { ...row, adds: 0, unitCents: 0, totalCents: 0 };
  const total = lineTotal(row.inCart + adds, offerPricesOf(row.product));
  return { ...row, adds, unitCents: Math.round(total.totalCents / (row.inCart + adds)), totalCents: total.totalCents };
}

/**
 * The buyer's answer "add only what is available": the far-beyond rows add only what can be held now
 * (rows with nothing to hold are left out); the other rows are unchanged.
 */
export function onlyAvailable(rows: readonly QuickRow[]): QuickRow[] {
  return rows.flatMap((r) => {
    if (!r.farBeyond) return [r];
    if (r.free <= 0) return [];
    return [{ ...priced(r, r.free), status: "held" as const, farBeyond: false, message: `${r.free} available now: held for you when added.` }];
  });
}

/** The cart's lines with the quick order's bunches added: what the one cart save sends. */
export function quickOrderItems(rows: readonly QuickRow[], cartLines: readonly LineInput[]): LineInput[] {
  const quantities = new Map(cartLines.map((l) => [l.productId, l.quantity]));
  for (const r of rows) if (r.product && r.adds > 0) quantities.set(r.product.productId, (quantities.get(r.product.productId) ?? 0) + r.adds);
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
}
