// Workbooks for the XLSX upload tests, written by exceljs as a spreadsheet program would write them.
import ExcelJS from "exceljs";

export type Cell = string | number | boolean | Date | null | { formula: string; result?: number };

/** A one-sheet workbook of these rows; the given columns (1-based) shown as dates. */
export async function workbookBytes(rows: Cell[][], dateColumns: number[] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Fresh list");
  for (const r of rows) ws.addRow(r as unknown[]);
  for (const c of dateColumns) ws.getColumn(c).numFmt = "m/d/yyyy";
  return Buffer.from(await wb.xlsx.writeBuffer());
}
