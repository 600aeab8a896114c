import { describe, it, expect } from "vitest";
import {
  filterWholesale,
  isDiscounted,
  mmSearch,
  prepareWholesaleSearch,
  type MmSearchProduct,
  type WholesaleFilters,
  type WholesaleSearchProduct,
} from "./search.ts";

const p = (over: Partial<WholesaleSearchProduct> & { productId: string }): WholesaleSearchProduct => ({
  description: over.productId,
  category: "Lilies",
  colour: "White",
  quantityRemaining: 10,
  special: false,
  discountQuantity: 0,
  discountQuantity2: 0,
  ...over,
});

const catalogue = [
  p({ productId: "LIL-W", description: "Oriental Lily White", category: "Lilies", colour: "White" }),
  p({ productId: "LIL-P", description: "Oriental Lily Pink", category: "Lilies", colour: "Pink", quantityRemaining: 0 }),
  p({ productId: "GER-R", description: "Gerbera Red", category: "Gerbera", colour: "Red", special: true }),
  p({ productId: "GER-Y", description: "Gerbera Yellow", category: "Gerbera", colour: "Yellow", discountQuantity: 20, price: 0.9, standardPrice: 1.1 }),
  p({ productId: "SNP-P", description: "Snapdragon Pink", category: "Snapdragons", colour: "Pink", discountQuantity2: 40, quantityRemaining: -1 }),
];

const none: WholesaleFilters = {
  categories: [],
  colours: [],
  text: "",
  onlyAvailable: false,
  onlyDiscounted: false,
  comboSpecial: false,
  comboProductIds: new Set(),
};
const ids = (list: { productId: string }[]): string[] => list.map((x) => x.productId);

describe("filterWholesale", () => {
  it("returns everything, in order, with no filters", () => {
    expect(ids(filterWholesale(catalogue, none))).toEqual(["LIL-W", "LIL-P", "GER-R", "GER-Y", "SNP-P"]);
  });

  it.each([
    [["Gerbera"], ["GER-R", "GER-Y"]],
    [["gerbera", "SNAPDRAGONS"], ["GER-R", "GER-Y", "SNP-P"]],
    [["Roses"], []],
  ])("filters categories %j", (categories, expected) => {
    expect(ids(filterWholesale(catalogue, { ...none, categories }))).toEqual(expected);
  });

  it.each([
    [["Pink"], ["LIL-P", "SNP-P"]],
    [["pink", "RED"], ["LIL-P", "GER-R", "SNP-P"]],
    [["Blue"], []],
  ])("filters colours %j", (colours, expected) => {
    expect(ids(filterWholesale(catalogue, { ...none, colours }))).toEqual(expected);
  });

  it.each([
    ["lily", ["LIL-W", "LIL-P"]],
    ["LILY PINK", ["LIL-P"]],
    ["  gerbera  ", ["GER-R", "GER-Y"]],
    ["pink", ["LIL-P", "SNP-P"]],
    ["ental", ["LIL-W", "LIL-P"]],
    ["GER-R", ["GER-R"]], // product codes
    ["ger-y", ["GER-Y"]],
    ["SNP", ["SNP-P"]],
    ["white lily", ["LIL-W"]], // any word order
    ["lily white", ["LIL-W"]],
    ["lilies pink", ["LIL-P"]], // category and colour words
    ["snapdragons", ["SNP-P"]],
    ["lilly", ["LIL-W", "LIL-P"]], // typos
    ["gerbra", ["GER-R", "GER-Y"]],
    ["gerbera red", ["GER-R"]], // short words are never fuzzy: "red" does not find "Yellow"
    ["xyzzy", []],
    ["tulip", []],
    ["lily 2", []], // a word with a digit is never fuzzy
    ["", ["LIL-W", "LIL-P", "GER-R", "GER-Y", "SNP-P"]],
  ])("text %j", (text, expected) => {
    expect(ids(filterWholesale(catalogue, { ...none, text }))).toEqual(expected);
  });

  it("keeps only pre-confirmed stock when onlyAvailable", () => {
    expect(ids(filterWholesale(catalogue, { ...none, onlyAvailable: true }))).toEqual(["LIL-W", "GER-R", "GER-Y"]);
  });

  it("keeps specials and products priced below standard today when onlyDiscounted, not quantity tiers alone", () => {
    expect(ids(filterWholesale(catalogue, { ...none, onlyDiscounted: true }))).toEqual(["GER-R", "GER-Y"]);
  });

  it("ranks the whole-text description match first, then all words, then near words", () => {
    const list = [
      p({ productId: "A1", description: "Gerbera Rosa 10cm" }), // near: rosa
      p({ productId: "B2", description: "Standard Mix", category: "Garden Rose" }), // every word, in the category
      p({ productId: "C3", description: "Garden Rose Blush" }), // the description holds the text
      p({ productId: "D4", description: "Gerbera Rosy" }), // near: rosy (a typo of roses), further than rosa
    ];
    expect(ids(filterWholesale(list, { ...none, text: "rose" }))).toEqual(["C3", "B2"]); // "rose" is typed as the list holds it: no near words
    expect(ids(filterWholesale(list, { ...none, text: "rose garden" }))).toEqual(["B2", "C3"]); // any order, list order within
    expect(ids(filterWholesale(list, { ...none, text: "garden rose" }))).toEqual(["C3", "B2"]); // the description's own order first
    expect(ids(filterWholesale(list, { ...none, text: "roses" }))).toEqual(["B2", "C3"]); // near "rose"; not "rosa" or "rosy" (two edits)
    expect(ids(filterWholesale(list, { ...none, text: "gerbra rosy" }))).toEqual(["D4"]);
  });

  it("still finds everything the case-insensitive substring match finds", () => {
    const texts = ["lily", "ily", "a", "PINK", "dragon p", "bera ye", "o"];
    for (const text of texts) {
      const substring = catalogue.filter((x) => x.description.toLowerCase().includes(text.toLowerCase()));
      const found = filterWholesale(catalogue, { ...none, text });
      expect(ids(found.slice(0, substring.length))).toEqual(ids(substring));
    }
  });

  it("keeps combo special products when comboSpecial", () => {
    const comboProductIds = new Set(["LIL-P", "GER-Y", "NOT-LISTED"]);
    expect(ids(filterWholesale(catalogue, { ...none, comboSpecial: true, comboProductIds }))).toEqual(["LIL-P", "GER-Y"]);
    expect(ids(filterWholesale(catalogue, { ...none, comboSpecial: false, comboProductIds }))).toHaveLength(5);
    expect(filterWholesale(catalogue, { ...none, comboSpecial: true })).toEqual([]);
  });

  it("combines every filter with AND", () => {
    const filters: WholesaleFilters = {
      categories: ["Gerbera", "Lilies"],
      colours: ["Red", "Yellow", "White"],
      text: "e",
      onlyAvailable: true,
      onlyDiscounted: true,
      comboSpecial: true,
      comboProductIds: new Set(["GER-Y", "LIL-W"]),
    };
    expect(ids(filterWholesale(catalogue, filters))).toEqual(["GER-Y"]);
  });

  it("handles 5,000 products", () => {
    const big = Array.from({ length: 5000 }, (_, i) =>
      p({ productId: `P${i}`, description: `Product ${i} ${i % 2 ? "Rose" : "Tulip"}`, quantityRemaining: i % 3 }),
    );
    const out = filterWholesale(big, { ...none, text: "rose", onlyAvailable: true });
    expect(out).toHaveLength(big.filter((x, i) => i % 2 === 1 && x.quantityRemaining > 0).length);
    expect(out.every((x) => x.description.includes("Rose") && x.quantityRemaining > 0)).toBe(true);
  });
});

describe("prepareWholesaleSearch", () => {
  const words = ["Rose", "Tulip", "Gerbera", "Lily", "Carnation", "Alstroemeria", "Chrysanthemum", "Sunflower"];
  const make = () =>
    Array.from({ length: 1200 }, (_, i) =>
      p({ productId: `P-${i}`, description: `${words[i % words.length]} ${words[(i * 7) % words.length]} Grade${i % 13}`, colour: i % 2 ? "Red" : "White" }),
    );
  const texts = ["gerbra", "lilly", "sunflowr", "carnaton white", "tulip", "chrysanthemun grade4", "alstromeria", "p-11", "ros"];

  it("finds what an unprepared search finds, typos and ranks included", async () => {
    const plain = make();
    const prepared = make();
    let pauses = 0;
    await prepareWholesaleSearch(prepared, async () => void pauses++, undefined, 100);
    expect(pauses).toBeGreaterThan(10);
    for (const text of texts) {
      const expected = ids(filterWholesale(plain, { ...none, text }));
      expect(expected.length, text).toBeGreaterThan(0);
      expect(ids(filterWholesale(prepared, { ...none, text })), text).toEqual(expected);
    }
  });

  it("stops when aborted, and a search after it still finds everything", async () => {
    const plain = make();
    const list = make();
    const stop = new AbortController();
    let pauses = 0;
    await prepareWholesaleSearch(list, async () => {
      if (++pauses === 2) stop.abort();
    }, stop.signal, 100);
    expect(pauses).toBe(2);
    expect(ids(filterWholesale(list, { ...none, text: "gerbra" }))).toEqual(ids(filterWholesale(plain, { ...none, text: "gerbra" })));
  });
});

describe("isDiscounted", () => {
  it.each([
    [false, undefined, undefined, false],
    [true, undefined, undefined, true],
    [false, 9.5, 10, true],
    [false, 10, 10, false],
    [false, 11, 10, false],
    [true, 10, 10, true],
  ])("special %s, price %s, standard %s -> %s", (special, price, standardPrice, out) => {
    expect(isDiscounted({ special, price, standardPrice })).toBe(out);
  });
});

describe("mmSearch", () => {
  const mm: MmSearchProduct[] = [
    { productId: "BQ-100", description: "Spring Tulip Bouquet", category: "Bouquets", colour: "Mixed" },
    { productId: "BQ-200", description: "Classic Rose Bouquet", category: "Bouquets", colour: "Red" },
    { productId: "CN-300", description: "Carnation Bunch", category: "Bunches", colour: "Pink" },
    { productId: "SF-400", description: "Sunflower Bunch", category: "Bunches", colour: "Yellow" },
  ];

  it("returns everything, in order, for empty text and 'all' filters", () => {
    expect(ids(mmSearch(mm, "", "all", "all"))).toEqual(["BQ-100", "BQ-200", "CN-300", "SF-400"]);
    expect(ids(mmSearch(mm, "   ", "ALL", "All"))).toHaveLength(4);
    expect(ids(mmSearch(mm, "", "", ""))).toHaveLength(4);
  });

  it("matches descriptions fuzzily", () => {
    expect(ids(mmSearch(mm, "tulip", "all", "all"))).toEqual(["BQ-100"]);
    expect(ids(mmSearch(mm, "tullip", "all", "all"))).toEqual(["BQ-100"]);
    expect(ids(mmSearch(mm, "sunflwer", "all", "all"))).toEqual(["SF-400"]);
  });

  it("matches product ids", () => {
    expect(ids(mmSearch(mm, "CN-300", "all", "all"))).toEqual(["CN-300"]);
    expect(ids(mmSearch(mm, "sf-400", "all", "all"))).toEqual(["SF-400"]);
  });

  it("returns all matches, best first", () => {
    const out = ids(mmSearch(mm, "bouquet", "all", "all"));
    expect(out.sort()).toEqual(["BQ-100", "BQ-200"]);
    expect(ids(mmSearch(mm, "bunch", "all", "all")).sort()).toEqual(["CN-300", "SF-400"]);
  });

  it("rejects matches beyond the 0.4 threshold", () => {
    expect(mmSearch(mm, "orchid", "all", "all")).toEqual([]);
    expect(mmSearch(mm, "xyzzy", "all", "all")).toEqual([]);
  });

  it("filters category and colour case-insensitively", () => {
    expect(ids(mmSearch(mm, "", "bunches", "all"))).toEqual(["CN-300", "SF-400"]);
    expect(ids(mmSearch(mm, "", "all", "RED"))).toEqual(["BQ-200"]);
    expect(ids(mmSearch(mm, "bunch", "Bunches", "pink"))).toEqual(["CN-300"]);
    expect(ids(mmSearch(mm, "bouquet", "Bunches", "all"))).toEqual([]);
    expect(mmSearch(mm, "", "Plants", "all")).toEqual([]);
  });

  it("reuses the index for the same list and rebuilds it for a new one", () => {
    expect(ids(mmSearch(mm, "rose", "all", "all"))).toEqual(["BQ-200"]);
    const reloaded = [...mm, { productId: "RS-500", description: "Rose Stems", category: "Bunches", colour: "Red" }];
    expect(ids(mmSearch(reloaded, "rose", "all", "all")).sort()).toEqual(["BQ-200", "RS-500"]);
    expect(ids(mmSearch(mm, "rose", "all", "all"))).toEqual(["BQ-200"]);
  });

  it("searches 5,000 products", () => {
    const colours = ["Red", "Pink", "White", "Yellow"];
    const big: MmSearchProduct[] = Array.from({ length: 5000 }, (_, i) => ({
      productId: `SKU-${String(i).padStart(5, "0")}`,
      description: i === 4321 ? "Peony Deluxe Bouquet" : `Mixed Bouquet number ${i}`,
      category: i % 2 ? "Bouquets" : "Bunches",
      colour: colours[i % 4],
    }));
    expect(ids(mmSearch(big, "peony", "all", "all"))).toEqual(["SKU-04321"]);
    expect(ids(mmSearch(big, "SKU-04321", "all", "all"))[0]).toBe("SKU-04321");
    expect(mmSearch(big, "", "bouquets", "pink")).toHaveLength(1250);
    expect(mmSearch(big, "peony", "bunches", "all")).toEqual([]);
  });
});
