// The fresh-list upload (issue 25 item 3; docs/domain-supply.md): a CSV of the day's lines for one
// catalog, read by csv-parse (BOM, CRLF, quoted fields), in two modes, "set" (the quantity on offer
// becomes the file's) and "add" (the file's is added). A preview writes nothing; apply re-plans the
// same file under the lines' row locks and writes every row in one transaction, or nothing at all
// when any row is refused (409 with the rows). A "set" below sold + held is refused with the numbers.
import { parse } from "csv-parse/sync";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { UPLOAD_COLUMNS, UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS, UPLOAD_REQUIRED, type UploadBody, type UploadResult, type UploadRow } from "../../../contract/supply.ts";
import { csvRow, fileLimitMessages, matchHeader } from "../../../domain/csv.ts";
import {
  nextQuantity,
  parseMoney,
  parseSheetDate,
  parseWhole,
  parseYesNo,
  quantityRefusal,
  shipDays,
  shortDate,
  type QuantityMode,
} from "../../../domain/supply.ts";
import { fileError, HttpError, notFound } from "../../errors.ts";
import { supplyDesk as catalogRepo } from "../catalog/index.ts";
import { readXlsx, writeXlsx } from "./xlsx.ts";
import { editedPrices, inTransaction, priceColumns, priceFieldProblems, pricesOf, record, type Actor, type PriceEdit } from "./service.ts";

type Column = (typeof UPLOAD_COLUMNS)[number];
type Cells = Partial<Record<Column, string>>;

export const UPLOAD_MESSAGES = {
  empty: "The file is empty. It needs a header row and at least one line.",
  binary: "This is not a CSV text file. Save the sheet as CSV (UTF-8) and try again.",
  ...fileLimitMessages(UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS, "lines"),
  noRows: "The file has a header row but no lines.",
} as const;

/** Header aliases a grower's sheet may use (lower case, spaces and underscores removed). */
const ALIASES: Record<string, Column> = {
  productid: "product",
  productcode: "product",
  code: "product",
  date: "shipDate",
  availablefrom: "shipDate",
  qty: "quantity",
  bunches: "quantity",
};

/** A cell a spreadsheet would run as a formula: =, @, or + / - not followed by a plain number. */
export function isFormula(cell: string): boolean {
  const s = cell.trimStart();
  if (/^[=@]/.test(s) || /^[\t\r]/.test(cell)) return true;
  return /^[+-]/.test(s) && !/^[+-]\s*[\d.,$]+$/.test(s);
}

export type UploadRecord = { line: number; cells: Cells; formula: Column[] };

/** Decodes and parses a CSV file; anything wrong with the file as a whole is a 400 with a clear message. */
export function readUpload(text: string): UploadRecord[] {
  if (Buffer.byteLength(text, "utf8") > UPLOAD_MAX_BYTES) throw fileError(UPLOAD_MESSAGES.tooLarge);
  if (!text.trim()) throw fileError(UPLOAD_MESSAGES.empty);
  if (text.includes("\u0000") || text.includes("\uFFFD")) throw fileError(UPLOAD_MESSAGES.binary);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false, info: true, max_record_size: 64 * 1024, to_line: UPLOAD_MAX_ROWS + 2 }) as never;
  } catch (err) {
    const m = err instanceof Error ? err.message.replace(/^Invalid Record Length: /, "") : "unreadable CSV";
    throw fileError(`The file could not be read as CSV: ${m.slice(0, 200)}`);
  }
  return fromRecords(records.map(({ record, info }) => ({ record, line: info.lines })));
}

/**
 * The rows of a sheet (CSV or XLSX, already read as text cells): the header row matched to the
 * upload's columns, then each line's cells, with the cells that are spreadsheet formulas named.
 */
export function fromRecords(records: { record: string[]; line: number; formula?: boolean[] }[]): UploadRecord[] {
  if (!records.length) throw fileError(UPLOAD_MESSAGES.empty);
  const byKey = new Map<string, Column>([...UPLOAD_COLUMNS.map((c) => [c.toLowerCase(), c] as const), ...Object.entries(ALIASES)]);
  const { columns, problem } = matchHeader(records[0]!.record, (h) => byKey.get(h.toLowerCase().replace(/[\s_]/g, "")), UPLOAD_REQUIRED);
  if (problem) {
    throw fileError(`The columns are not right (${problem}). The header row names some of: ${UPLOAD_COLUMNS.join(", ")} (product and quantity are required).`);
  }
  const body = records.slice(1);
  if (!body.length) throw fileError(UPLOAD_MESSAGES.noRows);
  if (body.length > UPLOAD_MAX_ROWS) throw fileError(UPLOAD_MESSAGES.tooManyRows);
  return body.map(({ record, line, formula: isFormulaCell }) => {
    const cells: Cells = {};
    const formula: Column[] = [];
    record.forEach((v, i) => {
      const col = columns[i]!;
      if (isFormulaCell?.[i] || isFormula(v)) formula.push(col);
      cells[col] = v.trim();
    });
    return { line, cells, formula };
  });
}

/** The file of an upload body, CSV text or an XLSX workbook, as rows. */
export async function readBody(body: UploadBody): Promise<UploadRecord[]> {
  if (body.xlsx !== undefined) return fromRecords(await readXlsx(body.xlsx));
  return readUpload(body.csv ?? "");
}

export interface Planned {
  row: UploadRow;
  /** The line to write: an insert (no id) or an update. */
  write?: { id?: number; values: catalogRepo.NewOfferLineRow };
}

const MONEY_COLUMNS = ["price", "priceNoPail", "specialPrice", "specialPriceNoPail", "tier1Price", "tier1PriceNoPail", "tier2Price", "tier2PriceNoPail"] as const;

/**
 * Plans every row against the catalog's current lines (locked ones when applying): what it adds,
 * changes or leaves, or why it is refused.
 */
export function plan(
  mode: QuantityMode,
  catalog: catalogRepo.CatalogRow,
  rows: UploadRecord[],
  productsById: Map<string, catalogRepo.ProductRow>,
  lines: Map<string, catalogRepo.LineWithProduct>,
): Planned[] {
  const seen = new Map<string, number>();
  const days = shipDays(catalog.shipDateFrom, catalog.shipDateTo);
  return rows.map(({ line, cells, formula }) => {
    const reasons: string[] = [];
    const code = (cells.product ?? "").toUpperCase();
    const p = productsById.get(code);
    const existing = lines.get(code);
    const description = p?.description ?? code;
    const refuse = (): Planned => ({
      row: { line, productId: code, description, action: "refuse", before: existing?.ol.originalQuantity ?? null, after: null, sold: existing?.ol.quantityOrdered ?? 0, held: existing?.held ?? 0, reasons },
    });
    if (formula.length) reasons.push(`Spreadsheet formulas are not allowed (${formula.join(", ")}): save the sheet with plain values`);
    if (!code) reasons.push("The product code is missing");
    else if (!/^[A-Z0-9][A-Z0-9-]{1,39}$/.test(code)) reasons.push(`"${code.slice(0, 40)}" is not a product code`);
    else if (!p) reasons.push(`There is no product ${code}`);
    else if (!p.active) reasons.push(`${p.description} is retired: bring it back on the products screen first`);
    if (code && seen.has(code)) reasons.push(`${code} is already on line ${seen.get(code)}`);
    else if (code) seen.set(code, line);
    if (cells.shipDate) {
      const d = parseSheetDate(cells.shipDate);
      if (!d) reasons.push(`"${cells.shipDate.slice(0, 20)}" is not a date`);
      else if (d < catalog.shipDateFrom || d > catalog.shipDateTo) reasons.push(`${shortDate(d)} is outside this catalog (${days})`);
    }
    const quantity = parseWhole(cells.quantity ?? "");
    if (quantity === null && !formula.includes("quantity")) reasons.push(`The quantity must be a whole number of bunches, 0 or more (not "${(cells.quantity ?? "").slice(0, 20)}")`);
    const edit: PriceEdit = {};
    for (const col of MONEY_COLUMNS) {
      const v = cells[col];
      if (v === undefined || v === "" || formula.includes(col)) continue;
      const c = parseMoney(v);
      if (c === null) reasons.push(`${col}: "${v.slice(0, 20)}" is not an amount of dollars`);
      else edit[col] = c / 100;
    }
    for (const col of ["tier1Quantity", "tier2Quantity"] as const) {
      const v = cells[col];
      if (v === undefined || v === "" || formula.includes(col)) continue;
      const n = parseWhole(v);
      if (n === null) reasons.push(`${col}: "${v.slice(0, 20)}" is not a whole number of bunches`);
      else edit[col] = n;
    }
    const flags: { special?: boolean; showStore?: boolean; isFinalProduct?: boolean } = {};
    for (const col of ["special", "showStore", "isFinalProduct"] as const) {
      const v = cells[col];
      if (v === undefined || v === "") continue;
      const b = parseYesNo(v);
      if (b === null) reasons.push(`${col}: use yes or no (not "${v.slice(0, 20)}")`);
      else flags[col] = b;
    }
    if (flags.special !== undefined) edit.special = flags.special;
    let nextAvailableDate: string | null | undefined;
    if (cells.nextAvailableDate) {
      nextAvailableDate = parseSheetDate(cells.nextAvailableDate);
      if (!nextAvailableDate) reasons.push(`nextAvailableDate: "${cells.nextAvailableDate.slice(0, 20)}" is not a date`);
    }
    if (!existing && (edit.price === undefined || edit.priceNoPail === undefined) && p) reasons.push(`${p.description} is not offered in this catalog yet: a new line needs price and priceNoPail`);
    if (reasons.length || !p || quantity === null) return refuse();

    const prices = editedPrices(existing ? pricesOf(existing.ol) : null, edit);
    for (const m of new Set(Object.entries(priceFieldProblems(prices)).map(([k, v]) => `${k}: ${v}`))) reasons.push(m);
    const before = existing?.ol.originalQuantity ?? null;
    const after = nextQuantity(mode, before, quantity);
    const committed = { sold: existing?.ol.quantityOrdered ?? 0, held: existing?.held ?? 0 };
    const why = quantityRefusal({ description: p.description, days: cells.shipDate ? shortDate(parseSheetDate(cells.shipDate)!) : days }, committed, mode, after);
    if (why) reasons.push(why);
    if (reasons.length) return refuse();

    const values: catalogRepo.NewOfferLineRow = {
      catalogId: catalog.id,
      productId: p.productId,
      originalQuantity: after,
      ...priceColumns(prices),
      showStore: flags.showStore ?? existing?.ol.showStore ?? true,
      isFinalProduct: flags.isFinalProduct ?? existing?.ol.isFinalProduct ?? false,
      nextAvailableDate: nextAvailableDate !== undefined ? nextAvailableDate : (existing?.ol.nextAvailableDate ?? null),
    };
    let action: UploadRow["action"] = "add";
    if (existing) {
      const o = existing.ol;
      const same =
        o.originalQuantity === values.originalQuantity &&
        Object.entries(priceColumns(prices)).every(([k, v]) => String(o[k as keyof typeof o]) === String(v) || (k === "discount" && Number(o.discount) === Number(v))) &&
        o.showStore === values.showStore &&
        o.isFinalProduct === values.isFinalProduct &&
        o.nextAvailableDate === values.nextAvailableDate;
      action = same ? "unchanged" : "change";
    }
    return {
      row: { line, productId: p.productId, description, action, before, after, sold: committed.sold, held: committed.held, reasons: [] },
      write: action === "unchanged" ? undefined : { id: existing?.ol.id, values },
    };
  });
}

function result(mode: QuantityMode, planned: Planned[], applied: boolean): UploadResult {
  const counts = { add: 0, change: 0, unchanged: 0, refuse: 0 };
  for (const p of planned) counts[p.row.action]++;
  return { mode, applied, counts, rows: planned.map((p) => p.row) };
}

export async function catalogOf(db: DbOrTx, catalogId: number) {
  const c = await catalogRepo.catalogById(db, catalogId);
  if (!c) throw notFound(`There is no catalog ${catalogId}.`);
  if (c.c.kind !== "wholesale") throw new HttpError(409, "Mass-market catalogs carry bouquets, which are not uploaded here yet.");
  return c.c;
}

export async function productsOf(db: DbOrTx, rows: UploadRecord[]) {
  const codes = [...new Set(rows.map((r) => (r.cells.product ?? "").toUpperCase()).filter(Boolean))];
  const map = new Map<string, catalogRepo.ProductRow>();
  for (let i = 0; i < codes.length; i += 1000) for (const p of await catalogRepo.productsByIds(db, codes.slice(i, i + 1000))) map.set(p.productId, p);
  return map;
}

export async function linesByProduct(db: DbOrTx, catalogId: number, lock: boolean, productIds: string[]) {
  const map = new Map<string, catalogRepo.LineWithProduct>();
  if (lock) {
    const ids = new Map<string, number>();
    for (let i = 0; i < productIds.length; i += 1000) for (const [k, v] of await catalogRepo.lineIdsOfProducts(db, catalogId, productIds.slice(i, i + 1000))) ids.set(k, v);
    for (const r of (await catalogRepo.lockLines(db, catalogId, [...ids.values()])).values()) map.set(r.ol.productId, r);
  } else {
    for (const r of await catalogRepo.catalogLines(db, catalogId)) map.set(r.ol.productId, r);
  }
  return map;
}

/** What the file would do, row by row. Writes nothing. */
export async function previewUpload(db: Db, catalogId: number, body: UploadBody): Promise<UploadResult> {
  const catalog = await catalogOf(db, catalogId);
  const rows = await readBody(body);
  const productsById = await productsOf(db, rows);
  const lines = await linesByProduct(db, catalogId, false, [...productsById.keys()]);
  return result(body.mode, plan(body.mode, catalog, rows, productsById, lines), false);
}

/**
 * Applies the file in one transaction: the lines it names are locked first (so no buyer can hold or
 * order between the check and the write), every row is planned again, and when any row is refused
 * nothing is written (409, the rows in `data`). One audit entry lists every line's before and after.
 */
export async function applyUpload(db: Db, actor: Actor, catalogId: number, body: UploadBody): Promise<UploadResult> {
  const rows = await readBody(body);
  return inTransaction(db, async (tx) => {
    const catalog = await catalogOf(tx, catalogId);
    const productsById = await productsOf(tx, rows);
    const lines = await linesByProduct(tx, catalogId, true, [...productsById.keys()]);
    const planned = plan(body.mode, catalog, rows, productsById, lines);
    const outcome = result(body.mode, planned, false);
    if (outcome.counts.refuse) {
      const n = outcome.counts.refuse;
      throw new HttpError(409, `${n} row${n > 1 ? "s are" : " is"} refused: nothing was changed. Correct ${n > 1 ? "them" : "it"} and upload again.`, undefined, outcome);
    }
    const inserts = planned.filter((p) => p.write && p.write.id === undefined).map((p) => ({ ...p.write!.values, quantityOrdered: 0 }));
    const updates = planned.filter((p) => p.write?.id !== undefined).map((p) => ({ id: p.write!.id!, set: p.write!.values }));
    await catalogRepo.insertLines(tx, inserts);
    await catalogRepo.updateLines(tx, updates);
    const changed = planned.filter((p) => p.row.action === "add" || p.row.action === "change");
    await record(tx, actor, "supply.upload", {
      catalogId,
      orderId: catalog.orderId,
      mode: body.mode,
      summary: `${body.mode === "set" ? "Set" : "Added"} ${changed.length} line${changed.length === 1 ? "" : "s"} of ${shipDays(catalog.shipDateFrom, catalog.shipDateTo)} from a file (${outcome.counts.add} new, ${outcome.counts.change} changed)`,
      lines: changed.slice(0, 5000).map((p) => ({ productId: p.row.productId, before: p.row.before, after: p.row.after })),
    });
    return { ...outcome, applied: true };
  });
}

/** One row as the planner reads it: cells as a sheet would hold them (the API builds them from JSON). */
export type PlanRow = ReturnType<typeof readUpload>[number];

/**
 * The integration API's availability write (issue 28): rows built from JSON lines instead of a
 * file, planned by the same rules (plan) under the same row locks, in the caller's transaction.
 * Unlike a file, refused rows do not stop the others: they are returned with their reasons and the
 * rest is written, with one audit entry. Returns every row's outcome, in order.
 */
export async function applyRows(tx: DbOrTx, actor: Actor, catalogId: number, mode: QuantityMode, rows: PlanRow[]): Promise<UploadRow[]> {
  const catalog = await catalogOf(tx, catalogId);
  const productsById = await productsOf(tx, rows);
  const lines = await linesByProduct(tx, catalogId, true, [...productsById.keys()]);
  const planned = plan(mode, catalog, rows, productsById, lines);
  const inserts = planned.filter((p) => p.write && p.write.id === undefined).map((p) => ({ ...p.write!.values, quantityOrdered: 0 }));
  const updates = planned.filter((p) => p.write?.id !== undefined).map((p) => ({ id: p.write!.id!, set: p.write!.values }));
  await catalogRepo.insertLines(tx, inserts);
  await catalogRepo.updateLines(tx, updates);
  const changed = planned.filter((p) => p.row.action === "add" || p.row.action === "change");
  if (changed.length) {
    await record(tx, actor, "supply.api.availability", {
      catalogId,
      orderId: catalog.orderId,
      mode,
      summary: `${mode === "set" ? "Set" : "Added"} ${changed.length} line${changed.length === 1 ? "" : "s"} of ${shipDays(catalog.shipDateFrom, catalog.shipDateTo)} through the API`,
      lines: changed.slice(0, 5000).map((p) => ({ productId: p.row.productId, before: p.row.before, after: p.row.after })),
    });
  }
  return planned.map((p) => p.row);
}

type Cell = string | number | null;
const EXTRA_COLUMNS = ["description", "sold", "held"] as const;

/** The sample's rows: one new line with tiers, one "set" with a special (amounts as numbers). */
const SAMPLE_ROWS: Cell[][] = [
  ["LIL-ASI-NAV-70", null, 40, 14.5, 15.95, "no", null, null, 8, 13.75, 15.15, 24, 13.0, 14.35, "yes", "no", null],
  ["GER-STD-RED", null, 1200, 9.0, 9.9, "yes", 8.1, 8.9, null, null, null, null, null, null, null, null, null],
];
const MONEY_AT = new Set(UPLOAD_COLUMNS.flatMap((c, i) => ((MONEY_COLUMNS as readonly string[]).includes(c) ? [i] : [])));

/** The sample file: the columns with two example rows (one new line with tiers, one "set"). */
export function sampleCsv(): string {
  return csvRow([...UPLOAD_COLUMNS]) + SAMPLE_ROWS.map((r) => csvRow(r.map((v, i) => (v === null ? "" : typeof v === "number" ? (MONEY_AT.has(i) ? v.toFixed(2) : v.toLocaleString("en-US")) : v)))).join("");
}

/** The same sample as an XLSX workbook: amounts are number cells, the ship date column a date column. */
export function sampleXlsx(): Promise<Buffer> {
  return writeXlsx("Fresh list", UPLOAD_COLUMNS, SAMPLE_ROWS, moneyFormats());
}

function moneyFormats(): Record<number, string> {
  return Object.fromEntries([...MONEY_AT].map((i) => [i, "0.00"]));
}

/** A catalog's lines as rows in the upload's columns, then description, sold and held. */
async function lineRows(db: DbOrTx, catalogId: number): Promise<Cell[][]> {
  await catalogOf(db, catalogId);
  const rows = await catalogRepo.catalogLines(db, catalogId);
  const money = (c: number) => c / 100;
  const yes = (b: boolean) => (b ? "yes" : "no");
  return rows.map(({ ol, p, held }) => [
    ol.productId,
    null,
    ol.originalQuantity,
    money(ol.standardPriceCents),
    money(ol.standardPriceNoPailCents),
    yes(ol.special),
    ol.special ? money(ol.priceCents) : null,
    ol.special ? money(ol.priceNoPailCents) : null,
    ol.discountQuantity || null,
    ol.discountQuantity ? money(ol.discountPriceCents) : null,
    ol.discountQuantity ? money(ol.discountPriceNoPailCents) : null,
    ol.discountQuantity2 || null,
    ol.discountQuantity2 ? money(ol.discountPrice2Cents) : null,
    ol.discountQuantity2 ? money(ol.discountPriceNoPail2Cents) : null,
    yes(ol.showStore),
    yes(ol.isFinalProduct),
    ol.nextAvailableDate ?? null,
    p.description,
    ol.quantityOrdered,
    held,
  ]);
}

/** A catalog's lines as CSV in the upload's columns (text cells that look like formulas are quoted as text). */
export async function linesCsv(db: DbOrTx, catalogId: number): Promise<string> {
  const rows = await lineRows(db, catalogId);
  return csvRow([...UPLOAD_COLUMNS, ...EXTRA_COLUMNS]) + rows.map((r) => csvRow(r.map((v, i) => (v === null ? "" : typeof v === "number" && MONEY_AT.has(i) ? v.toFixed(2) : v)))).join("");
}

/**
 * A catalog's lines as an XLSX workbook in the same columns: amounts and quantities are number
 * cells, the next available date a date cell, every text a text cell (never a formula).
 */
export async function linesXlsx(db: DbOrTx, catalogId: number): Promise<Buffer> {
  const rows = await lineRows(db, catalogId);
  const nextAt = UPLOAD_COLUMNS.indexOf("nextAvailableDate");
  const cells = rows.map((r) => r.map((v, i) => (i === nextAt && typeof v === "string" ? new Date(`${v}T00:00:00Z`) : v)));
  return writeXlsx("Lines", [...UPLOAD_COLUMNS, ...EXTRA_COLUMNS], cells, moneyFormats());
}
