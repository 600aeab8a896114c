// The supply desk's rules (issue 25; docs/domain-supply.md): what the grower may publish, and the one
// rule that keeps every published quantity honest: a quantity is never set below what is already
// sold (ordered) plus held in buyers' carts. Pure functions, shared by the server and the screens.

/** Who may change prices on the supply desk: both staff roles (the grower's sales staff price the day). */
export const SUPPLY_ROLES = ["Administrator", "SalesPerson"] as const;

/** "set" replaces the quantity on offer; "add" adds to it (the trade's "overwrite" and "increase"). */
export type QuantityMode = "set" | "add";

/** A bunch costs at least a cent and at most $500 (a $0 or a $100,000 bunch is a typing error). */
export const MIN_PRICE_CENTS = 1;
export const MAX_PRICE_CENTS = 50_000;
/** At most this many bunches on one offer line. */
export const MAX_QUANTITY = 100_000;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-12-02" → "Dec 2". */
export function shortDate(iso: string): string {
  const [, m, d] = iso.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}`;
}

/** The day(s) an offer line is for: "Dec 2", or "Dec 2–Dec 4" for a catalog covering several days. */
export function shipDays(from: string, to: string): string {
  return from === to ? shortDate(from) : `${shortDate(from)}–${shortDate(to)}`;
}

export interface Committed {
  /** Bunches on placed orders (offer_lines.quantity_ordered). */
  sold: number;
  /** Bunches held by buyers' carts right now (active holds). */
  held: number;
}

/** What the new quantity on offer would be. */
export function nextQuantity(mode: QuantityMode, current: number | null, value: number): number {
  return mode === "add" ? (current ?? 0) + value : value;
}

/**
 * Why a new quantity is refused, or null when it may be written: never below sold + held (with both
 * numbers, as the desk must say them), never negative, never above MAX_QUANTITY.
 * "Lily Asiatic White 70cm, Dec 2: 30 sold, 6 held, you set 20".
 */
export function quantityRefusal(
  line: { description: string; days: string },
  committed: Committed,
  mode: QuantityMode,
  quantity: number,
): string | null {
  if (quantity < 0) return `${line.description}, ${line.days}: a quantity cannot be below 0.`;
  if (quantity > MAX_QUANTITY) return `${line.description}, ${line.days}: at most ${MAX_QUANTITY.toLocaleString("en-US")} bunches on one line.`;
  if (quantity < committed.sold + committed.held) {
    const asked = mode === "add" ? `this would leave ${quantity}` : `you set ${quantity}`;
    return `${line.description}, ${line.days}: ${committed.sold} sold, ${committed.held} held, ${asked}`;
  }
  return null;
}

/** The prices of an offer line, integer cents per bunch ("pail" = bought by the whole pail). */
export interface LinePrices {
  standardPriceCents: number;
  standardPriceNoPailCents: number;
  special: boolean;
  priceCents: number;
  priceNoPailCents: number;
  discountQuantity: number;
  discountPriceCents: number;
  discountPriceNoPailCents: number;
  discountQuantity2: number;
  discountPrice2Cents: number;
  discountPriceNoPail2Cents: number;
}

/** Field → message for prices that do not hang together; empty when they do. */
export function priceProblems(p: LinePrices): Record<string, string> {
  const out: Record<string, string> = {};
  const money = (c: number) => `$${(c / 100).toFixed(2)}`;
  const range = `between ${money(MIN_PRICE_CENTS)} and ${money(MAX_PRICE_CENTS)} a bunch`;
  const fields: [keyof LinePrices, number][] = [
    ["standardPriceCents", p.standardPriceCents],
    ["standardPriceNoPailCents", p.standardPriceNoPailCents],
    ["priceCents", p.priceCents],
    ["priceNoPailCents", p.priceNoPailCents],
    ["discountPriceCents", p.discountPriceCents],
    ["discountPriceNoPailCents", p.discountPriceNoPailCents],
    ["discountPrice2Cents", p.discountPrice2Cents],
    ["discountPriceNoPail2Cents", p.discountPriceNoPail2Cents],
  ];
  for (const [k, v] of fields) if (!Number.isInteger(v) || v < MIN_PRICE_CENTS || v > MAX_PRICE_CENTS) out[k] = `A price must be ${range}`;
  // The other prices start from the standard ones: when those are wrong, say only that.
  if (out.standardPriceCents || out.standardPriceNoPailCents) {
    return Object.fromEntries(Object.entries(out).filter(([k]) => k === "standardPriceCents" || k === "standardPriceNoPailCents"));
  }
  if (p.special && !out.priceCents && p.priceCents >= p.standardPriceCents) out.priceCents = "A special price must be below the standard price";
  if (p.special && !out.priceNoPailCents && p.priceNoPailCents >= p.standardPriceNoPailCents) out.priceNoPailCents = "A special price must be below the standard price";
  for (const [q, name] of [
    [p.discountQuantity, "discountQuantity"],
    [p.discountQuantity2, "discountQuantity2"],
  ] as const) {
    if (!Number.isInteger(q) || q < 0 || q > MAX_QUANTITY) out[name] = "A tier quantity is a whole number of bunches, 0 for no tier";
  }
  if (!out.discountQuantity2 && p.discountQuantity2 > 0 && p.discountQuantity2 <= p.discountQuantity) out.discountQuantity2 = "Tier 2 starts at more bunches than tier 1";
  if (!out.discountQuantity2 && p.discountQuantity2 > 0 && p.discountQuantity === 0) out.discountQuantity = "Tier 1 is needed before tier 2";
  const base = p.special ? { pail: p.priceCents, loose: p.priceNoPailCents } : { pail: p.standardPriceCents, loose: p.standardPriceNoPailCents };
  if (p.discountQuantity > 0) {
    if (!out.discountPriceCents && p.discountPriceCents > base.pail) out.discountPriceCents = "A tier price may not be above the price it discounts";
    if (!out.discountPriceNoPailCents && p.discountPriceNoPailCents > base.loose) out.discountPriceNoPailCents = "A tier price may not be above the price it discounts";
  }
  if (p.discountQuantity2 > 0) {
    if (!out.discountPrice2Cents && p.discountPrice2Cents > p.discountPriceCents) out.discountPrice2Cents = "Tier 2 may not cost more than tier 1";
    if (!out.discountPriceNoPail2Cents && p.discountPriceNoPail2Cents > p.discountPriceNoPailCents) out.discountPriceNoPail2Cents = "Tier 2 may not cost more than tier 1";
  }
  return out;
}

/** The percent shown on a special: how much cheaper the loose special is than the loose standard price. */
export function specialPercent(p: Pick<LinePrices, "special" | "standardPriceNoPailCents" | "priceNoPailCents">): string {
  if (!p.special || p.standardPriceNoPailCents <= 0) return "0.00";
  return Math.max(0, Math.min(99.99, (100 * (p.standardPriceNoPailCents - p.priceNoPailCents)) / p.standardPriceNoPailCents)).toFixed(2);
}

/**
 * A price typed by a person or read from a spreadsheet cell: "12", "12.5", "$1,250.00" → cents;
 * null when it is not a plain amount with at most two decimals.
 */
export function parseMoney(text: string): number | null {
  const s = text.trim().replace(/^\$/, "").replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** A whole number typed or read from a cell: "1,200" → 1200; null for fractions, signs or words. */
export function parseWhole(text: string): number | null {
  const s = text.trim().replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,9}$/.test(s)) return null;
  return Number(s);
}

/** A yes/no cell: yes, y, true, 1, x (and no, n, false, 0, empty). Null when it is neither. */
export function parseYesNo(text: string): boolean | null {
  const s = text.trim().toLowerCase();
  if (["yes", "y", "true", "1", "x"].includes(s)) return true;
  if (["no", "n", "false", "0", ""].includes(s)) return false;
  return null;
}

/**
 * A date as a spreadsheet writes it: 2026-12-02, 12/2/2026 or 12/02/26 (US month first), or
 * "Dec 2, 2026". Answers YYYY-MM-DD, or null when it is not a real date.
 */
export function parseSheetDate(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  let match: RegExpMatchArray | null;
  if ((match = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = s.match(/^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/))) {
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (y < 100) y += 2000;
  } else if ((match = s.match(/^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/))) {
    m = MONTHS.findIndex((x) => x.toLowerCase() === match![1]!.toLowerCase()) + 1;
    [d, y] = [Number(match[2]), Number(match[3])];
    if (m === 0) return null;
  } else return null;
  const iso = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso || y < 2000 || y > 2999) return null;
  return iso;
}

/** The grower's variety families (the public site's pages) with their trade category and picture. */
export const VARIETY_FAMILIES = [
  { variety: "lilies", category: "Lilies", image: "lily" },
  { variety: "gerbera", category: "Gerbera", image: "gerbera" },
  { variety: "mini-gerbera", category: "Mini Gerbera", image: "mini-gerbera" },
  { variety: "anthurium", category: "Anthurium", image: "anthurium" },
  { variety: "lisianthus", category: "Lisianthus", image: "lisianthus" },
  { variety: "snapdragons", category: "Snapdragons", image: "snapdragon" },
  { variety: "garden-roses", category: "Garden Roses", image: "garden-rose" },
] as const;
export const VARIETIES = VARIETY_FAMILIES.map((f) => f.variety);
export const CATEGORIES = VARIETY_FAMILIES.map((f) => f.category);
/** Pictures a product may show (the illustrations the site draws). */
export const PRODUCT_IMAGES = [...VARIETY_FAMILIES.map((f) => f.image), "bunch", "bouquet"] as const;
export const UNITS_OF_MEASURE = ["Pail", "Box"] as const;
