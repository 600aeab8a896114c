import { describe, expect, it } from "vitest";
import type { SupplyLine } from "../../../contract/supply.ts";
import { rowKeyOf } from "./grid-columns.ts";

const lines = (ids: number[]) => ids.map((lineId) => ({ lineId }) as SupplyLine);

describe("rowKeyOf", () => {
  it("keys each row by its line's id", () => {
    const key = rowKeyOf(lines([40, 7, 12]));
    expect([0, 1, 2].map(key)).toEqual([40, 7, 12]);
  });

  it("is the same function on every render of the same lines, a new one for new lines", () => {
    const list = lines([1, 2, 3]);
    expect(rowKeyOf(list)).toBe(rowKeyOf(list));
    const saved = list.map((l) => (l.lineId === 2 ? { ...l } : l));
    expect(rowKeyOf(saved)).not.toBe(rowKeyOf(list));
    expect(rowKeyOf(saved)(1)).toBe(2);
  });
});
