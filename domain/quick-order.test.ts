import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVALID_QUANTITY_MESSAGE } from "./constants.ts";
import { mergeQuickOrderLines, parseQuickOrder, QUICK_ORDER_MAX_LINES } from "./quick-order.ts";

describe("parseQuickOrder", () => {
  it("reads code and quantity with any of the separators, a header, blank lines and spaces", () => {
    const text = "code,quantity\n\nLIL-ORI-1001, 10\r\n  ant-bur-1012;4\nGER-MIX-2000\t25\n SNP-WHT-3 7 \n# a comment\n";
    const parsed = parseQuickOrder(text);
    expect(parsed.header).toBe(true);
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines).toEqual([
      { line: 3, code: "LIL-ORI-1001", quantity: 10 },
      { line: 4, code: "ANT-BUR-1012", quantity: 4 },
      { line: 5, code: "GER-MIX-2000", quantity: 25 },
      { line: 6, code: "SNP-WHT-3", quantity: 7 },
    ]);
  });

  it("accepts quoted CSV cells, a byte-order mark and header words in other cases", () => {
    const parsed = parseQuickOrder('\uFEFF"Product";"Qty"\n"LIL-1";"3"\n');
    expect(parsed.header).toBe(true);
    expect(parsed.lines).toEqual([{ line: 2, code: "LIL-1", quantity: 3 }]);
  });

  it("flags bad quantities and codes with a message naming the line's product", () => {
    const parsed = parseQuickOrder("LIL-1,0\nLIL-2,abc\nLIL-3,2.5\nLIL-4\n$$$,4\nLIL-5,-3\nLIL-6,100000\nLIL-7,2,extra\n");
    expect(parsed.lines).toEqual([]);
    expect(parsed.problems.map((p) => p.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parsed.problems[0]!.message).toContain(INVALID_QUANTITY_MESSAGE);
    expect(parsed.problems[1]!.message).toBe(`Quantity "abc" for LIL-2: ${INVALID_QUANTITY_MESSAGE} (whole bunches, 1 to 99,999).`);
    expect(parsed.problems[3]!.message).toBe(`No quantity for LIL-4. ${INVALID_QUANTITY_MESSAGE}`);
    expect(parsed.problems[4]!.message).toBe('"$$$" is not a product code.');
    expect(parsed.problems[7]!.message).toMatch(/More than two columns/);
  });

  it("a first line that is data is not taken for a header", () => {
    expect(parseQuickOrder("LIL-1,5\ncode,quantity").header).toBe(false);
    expect(parseQuickOrder("LIL-1,5").lines).toHaveLength(1);
  });

  it("refuses more lines than it takes, as a whole", () => {
    const text = Array.from({ length: QUICK_ORDER_MAX_LINES + 1 }, (_, i) => `P-${i},1`).join("\n");
    const parsed = parseQuickOrder(text);
    expect(parsed.lines).toEqual([]);
    expect(parsed.problems[0]!.message).toMatch(/Too many lines/);
  });

  it("merges repeated codes, adding their quantities", () => {
    const parsed = parseQuickOrder("A-1,2\nB-1,1\na-1,3");
    expect(mergeQuickOrderLines(parsed.lines)).toEqual([
      { line: 1, code: "A-1", quantity: 5, lines: [1, 3] },
      { line: 2, code: "B-1", quantity: 1, lines: [2] },
    ]);
  });
});

describe("parseQuickOrder properties", () => {
  const code = fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,11}$/).filter((c) => !/^(PRODUCT|CODE|ITEM|SKU|ARTICLE)$/.test(c));
  const entry = fc.record({ code, quantity: fc.integer({ min: 1, max: 99_999 }) });
  const separator = fc.constantFrom(",", ";", "\t", " ", ", ", " ; ");
  const pad = fc.constantFrom("", " ", "  ", "\t");

  it("finds exactly the lines written, whatever the separators, padding, blank lines and header", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(entry, separator, pad, pad, fc.boolean()), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.constantFrom("\n", "\r\n"),
        (rows, withHeader, eol) => {
          const text = [
            ...(withHeader ? ["code,quantity"] : []),
            ...rows.flatMap(([e, sep, before, after, blankAfter]) => [`${before}${e.code}${sep}${e.quantity}${after}`, ...(blankAfter ? [""] : [])]),
          ].join(eol);
          const parsed = parseQuickOrder(text);
          expect(parsed.problems).toEqual([]);
          expect(parsed.header).toBe(withHeader);
          expect(parsed.lines.map(({ code: c, quantity }) => ({ code: c, quantity }))).toEqual(rows.map(([e]) => e));
        },
      ),
    );
  });

  it("never throws, and accounts for every non-blank line once: a line, a problem or the header", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const parsed = parseQuickOrder(text);
        const filled = text
          .replace(/^\uFEFF/, "")
          .split(/\r\n|\r|\n/)
          .filter((r) => r.trim() !== "" && !r.trim().startsWith("#")).length;
        expect(parsed.lines.length + parsed.problems.length + (parsed.header ? 1 : 0)).toBe(filled);
        for (const l of parsed.lines) expect(Number.isInteger(l.quantity) && l.quantity > 0).toBe(true);
      }),
    );
  });
});
