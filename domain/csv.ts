// CSV in and out (RFC 4180) and the spreadsheet formula guard (CSV injection, OWASP): a spreadsheet
// runs a cell starting with = + - @, a tab or a carriage return as a formula (`=HYPERLINK(..)`,
// `+1+cmd|' /C calc'!A0`, `-2+3+cmd|...`, `@SUM(..)`).
//
// Out: such a cell is written with an apostrophe in front, so the sheet shows it as text. One
// exception keeps the export's meaning: a plain decimal number ("-12.50", a credit balance) is
// written as it is, so it stays a number to sum; a plain number cannot run anything.
// In (the retailer import): a cell starting so is refused with the line and column, unless it is
// inert, made of digits, spaces and ( ) . - / only after its first sign (a phone "+1 (555) 555-0100",
// "-", "-5"): with no letter, | ! or operator after the sign, nothing can be called.

const TRIGGER = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const INERT = /^[+-][\d\s().\-/]*$/;

/** The messages for an uploaded file over its limits; `rows` names what a row of it is ("shops", "lines"). */
export function fileLimitMessages(maxBytes: number, maxRows: number, rows: string) {
  return {
    tooLarge: `The file is too large: at most ${maxBytes / 1024 / 1024} MB.`,
    tooManyRows: `The file has more than ${maxRows.toLocaleString("en-US")} ${rows}. Split it into smaller files.`,
  };
}

/** Whether a spreadsheet would read this exported text as a formula (and so it needs the apostrophe). */
export function runsAsFormula(text: string): boolean {
  return TRIGGER.test(text) && !PLAIN_NUMBER.test(text);
}

/**
 * Whether an imported cell is a formula to refuse: it starts (after any spaces or quotes a sheet
 * would skip) with = or @, starts with a tab or carriage return, or starts with + or - and is not inert.
 */
export function isFormulaCell(cell: string): boolean {
  if (/^[\t\r]/.test(cell)) return true;
  const s = cell.replace(/^[\s"']+/, "");
  if (/^[=@\t\r]/.test(s)) return true;
  return /^[+-]/.test(s) && !INERT.test(s);
}

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const safe = runsAsFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A CSV header row matched to the columns an import knows: each cell (trimmed) through `lookup`, and
 * `problem`, the unknown, missing and repeated columns in words (null when there are none). The
 * caller adds what the header should name.
 */
export function matchHeader<C extends string>(record: readonly string[], lookup: (cell: string) => C | undefined, required: readonly C[]): { columns: (C | null)[]; problem: string | null } {
  const header = record.map((h) => h.trim());
  const columns = header.map((h) => lookup(h) ?? null);
  const unknown = header.filter((_, i) => !columns[i]);
  const missing = required.filter((c) => !columns.includes(c));
  const doubled = columns.filter((c, i) => c && columns.indexOf(c) !== i);
  if (!unknown.length && !missing.length && !doubled.length) return { columns, problem: null };
  const parts = [
    unknown.length ? `unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u.slice(0, 40)}"`).join(", ")}` : "",
    missing.length ? `missing ${missing.join(", ")}` : "",
    doubled.length ? `repeated ${doubled.join(", ")}` : "",
  ].filter(Boolean);
  return { columns, problem: parts.join("; ") };
}
