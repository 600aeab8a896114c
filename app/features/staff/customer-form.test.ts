import { describe, expect, it } from "vitest";
import { CustomerCreateBody, CustomerUpdateBody } from "../../../contract/administration.ts";
import { REQUIRED_MESSAGE } from "../../../domain/constants.ts";
import { customerBody } from "./customer-form.tsx";

// The form's values as Conform reads them: text as typed, "on" for a ticked box, a list for a name given twice.
const values = {
  companyName: "Bloom & Co",
  email: "",
  phone: "555",
  address: "",
  city: "Albany",
  state: "",
  zip: "",
  alwaysBoxed: "on",
  active: "on",
  cutoff: { d6: "09:30", d2: "14:00" },
  discountPercent: "5",
  catalogIds: ["3", "7"],
};

describe("customerBody", () => {
  it("makes the body the contract checks: ship days in weekday order, boxes as booleans, numbers as numbers", () => {
    const body = customerBody(values);
    expect(body).toMatchObject({ alwaysBoxed: true, referralApproved: false, active: true, discountPercent: 5, catalogIds: [3, 7] });
    expect(body.shipTimes).toEqual([
      { weekday: 2, cutoffShipTime: "14:00" },
      { weekday: 6, cutoffShipTime: "09:30" },
    ]);
    expect(CustomerUpdateBody.safeParse(body).success).toBe(true);
    expect(body).not.toHaveProperty("customerId");
  });

  it("adds the code and kind for a new customer, and the contract's messages name what is wrong", () => {
    const body = customerBody({ ...values, customerId: "", discountPercent: "half" }, { kind: "wholesale" });
    expect(body).toMatchObject({ customerId: "", kind: "wholesale" });
    const result = CustomerCreateBody.safeParse(body);
    // The first message of each field, as the form shows it.
    const messages: Record<string, string> = {};
    for (const i of result.error?.issues ?? []) messages[i.path.join(".")] ??= i.message;
    expect(messages.customerId).toBe(REQUIRED_MESSAGE);
    expect(messages.discountPercent).toBe("Only whole numbers are allowed");
  });
});
