// Catalogue filter state and its facets. Matching itself is domain/search.ts filterWholesale.
import type { Product } from "../../../contract/store.ts";
import type { WholesaleFilters } from "../../../domain/search.ts";

export interface FilterState {
  categories: string[];
  colours: string[];
  text: string;
  onlyAvailable: boolean;
  onlyDiscounted: boolean;
  comboSpecial: boolean;
}

export const EMPTY_FILTERS: FilterState = {
  categories: [],
  colours: [],
  text: "",
  onlyAvailable: false,
  onlyDiscounted: false,
  comboSpecial: false,
};

export function toWholesaleFilters(state: FilterState, comboProductIds: ReadonlySet<string>): WholesaleFilters {
  return { ...state, comboProductIds };
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
    (state.comboSpecial ? 1 : 0)
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

/** Filters from the address (?q=, ?category=, ?colour=, ?combo=1, ?specials=1), e.g. links from the dashboard. */
export function filtersFromSearch(search: URLSearchParams): FilterState {
  const truthy = (k: string) => ["1", "true", "yes"].includes((search.get(k) ?? "").toLowerCase());
  return {
    ...EMPTY_FILTERS,
    text: search.get("q") ?? "",
    categories: search.getAll("category").filter(Boolean),
    colours: search.getAll("colour").filter(Boolean),
    comboSpecial: truthy("combo"),
    onlyDiscounted: truthy("specials"),
    onlyAvailable: truthy("available"),
  };
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
