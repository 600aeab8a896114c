import { describe, it, expect } from "vitest";
import { availabilityState, type AvailabilityInput } from "./availability.ts";

const base: AvailabilityInput = {
  quantityRemaining: 10,
  originalQuantityRemaining: 50,
  showStore: true,
  nextAvailableDate: "2026-04-02",
};

describe("availabilityState", () => {
  it("shows pre-confirmed inventory when stock remains", () => {
    expect(availabilityState(base)).toEqual({ kind: "preconfirmed", label: "10 available" });
    expect(availabilityState({ ...base, quantityRemaining: 1 })).toEqual({ kind: "preconfirmed", label: "1 available" });
    expect(availabilityState({ ...base, quantityRemaining: 3, isFinalProduct: true })).toEqual({
      kind: "preconfirmed",
      label: "3 available",
    });
  });

  it("shows pending for 0 on a line still orderable as a request", () => {
    expect(availabilityState({ ...base, quantityRemaining: 0 })).toEqual({ kind: "pending", label: "Pending" });
    expect(availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: 0 })).toEqual({
      kind: "pending",
      label: "Pending",
    });
    expect(availabilityState({ ...base, quantityRemaining: 0, isFinalProduct: false })).toEqual({
      kind: "pending",
      label: "Pending",
    });
  });

  it("shows Sold out Today for a final product whose stock today is gone", () => {
    expect(availabilityState({ ...base, quantityRemaining: 0, isFinalProduct: true })).toEqual({
      kind: "soldOutToday",
      label: "Sold out Today",
      nextAvailableDate: "2026-04-02",
    });
    expect(availabilityState({ ...base, quantityRemaining: -2, isFinalProduct: true })).toMatchObject({
      kind: "soldOutToday",
    });
  });

  it("shows Not Available for a final product that had no stock today", () => {
    expect(
      availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: 0, isFinalProduct: true }),
    ).toEqual({ kind: "notAvailable", label: "Not Available", nextAvailableDate: "2026-04-02" });
    expect(
      availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: null, isFinalProduct: true }),
    ).toMatchObject({ kind: "notAvailable" });
  });

  it("shows Not Available when the line is not shown in the store, whatever the stock", () => {
    expect(availabilityState({ ...base, showStore: false })).toEqual({
      kind: "notAvailable",
      label: "Not Available",
      nextAvailableDate: "2026-04-02",
    });
    expect(availabilityState({ ...base, showStore: false, quantityRemaining: 0 })).toMatchObject({
      kind: "notAvailable",
    });
  });

  it("shows Availability Pending when no count is known yet", () => {
    expect(availabilityState({ ...base, quantityRemaining: null })).toEqual({
      kind: "availabilityPending",
      label: "Availability Pending",
      nextAvailableDate: "2026-04-02",
    });
    expect(availabilityState({ ...base, quantityRemaining: undefined })).toMatchObject({ kind: "availabilityPending" });
    expect(availabilityState({ ...base, quantityRemaining: Number.NaN })).toMatchObject({ kind: "availabilityPending" });
  });

  it("leaves out the next available date when none is known", () => {
    for (const nextAvailableDate of [null, undefined, ""]) {
      expect(availabilityState({ ...base, showStore: false, nextAvailableDate })).toEqual({
        kind: "notAvailable",
        label: "Not Available",
      });
    }
  });

  it("never attaches a next date to the orderable states", () => {
    expect(availabilityState(base)).not.toHaveProperty("nextAvailableDate");
    expect(availabilityState({ ...base, quantityRemaining: 0 })).not.toHaveProperty("nextAvailableDate");
  });

  it("accepts a whole product object", () => {
    const product = {
      productId: "ROS-1",
      description: "Rose Red",
      quantityRemaining: 0,
      originalQuantityRemaining: 12,
      showStore: true,
      nextAvailableDate: null,
      isFinalProduct: true,
    };
    expect(availabilityState(product)).toEqual({ kind: "soldOutToday", label: "Sold out Today" });
  });
});
