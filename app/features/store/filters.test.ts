import { describe, expect, it } from "vitest";
import { activeFilterCount, EMPTY_FILTERS, facetsOf, filtersFromSearch, reconcileSearchText, toggleValue } from "./filters.ts";

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
