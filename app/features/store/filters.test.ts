import { describe, expect, it } from "vitest";
import { activeFilterCount, EMPTY_FILTERS, facetsOf, filtersFromSearch, reconcileSearchText, searchForFilters, sortProducts, toggleValue } from "./filters.ts";

describe("filters", () => {
  it("toggles a multi-select value; the empty selection means all", () => {
    expect(toggleValue([], "Lilies")).toEqual(["Lilies"]);
    expect(toggleValue(["Lilies", "Gerbera"], "Lilies")).toEqual(["Gerbera"]);
  });

  it("counts active filters", () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, categories: ["a", "b"], text: " x ", onlyAvailable: true })).toBe(4);
    expect(activeFilterCount({ ...EMPTY_FILTERS, text: "   " })).toBe(0);
  });

  it("builds sorted facets with counts and a colour swatch", () => {
    const f = facetsOf([
      { category: "Lilies", colour: "White", colourHex: "#fff" },
      { category: "Gerbera", colour: "Red", colourHex: "#f00" },
      { category: "Lilies", colour: "Red", colourHex: "#e00" },
    ]);
    expect(f.categories).toEqual([
      { value: "Gerbera", count: 1 },
      { value: "Lilies", count: 2 },
    ]);
    expect(f.colours).toEqual([
      { value: "Red", count: 2, hex: "#f00" },
      { value: "White", count: 1, hex: "#fff" },
    ]);
    const lilies = facetsOf(
      [
        { category: "Lilies", colour: "White", colourHex: "#fff" },
        { category: "Gerbera", colour: "Red", colourHex: "#f00" },
        { category: "Lilies", colour: "Red", colourHex: "#e00" },
        { category: "Gerbera", colour: "Yellow", colourHex: "#ff0" },
      ],
      { categories: ["lilies"], colours: ["Red"] },
    );
    // colours counted within the chosen category; categories within the chosen colour
    expect(lilies.colours).toEqual([
      { value: "Red", count: 1, hex: "#f00" },
      { value: "White", count: 1, hex: "#fff" },
      { value: "Yellow", count: 0, hex: "#ff0" },
    ]);
    expect(lilies.categories).toEqual([
      { value: "Gerbera", count: 1 },
      { value: "Lilies", count: 1 },
    ]);
  });

  it("reads filters from the address", () => {
    expect(filtersFromSearch(new URLSearchParams("q=lily&category=Lilies&colour=White&colour=Pink&combo=1&specials=true"))).toEqual({
      ...EMPTY_FILTERS,
      text: "lily",
      categories: ["Lilies"],
      colours: ["White", "Pink"],
      comboSpecial: true,
      onlyDiscounted: true,
    });
    expect(filtersFromSearch(new URLSearchParams(""))).toEqual(EMPTY_FILTERS);
  });
});

describe("reconcileSearchText (search box typed ahead of the page)", () => {
  it("keeps what is typed when an older text of ours comes back late", () => {
    expect(reconcileSearchText(["s", "sn", "sna", "snap"], "s")).toEqual({ pending: ["sn", "sna", "snap"], replaceWith: null });
  });

  it("drops the texts a transition skipped", () => {
    expect(reconcileSearchText(["s", "sn", "sna", "snap"], "sna")).toEqual({ pending: ["snap"], replaceWith: null });
    expect(reconcileSearchText(["snap"], "snap")).toEqual({ pending: [], replaceWith: null });
  });

  it("copes with a text typed twice (a key, a backspace, the key again)", () => {
    expect(reconcileSearchText(["a", "ab", "a"], "a")).toEqual({ pending: ["ab", "a"], replaceWith: null });
    expect(reconcileSearchText(["ab", "a"], "a")).toEqual({ pending: [], replaceWith: null });
  });

  it("takes a text set elsewhere", () => {
    expect(reconcileSearchText(["lil"], "rose")).toEqual({ pending: [], replaceWith: "rose" });
    expect(reconcileSearchText([], "")).toEqual({ pending: [], replaceWith: "" });
  });
});

describe("sorting and the address", () => {
  const p = (productId: string, description: string, price: number, quantityRemaining: number, extra: Record<string, unknown> = {}) => ({
    productId,
    description,
    special: false,
    price,
    standardPrice: price,
    quantityRemaining,
    originalQuantityRemaining: quantityRemaining,
    showStore: true,
    nextAvailableDate: null,
    isFinalProduct: false,
    ...extra,
  });
  const list = [
    p("B", "Lily Stargazer 80", 2.5, 0),
    p("A", "Anthurium Red 10", 4, 10),
    p("C", "lily Casablanca 9", 1.25, 40),
    p("D", "Gerbera Mix", 3, 0, { showStore: false }),
    p("E", "Rose special", 9, 5, { special: true, price: 0.5 }),
  ];
  const ids = (l: readonly { productId: string }[]) => l.map((x) => x.productId).join("");

  it("sorts by name (case and numbers as people read them), price either way and availability", () => {
    expect(ids(sortProducts(list, ""))).toBe("BACDE");
    expect(ids(sortProducts(list, "name"))).toBe("ADCBE");
    // A special is sorted by the price it sells at today.
    expect(ids(sortProducts(list, "price"))).toBe("ECBDA");
    expect(ids(sortProducts(list, "price-desc"))).toBe("ADBCE");
    // Held stock first (most first), then requestable (pending), then not offered.
    expect(ids(sortProducts(list, "availability"))).toBe("CAEBD");
  });

  it("reads and writes sort and favourites in the address, leaving other parameters alone", () => {
    const state = { ...EMPTY_FILTERS, text: "white lily", categories: ["Lilies"], sort: "price" as const, onlyFavourites: true };
    const search = searchForFilters(state, new URLSearchParams("product=LIL-1&sort=name"));
    expect(search.toString()).toBe("product=LIL-1&q=white+lily&category=Lilies&favourites=1&sort=price");
    expect(filtersFromSearch(search)).toEqual(state);
    expect(filtersFromSearch(new URLSearchParams("sort=cheapest")).sort).toBe("");
    expect(searchForFilters(EMPTY_FILTERS).toString()).toBe("");
  });
});
