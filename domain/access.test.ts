import { describe, it, expect } from "vitest";
import { ROLES, canImpersonate, hasAnyRole, normalizePath, pageAccess } from "./access.ts";

const STAFF = ["Administrator", "SalesPerson"];
const STAFF_W = ["Administrator", "SalesPerson", "wholesaler"];
const ADMIN = ["Administrator"];

describe("ROLES", () => {
  it("lists the five SPEC roles with their spelling", () => {
    expect(ROLES).toEqual(["Administrator", "SalesPerson", "wholesaler", "Retailer", "MassMarket"]);
  });
});

describe("hasAnyRole", () => {
  it.each([
    [["Administrator"], ["Administrator"], true],
    [["administrator"], ["Administrator"], true],
    [["WHOLESALER"], ["Administrator", "wholesaler"], true],
    [[" SalesPerson "], ["salesperson"], true],
    [["Retailer"], ["Administrator", "SalesPerson"], false],
    [[], ["Administrator"], false],
    [[], [], true],
    [["Retailer"], [], true],
  ])("%j vs required %j -> %s", (have, required, out) => {
    expect(hasAnyRole(have, required)).toBe(out);
  });

  it("treats missing roles as none", () => {
    expect(hasAnyRole(null, ["Retailer"])).toBe(false);
    expect(hasAnyRole(undefined, [])).toBe(true);
  });
});

describe("pageAccess", () => {
  it.each([
    "/",
    "/about",
    "/faq",
    "/login",
    "/lilies",
    "/Careers",
    "/Contact",
    "/Gerbera",
    "/OurTeam",
    "/LineTest",
    "/Anthurium",
    "/LT1-COGEN",
    "/assortment",
    "/Blog",
    "/Blog/Behind-the-Blooms",
    "/blog/wedding-bouquet-perfection",
    "/lisianthus",
    "/OurProcess",
    "/OurProcessOld",
    "/MiniGerbera",
    "/Snapdragons",
    "/GrowingGreener",
    "/FlowerCare",
    "/FlowerCare/Lilies",
    "/flowercare/garden-roses",
    "/AccessibilityPolicy",
    "/InteractiveCatalogue",
    "/GreenEnergyInitiative",
    "/Unauthorized",
    "/Account/ResetPassword",
    "/account/resetpassword/",
    "/Wholesaler_Referrals/abc123",
    "/Wholesaler_Referrals/NotApproved",
    "/no-such-page",
    "/Admin/Users/extra/segments",
  ])("%s is public", (path) => {
    expect(pageAccess(path)).toEqual({ signedIn: false, roles: [] });
  });

  it.each([
    "/StoreFaq",
    "/Dashboard",
    "/store",
    "/store/checkout",
    "/Orders",
    "/Orders/100234",
    "/Orders/100234/ShipDateDetail",
    "/MM/Dashboard",
    "/MM/Store",
    "/MM/Store/checkout",
    "/MM/Orders",
    "/MM/Orders/5501",
    "/MM/Programs",
  ])("%s needs any signed-in user", (path) => {
    expect(pageAccess(path)).toEqual({ signedIn: true, roles: [] });
  });

  it.each([
    ["/Account", STAFF],
    ["/Admin/Users", STAFF],
    ["/Admin/Wholesalers", STAFF],
    ["/Admin/Wholesalers/PRIDE01", STAFF],
    ["/Admin/Wholesalers/New", STAFF],
    ["/MM/Customer/New", STAFF],
    ["/MM/Customer", STAFF],
    ["/MM/Customer/C-77", STAFF],
    ["/Invoices", STAFF_W],
    ["/Invoices/details", STAFF_W],
    ["/Administration", STAFF_W],
    ["/Administration/Users", STAFF_W],
    ["/Administration/Retailers", STAFF_W],
    ["/Administration/Retailers/New", STAFF_W],
    ["/Administration/Retailers/Import", STAFF_W],
    ["/Administration/Retailers/42", STAFF_W],
    ["/MM/Users", ADMIN],
    ["/MM/Users/u-123", ADMIN],
  ])("%s needs %j", (path, roles) => {
    expect(pageAccess(path)).toEqual({ signedIn: true, roles });
  });

  it.each([
    ["/ADMIN/USERS", STAFF],
    ["/admin/users/", STAFF],
    ["/admin//users", STAFF],
    ["/mm/users?tab=2", ADMIN],
    ["/Invoices#top", STAFF_W],
    ["/INVOICES/DETAILS/", STAFF_W],
  ])("matches %s case- and slash-insensitively", (path, roles) => {
    expect(pageAccess(path)).toEqual({ signedIn: true, roles });
  });

  it("keeps the order desk (Administration/Orders) to staff, unlike the rest of Administration", () => {
    for (const path of ["/Administration/Orders", "/administration/orders/100123"]) {
      const { roles } = pageAccess(path);
      expect(hasAnyRole(["SalesPerson"], roles)).toBe(true);
      expect(hasAnyRole(["Administrator"], roles)).toBe(true);
      expect(hasAnyRole(["wholesaler"], roles)).toBe(false);
    }
    expect(hasAnyRole(["wholesaler"], pageAccess("/Administration").roles)).toBe(true);
  });

  it("returns a copy the caller may change", () => {
    pageAccess("/MM/Users").roles.push("Retailer");
    expect(pageAccess("/MM/Users").roles).toEqual(ADMIN);
  });

  it("combines with hasAnyRole", () => {
    const { roles } = pageAccess("/administration/retailers/new");
    expect(hasAnyRole(["Wholesaler"], roles)).toBe(true);
    expect(hasAnyRole(["Retailer"], roles)).toBe(false);
    expect(hasAnyRole(["Retailer"], pageAccess("/dashboard").roles)).toBe(true);
  });
});

describe("normalizePath", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["/Store/", "/store"],
    ["//MM///Store", "/mm/store"],
    ["/Orders/ABC?x=1#y", "/orders/abc"],
  ])("%j -> %j", (input, out) => {
    expect(normalizePath(input)).toBe(out);
  });
});

describe("canImpersonate", () => {
  it.each([
    // actor, target, allowed
    [["Administrator"], ["SalesPerson"], true],
    [["Administrator"], ["wholesaler"], true],
    [["Administrator"], ["Retailer"], true],
    [["Administrator"], ["MassMarket"], true],
    [["Administrator"], [], true],
    [["Administrator"], ["Administrator"], false],
    [["Administrator"], ["SalesPerson", "administrator"], false],
    [["administrator"], ["retailer"], true],
    [["SalesPerson"], ["wholesaler"], true],
    [["SalesPerson"], ["Retailer"], true],
    [["SalesPerson"], ["MassMarket"], true],
    [["SalesPerson"], ["SalesPerson"], false],
    [["SalesPerson"], ["Administrator"], false],
    [["SalesPerson"], ["wholesaler", "SalesPerson"], false],
    [["SalesPerson"], [], false],
    [["SalesPerson", "Administrator"], ["SalesPerson"], true], // the stronger role decides
    [["wholesaler"], ["Retailer"], true],
    [["wholesaler"], ["wholesaler"], false],
    [["wholesaler"], ["Retailer", "wholesaler"], false],
    [["wholesaler"], ["MassMarket"], false],
    [["wholesaler"], ["SalesPerson"], false],
    [["Retailer"], ["Retailer"], false],
    [["MassMarket"], ["wholesaler"], false],
    [[], ["Retailer"], false],
  ])("%j -> %j: %s", (actor, target, allowed) => {
    expect(canImpersonate(actor, target)).toBe(allowed);
  });

  it("forbids nesting", () => {
    expect(canImpersonate(["Administrator"], ["Retailer"], true)).toBe(false);
    expect(canImpersonate(["SalesPerson"], ["wholesaler"], true)).toBe(false);
  });

  it("treats missing role lists as none", () => {
    expect(canImpersonate(null, ["Retailer"])).toBe(false);
    expect(canImpersonate(["Administrator"], undefined)).toBe(true);
  });
});
