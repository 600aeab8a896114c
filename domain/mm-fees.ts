// Mass-market cart fee lines and totals: SPEC §4 "Fee rules (MM)", §4 "MM cart",
// §9 (fee categories, Eco Fee, total formats).
import { ECO_FEE_DESCRIPTION, FEE_CATEGORIES } from "./constants.ts";

export const DEFAULT_PAIL_FEE_PACKAGE = "RFLP1";

export interface MmCartLine {
  productId: string;
  description: string;
  category: string;
  quantity: number;
  priceCents: number;
  unitOfMeasure: string | null;
  boxType: string | null;
  packSize?: string | number | null;
}

export interface MmPackage {
  type: string;
  category: string;
  size: string | number;
  priceCents: number;
  description: string;
}

export type MmFeeLine = MmCartLine & { packSize: string | number | null };

const isFeeCategory = (category: string | null | undefined): boolean =>
  (FEE_CATEGORIES as readonly string[]).includes((category ?? "").trim().toLowerCase());

/** Box and pail lines are charges derived from the rest of the cart, never chosen by the user. */
export function isFeeLine(line: { category: string | null | undefined }): boolean {
  return isFeeCategory(line.category);
}

function findPackage(packages: readonly MmPackage[], type: string): MmPackage | undefined {
  const wanted = type.trim().toUpperCase();
  return packages.find((p) => p.type.trim().toUpperCase() === wanted);
}

/**
 * A fee line takes price, category, size and description from its package.
 * Two guards keep recomputation idempotent and visible: a package whose
 * category is not a fee category still yields a 'boxes'/'pails' line (or it
 * would never be dropped and would pile up), and a box type with no package
 * still yields a line at price 0 so the quantity shows and the data gap can be
 * noticed instead of the fee silently vanishing.
 */
function feeLine(type: string, quantity: number, pkg: MmPackage | undefined, fallbackCategory: string): MmFeeLine {
  return {
    productId: type,
    description: pkg?.description ?? type,
    category: pkg && isFeeCategory(pkg.category) ? pkg.category : fallbackCategory,
    quantity,
    priceCents: pkg?.priceCents ?? 0,
    unitOfMeasure: "Each",
    boxType: fallbackCategory === "boxes" ? type : null,
    packSize: pkg?.size ?? null,
  };
}

/**
 * Drops existing box/pail lines and adds them again from the merchandise:
 * boxed -> one line per box type (first-seen order) with that type's summed
 * quantity; lines without a box type need no box. Not boxed -> one RFLP1 line
 * for the summed quantity of lines whose unit of measure contains 'pail'.
 */
export function recomputeFeeLines<T extends MmCartLine>(
  items: readonly T[],
  packages: readonly MmPackage[],
  boxed: boolean,
): (T | MmFeeLine)[] {
  const merchandise = items.filter((item) => !isFeeLine(item));
  const result: (T | MmFeeLine)[] = [...merchandise];
  if (boxed) {
    const perType = new Map<string, number>();
    for (const item of merchandise) {
      const type = item.boxType?.trim();
      if (type) perType.set(type, (perType.get(type) ?? 0) + item.quantity);
    }
    for (const [type, quantity] of perType) {
      if (quantity > 0) result.push(feeLine(type, quantity, findPackage(packages, type), "boxes"));
    }
  } else {
    const pails = merchandise
      .filter((item) => (item.unitOfMeasure ?? "").toLowerCase().includes("pail"))
      .reduce((sum, item) => sum + item.quantity, 0);
    if (pails > 0) {
      result.push(feeLine(DEFAULT_PAIL_FEE_PACKAGE, pails, findPackage(packages, DEFAULT_PAIL_FEE_PACKAGE), "pails"));
    }
  }
  return result;
}

export type BouquetPricedLine = MmCartLine & {
  pricePerBouquetCents?: number | null;
  pricePerBouquetNoBoxCents?: number | null;
};

/** Boxed carts pay pricePerBouquet, unboxed pricePerBouquetNoBox; lines without that price keep theirs. */
export function repriceForBoxed<T extends BouquetPricedLine>(items: readonly T[], boxed: boolean): T[] {
  return items.map((item) => {
    if (isFeeLine(item)) return item;
    const price = boxed ? item.pricePerBouquetCents : item.pricePerBouquetNoBoxCents;
    return typeof price === "number" && Number.isFinite(price) ? { ...item, priceCents: price } : item;
  });
}

/** What the customer pays: every line, fee lines included (they are charges). */
export function mmCartTotal(items: readonly Pick<MmCartLine, "quantity" | "priceCents">[]): number {
  return items.reduce((sum, item) => sum + item.quantity * item.priceCents, 0);
}

const isEcoFee = (description: string | null | undefined): boolean =>
  (description ?? "").trim().toLowerCase() === ECO_FEE_DESCRIPTION.toLowerCase();

/** Bouquets in the cart (sum of quantities), leaving out box/pail lines and the Eco Fee. */
export function itemCount(items: readonly Pick<MmCartLine, "quantity" | "category" | "description">[]): number {
  return items
    .filter((item) => !isFeeLine(item) && !isEcoFee(item.description))
    .reduce((sum, item) => sum + item.quantity, 0);
}

/** Number of pails charged for (quantity of 'pails' lines). */
export function pailTotal(items: readonly Pick<MmCartLine, "quantity" | "category">[]): number {
  return items
    .filter((item) => (item.category ?? "").trim().toLowerCase() === "pails")
    .reduce((sum, item) => sum + item.quantity, 0);
}

/** Cents -> "1234.50", built from integers so no float ever rounds the total. */
export function formatMmTotal(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? "-" : ""}${Math.floor(abs / 100)}.${(abs % 100).toString().padStart(2, "0")}`;
}

export function formatPailTotal(pails: number): string {
  const rounded = Math.round(pails);
  return (rounded === 0 ? 0 : rounded).toString();
}
