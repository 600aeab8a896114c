// The supply grid's server side on a real database (PGlite by default, PostgreSQL with
// DATABASE_URL): "copy this day to …" (preview, apply in one transaction, skip or overwrite within
// the never-oversell rule) and XLSX fresh lists (real date cells, formula cells, bad files) and the
// XLSX export (text never written as a formula).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { workbookBytes, type Cell } from "../../../tests/helpers/xlsx.ts";
import { auditLog, catalogs } from "../../../db/schema/index.ts";
import { buildTestApp, signedInUser, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, committed, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { nextCode } from "../../../tests/factories/index.ts";
import { shortDate } from "../../../domain/supply.ts";

let t: TestApp;
let sales: { id: string; cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  sales = await signedInUser(t, ["SalesPerson"]);
});
afterAll(async () => t?.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const staff = (method: Method, url: string, payload?: object) => t.app.inject({ method, url: `/api/Supply${url}`, headers: { ...SAME_ORIGIN, cookie: sales.cookie }, payload });
const plusDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);

async function newProduct(description = `Lily Oriental Pink ${nextCode("", 4)}`) {
  const res = await staff("POST", "/Products", {
    productId: nextCode("GRD-", 5),
    description,
    variety: "lilies",
    category: "Lilies",
    colour: "Pink",
    colourHex: "#f4a6c0",
    unitOfMeasure: "Pail",
    unitOfMeasureQty: 8,
    stemsPerBunch: 10,
    bunchesPerBox: 12,
    image: "lily",
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { productId: string; description: string };
}

async function newCatalog(day: string, customerIds: string[]) {
  const c = await staff("POST", "/Catalogs", { title: `Grid ${day} ${nextCode("", 4)}`, shipDateFrom: day, shipDateTo: day, customerIds });
  expect(c.statusCode, c.body).toBe(200);
  return c.json() as { catalogId: number; orderId: number; shipDateFrom: string };
}

async function publish(catalogId: number, productId: string, quantity: number, extra: object = {}) {
  const l = await staff("POST", `/Catalogs/${catalogId}/Lines`, { productId, quantity, price: 14.5, priceNoPail: 15.95, ...extra });
  expect(l.statusCode, l.body).toBe(200);
  return l.json() as { lineId: number };
}

const linesOf = async (catalogId: number) => (await staff("GET", `/Catalogs/${catalogId}/Lines`)).json().lines as Record<string, unknown>[];
const audits = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

describe("copy this day to …", () => {
  it("copies quantities, prices, tiers and specials to a new ship date: preview writes nothing, apply opens the catalog for the same customers", async () => {
    const a = await buyer(t);
    const day = tomorrow();
    const source = await newCatalog(day, [a.customerId]);
    const p1 = await newProduct();
    const p2 = await newProduct();
    const retired = await newProduct();
    await publish(source.catalogId, p1.productId, 40, { tier1Quantity: 8, tier1Price: 13.75, tier1PriceNoPail: 15.15 });
    await publish(source.catalogId, p2.productId, 12, { special: true, specialPrice: 12, specialPriceNoPail: 13 });
    await publish(source.catalogId, retired.productId, 5);
    expect((await staff("PUT", `/Products/${retired.productId}`, { active: false })).statusCode).toBe(200);
    const to = plusDays(day, 30);
    const before = (await t.db.select().from(catalogs)).length;

    const preview = await staff("POST", `/Catalogs/${source.catalogId}/Copy/Preview`, { toShipDate: to, existing: "skip" });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ applied: false, toCatalog: null, toShipDateFrom: to, counts: { add: 2, overwrite: 0, unchanged: 0, skip: 1, refuse: 0 } });
    expect(preview.json().rows.find((r: { productId: string }) => r.productId === retired.productId)).toMatchObject({ action: "skip", reasons: [`${retired.description} is retired`] });
    expect((await t.db.select().from(catalogs)).length).toBe(before);

    const done = await staff("POST", `/Catalogs/${source.catalogId}/Copy/Apply`, { toShipDate: to, existing: "skip" });
    expect(done.statusCode, done.body).toBe(200);
    const target = done.json().toCatalog;
    expect(target).toMatchObject({ shipDateFrom: to, shipDateTo: to, customerIds: [a.customerId], lines: 2, title: `Availability for ${shortDate(to)}` });
    const lines = await linesOf(target.catalogId);
    expect(lines.find((l) => l.productId === p1.productId)).toMatchObject({ quantity: 40, sold: 0, price: 14.5, priceNoPail: 15.95, tier1Quantity: 8, tier1Price: 13.75, tier1PriceNoPail: 15.15, special: false });
    expect(lines.find((l) => l.productId === p2.productId)).toMatchObject({ quantity: 12, special: true, specialPrice: 12, specialPriceNoPail: 13 });
    const [entry] = await audits("supply.copy");
    expect(entry!.actorUserId).toBe(sales.id);
    expect(entry!.detail).toMatchObject({ catalogId: target.catalogId, fromCatalogId: source.catalogId, existing: "skip", summary: `Copied 2 lines of ${shortDate(day)} to ${shortDate(to)} (2 new, 0 overwritten, 1 skipped)` });
    // The buyer's store offers the copy on the new day.
    expect((await a.products(target.orderId, to)).json().map((p: { productId: string }) => p.productId).sort()).toEqual([p1.productId, p2.productId].sort());
  });

  it("handles lines already there as asked: skip leaves them, overwrite sets them but never below sold + held (then nothing is copied)", async () => {
    const a = await buyer(t);
    const day = tomorrow();
    const other = plusDays(day, 1);
    const source = await newCatalog(day, [a.customerId]);
    const target = await newCatalog(other, [a.customerId]);
    const shared = await newProduct();
    const fresh = await newProduct();
    await publish(source.catalogId, shared.productId, 20);
    await publish(source.catalogId, fresh.productId, 7);
    const there = await publish(target.catalogId, shared.productId, 50, { price: 11, priceNoPail: 12 });
    // On the target day a buyer orders 25 of the shared line and holds 5 more.
    expect((await a.save({ shipDate: other, items: [{ productId: shared.productId, quantity: 25 }] })).statusCode).toBe(200);
    expect((await a.place()).statusCode).toBe(200);
    expect((await a.save({ shipDate: other, items: [{ productId: shared.productId, quantity: 5 }] })).statusCode).toBe(200);
    expect(await committed(t.db, there.lineId)).toEqual({ original: 50, ordered: 25, held: 5 });

    const skip = await staff("POST", `/Catalogs/${source.catalogId}/Copy/Preview`, { toCatalogId: target.catalogId, existing: "skip" });
    expect(skip.json().counts).toEqual({ add: 1, overwrite: 0, unchanged: 0, skip: 1, refuse: 0 });
    expect(skip.json().rows.find((r: { productId: string }) => r.productId === shared.productId)).toMatchObject({ action: "skip", before: 50, after: 50, sold: 25, held: 5, reasons: ["Already offered there (50 bunches): left as it is"] });

    const refused = await staff("POST", `/Catalogs/${source.catalogId}/Copy/Apply`, { toCatalogId: target.catalogId, existing: "overwrite" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("1 line is refused: nothing was copied.");
    expect(refused.json().data.rows.find((r: { productId: string }) => r.productId === shared.productId)).toMatchObject({ action: "refuse", reasons: [`${shared.description}, ${shortDate(other)}: 25 sold, 5 held, you set 20`] });
    expect((await linesOf(target.catalogId)).map((l) => l.productId)).toEqual([shared.productId]);
    expect(await committed(t.db, there.lineId)).toEqual({ original: 50, ordered: 25, held: 5 });

    // Raise the source to 35 (≥ 25 + 5): the overwrite goes through, prices and all.
    const src = (await linesOf(source.catalogId)).find((l) => l.productId === shared.productId)!;
    expect((await staff("PUT", `/Catalogs/${source.catalogId}/Lines/${src.lineId}`, { quantity: 35 })).statusCode).toBe(200);
    const done = await staff("POST", `/Catalogs/${source.catalogId}/Copy/Apply`, { toCatalogId: target.catalogId, existing: "overwrite" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().counts).toEqual({ add: 1, overwrite: 1, unchanged: 0, skip: 0, refuse: 0 });
    const after = await linesOf(target.catalogId);
    expect(after.find((l) => l.productId === shared.productId)).toMatchObject({ quantity: 35, sold: 25, held: 5, free: 5, price: 14.5, priceNoPail: 15.95 });
    expect(after.find((l) => l.productId === fresh.productId)).toMatchObject({ quantity: 7 });
    // Copying again changes nothing.
    expect((await staff("POST", `/Catalogs/${source.catalogId}/Copy/Preview`, { toCatalogId: target.catalogId, existing: "overwrite" })).json().counts).toEqual({ add: 0, overwrite: 0, unchanged: 2, skip: 0, refuse: 0 });
  });

  it("refuses a copy to itself, to nowhere or to both, and to a catalog that does not exist", async () => {
    const a = await buyer(t);
    const day = tomorrow();
    const source = await newCatalog(day, [a.customerId]);
    await publish(source.catalogId, (await newProduct()).productId, 3);
    const self = await staff("POST", `/Catalogs/${source.catalogId}/Copy/Preview`, { toCatalogId: source.catalogId, existing: "skip" });
    expect(self.json()).toMatchObject({ statusCode: 400, fields: { toCatalogId: "This is the catalog you are copying from" } });
    const sameDay = await staff("POST", `/Catalogs/${source.catalogId}/Copy/Apply`, { toShipDate: day, existing: "skip" });
    expect(sameDay.statusCode).toBe(400);
    expect((await staff("POST", `/Catalogs/${source.catalogId}/Copy/Preview`, { existing: "skip" })).json().fields).toEqual({ toCatalogId: "Choose a catalog or a ship date to copy to" });
    expect((await staff("POST", `/Catalogs/${source.catalogId}/Copy/Preview`, { toCatalogId: 1, toShipDate: day, existing: "skip" })).statusCode).toBe(400);
    expect((await staff("POST", `/Catalogs/${source.catalogId}/Copy/Preview`, { toShipDate: "2026-02-30", existing: "skip" })).statusCode).toBe(400);
    expect((await staff("POST", `/Catalogs/${source.catalogId}/Copy/Preview`, { toShipDate: day, existing: "maybe" })).statusCode).toBe(400);
    expect((await staff("POST", `/Catalogs/${source.catalogId}/Copy/Apply`, { toCatalogId: 2147483647, existing: "skip" })).statusCode).toBe(404);
    const empty = await newCatalog(plusDays(day, 3), [a.customerId]);
    expect((await staff("POST", `/Catalogs/${empty.catalogId}/Copy/Preview`, { toShipDate: plusDays(day, 4), existing: "skip" })).json().message).toBe("This catalog has no lines to copy.");
  });
});

// ---- XLSX -----------------------------------------------------------------------------------------

async function workbook(rows: Cell[][], dateColumns: number[] = []): Promise<string> {
  return (await workbookBytes(rows, dateColumns)).toString("base64");
}

describe("XLSX fresh lists", () => {
  async function setUp() {
    const a = await buyer(t);
    const day = tomorrow();
    const catalog = await newCatalog(day, [a.customerId]);
    const product = await newProduct();
    const line = await publish(catalog.catalogId, product.productId, 40);
    const fresh = await newProduct();
    return { a, day, catalog, product, line, fresh };
  }
  const preview = (catalogId: number, xlsx: string, mode = "set") => staff("POST", `/Catalogs/${catalogId}/Upload/Preview`, { mode, xlsx });
  const apply = (catalogId: number, xlsx: string, mode = "set") => staff("POST", `/Catalogs/${catalogId}/Upload/Apply`, { mode, xlsx });

  it("reads real date cells, number cells and text, previews, then applies in one transaction", async () => {
    const { catalog, day, product, fresh } = await setUp();
    const date = new Date(`${day}T00:00:00Z`);
    const xlsx = await workbook(
      [
        ["Product", "Ship date", "Quantity", "price", "priceNoPail", "tier1Quantity", "tier1Price", "showStore", "nextAvailableDate"],
        [product.productId, date, 1200, null, null, null, null, true, null],
        [fresh.productId.toLowerCase(), date, 75, 9, 9.9, 10, 8.5, "yes", new Date(`${plusDays(day, 7)}T00:00:00Z`)],
      ],
      [2, 9],
    );
    const p = await preview(catalog.catalogId, xlsx);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ counts: { add: 1, change: 1, unchanged: 0, refuse: 0 }, rows: [{ line: 2, action: "change", before: 40, after: 1200 }, { line: 3, action: "add", after: 75 }] });
    expect((await linesOf(catalog.catalogId)).map((l) => l.quantity)).toEqual([40]);
    const done = await apply(catalog.catalogId, xlsx);
    expect(done.json()).toMatchObject({ applied: true, counts: { add: 1, change: 1 } });
    const lines = await linesOf(catalog.catalogId);
    expect(lines.find((l) => l.productId === fresh.productId)).toMatchObject({ quantity: 75, price: 9, priceNoPail: 9.9, tier1Quantity: 10, tier1Price: 8.5, nextAvailableDate: plusDays(day, 7) });
    const [entry] = await audits("supply.upload");
    expect(entry!.detail).toMatchObject({ catalogId: catalog.catalogId, lines: [{ productId: product.productId, before: 40, after: 1200 }, { productId: fresh.productId, before: null, after: 75 }] });
  });

  it("refuses formula cells, formula-like text, fractions and dates outside the catalog, row by row, and below sold + held with the numbers", async () => {
    const { a, catalog, day, product, line, fresh } = await setUp();
    expect((await a.save({ shipDate: day, items: [{ productId: product.productId, quantity: 30 }] })).statusCode).toBe(200);
    expect((await a.place()).statusCode).toBe(200);
    const others = [await newProduct(), await newProduct(), await newProduct()];
    const xlsx = await workbook(
      [
        ["product", "quantity", "price", "priceNoPail", "shipDate"],
        [product.productId, 20, null, null, null],
        [fresh.productId, { formula: "2*20", result: 40 }, 1, 1, null],
        [others[0]!.productId, 5, "=HYPERLINK(\"http://evil\")", 1, null],
        [others[1]!.productId, 2.5, 1, 1, null],
        [others[2]!.productId, 5, 1, 1, new Date("2000-01-01T00:00:00Z")],
      ],
      [5],
    );
    const p = (await preview(catalog.catalogId, xlsx)).json();
    expect(p.counts).toEqual({ add: 0, change: 0, unchanged: 0, refuse: 5 });
    expect(p.rows.map((r: { reasons: string[] }) => r.reasons)).toEqual([
      [`${product.description}, ${shortDate(day)}: 30 sold, 0 held, you set 20`],
      ["Spreadsheet formulas are not allowed (quantity): save the sheet with plain values"],
      ["Spreadsheet formulas are not allowed (price): save the sheet with plain values", `${others[0]!.description} is not offered in this catalog yet: a new line needs price and priceNoPail`],
      ['The quantity must be a whole number of bunches, 0 or more (not "2.5")'],
      [`${shortDate("2000-01-01")} is outside this catalog (${shortDate(day)})`],
    ]);
    const applied = await apply(catalog.catalogId, xlsx);
    expect(applied.statusCode).toBe(409);
    expect(applied.json().message).toBe("5 rows are refused: nothing was changed. Correct them and upload again.");
    expect(await committed(t.db, line.lineId)).toEqual({ original: 40, ordered: 30, held: 0 });
    expect(await linesOf(catalog.catalogId)).toHaveLength(1);
  });

  it("refuses bad files with a clear message and writes nothing: 50 MB, 200,000 rows, not an XLSX, an old .xls, a broken zip, wrong columns", async () => {
    const { catalog, line } = await setUp();
    const huge = await staff("POST", `/Catalogs/${catalog.catalogId}/Upload/Preview`, { mode: "set", xlsx: "A".repeat(50 * 1024 * 1024) });
    expect([400, 413]).toContain(huge.statusCode);
    expect(huge.json().message).toMatch(/too large/i);
    const over = await staff("POST", `/Catalogs/${catalog.catalogId}/Upload/Preview`, { mode: "set", xlsx: "A".repeat(2_900_000) });
    expect(over.json()).toMatchObject({ statusCode: 400, fields: { xlsx: "The file is too large: at most 2 MB." } });

    const rows: Cell[][] = [["product", "quantity"]];
    for (let i = 0; i < 200_000; i++) rows.push([`X-${i}`, 1]);
    const many = await workbook(rows);
    const manyRes = await preview(catalog.catalogId, many);
    expect(manyRes.statusCode).toBe(400);
    expect(manyRes.json().message).toMatch(/(The file has more than 10,000 lines\. Split it into smaller files\.|The file is too large: at most 2 MB\.)$/);
    const tenThousandOne: Cell[][] = [["product", "quantity"]];
    for (let i = 0; i < 10_001; i++) tenThousandOne.push([`X-${i}`, 1]);
    expect((await preview(catalog.catalogId, await workbook(tenThousandOne))).json().message).toBe("The file has more than 10,000 lines. Split it into smaller files.");

    const csvAsXlsx = Buffer.from("product,quantity\nX,1\n", "latin1").toString("base64");
    expect((await preview(catalog.catalogId, csvAsXlsx)).json()).toMatchObject({ statusCode: 400, message: "This is not an XLSX file. Save the sheet as Excel Workbook (.xlsx) or CSV (UTF-8) and try again." });
    const utf16 = Buffer.from("\uFEFFproduct,quantity\nX,1\n", "utf16le").toString("base64");
    expect((await apply(catalog.catalogId, utf16)).json().message).toBe("This is not an XLSX file. Save the sheet as Excel Workbook (.xlsx) or CSV (UTF-8) and try again.");
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]).toString("base64");
    expect((await preview(catalog.catalogId, xls)).json().message).toBe("This is an Excel 97–2003 (.xls) file. Save it as Excel Workbook (.xlsx) or CSV (UTF-8) and try again.");
    const good = Buffer.from(await workbook([["product", "quantity"], ["X", 1]]), "base64");
    const broken = good.subarray(0, Math.floor(good.length / 2)).toString("base64");
    const brokenRes = await apply(catalog.catalogId, broken);
    expect(brokenRes.statusCode).toBe(400);
    expect(brokenRes.json().message).toMatch(/^(The file could not be read as XLSX|The workbook's first sheet is empty)/);
    expect((await preview(catalog.catalogId, await workbook([["sku", "qty"], ["A", 1]]))).json().message).toMatch(/^The columns are not right/);
    expect((await preview(catalog.catalogId, await workbook([]))).json().message).toBe("The workbook's first sheet is empty. It needs a header row and at least one line.");
    expect((await staff("POST", `/Catalogs/${catalog.catalogId}/Upload/Preview`, { mode: "set", xlsx: "not base64!" })).statusCode).toBe(400);
    expect((await staff("POST", `/Catalogs/${catalog.catalogId}/Upload/Preview`, { mode: "set", csv: "product,quantity\nX,1\n", xlsx: good.toString("base64") })).statusCode).toBe(400);
    expect(await committed(t.db, line.lineId)).toMatchObject({ original: 40 });
  }, 120_000);

  it("offers a sample XLSX and exports lines as XLSX with numbers as numbers and text as text, never formulas", async () => {
    const sample = await staff("GET", "/Upload/Sample.xlsx");
    expect(sample.statusCode).toBe(200);
    expect(sample.headers["content-type"]).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sample.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual(["product", "shipDate", "quantity"]);
    expect(ws.getCell("C3").value).toBe(1200);

    const a = await buyer(t);
    const evil = await newProduct('=HYPERLINK("http://evil","x")');
    const plus = await newProduct("+1 Rose @home");
    const c = await newCatalog(tomorrow(), [a.customerId]);
    await publish(c.catalogId, evil.productId, 3, { tier1Quantity: 2, tier1Price: 13 });
    await publish(c.catalogId, plus.productId, 4, { nextAvailableDate: plusDays(tomorrow(), 5) });
    const res = await staff("GET", `/Catalogs/${c.catalogId}/Lines.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="catalog-${c.catalogId}.xlsx"`);
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = out.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const rowOf = (desc: string) => [2, 3].map((n) => sheet.getRow(n)).find((r) => r.getCell(col("description")).value === desc)!;
    const e = rowOf(evil.description);
    expect(e.getCell(col("description")).type).toBe(ExcelJS.ValueType.String);
    expect(e.getCell(col("description")).formula).toBeUndefined();
    expect(e.getCell(col("quantity")).value).toBe(3);
    expect(e.getCell(col("price")).value).toBe(14.5);
    expect(e.getCell(col("tier1Price")).value).toBe(13);
    const p = rowOf(plus.description);
    expect(p.getCell(col("description")).type).toBe(ExcelJS.ValueType.String);
    expect((p.getCell(col("nextAvailableDate")).value as Date).toISOString().slice(0, 10)).toBe(plusDays(tomorrow(), 5));
  });
});
