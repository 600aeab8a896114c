// Pasting a block copied from a spreadsheet into the supply grid (issue 25 item 2). Excel, Google
// Sheets and LibreOffice put a selection on the clipboard as text/plain: rows end with a newline
// (CRLF from Excel), cells are separated by tabs, and a cell holding a tab, newline or quote is
// quoted with its quotes doubled. Pure functions, so the grid and the unit tests share them.

/** The clipboard's text as rows of cells (a trailing newline does not make an empty last row). */
export function parseClipboard(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let i = 0;
  const s = text.replace(/^\uFEFF/, "");
  let atCellStart = true;
  while (i < s.length) {
    const ch = s[i]!;
    if (atCellStart && ch === '"') {
      // A quoted cell: up to the closing quote ("" is a quote inside).
      let j = i + 1;
      let quoted = "";
      let closed = false;
      while (j < s.length) {
        if (s[j] === '"') {
          if (s[j + 1] === '"') {
            quoted += '"';
            j += 2;
            continue;
          }
          closed = true;
          j++;
          break;
        }
        quoted += s[j];
        j++;
      }
      // Only a real quoted cell if the quote closes right before a separator or the end.
      if (closed && (j >= s.length || s[j] === "\t" || s[j] === "\n" || s[j] === "\r")) {
        cell = quoted;
        i = j;
        atCellStart = false;
        continue;
      }
    }
    atCellStart = false;
    if (ch === "\t") {
      row.push(cell);
      cell = "";
      atCellStart = true;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && s[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      atCellStart = true;
    } else cell += ch;
    i++;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Whether a paste is a block (more than one cell) rather than text for the one field. */
export function isBlock(text: string): boolean {
  return /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ""));
}

export interface PastedCell {
  row: number;
  col: number;
  value: string;
}

/**
 * The cells a block fills when pasted at (row, col) of a grid of `rows` × `cols`, and how many of
 * its cells fall outside the grid (left out).
 */
export function placeBlock(block: string[][], at: { row: number; col: number }, size: { rows: number; cols: number }): { cells: PastedCell[]; outside: number } {
  const cells: PastedCell[] = [];
  let outside = 0;
  block.forEach((r, i) =>
    r.forEach((value, j) => {
      const row = at.row + i;
      const col = at.col + j;
      if (row < size.rows && col < size.cols && row >= 0 && col >= 0) cells.push({ row, col, value: value.trim() });
      else outside++;
    }),
  );
  return { cells, outside };
}

/** One CSV cell, always quoted (quotes doubled), for the fresh-list upload the grid saves through. */
const csvCell = (v: string) => `"${v.replace(/"/g, '""')}"`;

/** A CSV of the given columns (product first), one row per line: the upload's own format. */
export function gridCsv(columns: readonly string[], rows: { product: string; values: Record<string, string> }[]): string {
  return [["product", ...columns].map(csvCell).join(","), ...rows.map((r) => [r.product, ...columns.map((c) => r.values[c] ?? "")].map(csvCell).join(","))].join("\r\n") + "\r\n";
}
