import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAGE_PATTERNS, pagePatternOf, pageViewRole, UNKNOWN_PAGE } from "./page-views.ts";

describe("pagePatternOf", () => {
  it("maps addresses to their route pattern, case-insensitively, without query or hash", () => {
    expect(pagePatternOf("/")).toBe("/");
    expect(pagePatternOf("/STORE?q=white%20lily&product=LIL-1")).toBe("/store");
    expect(pagePatternOf("/orders/100234")).toBe("/Orders/{orderNumber}");
    expect(pagePatternOf("/Orders/100234/shipdatedetail#top")).toBe("/Orders/{orderNumber}/ShipDateDetail");
    expect(pagePatternOf("/Blog/From-Farm-to-Vase")).toBe("/Blog/{slug}");
    expect(pagePatternOf("/store/")).toBe("/store");
  });

  it("prefers a fixed segment to a parameter", () => {
    expect(pagePatternOf("/Administration/Retailers/New")).toBe("/Administration/Retailers/New");
    expect(pagePatternOf("/Administration/Retailers/17")).toBe("/Administration/Retailers/{retailerId}");
    expect(pagePatternOf("/Wholesaler_Referrals/NotApproved")).toBe("/Wholesaler_Referrals/NotApproved");
  });

  it("counts any other address as one unknown page", () => {
    expect(pagePatternOf("/wp-admin/setup.php")).toBe(UNKNOWN_PAGE);
    expect(pagePatternOf("/store/checkout/extra")).toBe(UNKNOWN_PAGE);
  });

  it("only ever answers one of the known patterns", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect([...PAGE_PATTERNS, UNKNOWN_PAGE]).toContain(pagePatternOf(s));
      }),
    );
  });
});

describe("pageViewRole", () => {
  it("takes the first role of the role list the user holds", () => {
    expect(pageViewRole(undefined)).toBe("anonymous");
    expect(pageViewRole(["retailer"])).toBe("Retailer");
    expect(pageViewRole(["wholesaler", "salesperson"])).toBe("SalesPerson");
  });
});
