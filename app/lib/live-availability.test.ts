import { describe, expect, it } from "vitest";
import { withAvailable } from "./live-availability.ts";

const row = (productId: string, quantityRemaining: number, offerOrderNumber = 7) => ({ productId, quantityRemaining, offerOrderNumber });

describe("withAvailable", () => {
  it("changes only the catalog's rows whose quantity changed, keeping every other row object", () => {
    const list = [row("A", 10), row("B", 5), row("C", 3), row("B", 0, 9)];
    const next = withAvailable(list, { A: 10, B: 0, Z: 4 }, 7, "quantityRemaining");
    expect(next.map((p) => p.quantityRemaining)).toEqual([10, 0, 3, 0]);
    expect(next[0]).toBe(list[0]); // same quantity: same object, no render
    expect(next[1]).not.toBe(list[1]);
    expect(next[2]).toBe(list[2]);
    expect(next[3]).toBe(list[3]); // a later offer's row of the same product is not this catalog's
  });

  it("answers the same list when nothing changed, so the query does not notify", () => {
    const list = [row("A", 10)];
    expect(withAvailable(list, { A: 10 }, 7, "quantityRemaining")).toBe(list);
    expect(withAvailable(list, { A: 2 }, 8, "quantityRemaining")).toBe(list);
  });
});
