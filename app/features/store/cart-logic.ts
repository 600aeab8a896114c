// Pure rules of the store screens: building a save body, quantity entry by pail and bunch, the
// ship-date change check, line status words. The business rules themselves live in domain/.
import { isOrderable } from "../../../domain/availability.ts";
import type { Cart, CartItem, CartSaveBody, Product } from "../../../contract/store.ts";
import { isFarBeyondAvailable, quantityRemainingMessage, validateQuantity } from "../../../domain/cart-flags.ts";
import { ECO_FEE_DESCRIPTION, FEE_CATEGORIES, INVALID_QUANTITY_MESSAGE, QUANTITY_REMAINING_MESSAGE } from "../../../domain/constants.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { dollarsToCents, formatMoney } from "../../../domain/money.ts";
import { lineTotal, pailSavingPerBunch, splitPails, type OfferPrices } from "../../../domain/pricing.ts";

export interface LineInput {
  productId: string;
  quantity: number;
}

export interface CartPatch {
  items?: LineInput[];
  shipDate?: string | null;
  receivingDate?: string | null;
  boxed?: boolean;
}

/** The whole cart as the API takes it: lines (productId + quantity), dates, boxed, and the version it was read at. */
export function saveBody(cart: Cart, patch: CartPatch = {}): CartSaveBody {
  return {
    shipDate: patch.shipDate !== undefined ? patch.shipDate : cart.shipDate,
    receivingDate: patch.receivingDate !== undefined ? patch.receivingDate : cart.receivingDate,
    boxed: patch.boxed ?? cart.boxed,
    items: patch.items ?? merchandiseLines(cart.items).map((i) => ({ productId: i.productId, quantity: i.quantity })),
    version: cart.version,
  };
}

/** Fee and packaging lines are the server's to add; they are never sent back as merchandise. */
export function isFeeLine(item: Pick<CartItem, "category" | "description">): boolean {
  const category = (item.category ?? "").toLowerCase();
  return (FEE_CATEGORIES as readonly string[]).includes(category) || item.description === ECO_FEE_DESCRIPTION;
}

export function merchandiseLines<T extends Pick<CartItem, "category" | "description">>(items: readonly T[]): T[] {
  return items.filter((i) => !isFeeLine(i));
}

/**
 * The cart's lines with one product set to `quantity` (0 removes it). Existing lines keep their
 * place; a new product goes to the end.
 */
export function withLineQuantity(items: readonly Pick<CartItem, "productId" | "quantity" | "category" | "description">[], productId: string, quantity: number): LineInput[] {
  const lines = merchandiseLines(items).map((i) => ({ productId: i.productId, quantity: i.quantity }));
  const at = lines.findIndex((l) => l.productId === productId);
  if (quantity <= 0) return at === -1 ? lines : lines.filter((_, i) => i !== at);
  if (at === -1) return [...lines, { productId, quantity }];
  return lines.map((l, i) => (i === at ? { productId, quantity } : l));
}

export type QuantityEntry =
  | { ok: true; quantity: number }
  | { ok: false; message: typeof INVALID_QUANTITY_MESSAGE | typeof QUANTITY_REMAINING_MESSAGE };

/**
 * Pails and loose bunches as typed -> bunches. Empty fields count as 0; anything but digits is
 * invalid; the total must be a valid quantity (SPEC §5). `allowZero` lets an existing line be
 * emptied (which removes it).
 */
export function quantityFromEntry(pailsRaw: string, bunchesRaw: string, bunchesPerPail: number, allowZero = false): QuantityEntry {
  const parse = (raw: string): number | null => {
    const t = raw.trim();
    if (t === "") return 0;
    return /^\d+$/.test(t) ? Number(t) : null;
  };
  const pails = parse(pailsRaw);
  const bunches = parse(bunchesRaw);
  if (pails === null || bunches === null) return { ok: false, message: INVALID_QUANTITY_MESSAGE };
  const perPail = Number.isInteger(bunchesPerPail) && bunchesPerPail > 0 ? bunchesPerPail : 0;
  if (pails > 0 && perPail === 0) return { ok: false, message: INVALID_QUANTITY_MESSAGE };
  const total = pails * perPail + bunches;
  if (total === 0 && allowZero) return { ok: true, quantity: 0 };
  const valid = validateQuantity(total);
  return valid.ok ? { ok: true, quantity: valid.quantity } : { ok: false, message: valid.message };
}

/**
 * A final product cannot be requested beyond what remains (SPEC §5, DOMAIN "Carts and holds"): the
 * SPEC message with how many are left, naming the cart's ship date when it is not today (the same
 * wording as the server's, quantityRemainingMessage).
 */
export function stockMessage(
  quantity: number,
  product: Pick<Product, "isFinalProduct" | "quantityRemaining">,
  shipDate: string | null = null,
  today: string = isoDateAt(),
): string | null {
  if (!product.isFinalProduct) return null;
  // quantityRemaining already counts this buyer's own hold as theirs (docs/domain-store.md).
  const left = Math.max(0, product.quantityRemaining);
  return quantity > left ? quantityRemainingMessage(left, shipDate, today) : null;
}

/** What "pending" means, wherever a pending quantity appears. */
export const PENDING_EXPLANATION = "Pending bunches are a request beyond today's confirmed stock: we hold nothing for them, and the grower confirms or declines them before the ship date.";

/** The threshold lives in domain/cart-flags.ts; quick order asks by the same rule. */
export { PENDING_QUESTION_MIN } from "../../../domain/cart-flags.ts";

/**
 * Asks before a request far beyond what is available (the rule: isFarBeyondAvailable in
 * domain/cart-flags.ts), with the numbers the buyer needs to decide.
 */
export function pendingQuestion(
  quantity: number,
  product: Pick<Product, "isFinalProduct" | "quantityRemaining" | "originalQuantityRemaining">,
  inCartQuantity = 0,
  /** The line's amount at this quantity (estimateCents): a large request states it in money. */
  amountCents?: number,
): { title: string; message: string } | null {
  const n = (x: number) => x.toLocaleString("en-US");
  const bunches = (x: number) => `${n(x)} ${x === 1 ? "bunch" : "bunches"}`;
  const available = Math.max(0, product.quantityRemaining);
  const large = quantity >= LARGE_QUANTITY_MIN && quantity > inCartQuantity && amountCents !== undefined;
  const amount = large ? ` (${formatMoney(amountCents)})` : "";
  if (!isFarBeyondAvailable(quantity, product, inCartQuantity)) {
    // One question, whatever the stock: a very large request says what it comes to and what is in stock.
    if (!large) return null;
    const stock = product.isFinalProduct || product.originalQuantityRemaining !== null ? ` ${bunches(available)} ${available === 1 ? "is" : "are"} available now.` : "";
    return { title: "Order a large quantity?", message: `${bunches(quantity)} come to ${formatMoney(amountCents)}.${stock} Order ${bunches(quantity)}?` };
  }
  const pending = quantity - available;
  const held = available > 0 ? `We can hold ${bunches(available)} now; the other ${n(pending)}` : `Nothing is available to hold now; all ${n(pending)}`;
  return {
    title: "Request more than is available?",
    message: `${held} would be a pending request, which the grower confirms or declines before the ship date. Request ${bunches(quantity)}${amount}?`,
  };
}

/** From this many bunches on a line, the one question before saving states the amount in money. */
export const LARGE_QUANTITY_MIN = 1_000;

/** The bunches of a quantity as the two entry fields show them. */
export function entryOf(quantity: number, bunchesPerPail: number): { pails: string; bunches: string } {
  if (quantity <= 0) return { pails: "", bunches: "" };
  const { pails, looseBunches } = splitPails(quantity, bunchesPerPail);
  return { pails: pails > 0 ? String(pails) : "", bunches: looseBunches > 0 ? String(looseBunches) : "" };
}

export function offerPricesOf(p: Product): OfferPrices {
  return {
    standardPriceCents: dollarsToCents(p.standardPrice),
    priceCents: dollarsToCents(p.price),
    standardPriceNoPailCents: dollarsToCents(p.standardPriceNoPail),
    priceNoPailCents: dollarsToCents(p.priceNoPail),
    discountPriceCents: dollarsToCents(p.discountPrice),
    discountPriceNoPailCents: dollarsToCents(p.discountPriceNoPail),
    discountPrice2Cents: dollarsToCents(p.discountPrice2),
    discountPriceNoPail2Cents: dollarsToCents(p.discountPriceNoPail2),
    discountQuantity: p.discountQuantity,
    discountQuantity2: p.discountQuantity2,
    special: p.special,
    unitOfMeasureQty: p.unitOfMeasureQty,
  };
}

/** An estimate of a line before the server prices it (the server's price is what the cart shows once saved). */
export function estimateCents(quantity: number, p: Product): number {
  return quantity > 0 ? lineTotal(quantity, offerPricesOf(p)).totalCents : 0;
}

/** Cents a bunch saved by ordering whole pails, for the SPEC §8 hint; 0 when there is nothing to gain. */
export function pailSavingCents(quantity: number, p: Product): number {
  return quantity > 0 ? pailSavingPerBunch(quantity, offerPricesOf(p)) : 0;
}

export interface PriceTierRow {
  label: string;
  /** Price per bunch when bought in whole pails, cents. */
  pailBunchCents: number;
  /** Price per loose bunch, cents. */
  looseBunchCents: number;
}

/** The price list of an offer line: base (special or standard), then the quantity tiers that exist. */
export function priceTiers(p: Product): PriceTierRow[] {
  const prices = offerPricesOf(p);
  const rows: PriceTierRow[] = [
    {
      label: p.special ? "Special price" : "Standard price",
      pailBunchCents: p.special ? prices.priceCents : prices.standardPriceCents,
      looseBunchCents: p.special ? prices.priceNoPailCents : prices.standardPriceNoPailCents,
    },
  ];
  if (p.discountQuantity > 0) {
    rows.push({ label: `${p.discountQuantity}+ bunches`, pailBunchCents: prices.discountPriceCents, looseBunchCents: prices.discountPriceNoPailCents });
  }
  if (p.discountQuantity2 > 0) {
    rows.push({ label: `${p.discountQuantity2}+ bunches`, pailBunchCents: prices.discountPrice2Cents, looseBunchCents: prices.discountPriceNoPail2Cents });
  }
  return rows;
}

/**
 * SPEC §4 "Changing the ship date (wholesale)": a line keeps its offer when the new date shows the
 * product in the store, can sell it (a final product sold out that day cannot), and sells it under the
 * same offer order number as the line has now. Those lines are repriced for the new date without a
 * question; if any line is `changed` (another offer, or not offered that day), the buyer is asked
 * whether to clear the cart. Fee lines are the server's and are in neither list.
 */
export function partitionForDate<I extends Pick<CartItem, "productId" | "description" | "category" | "quantity" | "offerOrderNumber">>(
  items: readonly I[],
  products: readonly Pick<Product, "productId" | "showStore" | "quantityRemaining" | "originalQuantityRemaining" | "isFinalProduct" | "nextAvailableDate" | "offerOrderNumber">[],
): { kept: I[]; changed: I[] } {
  const offerOf = new Map(products.filter((p) => p.showStore && isOrderable(p)).map((p) => [p.productId, p.offerOrderNumber]));
  const kept: I[] = [];
  const changed: I[] = [];
  for (const item of merchandiseLines(items)) (offerOf.get(item.productId) === item.offerOrderNumber ? kept : changed).push(item);
  return { kept, changed };
}

/** SPEC §4's one question when some lines' offer changes on the new date (null when none does). */
export function dateChangeQuestion(changed: readonly Pick<CartItem, "description">[], dateText: string): { title: string; message: string } | null {
  if (changed.length === 0) return null;
  const names = changed.map((d) => d.description);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return {
    title: "Clear the cart?",
    message: `${dateText} has a different offer, or none, for ${list}. Clear the cart and change the date to ${dateText}? Choose No to keep your cart and your current date.`,
  };
}

/**
 * The lines a date change saves, worked out from the cart as it is when the date's save has its turn
 * (`latest`), not as it was at the click: lines added or changed while the new date's products were read
 * or the question was open are never dropped unasked. `cleared`: the productIds of the cart's lines when
 * the buyer answered Yes to SPEC §4's question (null when there was no question).
 * - No question: every line now in the cart must keep its offer on the new date (partitionForDate); they
 *   are saved with their quantities as they now are. A line that does not keep it was not checked: null.
 * - Yes: the lines asked about are cleared; any other line now in the cart was not asked about: null.
 * null means the cart changed in a way the check did not cover: the date is not saved.
 */
export function linesForDateChange(
  latest: readonly Pick<CartItem, "productId" | "description" | "category" | "quantity" | "offerOrderNumber">[],
  products: Parameters<typeof partitionForDate>[1],
  cleared: readonly string[] | null,
): LineInput[] | null {
  if (cleared !== null) {
    const asked = new Set(cleared);
    return merchandiseLines(latest).every((i) => asked.has(i.productId)) ? [] : null;
  }
  const { kept, changed } = partitionForDate(latest, products);
  return changed.length > 0 ? null : kept.map((i) => ({ productId: i.productId, quantity: i.quantity }));
}

export type LineStatusKind = "held" | "pending" | "partial" | "expired";

export interface LineStatus {
  kind: LineStatusKind;
  text: string;
}

/** A cart line's state in words (BRAND: never colour alone). `holdActive` is false once the hold has lapsed. */
export function lineStatus(item: Pick<CartItem, "quantityConfirmed" | "quantityPending" | "ysnPending">, holdActive: boolean): LineStatus {
  const confirmed = Math.max(0, item.quantityConfirmed);
  const pending = Math.max(0, item.quantityPending);
  if (confirmed === 0 || (item.ysnPending && pending === 0)) return { kind: "pending", text: "Pending" };
  if (!holdActive) return { kind: "expired", text: pending > 0 ? `Hold expired · ${pending} pending` : "Hold expired" };
  if (pending > 0) return { kind: "partial", text: `${confirmed} held · ${pending} pending` };
  return { kind: "held", text: "Held" };
}

/** Merchandise line and bunch counts, for the cart summary (fee lines and 'Eco Fee' excluded, SPEC §9). */
export function cartCounts(items: readonly Pick<CartItem, "quantity" | "category" | "description">[]): { lines: number; bunches: number } {
  const lines = merchandiseLines(items);
  return { lines: lines.length, bunches: lines.reduce((s, i) => s + i.quantity, 0) };
}

/** An empty cart with the same owner, for the moment after an order is placed. */
export function emptiedCart(cart: Cart): Cart {
  return { ...cart, items: [], shipDate: null, receivingDate: null, holdTime: null, subtotal: 0, itemCount: 0 };
}
