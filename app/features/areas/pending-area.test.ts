import { describe, expect, it } from "vitest";
import { isRouteErrorResponse } from "react-router";
import { AREA_HANDLES, validateAreaParams } from "./pending-area.tsx";

function statusOf(fn: () => void): number | null {
  try {
    fn();
    return null;
  } catch (e) {
    // `data(...)` throws a DataWithResponseInit; React Router turns it into a route error response.
    const init = (e as { init?: { status?: number } }).init;
    return isRouteErrorResponse(e) ? e.status : (init?.status ?? -1);
  }
}

describe("validateAreaParams (SPEC §2 route validator failure → 404)", () => {
  it("accepts well-formed parameters", () => {
    expect(statusOf(() => validateAreaParams({ orderNumber: "100123" }))).toBeNull();
    expect(statusOf(() => validateAreaParams({ retailerId: "42" }))).toBeNull();
    expect(statusOf(() => validateAreaParams({ customerId: "BLMWH" }))).toBeNull();
    expect(statusOf(() => validateAreaParams({ userID: "6f1c2b9e-2a4d-4c1e-9d7a-0b8e1f2a3c4d" }))).toBeNull();
    expect(statusOf(() => validateAreaParams({}))).toBeNull();
  });

  it("answers 404 for malformed ones", () => {
    expect(statusOf(() => validateAreaParams({ orderNumber: "abc" }))).toBe(404);
    expect(statusOf(() => validateAreaParams({ orderNumber: "0" }))).toBe(404);
    expect(statusOf(() => validateAreaParams({ retailerId: "-1" }))).toBe(404);
    expect(statusOf(() => validateAreaParams({ retailerId: "1.5" }))).toBe(404);
    expect(statusOf(() => validateAreaParams({ customerId: "<script>" }))).toBe(404);
    expect(statusOf(() => validateAreaParams({ userID: "a".repeat(41) }))).toBe(404);
  });
});

describe("AREA_HANDLES (SPEC §2 headers)", () => {
  it("carries the spec's header texts and back links", () => {
    expect(AREA_HANDLES["mm-checkout"]).toEqual({ header: "Continue Shopping", back: "/MM/store" });
    expect(AREA_HANDLES.account).toEqual({ header: "Administration", back: true });
    expect(AREA_HANDLES["administration-retailer"]!.header).toBe("Retailers List");
    expect(AREA_HANDLES["admin-wholesaler"]!.header).toBe("Wholesalers");
    expect(AREA_HANDLES["mm-order"]!.header).toBe("Order History");
    expect(AREA_HANDLES["mm-user"]!.header).toBe("User List");
    expect(AREA_HANDLES["mm-customer"]!.header).toBe("Customers");
  });
});
