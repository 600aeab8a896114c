import { describe, expect, it } from "vitest";
import { nextQuantity, parseMoney, parseSheetDate, parseWhole, parseYesNo, priceProblems, quantityRefusal, shipDays, specialPercent, type LinePrices } from "./supply.ts";

const line = { description: "Lily Asiatic White 70cm", days: "Dec 2" };

describe("the never-below-sold-plus-held rule", () => {
  it("refuses a set below sold + held with both numbers, and allows exactly sold + held", () => {
    expect(quantityRefusal(line, { sold: 30, held: 6 }, "set", 20)).toBe("Lily Asiatic White 70cm, Dec 2: 30 sold, 6 held, you set 20");
    expect(quantityRefusal(line, { sold: 30, held: 6 }, "set", 36)).toBeNull();
    expect(quantityRefusal(line, { sold: 0, held: 0 }, "set", -1)).toBe("Lily Asiatic White 70cm, Dec 2: a quantity cannot be below 0.");
    expect(quantityRefusal(line, { sold: 0, held: 0 }, "set", 100_001)).toMatch(/at most 100,000 bunches/);
  });
  it("adds with add and sets with set", () => {
    expect(nextQuantity("add", 40, 5)).toBe(45);
    expect(nextQuantity("add", null, 5)).toBe(5);
    expect(nextQuantity("set", 40, 5)).toBe(5);
    expect(shipDays("2026-12-02", "2026-12-02")).toBe("Dec 2");
    expect(shipDays("2026-12-02", "2026-12-04")).toBe("Dec 2–Dec 4");
  });
});

describe("cells as spreadsheets write them", () => {
  it("reads amounts with thousands separators and a dollar sign, and nothing else", () => {
    expect(parseMoney("$1,250.00")).toBe(125_000);
    expect(parseMoney("14.5")).toBe(1450);
    for (const bad of ["-1", "1.234", "abc", "", "=1+1", "1e3"]) expect(parseMoney(bad), bad).toBeNull();
    expect(parseWhole("1,200")).toBe(1200);
    for (const bad of ["-5", "2.5", "ten", "", "1,20"]) expect(parseWhole(bad), bad).toBeNull();
  });
  it("reads the spreadsheet's date formats and refuses dates that do not exist", () => {
    expect(parseSheetDate("2026-12-02")).toBe("2026-12-02");
    expect(parseSheetDate("12/2/2026")).toBe("2026-12-02");
    expect(parseSheetDate("12/02/26")).toBe("2026-12-02");
    expect(parseSheetDate("Dec 2, 2026")).toBe("2026-12-02");
    for (const bad of ["2026-02-30", "13/1/2026", "tomorrow", "2026-1-1x"]) expect(parseSheetDate(bad), bad).toBeNull();
    expect(parseYesNo("Yes")).toBe(true);
    expect(parseYesNo("")).toBe(false);
    expect(parseYesNo("maybe")).toBeNull();
  });
});

describe("prices that hang together", () => {
  const ok: LinePrices = {
    standardPriceCents: 1450,
    standardPriceNoPailCents: 1595,
    special: false,
    priceCents: 1450,
    priceNoPailCents: 1595,
    discountQuantity: 8,
    discountPriceCents: 1375,
    discountPriceNoPailCents: 1515,
    discountQuantity2: 24,
    discountPrice2Cents: 1300,
    discountPriceNoPail2Cents: 1435,
  };
  it("accepts a tiered line and refuses a $0 or a $100,000 bunch, saying only what is wrong", () => {
    expect(priceProblems(ok)).toEqual({});
    expect(priceProblems({ ...ok, standardPriceCents: 0, priceCents: 0, discountPriceCents: 0, discountPrice2Cents: 0 })).toEqual({ standardPriceCents: "A price must be between $0.01 and $500.00 a bunch" });
    expect(priceProblems({ ...ok, standardPriceNoPailCents: 10_000_000 })).toEqual({ standardPriceNoPailCents: "A price must be between $0.01 and $500.00 a bunch" });
  });
  it("keeps specials below standard and tiers below what they discount, tier 2 above tier 1", () => {
    expect(priceProblems({ ...ok, special: true })).toMatchObject({ priceCents: "A special price must be below the standard price" });
    expect(priceProblems({ ...ok, discountPriceCents: 1500 })).toEqual({ discountPriceCents: "A tier price may not be above the price it discounts" });
    expect(priceProblems({ ...ok, discountQuantity2: 8 })).toEqual({ discountQuantity2: "Tier 2 starts at more bunches than tier 1" });
    expect(specialPercent({ special: true, standardPriceNoPailCents: 2000, priceNoPailCents: 1700 })).toBe("15.00");
  });
});
