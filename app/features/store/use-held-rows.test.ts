import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS } from "./filters.ts";
import { heldRowsFit } from "./use-held-rows.ts";

describe("held rows while a chosen date's offer is read", () => {
  it("stand in only where what is listed, and its order, do not depend on the date's stock or prices", () => {
    expect(heldRowsFit(EMPTY_FILTERS)).toBe(true);
    expect(heldRowsFit({ ...EMPTY_FILTERS, sort: "name", text: "lily", categories: ["Lilies"], colours: ["White"], comboSpecial: true, onlyFavourites: true })).toBe(true);
    for (const sort of ["price", "price-desc", "availability"] as const) expect(heldRowsFit({ ...EMPTY_FILTERS, sort }), sort).toBe(false);
    expect(heldRowsFit({ ...EMPTY_FILTERS, onlyAvailable: true })).toBe(false);
    expect(heldRowsFit({ ...EMPTY_FILTERS, onlyDiscounted: true })).toBe(false);
  });
});
