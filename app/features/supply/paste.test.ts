import { describe, expect, it } from "vitest";
import { gridCsv, isBlock, parseClipboard, placeBlock } from "./paste.ts";

describe("parseClipboard", () => {
  it("reads tab-separated rows as Excel (CRLF), Sheets (LF) and LibreOffice put them on the clipboard", () => {
    expect(parseClipboard("40\t14.50\t15.95\r\n35\t13\t14\r\n")).toEqual([
      ["40", "14.50", "15.95"],
      ["35", "13", "14"],
    ]);
    expect(parseClipboard("1\t2\n3\t4")).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
    expect(parseClipboard("7\n")).toEqual([["7"]]);
  });
  it("keeps empty cells, so a blank in the sheet stays in its column", () => {
    expect(parseClipboard("1\t\t3\r\n\t5\t\r\n")).toEqual([
      ["1", "", "3"],
      ["", "5", ""],
    ]);
  });
  it("reads quoted cells with tabs, newlines and doubled quotes inside", () => {
    expect(parseClipboard('"a\tb"\t"line 1\nline 2"\t"say ""hi"""\n2\t3\t4\n')).toEqual([
      ["a\tb", "line 1\nline 2", 'say "hi"'],
      ["2", "3", "4"],
    ]);
    // A quote that does not close a cell is an ordinary character.
    expect(parseClipboard('12" stems\t5')).toEqual([['12" stems', "5"]]);
  });
  it("drops a byte-order mark and answers nothing for an empty clipboard", () => {
    expect(parseClipboard("\uFEFF1\t2")).toEqual([["1", "2"]]);
    expect(parseClipboard("")).toEqual([]);
  });
});

describe("isBlock", () => {
  it("tells a block from a single value (a trailing newline alone is still one value)", () => {
    expect(isBlock("1\t2")).toBe(true);
    expect(isBlock("1\n2")).toBe(true);
    expect(isBlock("14.50")).toBe(false);
    expect(isBlock("14.50\r\n")).toBe(false);
  });
});

describe("placeBlock", () => {
  it("fills a 3×3 block from the focused cell and counts what falls outside the grid", () => {
    const block = parseClipboard("1\t2\t3\n4\t5\t6\n7\t8\t9\n");
    expect(placeBlock(block, { row: 0, col: 0 }, { rows: 5, cols: 7 })).toEqual({
      cells: [
        { row: 0, col: 0, value: "1" },
        { row: 0, col: 1, value: "2" },
        { row: 0, col: 2, value: "3" },
        { row: 1, col: 0, value: "4" },
        { row: 1, col: 1, value: "5" },
        { row: 1, col: 2, value: "6" },
        { row: 2, col: 0, value: "7" },
        { row: 2, col: 1, value: "8" },
        { row: 2, col: 2, value: "9" },
      ],
      outside: 0,
    });
    const edge = placeBlock(block, { row: 3, col: 5 }, { rows: 5, cols: 7 });
    expect(edge.cells.map((c) => [c.row, c.col, c.value])).toEqual([
      [3, 5, "1"],
      [3, 6, "2"],
      [4, 5, "4"],
      [4, 6, "5"],
    ]);
    expect(edge.outside).toBe(5);
  });
  it("trims the spaces a sheet may carry around a value", () => {
    expect(placeBlock([[" 1,200 "]], { row: 0, col: 0 }, { rows: 1, cols: 1 }).cells).toEqual([{ row: 0, col: 0, value: "1,200" }]);
  });
});

describe("gridCsv", () => {
  it("writes the upload's CSV with every cell quoted", () => {
    expect(gridCsv(["quantity", "price"], [{ product: "LIL-1", values: { quantity: "1,200", price: '$14.50' } }, { product: "GER-2", values: { quantity: "5" } }])).toBe(
      '"product","quantity","price"\r\n"LIL-1","1,200","$14.50"\r\n"GER-2","5",""\r\n',
    );
  });
});
