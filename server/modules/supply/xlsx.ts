// XLSX fresh lists (issue 25 item 3; docs/domain-supply.md), read and written with exceljs. A
// workbook's first sheet is read row by row (the streaming reader: a sheet of 200,000 rows is
// stopped at the upload's limit, never held whole), each cell turned into the text the CSV path
// reads: real date cells become 2026-12-02, numbers their plain digits, formula cells are named so
// the row is refused. Written workbooks hold values only: every text cell is a text cell in the
// Text number format, so a description beginning with =, +, - or @ is never run as a formula.
import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS } from "../../../contract/supply.ts";
import { fileLimitMessages } from "../../../domain/csv.ts";
import { fileError } from "../../errors.ts";

// exceljs and unzipper (with the zip and stream libraries they pull in) are loaded with the first
// workbook read or written, not when the server starts: they were half a second of every start.
const loadExcel = () => import("exceljs").then((m) => m.default);
const loadUnzipper = () => import("unzipper").then((m) => m.default);

export const XLSX_MESSAGES = {
  notXlsx: "This is not an XLSX file. Save the sheet as Excel Workbook (.xlsx) or CSV (UTF-8) and try again.",
  oldXls: "This is an Excel 97–2003 (.xls) file. Save it as Excel Workbook (.xlsx) or CSV (UTF-8) and try again.",
  ...fileLimitMessages(UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS, "lines"),
  empty: "The workbook's first sheet is empty. It needs a header row and at least one line.",
  unreadable: "The file could not be read as XLSX",
} as const;

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A number as the plain digits a person would type (floating noise removed: 14.499999999 → 14.5). */
function plainNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return String(Number(v.toFixed(6)));
}

/** One cell's value as text, and whether it is a formula. */
export function cellText(value: unknown): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: "", formula: false };
  if (value instanceof Date) return { text: Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10), formula: false };
  if (typeof value === "number") return { text: plainNumber(value), formula: false };
  if (typeof value === "boolean") return { text: value ? "yes" : "no", formula: false };
  if (typeof value === "string") return { text: value, formula: false };
  if (typeof value === "object") {
    const o = value as { formula?: string; sharedFormula?: string; richText?: { text: string }[]; text?: unknown; error?: string };
    if (o.formula !== undefined || o.sharedFormula !== undefined) return { text: "", formula: true };
    if (Array.isArray(o.richText)) return { text: o.richText.map((r) => r.text ?? "").join(""), formula: false };
    if (o.text !== undefined) return cellText(o.text);
    if (o.error !== undefined) return { text: String(o.error), formula: false };
  }
  return { text: String(value), formula: false };
}

/** A worksheet's entry, as exceljs's streaming reader recognises one. */
const WORKSHEET_ENTRY = /xl\/worksheets\/sheet\d+[.]xml/;

/**
 * The workbook's zip with its worksheets moved after every other entry. exceljs's streaming reader
 * parses a worksheet as it arrives only when the workbook's relations and shared strings came first;
 * otherwise it copies the sheet to a temporary file to read at the end, and a read stopped early (the
 * first sheet only, or a refusal at the row limit) never removes that file nor closes its descriptor:
 * one of each leaked per upload for the life of the process. Excel and exceljs both write their
 * worksheets before the shared strings, so every upload took that path. The local entries are moved
 * whole (header, compressed data, descriptor), their bytes unchanged; the central directory that follows
 * is not read by a streaming reader. Entries are named as the local headers name them, which is what
 * the reader goes by.
 */
async function worksheetsLast(bytes: Buffer): Promise<{ zip: Buffer; sharedStrings: boolean }> {
  const dir = await (await loadUnzipper()).Open.buffer(bytes);
  const end = dir.offsetToStartOfCentralDirectory;
  const starts = [...new Set(dir.files.map((f) => f.offsetToLocalFileHeader))].sort((a, b) => a - b);
  const entries = starts.map((start, i) => {
    const stop = starts[i + 1] ?? end;
    if (start < 0 || start + 30 > stop || stop > bytes.length) throw new Error("the zip's directory does not match its entries");
    const nameEnd = start + 30 + bytes.readUInt16LE(start + 26);
    if (nameEnd > stop) throw new Error("the zip's directory does not match its entries");
    return { name: bytes.toString("utf8", start + 30, nameEnd), bytes: bytes.subarray(start, stop) };
  });
  const sheets = entries.filter((e) => WORKSHEET_ENTRY.test(e.name));
  const names = new Set(entries.map((e) => e.name));
  if (sheets.length && !names.has("xl/_rels/workbook.xml.rels")) throw new Error("the workbook has no xl/_rels/workbook.xml.rels");
  const zip = Buffer.concat([...entries.filter((e) => !sheets.includes(e)).map((e) => e.bytes), ...sheets.map((e) => e.bytes), bytes.subarray(end)]);
  return { zip, sharedStrings: names.has("xl/sharedStrings.xml") };
}

/**
 * Rejects when the zip parser that exceljs pipes `source` into fails. An entry whose compressed data
 * is damaged fails in that parser, not in the entry's own stream that exceljs is waiting on, so the
 * read would otherwise wait for ever (the request never answered).
 */
function zipParserFailure(source: Readable): Promise<never> {
  const failed = new Promise<never>((_, reject) => {
    const pipe = source.pipe.bind(source);
    source.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }) => {
      destination.once("error", reject);
      return pipe(destination, options);
    };
  });
  failed.catch(() => {}); // a read that finished first has nothing left to fail
  return failed;
}

/**
 * Reads the first sheet of an XLSX workbook (base64) as rows of text cells, numbered as the
 * spreadsheet numbers them. Blank rows are skipped; anything wrong with the file as a whole is a 400.
 */
export async function readXlsx(base64: string): Promise<{ record: string[]; line: number; formula: boolean[] }[]> {
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > UPLOAD_MAX_BYTES) throw fileError(XLSX_MESSAGES.tooLarge);
  if (bytes.length === 0) throw fileError(XLSX_MESSAGES.empty);
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) throw fileError(XLSX_MESSAGES.oldXls);
  if (!bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) throw fileError(XLSX_MESSAGES.notXlsx);
  const rows: { record: string[]; line: number; formula: boolean[] }[] = [];
  let width = 0;
  let sheets = 0;
  let source: Readable | undefined;
  try {
    const { zip, sharedStrings } = await worksheetsLast(bytes);
    source = Readable.from(zip);
    const zipFailed = zipParserFailure(source);
    const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(source, { sharedStrings: "cache", styles: "cache", hyperlinks: "ignore", worksheets: "emit", entries: "emit" });
    // A workbook written with inline strings has no shared strings to wait for.
    if (!sharedStrings) (reader as unknown as { sharedStrings?: string[] }).sharedStrings = [];
    const readFirstSheet = async () => {
      for await (const sheet of reader) {
        sheets++;
        for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
          const values = (row.values as unknown[]).slice(1);
          const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i]));
          if (!cells.some((c) => c.text.trim() || c.formula)) continue;
          if (!rows.length) width = cells.length;
          if (rows.length > UPLOAD_MAX_ROWS) throw fileError(XLSX_MESSAGES.tooManyRows);
          const extra = cells.slice(width).findIndex((c) => c.text.trim() || c.formula);
          if (extra >= 0) throw fileError(`The file could not be read: row ${row.number} has a cell beyond the header's ${width} columns.`);
          const record = Array.from({ length: width }, (_, i) => cells[i]?.text ?? "");
          rows.push({ record, line: row.number, formula: Array.from({ length: width }, (_, i) => cells[i]?.formula ?? false) });
        }
        break;
      }
    };
    await Promise.race([readFirstSheet(), zipFailed]);
  } catch (err) {
    if (err instanceof Error && "statusCode" in err) throw err;
    const m = err instanceof Error ? err.message : "unreadable";
    throw fileError(`${XLSX_MESSAGES.unreadable}: ${m.slice(0, 200)}`);
  } finally {
    source?.destroy();
  }
  if (!sheets || !rows.length) throw fileError(XLSX_MESSAGES.empty);
  return rows;
}

export type XlsxCell = string | number | Date | null;

/**
 * A workbook of one sheet: a bold header row, then values. Text is written as text (Text number
 * format), never as a formula; dates as real date cells; amounts as numbers.
 */
export async function writeXlsx(sheetName: string, header: readonly string[], rows: XlsxCell[][], formats: Record<number, string> = {}): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  wb.creator = "Bloom supply desk";
  const ws = wb.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.addRow([...header]).font = { bold: true };
  for (const r of rows) {
    const row = ws.addRow(r.map((v) => (v === null ? null : v)));
    r.forEach((v, i) => {
      const cell = row.getCell(i + 1);
      if (typeof v === "string") cell.numFmt = "@";
      else if (v instanceof Date) cell.numFmt = "yyyy-mm-dd";
      else if (typeof v === "number" && formats[i]) cell.numFmt = formats[i]!;
    });
  }
  header.forEach((h, i) => (ws.getColumn(i + 1).width = Math.max(10, Math.min(40, h.length + 2))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
