import { describe, expect, it } from "vitest";
import { Memo } from "./memo.ts";

describe("Memo", () => {
  it("makes a value once, keeps the most recently used, and drops the least recently used first", () => {
    const memo = new Memo<string>(2);
    let made = 0;
    const make = (v: string) => () => (made++, v);
    expect(memo.getOrMake("a", make("A"))).toBe("A");
    expect(memo.getOrMake("a", make("other"))).toBe("A");
    expect(made).toBe(1);
    memo.getOrMake("b", make("B"));
    memo.get("a"); // a is now the most recently used: b goes first
    memo.getOrMake("c", make("C"));
    expect([memo.has("a"), memo.has("b"), memo.has("c")]).toEqual([true, false, true]);
    expect(memo.size).toBe(2);
  });

  it("does not keep a null, and peek leaves the order of use as it is", () => {
    const memo = new Memo<string>(2);
    expect(memo.getOrMake("none", () => null)).toBeNull();
    expect(memo.has("none")).toBe(false);
    memo.getOrMake("a", () => "A");
    memo.getOrMake("b", () => "B");
    expect(memo.peek("a")).toBe("A");
    memo.getOrMake("c", () => "C");
    expect(memo.has("a")).toBe(false);
    expect(memo.has("b")).toBe(true);
  });
});
