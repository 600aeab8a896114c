// Catalogue filter state and its facets. Matching itself is domain/search.ts filterWholesale.
import type { Product } from "../../../contract/store.ts";
import type { WholesaleFilters } from "../../../domain/search.ts";
import { isOrderable } from "../../../domain/availability.ts";
import { dollarsToCents } from "../../../domain/money.ts";

/** How the list is ordered: the offer's order (best match first when searching), or by a column. */
export const SORTS = ["", "name", "price", "price-desc", "availability"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  "": "Best match",
  name: "Name (A–Z)",
  price: "Price (low to high)",
  "price-desc": "Price (high to low)",
  availability: "Availability (most first)",
};

export interface FilterState {
  categories: string[];
  colours: string[];
  text: string;
  onlyAvailable: boolean;
  onlyDiscounted: boolean;
  comboSpecial: boolean;
  /** Only the products the buying account starred. */
  onlyFavourites: boolean;
  sort: Sort;
}

export const EMPTY_FILTERS: FilterState = {
  categories: [],
  colours: [],
  text: "",
  onlyAvailable: false,
  onlyDiscounted: false,
  comboSpecial: false,
  onlyFavourites: false,
  sort: "",
};

export function toWholesaleFilters(state: FilterState, comboProductIds: ReadonlySet<string>): WholesaleFilters {
  const { categories, colours, text, onlyAvailable, onlyDiscounted, comboSpecial } = state;
  return { categories, colours, text, onlyAvailable, onlyDiscounted, comboSpecial, comboProductIds };
}

type Sortable = Pick<Product, "description" | "productId" | "special" | "price" | "standardPrice" | "quantityRemaining" | "originalQuantityRemaining" | "showStore" | "nextAvailableDate" | "isFinalProduct">;

/** Today's base price per bunch in a pail: the special price on a special, else the standard price. */
const basePriceCents = (p: Sortable) => dollarsToCents(p.special ? p.price : p.standardPrice);

/** One collator for every comparison: `localeCompare` with options sets one up per call. */
const names = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The list in the chosen order; "" keeps the order it came in (the offer's, or best match first).
 * Ties keep that order too (a stable sort). Availability: what can be held now, most first, then
 * what can be requested, then what cannot be ordered for the date.
 */
export function sortProducts<T extends Sortable>(list: readonly T[], sort: Sort): readonly T[] {
  if (sort === "") return list;
  const byName = (a: T, b: T) => names.compare(a.description, b.description) || a.productId.localeCompare(b.productId);
  const rank = (p: T) => (p.quantityRemaining > 0 ? 0 : isOrderable(p) ? 1 : 2);
  const compare: Record<Exclude<Sort, "">, (a: T, b: T) => number> = {
    name: byName,
    price: (a, b) => basePriceCents(a) - basePriceCents(b),
    "price-desc": (a, b) => basePriceCents(b) - basePriceCents(a),
    availability: (a, b) => rank(a) - rank(b) || b.quantityRemaining - a.quantityRemaining,
  };
  return [...list].sort(compare[sort]);
}

/** Adds or removes a value of a multi-select; the empty selection means all (SPEC §4). */
export function toggleValue(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function activeFilterCount(state: FilterState): number {
  return (
    state.categories.length +
    state.colours.length +
    (state.text.trim() ? 1 : 0) +
    (state.onlyAvailable ? 1 : 0) +
    (state.onlyDiscounted ? 1 : 0) +
    (state.comboSpecial ? 1 : 0) +
    (state.onlyFavourites ? 1 : 0)
  );
}

export interface Facet {
  value: string;
  count: number;
  /** A colour's swatch (the first product's colourHex). */
  hex?: string;
}

/**
 * Categories and colours present in the list, alphabetical. Each group counts the products that the
 * other group's selection keeps: with "Lilies" chosen, Red counts red lilies, not every red flower.
 * A value the other selection leaves no product for stays listed with 0, so a choice never vanishes.
 */
export function facetsOf(
  products: readonly Pick<Product, "category" | "colour" | "colourHex">[],
  selected: { categories: readonly string[]; colours: readonly string[] } = { categories: [], colours: [] },
): { categories: Facet[]; colours: Facet[] } {
  const lower = (list: readonly string[]) => (list.length > 0 ? new Set(list.map((v) => v.toLowerCase())) : null);
  const wantedCategories = lower(selected.categories);
  const wantedColours = lower(selected.colours);
  const categories = new Map<string, Facet>();
  const colours = new Map<string, Facet>();
  for (const p of products) {
    const categoryKept = wantedCategories === null || wantedCategories.has((p.category ?? "").toLowerCase());
    const colourKept = wantedColours === null || wantedColours.has((p.colour ?? "").toLowerCase());
    if (p.category) {
      const c = categories.get(p.category) ?? { value: p.category, count: 0 };
      if (colourKept) c.count++;
      categories.set(p.category, c);
    }
    if (p.colour) {
      const c = colours.get(p.colour) ?? { value: p.colour, count: 0, hex: p.colourHex };
      if (categoryKept) c.count++;
      colours.set(p.colour, c);
    }
  }
  const byName = (a: Facet, b: Facet) => a.value.localeCompare(b.value);
  return { categories: [...categories.values()].sort(byName), colours: [...colours.values()].sort(byName) };
}

/**
 * Filters from the address (?q=, ?category=, ?colour=, ?combo=1, ?specials=1, ?available=1,
 * ?favourites=1, ?sort=name|price|price-desc|availability), e.g. links from the dashboard. An
 * unknown sort is the default order.
 */
export function filtersFromSearch(search: URLSearchParams): FilterState {
  const truthy = (k: string) => ["1", "true", "yes"].includes((search.get(k) ?? "").toLowerCase());
  const sort = (search.get("sort") ?? "").toLowerCase();
  return {
    ...EMPTY_FILTERS,
    text: search.get("q") ?? "",
    categories: search.getAll("category").filter(Boolean),
    colours: search.getAll("colour").filter(Boolean),
    comboSpecial: truthy("combo"),
    onlyDiscounted: truthy("specials"),
    onlyAvailable: truthy("available"),
    onlyFavourites: truthy("favourites"),
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : "",
  };
}

/**
 * The address's query for these filters, the inverse of filtersFromSearch; other parameters of
 * `base` (e.g. ?product=) are kept. A default value is left out, so the plain store is plain /store.
 */
export function searchForFilters(state: FilterState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const k of ["q", "category", "colour", "combo", "specials", "available", "favourites", "sort"]) out.delete(k);
  if (state.text.trim()) out.set("q", state.text.trim());
  for (const c of state.categories) out.append("category", c);
  for (const c of state.colours) out.append("colour", c);
  if (state.comboSpecial) out.set("combo", "1");
  if (state.onlyDiscounted) out.set("specials", "1");
  if (state.onlyAvailable) out.set("available", "1");
  if (state.onlyFavourites) out.set("favourites", "1");
  if (state.sort) out.set("sort", state.sort);
  return out;
}

/**
 * The search box hands each text on in a transition; the page's value comes back late, or skips some.
 * Given the texts sent and not yet seen back, and the value that came back: the texts still pending,
 * and the text to put in the box (null: keep what is typed). Only a value we never sent (a change
 * made elsewhere) replaces what is typed.
 */
export function reconcileSearchText(pending: readonly string[], value: string): { pending: string[]; replaceWith: string | null } {
  const i = pending.indexOf(value);
  if (i >= 0) return { pending: pending.slice(i + 1), replaceWith: null };
  return { pending: [], replaceWith: value };
}
