import { describe, expect, it } from "vitest";
import { count, csvText, formatMoney, money } from "./format.ts";

describe("app/lib/format", () => {
  it("formats money from API dollars and from cents the same way", () => {
    expect(money(1234.5)).toBe("$1,234.50");
    expect(formatMoney(123450)).toBe(money(1234.5));
    expect(count(100015)).toBe("100,015");
  });

  it("writes CSV with CRLF lines, quoted cells where needed and formula cells made text", () => {
    expect(csvText(["line", "name", "errors"], [["2", 'Rose "Red", long', "=HYPERLINK(1)"], ["3", "-12.50", ""]])).toBe(
      'line,name,errors\r\n2,"Rose ""Red"", long",\'=HYPERLINK(1)\r\n3,-12.50,\r\n',
    );
    expect(csvText(["a"], [])).toBe("a\r\n");
  });
});
