import { describe, expect, it } from "vitest";
import { isMassMarketOnly, landingPath } from "./landing.ts";

describe("landingPath", () => {
  it("sends staff to the order desk, mass-market buyers to the MM dashboard and other buyers to the store dashboard", () => {
    expect(landingPath({ roles: ["Administrator"] }, null)).toBe("/Administration/Orders");
    expect(landingPath({ roles: ["salesperson"] }, null)).toBe("/Administration/Orders");
    expect(landingPath({ roles: ["SalesPerson"] }, "/Invoices")).toBe("/Invoices");
    expect(landingPath({ roles: ["MassMarket"] }, null)).toBe("/MM/Dashboard");
    expect(landingPath({ roles: ["massmarket"] }, null)).toBe("/MM/Dashboard");
    expect(landingPath({ roles: ["wholesaler"] }, null)).toBe("/Dashboard");
    expect(landingPath({ roles: ["Retailer"] }, null)).toBe("/Dashboard");
    expect(landingPath({ roles: ["Administrator", "MassMarket"] }, null)).toBe("/Administration/Orders");
  });

  it("honours a same-site returnTo and ignores anything that could leave the site", () => {
    expect(landingPath({ roles: ["wholesaler"] }, "/Orders?page=2")).toBe("/Orders?page=2");
    expect(landingPath({ roles: ["wholesaler"] }, "//evil.example/x")).toBe("/Dashboard");
    expect(landingPath({ roles: ["wholesaler"] }, "https://evil.example")).toBe("/Dashboard");
    expect(landingPath({ roles: ["wholesaler"] }, "")).toBe("/Dashboard");
    // Browsers read a backslash as a slash: "/\evil.example" is "//evil.example".
    expect(landingPath({ roles: ["wholesaler"] }, "/\\evil.example")).toBe("/Dashboard");
    expect(landingPath({ roles: ["wholesaler"] }, "/Orders\\x")).toBe("/Dashboard");
    expect(landingPath({ roles: ["wholesaler"] }, "/\tevil")).toBe("/Dashboard");
  });

  it("calls only a MassMarket user without another role a supermarket buyer (sent from /store to /MM/Store)", () => {
    expect(isMassMarketOnly({ roles: ["MassMarket"] })).toBe(true);
    expect(isMassMarketOnly({ roles: ["massmarket"] })).toBe(true);
    expect(isMassMarketOnly({ roles: ["MassMarket", "SalesPerson"] })).toBe(false);
    expect(isMassMarketOnly({ roles: ["wholesaler"] })).toBe(false);
    expect(isMassMarketOnly({ roles: [] })).toBe(false);
  });
});
