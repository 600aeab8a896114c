// The XLSX reader on its own (no database): what a fresh list's workbook reads as, and that a read
// leaves nothing behind in the process, however it ends.
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { workbookBytes, type Cell } from "../../../tests/helpers/xlsx.ts";
import { readXlsx } from "./xlsx.ts";

/** A workbook written with inline strings: no xl/sharedStrings.xml at all. */
async function inlineStringsWorkbook(rows: Cell[][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on("data", (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const ws = wb.addWorksheet("Fresh list");
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const openDescriptors = () => readdirSync("/proc/self/fd").length;
const ourTempFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`)).length;

describe("readXlsx", () => {
  it("reads a workbook laid out as Excel writes it (worksheets before the shared strings), with its date cells as dates", async () => {
    const xlsx = await workbookBytes([["product", "quantity", "shipDate"], ["ROSE-FREEDOM-50", 12, new Date("2026-12-02T00:00:00Z")]], [3]);
    expect(xlsx.indexOf("xl/worksheets/sheet1.xml")).toBeLessThan(xlsx.indexOf("xl/sharedStrings.xml"));
    expect(await readXlsx(xlsx.toString("base64"))).toEqual([
      { record: ["product", "quantity", "shipDate"], line: 1, formula: [false, false, false] },
      { record: ["ROSE-FREEDOM-50", "12", "2026-12-02"], line: 2, formula: [false, false, false] },
    ]);
  });

  it("reads a workbook written with inline strings (no shared strings)", async () => {
    const xlsx = await inlineStringsWorkbook([["product", "quantity"], ["TULIP-STRONG-GOLD", 40]]);
    expect(xlsx.includes("xl/sharedStrings.xml")).toBe(false);
    expect((await readXlsx(xlsx.toString("base64"))).map((r) => r.record)).toEqual([["product", "quantity"], ["TULIP-STRONG-GOLD", "40"]]);
  });

  it("refuses a workbook whose sheet's compressed data is damaged, instead of waiting for ever", async () => {
    const good = await workbookBytes([["product", "quantity"], ["X", 1]]);
    const damaged = Buffer.from(good);
    // The sheet's local entry: 30 header bytes, its name, then its deflated data.
    const data = good.indexOf("xl/worksheets/sheet1.xml") + "xl/worksheets/sheet1.xml".length + good.readUInt16LE(good.indexOf("xl/worksheets/sheet1.xml") - 2);
    for (let i = 10; i < 30; i++) damaged[data + i]! ^= 0x5a;
    await expect(readXlsx(damaged.toString("base64"))).rejects.toThrow(/^The file could not be read as XLSX: /);
  });

  it("leaves no temporary file and no open descriptor behind: reads that finish, reads stopped at the row limit, broken files", async () => {
    const good = await workbookBytes([["product", "quantity"], ["X", 1]]);
    const rows: Cell[][] = [["product", "quantity"]];
    for (let i = 0; i < 10_002; i++) rows.push([`X-${i}`, 1]);
    const tooMany = (await workbookBytes(rows)).toString("base64");
    const broken = good.subarray(0, Math.floor(good.length / 2)).toString("base64");
    await readXlsx(good.toString("base64"));
    const files = ourTempFiles();
    const descriptors = openDescriptors();
    for (let i = 0; i < 25; i++) {
      expect(await readXlsx(good.toString("base64"))).toHaveLength(2);
      await expect(readXlsx(broken)).rejects.toThrow(/^The file could not be read as XLSX/);
    }
    for (let i = 0; i < 3; i++) await expect(readXlsx(tooMany)).rejects.toThrow("The file has more than 10,000 lines. Split it into smaller files.");
    expect(ourTempFiles()).toBe(files);
    // Other work in the shared test process may hold a descriptor or two for a moment; 28 reads leaking one each would not fit.
    expect(openDescriptors() - descriptors).toBeLessThan(5);
  }, 60_000);
});
