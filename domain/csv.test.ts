import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { csvCell, csvRow } from "./csv.ts";

describe("csv", () => {
  it("quotes separators, quotes and line breaks so a parser reads the same cells back", () => {
    const cells = ["Rose, red", 'The "best"', "two\nlines", "plain", 12.5, ""];
    expect(parse(csvRow(cells), { relax_column_count: false })).toEqual([["Rose, red", 'The "best"', "two\nlines", "plain", "12.5", ""]]);
  });

  it("defuses spreadsheet formulas in text but leaves negative numbers alone", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(null)).toBe("");
  });
});
