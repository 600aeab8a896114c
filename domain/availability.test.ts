import { describe, it, expect } from "vitest";
import {
  availabilityState,
  firstShipDayAfter,
  isOrderable,
  isTextState,
  servableOffers,
  type AvailabilityInput,
  type AvailabilityKind,
} from "./availability.ts";

const NEXT = "2026-04-02";
const base: AvailabilityInput = {
  quantityRemaining: 10,
  originalQuantityRemaining: 50,
  showStore: true,
  nextAvailableDate: NEXT,
  isFinalProduct: false,
};

describe("availabilityState", () => {
  it("shows pre-confirmed inventory when stock remains, final or not", () => {
    expect(availabilityState(base)).toEqual({ kind: "preconfirmed", label: "10 available" });
    expect(availabilityState({ ...base, quantityRemaining: 1 })).toEqual({ kind: "preconfirmed", label: "1 available" });
    expect(availabilityState({ ...base, quantityRemaining: 3, isFinalProduct: true })).toEqual({ kind: "preconfirmed", label: "3 available" });
  });

  it("shows pending for 0 left of an ordinary product: still orderable as a request", () => {
    expect(availabilityState({ ...base, quantityRemaining: 0 })).toEqual({ kind: "pending", label: "Pending" });
    // Sold out by orders, held by other carts, or a zero count: all the same to the buyer.
    expect(availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: 0 })).toEqual({ kind: "pending", label: "Pending" });
    expect(availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: 7 })).toEqual({ kind: "pending", label: "Pending" });
    const { isFinalProduct: _, ...partial } = base;
    expect(availabilityState({ ...partial, quantityRemaining: 0 })).toEqual({ kind: "pending", label: "Pending" });
  });

  it("shows Sold out Today for a final product with nothing left, however it ran out", () => {
    // Sold out by orders (original - ordered = 0): the case that used to show 'Not Available'.
    expect(availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: 0, isFinalProduct: true })).toEqual({
      kind: "soldOutToday",
      label: "Sold out Today",
      nextAvailableDate: NEXT,
    });
    // The rest held by other carts.
    expect(availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: 4, isFinalProduct: true })).toMatchObject({ kind: "soldOutToday" });
  });

  it("shows Availability Pending while the grower has not confirmed the stock", () => {
    expect(availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: null })).toEqual({
      kind: "availabilityPending",
      label: "Availability Pending",
      nextAvailableDate: NEXT,
    });
    expect(availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: null, isFinalProduct: true })).toMatchObject({
      kind: "availabilityPending",
    });
  });

  it("shows Not Available for a product not offered for this date, whatever its numbers", () => {
    expect(availabilityState({ ...base, showStore: false })).toEqual({ kind: "notAvailable", label: "Not Available", nextAvailableDate: NEXT });
    expect(availabilityState({ ...base, showStore: false, quantityRemaining: 0, originalQuantityRemaining: null, isFinalProduct: true })).toMatchObject({
      kind: "notAvailable",
    });
  });

  it("leaves out the next available date when none is known", () => {
    for (const nextAvailableDate of [null, undefined, ""]) {
      expect(availabilityState({ ...base, showStore: false, nextAvailableDate })).toEqual({ kind: "notAvailable", label: "Not Available" });
      expect(availabilityState({ ...base, quantityRemaining: 0, originalQuantityRemaining: null, nextAvailableDate })).toEqual({
        kind: "availabilityPending",
        label: "Availability Pending",
      });
      expect(availabilityState({ ...base, quantityRemaining: 0, isFinalProduct: true, nextAvailableDate })).toEqual({
        kind: "soldOutToday",
        label: "Sold out Today",
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
      originalQuantityRemaining: 0,
      showStore: true,
      nextAvailableDate: null,
      isFinalProduct: true,
    };
    expect(availabilityState(product)).toEqual({ kind: "soldOutToday", label: "Sold out Today" });
  });

  // Every combination of the inputs against the rule written out as a table (first match wins).
  describe("every combination", () => {
    const expected = (i: Required<AvailabilityInput>): AvailabilityKind =>
      !i.showStore
        ? "notAvailable"
        : i.quantityRemaining > 0
          ? "preconfirmed"
          : i.originalQuantityRemaining === null
            ? "availabilityPending"
            : i.isFinalProduct
              ? "soldOutToday"
              : "pending";
    const cases: Required<AvailabilityInput>[] = [];
    for (const showStore of [true, false])
      for (const quantityRemaining of [0, 1, 25])
        for (const originalQuantityRemaining of [null, 0, 1, 25, 80])
          for (const isFinalProduct of [false, true])
            for (const nextAvailableDate of [null, NEXT])
              if (originalQuantityRemaining === null ? quantityRemaining === 0 : quantityRemaining <= originalQuantityRemaining)
                cases.push({ showStore, quantityRemaining, originalQuantityRemaining, isFinalProduct, nextAvailableDate });

    it.each(cases)("%o", (input) => {
      const state = availabilityState(input);
      expect(state.kind).toBe(expected(input));
      expect(state.label).toBe(
        { preconfirmed: `${input.quantityRemaining} available`, pending: "Pending", availabilityPending: "Availability Pending", soldOutToday: "Sold out Today", notAvailable: "Not Available" }[state.kind],
      );
      expect(state.nextAvailableDate).toBe(isTextState(state.kind) && input.nextAvailableDate ? input.nextAvailableDate : undefined);
      // Orderable: held stock, or a pending request of an ordinary product.
      expect(isOrderable(input)).toBe(
        state.kind === "preconfirmed" || state.kind === "pending" || (state.kind === "availabilityPending" && !input.isFinalProduct),
      );
    });

    it("reaches all five states", () => {
      expect(new Set(cases.map((c) => availabilityState(c).kind))).toEqual(
        new Set(["preconfirmed", "pending", "availabilityPending", "soldOutToday", "notAvailable"]),
      );
    });
  });
});

describe("isOrderable", () => {
  it("lets ordinary products be requested when nothing is confirmed, never final ones", () => {
    expect(isOrderable({ ...base, quantityRemaining: 0 })).toBe(true);
    expect(isOrderable({ ...base, quantityRemaining: 0, originalQuantityRemaining: null })).toBe(true);
    expect(isOrderable({ ...base, quantityRemaining: 0, originalQuantityRemaining: null, isFinalProduct: true })).toBe(false);
    expect(isOrderable({ ...base, quantityRemaining: 0, isFinalProduct: true })).toBe(false);
    expect(isOrderable({ ...base, quantityRemaining: 2, isFinalProduct: true })).toBe(true);
    expect(isOrderable({ ...base, showStore: false })).toBe(false);
  });
});

describe("firstShipDayAfter", () => {
  // 2026-03-30 is a Monday (SPEC weekday 2); Monday..Friday = 2..6.
  const weekdays = [2, 3, 4, 5, 6];

  it("starts the day after the date being viewed, inside the offer's range", () => {
    expect(firstShipDayAfter({ from: "2026-03-30", to: "2026-04-05" }, "2026-03-31", weekdays)).toBe("2026-04-01");
    expect(firstShipDayAfter({ from: "2026-04-06", to: "2026-04-12" }, "2026-03-31", weekdays)).toBe("2026-04-06");
  });

  it("skips days that are not the buyer's ship weekdays", () => {
    // Tuesdays (3) and Thursdays (5) only.
    expect(firstShipDayAfter({ from: "2026-04-06", to: "2026-04-12" }, "2026-04-01", [3, 5])).toBe("2026-04-07");
    // A Saturday start; the buyer ships Mondays only.
    expect(firstShipDayAfter({ from: "2026-04-04", to: "2026-04-12" }, "2026-04-01", [2])).toBe("2026-04-06");
    // Sundays (1) and Saturdays (7) work too.
    expect(firstShipDayAfter({ from: "2026-04-01", to: "2026-04-12" }, "2026-03-30", [1])).toBe("2026-04-05");
    expect(firstShipDayAfter({ from: "2026-04-01", to: "2026-04-12" }, "2026-03-30", [7])).toBe("2026-04-04");
  });

  it("is null when the range has no servable day", () => {
    expect(firstShipDayAfter({ from: "2026-04-04", to: "2026-04-05" }, "2026-04-01", weekdays)).toBeNull();
    expect(firstShipDayAfter({ from: "2026-03-30", to: "2026-04-03" }, "2026-04-03", weekdays)).toBeNull();
    expect(firstShipDayAfter({ from: "2026-03-30", to: "2026-04-03" }, "2026-04-10", weekdays)).toBeNull();
    expect(firstShipDayAfter({ from: "2026-03-30", to: "2026-04-30" }, "2026-03-29", [])).toBeNull();
  });

  it("crosses month and year ends", () => {
    expect(firstShipDayAfter({ from: "2026-12-28", to: "2027-01-08" }, "2026-12-31", weekdays)).toBe("2027-01-01");
    expect(firstShipDayAfter({ from: "2028-02-28", to: "2028-03-05" }, "2028-02-28", [3])).toBe("2028-02-29");
  });
});

describe("servableOffers", () => {
  const weekdays = [2, 3, 4, 5, 6];

  it("orders the later offers by the first day each can serve, leaving out those that cannot", () => {
    const offers = [
      { id: 1, from: "2026-04-13", to: "2026-04-19" },
      { id: 2, from: "2026-04-06", to: "2026-04-12" },
      // Only a weekend: cannot serve a Monday-Friday buyer.
      { id: 3, from: "2026-04-11", to: "2026-04-12" },
      // Starts before the viewed date, serves from the day after it.
      { id: 4, from: "2026-03-30", to: "2026-04-30" },
    ];
    expect(servableOffers(offers, "2026-04-01", weekdays)).toEqual([
      { offer: offers[3], date: "2026-04-02" },
      { offer: offers[1], date: "2026-04-06" },
      { offer: offers[0], date: "2026-04-13" },
    ]);
  });

  it("keeps the given order for offers that serve the same day", () => {
    const offers = [
      { id: 1, from: "2026-04-06", to: "2026-04-06" },
      { id: 2, from: "2026-04-04", to: "2026-04-12" },
      { id: 3, from: "2026-04-05", to: "2026-04-06" },
    ];
    expect(servableOffers(offers, "2026-04-01", [2]).map((o) => [o.offer.id, o.date])).toEqual([
      [1, "2026-04-06"],
      [2, "2026-04-06"],
      [3, "2026-04-06"],
    ]);
  });

  it("is empty without offers or ship weekdays", () => {
    expect(servableOffers([], "2026-04-01", [2])).toEqual([]);
    expect(servableOffers([{ from: "2026-04-06", to: "2026-04-12" }], "2026-04-01", [])).toEqual([]);
  });
});
