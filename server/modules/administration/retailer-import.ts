import { isUtf8 } from "node:buffer";
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse } from "csv-parse";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_REQUIRED, RetailerCode, type ImportResult, type ImportRow } from "../../../contract/administration.ts";
import { Email } from "../../../contract/common.ts";
import { fileLimitMessages, isFormulaCell, matchHeader } from "../../../domain/csv.ts";
import { fileError, HttpError } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { audit } from "../audit/index.ts";
import { customerScope } from "./service.ts";
import * as buyers from "../buyers/index.ts";
import * as repo from "./repo.ts";

/**
 * Retailer CSV import (SPEC §2 /Administration/Retailers/Import): a header row with the columns of
 * IMPORT_COLUMNS (any order, optional ones may be left out), one shop per line, upserted by `code`.
 * pickupDays lists weekday numbers Monday 2 .. Friday 6 ("2 4 6"); wholesalers lists customer codes
 * ("BLMWH;GRNST"). A preview writes nothing; the confirm writes every valid row in one transaction.
 */

export const IMPORT_MESSAGES = {
  empty: "The file is empty. It needs a header row and at least one shop.",
  binary: "This is not a CSV text file. Export the sheet as CSV (UTF-8) and try again.",
  ...fileLimitMessages(IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, "shops"),
  noRows: "The file has a header row but no shops.",
} as const;

type Column = (typeof IMPORT_COLUMNS)[number];
type Cells = Partial<Record<Column, string>>;

/** A cell a spreadsheet would run as a formula (CSV injection, OWASP): see domain/csv.ts. */
export const isFormula = isFormulaCell;

/** Bytes handed to the parser at a time, and shops validated, between turns of the event loop. */
const FEED_BYTES = 16 * 1024;
const ROWS_PER_TURN = 500;

/** The header row's columns, or a 400 naming what is unknown, missing or repeated. */
function columnsOf(record: string[]): Column[] {
  const byLower = new Map(IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const { columns, problem } = matchHeader(record, (h) => byLower.get(h.toLowerCase()), IMPORT_REQUIRED);
  if (problem) throw fileError(`The columns are not right (${problem}). The header row must name these columns: ${IMPORT_COLUMNS.join(", ")}.`);
  return columns as Column[];
}

/** The file's bytes, a slice at a time, the event loop turning between slices. */
async function* slices(bytes: Buffer) {
  for (let i = 0; i < bytes.length; i += FEED_BYTES) {
    yield bytes.subarray(i, i + FEED_BYTES);
    await nextTurn();
  }
}

/**
 * Checks and parses the file; anything wrong with the file as a whole is a 400 with a clear message.
 * The parse streams (csv-parse's stream API, 16 KB at a time) and stops as soon as the file passes
 * IMPORT_MAX_ROWS shops; the event loop turns between slices and every ROWS_PER_TURN shops, so a
 * large file never holds the instance (issue 23 item 4).
 */
export async function readCsv(bytes: Buffer): Promise<{ line: number; cells: Cells }[]> {
  if (bytes.length > IMPORT_MAX_BYTES) throw fileError(IMPORT_MESSAGES.tooLarge);
  if (!bytes.length) throw fileError(IMPORT_MESSAGES.empty);
  if (bytes.includes(0) || !isUtf8(bytes)) throw fileError(IMPORT_MESSAGES.binary);
  const source = Readable.from(slices(bytes));
  // `to`: the parser itself stops one record past the limit (the header and IMPORT_MAX_ROWS + 1 shops).
  const parser = source.pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: false, info: true, max_record_size: 64 * 1024, to: IMPORT_MAX_ROWS + 2 }));
  let columns: Column[] | null = null;
  const rows: { line: number; cells: Cells }[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        columns = columnsOf(record);
        continue;
      }
      if (rows.length === IMPORT_MAX_ROWS) throw fileError(IMPORT_MESSAGES.tooManyRows);
      const cells: Cells = {};
      record.forEach((v, i) => {
        const col = columns![i]!;
        if (isFormulaCell(v)) {
          throw fileError(`Spreadsheet formulas are not allowed (line ${info.lines}, column ${col}). Save the sheet with plain values and import it again; nothing was imported.`);
        }
        cells[col] = v.trim();
      });
      rows.push({ line: info.lines, cells });
      if (rows.length % ROWS_PER_TURN === 0) await nextTurn();
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const m = err instanceof Error ? err.message.replace(/^Invalid Record Length: /, "") : "unreadable CSV";
    throw fileError(`The file could not be read as CSV: ${m.slice(0, 200)}`);
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (!columns) throw fileError(IMPORT_MESSAGES.empty);
  if (!rows.length) throw fileError(IMPORT_MESSAGES.noRows);
  return rows;
}

const PICKUP = ["pickupMonday", "pickupTuesday", "pickupWednesday", "pickupThursday", "pickupFriday"] as const;
const YES = new Set(["", "true", "yes", "y", "1", "active"]);
const NO = new Set(["false", "no", "n", "0", "inactive"]);

interface Planned {
  line: number;
  values: buyers.RetailerValues & { code: string };
  customerIds: string[];
  errors: Record<string, string>;
  existing: { retailerId: number; values: buyers.RetailerValues; customerIds: string[] } | null;
  action: ImportRow["action"];
}

function validateRow(cells: Cells, known: Set<string>, scope: string[] | null) {
  const errors: Record<string, string> = {};
  const text = (c: Column, max: number) => {
    const v = cells[c] ?? "";
    if (v.length > max) errors[c] = `Maximum ${max} characters`;
    return v === "" ? null : v;
  };
  const code = cells.code ?? "";
  if (!code) errors.code = "This field is required";
  else if (!RetailerCode.safeParse(code).success) errors.code = code.length > 40 ? "Maximum 40 characters" : "Invalid format";
  const name = cells.name ?? "";
  if (!name) errors.name = "This field is required";
  else if (name.length > 120) errors.name = "Maximum 120 characters";
  const email = cells.email ?? "";
  if (email && !Email.safeParse(email).success) errors.email = "Please enter a valid email";
  const days = new Set<number>();
  for (const part of (cells.pickupDays ?? "").split(/[\s;,|]+/).filter(Boolean)) {
    const n = Number(part);
    if (!Number.isInteger(n) || n < 2 || n > 6) errors.pickupDays = "Pickup days are weekday numbers from 2 (Monday) to 6 (Friday), e.g. 2 4 6";
    else days.add(n);
  }
  const customerIds = [...new Set((cells.wholesalers ?? "").split(/[\s;,|]+/).filter(Boolean))];
  if (!customerIds.length) errors.wholesalers = "This field is required";
  const unknown = customerIds.filter((c) => !known.has(c));
  if (unknown.length) errors.wholesalers = `Unknown wholesaler: ${unknown.join(", ")}`;
  else if (scope && customerIds.some((c) => !scope.includes(c))) errors.wholesalers = "You can only import shops buying through your own customers";
  const active = (cells.active ?? "").toLowerCase();
  if (!YES.has(active) && !NO.has(active)) errors.active = "Use true or false";
  const values = {
    code,
    name,
    contactName: text("contactName", 120),
    email: email || null,
    phone: text("phone", 40),
    address: text("address", 200),
    city: text("city", 80),
    state: text("state", 40),
    zip: text("zip", 20),
    pickupMonday: days.has(2),
    pickupTuesday: days.has(3),
    pickupWednesday: days.has(4),
    pickupThursday: days.has(5),
    pickupFriday: days.has(6),
    active: !NO.has(active),
  };
  return { values, customerIds: customerIds.sort(), errors };
}

const COMPARED = ["name", "contactName", "email", "phone", "address", "city", "state", "zip", ...PICKUP, "active"] as const;

async function plan(db: DbOrTx, scope: string[] | null, rows: { line: number; cells: Cells }[]): Promise<Planned[]> {
  const codes = [...new Set(rows.map((r) => (r.cells.code ?? "").toLowerCase()).filter(Boolean))];
  const named = [...new Set(rows.flatMap((r) => (r.cells.wholesalers ?? "").split(/[\s;,|]+/).filter(Boolean)))];
  const known = new Set<string>();
  // The event loop turns after each statement: on the embedded database a statement runs on it.
  for (let i = 0; i < named.length; i += 1000) {
    for (const id of await buyers.existingCustomerIds(db, named.slice(i, i + 1000))) known.add(id);
    await nextTurn();
  }
  const existing = new Map<string, buyers.RetailerRow>();
  for (let i = 0; i < codes.length; i += 1000) {
    const part = codes.slice(i, i + 1000);
    for (const r of await buyers.retailersByLowerCode(db, part)) existing.set(r.code!.toLowerCase(), r);
    await nextTurn();
  }
  const ids = [...existing.values()].map((r) => r.retailerId);
  const links = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const l of await buyers.retailerLinks(db, ids.slice(i, i + 1000))) links.set(l.retailerId, [...(links.get(l.retailerId) ?? []), l.customerId]);
    await nextTurn();
  }
  const seen = new Map<string, number>();
  const planned: Planned[] = [];
  for (const { line, cells } of rows) {
    if (planned.length % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    const { values, customerIds, errors } = validateRow(cells, known, scope);
    const key = values.code.toLowerCase();
    if (key && seen.has(key)) errors.code = `This code is already on line ${seen.get(key)}`;
    else if (key) seen.set(key, line);
    const e = key ? existing.get(key) : undefined;
    let current: Planned["existing"] = null;
    if (e) {
      const all = (links.get(e.retailerId) ?? []).sort();
      if (scope && !all.some((c) => scope.includes(c))) errors.code = "This code belongs to a shop that does not buy through you";
      current = { retailerId: e.retailerId, values: e, customerIds: scope ? all.filter((c) => scope.includes(c)) : all };
    }
    let action: ImportRow["action"] = "create";
    if (Object.keys(errors).length) action = "error";
    else if (current) {
      const same = COMPARED.every((k) => (current.values[k] ?? null) === (values[k] ?? null)) && current.values.code === values.code;
      action = same && current.customerIds.join(";") === customerIds.join(";") ? "unchanged" : "update";
    }
    planned.push({ line, values, customerIds, errors, existing: current, action });
  }
  return planned;
}

function result(planned: Planned[], written: boolean, createdIds = new Map<string, number>()): ImportResult {
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  const rows = planned.map((p) => {
    counts[p.action]++;
    return {
      line: p.line,
      code: p.values.code,
      name: p.values.name,
      action: p.action,
      errors: p.errors,
      retailerId: p.existing?.retailerId ?? createdIds.get(p.values.code.toLowerCase()) ?? null,
    };
  });
  return { written, rows, counts };
}

export async function previewImport(db: Db, auth: AuthContext, bytes: Buffer): Promise<ImportResult> {
  const scope = await customerScope(db, auth.user);
  const rows = await readCsv(bytes);
  return result(await plan(db, scope, rows), false);
}

/** Writes every valid row in one transaction (rows with errors are reported and skipped). */
export async function confirmImport(db: Db, auth: AuthContext, bytes: Buffer, ip: string): Promise<ImportResult> {
  const scope = await customerScope(db, auth.user);
  const rows = await readCsv(bytes);
  return db.transaction(async (tx) => {
    // One import at a time: two files naming the same new code would otherwise race.
    await repo.lockImports(tx);
    const planned = await plan(tx, scope, rows);
    const creates = planned.filter((p) => p.action === "create");
    const updates = planned.filter((p) => p.action === "update");
    const createdIds = await buyers.insertRetailers(tx, creates.map((p) => p.values));
    await buyers.updateRetailers(tx, updates.map((p) => ({ retailerId: p.existing!.retailerId, values: p.values })));
    // Links: an updated shop's links (within the importer's customers) become the file's list.
    await buyers.unlinkRetailers(tx, updates.map((p) => p.existing!.retailerId), scope);
    const newLinks = [...creates, ...updates].flatMap((p) => {
      const retailerId = p.existing?.retailerId ?? createdIds.get(p.values.code.toLowerCase())!;
      return p.customerIds.map((customerId) => ({ retailerId, customerId }));
    });
    await buyers.linkRetailers(tx, newLinks);
    const out = result(planned, true, createdIds);
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "retailer.import", ip, detail: { counts: out.counts } });
    return out;
  });
}
