import { describe, expect, it } from "vitest";
import { boxFill, ordinal } from "./box-fill.ts";

describe("boxFill", () => {
  it("says full boxes and the part of the next one in eighths (issue 29's '2 full boxes and 3/8 of a third')", () => {
    // 19 bunches of a product 8 to a box: 2 boxes and 3/8.
    expect(boxFill([{ quantity: 19, bunchesPerBox: 8 }])).toEqual({
      full: 2,
      eighths: 3,
      text: "2 full boxes and 3/8 of a third",
      hint: "Your third box is only 3/8 full: add flowers to fill it at no extra box cost.",
    });
  });

  it("mixes products by the share of a box each bunch takes, and reduces the fraction", () => {
    // 6 of 12 a box (1/2) and 5 of 20 a box (1/4): 3/4 of a box.
    expect(boxFill([{ quantity: 6, bunchesPerBox: 12 }, { quantity: 5, bunchesPerBox: 20 }])?.text).toBe("3/4 of a box");
    expect(boxFill([{ quantity: 12, bunchesPerBox: 12 }, { quantity: 6, bunchesPerBox: 12 }])?.text).toBe("1 full box and 1/2 of a second");
  });

  it("has no hint when every box is full, and counts a single bunch as at least 1/8", () => {
    expect(boxFill([{ quantity: 16, bunchesPerBox: 8 }])).toMatchObject({ full: 2, eighths: 0, text: "2 full boxes", hint: null });
    expect(boxFill([{ quantity: 1, bunchesPerBox: 100 }])?.text).toBe("1/8 of a box");
  });

  it("leaves out lines without a box size, and is null when none has one", () => {
    expect(boxFill([{ quantity: 5, bunchesPerBox: null }, { quantity: 4, bunchesPerBox: 8 }])?.text).toBe("1/2 of a box");
    expect(boxFill([{ quantity: 5, bunchesPerBox: null }, { quantity: 3, bunchesPerBox: 0 }])).toBeNull();
    expect(boxFill([])).toBeNull();
  });

  it("formats large counts with separators", () => {
    expect(boxFill([{ quantity: 99_999, bunchesPerBox: 8 }])?.text).toBe("12,499 full boxes and 7/8 of a 12,500th");
  });
});

describe("ordinal", () => {
  it("spells the first twelve and suffixes the rest", () => {
    expect([1, 2, 3, 12].map(ordinal)).toEqual(["first", "second", "third", "twelfth"]);
    expect([13, 21, 22, 23, 111, 112].map(ordinal)).toEqual(["13th", "21st", "22nd", "23rd", "111th", "112th"]);
  });
});
