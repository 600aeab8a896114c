import { describe, it, expect } from "vitest";
import { SELECTED_CUSTOMER_KEY, awaitingCustomer, chooseCustomer, userInitials, type CustomerChoiceInput } from "./customer-selection.ts";

const list = (...ids: string[]) => ids.map((customerID) => ({ customerID }));
const base: CustomerChoiceInput = {
  customers: list("A1", "B2", "C3"),
  current: null,
  remembered: null,
  roles: ["wholesaler"],
  defaultCustomerCode: "PRIDE",
};

describe("SELECTED_CUSTOMER_KEY", () => {
  it("is the SPEC local storage key", () => {
    expect(SELECTED_CUSTOMER_KEY).toBe("selectedCustomerID");
  });
});

describe("chooseCustomer", () => {
  it("keeps a current customer that is still listed", () => {
    expect(chooseCustomer({ ...base, current: "B2", remembered: "C3" })).toEqual({ kind: "current", customerId: "B2" });
    expect(chooseCustomer({ ...base, customers: list("B2"), current: "B2" })).toEqual({ kind: "current", customerId: "B2" });
  });

  it("ignores a current customer that is no longer listed", () => {
    expect(chooseCustomer({ ...base, current: "ZZ" })).toEqual({ kind: "selector" });
    expect(chooseCustomer({ ...base, customers: list("A1"), current: "ZZ" })).toEqual({ kind: "auto", customerId: "A1" });
  });

  it("uses the remembered choice among several customers when it is listed", () => {
    expect(chooseCustomer({ ...base, remembered: "C3" })).toEqual({ kind: "remembered", customerId: "C3" });
    expect(chooseCustomer({ ...base, customers: list("A1", "B2"), remembered: "A1" })).toEqual({
      kind: "remembered",
      customerId: "A1",
    });
  });

  it("shows the selector among several customers otherwise", () => {
    expect(chooseCustomer(base)).toEqual({ kind: "selector" });
    expect(chooseCustomer({ ...base, remembered: "ZZ" })).toEqual({ kind: "selector" });
    expect(chooseCustomer({ ...base, remembered: "" })).toEqual({ kind: "selector" });
    expect(chooseCustomer({ ...base, remembered: "a1" })).toEqual({ kind: "selector" }); // ids are exact codes
  });

  it("chooses the only customer automatically, ignoring a remembered one", () => {
    expect(chooseCustomer({ ...base, customers: list("A1"), remembered: "B2" })).toEqual({ kind: "auto", customerId: "A1" });
  });

  it.each([["Administrator"], ["SalesPerson"], ["salesperson"], ["Retailer", "ADMINISTRATOR"]])(
    "gives staff %j with no customers the default customer",
    (...roles) => {
      expect(chooseCustomer({ ...base, customers: [], roles })).toEqual({ kind: "default", customerId: "PRIDE" });
    },
  );

  it("keeps the default customer as current for staff with no customers", () => {
    expect(chooseCustomer({ ...base, customers: [], roles: ["Administrator"], current: "PRIDE" })).toEqual({
      kind: "current",
      customerId: "PRIDE",
    });
    expect(chooseCustomer({ ...base, customers: [], roles: ["wholesaler"], current: "PRIDE" })).toEqual({ kind: "none" });
  });

  it("gives nothing to non-staff without customers or when no default is configured", () => {
    expect(chooseCustomer({ ...base, customers: [], roles: ["Retailer"] })).toEqual({ kind: "none" });
    expect(chooseCustomer({ ...base, customers: [], roles: [] })).toEqual({ kind: "none" });
    expect(chooseCustomer({ ...base, customers: [], roles: ["Administrator"], defaultCustomerCode: null })).toEqual({
      kind: "none",
    });
    expect(chooseCustomer({ ...base, customers: [], roles: ["Administrator"], defaultCustomerCode: "" })).toEqual({
      kind: "none",
    });
  });
});

describe("userInitials", () => {
  it.each([
    ["Ada", "Lovelace", "AL"],
    ["ada", "lovelace", "AL"],
    ["  Grace ", " hopper", "GH"],
    ["Émile", "Zola", "ÉZ"],
    ["Cher", "", "C"],
    ["", "Prince", "P"],
    [null, undefined, ""],
    ["😀x", "Y", "😀Y"],
  ])("%j %j -> %j", (first, last, out) => {
    expect(userInitials(first, last)).toBe(out);
  });
});

describe("awaitingCustomer", () => {
  const c = (id: string) => ({ customerID: id });
  it("asks to choose only when there are several customers to choose from", () => {
    expect(awaitingCustomer({ customers: [c("A"), c("B")], roles: ["Customer"] }, "PRIDE")).toBe("Choose the customer you are ordering for.");
  });
  it("says the store is opening when the customer is chosen for the user", () => {
    expect(awaitingCustomer({ customers: [c("A")], roles: ["Customer"] }, "PRIDE")).toBe("Opening your store…");
    expect(awaitingCustomer({ customers: [], roles: ["SalesPerson"] }, "PRIDE")).toBe("Opening your store…");
  });
  it("tells a user with no customer why the store does not open", () => {
    expect(awaitingCustomer({ customers: [], roles: ["Customer"] }, "PRIDE")).toMatch(/^Your sign-in is not linked to a customer account yet\./);
    expect(awaitingCustomer({ customers: [], roles: ["SalesPerson"] }, null)).toMatch(/^Your sign-in is not linked/);
  });
});
