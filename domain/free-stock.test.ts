import { describe, expect, it } from "vitest";
import { freeStock } from "./free-stock.ts";

describe("freeStock", () => {
  it("is the stock less what is ordered and what others hold", () => {
    expect(freeStock({ stock: 60, ordered: 10, heldByOthers: 15 })).toBe(35);
    expect(freeStock({ stock: 60, ordered: 0, heldByOthers: 0 })).toBe(60);
  });

  it("is never below 0", () => {
    expect(freeStock({ stock: 10, ordered: 8, heldByOthers: 5 })).toBe(0);
    expect(freeStock({ stock: 5, ordered: 9, heldByOthers: 0 })).toBe(0);
  });

  it("is 0 while the stock is not confirmed", () => {
    expect(freeStock({ stock: null, ordered: 0, heldByOthers: 0 })).toBe(0);
  });

  it("is exactly what is left: taking it all leaves 0, one more would oversell", () => {
    const line = { stock: 40, ordered: 12, heldByOthers: 7 };
    const free = freeStock(line);
    expect(freeStock({ ...line, heldByOthers: line.heldByOthers + free })).toBe(0);
    expect(line.ordered + line.heldByOthers + free).toBe(line.stock);
  });
});
