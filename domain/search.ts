// Catalogue filtering: SPEC §4 "Filters", §5 "Wholesale search" / "MM search".
import Fuse from "fuse.js";
import { MM_FUZZY_THRESHOLD } from "./constants.ts";

export interface WholesaleSearchProduct {
  productId: string;
  description: string;
  category: string;
  colour: string;
  quantityRemaining: number;
  special: boolean;
  discountQuantity: number;
  discountQuantity2?: number;
}

export interface WholesaleFilters {
  categories: readonly string[];
  colours: readonly string[];
  text: string;
  onlyAvailable: boolean;
  onlyDiscounted: boolean;
  comboSpecial: boolean;
  comboProductIds: ReadonlySet<string>;
}

const norm = (value: string | null | undefined): string => (value ?? "").trim().toLowerCase();

/**
 * A product is "discounted" when buying it costs less than the standard price
 * in some way: it is a special (its own lower price), or it has a quantity
 * discount tier (discountQuantity or discountQuantity2 above 0).
 */
export function isDiscounted(product: Pick<WholesaleSearchProduct, "special" | "discountQuantity" | "discountQuantity2">): boolean {
  return product.special || product.discountQuantity > 0 || (product.discountQuantity2 ?? 0) > 0;
}

/**
 * All filters combine with AND. An empty category or colour selection means
 * all (SPEC §4). Category, colour and text compare case-insensitively; text is
 * a substring of the description. onlyAvailable keeps pre-confirmed stock
 * (quantityRemaining > 0); comboSpecial keeps products of the combo specials.
 * Input order is kept.
 */
export function filterWholesale<T extends WholesaleSearchProduct>(products: readonly T[], filters: WholesaleFilters): T[] {
  const categories = filters.categories.length > 0 ? new Set(filters.categories.map(norm)) : null;
  const colours = filters.colours.length > 0 ? new Set(filters.colours.map(norm)) : null;
  const text = norm(filters.text);
  return products.filter(
    (p) =>
      (categories === null || categories.has(norm(p.category))) &&
      (colours === null || colours.has(norm(p.colour))) &&
      (!filters.onlyAvailable || p.quantityRemaining > 0) &&
      (!filters.onlyDiscounted || isDiscounted(p)) &&
      (!filters.comboSpecial || filters.comboProductIds.has(p.productId)) &&
      (text === "" || (p.description ?? "").toLowerCase().includes(text)),
  );
}

export interface MmSearchProduct {
  productId: string;
  description: string;
  category: string;
  colour: string;
}

// The fuzzy index is the costly part; build it once per product list (the list
// is replaced, not mutated, when products reload) rather than per keystroke.
const indexCache = new WeakMap<readonly object[], Fuse<object>>();

function fuseFor<T extends MmSearchProduct>(products: readonly T[]): Fuse<T> {
  let fuse = indexCache.get(products) as Fuse<T> | undefined;
  if (!fuse) {
    fuse = new Fuse(products as T[], { keys: ["productId", "description"], threshold: MM_FUZZY_THRESHOLD });
    indexCache.set(products, fuse as unknown as Fuse<object>);
  }
  return fuse;
}

const matchesAll = (value: string | null | undefined): boolean => {
  const v = norm(value);
  return v === "" || v === "all";
};

/**
 * Fuzzy search (threshold 0.4, other Fuse defaults) over productId and
 * description returning every match, best first; no text keeps list order.
 * Category/colour 'all' (or empty) match everything, otherwise equal ignoring case.
 */
export function mmSearch<T extends MmSearchProduct>(products: readonly T[], text: string, category: string, colour: string): T[] {
  const anyCategory = matchesAll(category);
  const anyColour = matchesAll(colour);
  const wantedCategory = norm(category);
  const wantedColour = norm(colour);
  const keep = (p: T): boolean =>
    (anyCategory || norm(p.category) === wantedCategory) && (anyColour || norm(p.colour) === wantedColour);
  const query = (text ?? "").trim();
  if (query === "") return products.filter(keep);
  return fuseFor(products)
    .search(query)
    .map((r) => r.item)
    .filter(keep);
}
