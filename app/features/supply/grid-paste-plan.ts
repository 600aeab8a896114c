// What a block pasted into the supply grid does: the cells it fills from the focused one, the lines
// it changes (shown before saving) and the CSV the fresh-list upload saves them with.
import { type SupplyLine } from "../../../contract/supply.ts";
import { EDIT_COLUMNS, type EditColumn, type Edits, shown } from "./grid-columns.ts";
import type { PasteState } from "./grid-paste.tsx";
import { gridCsv, parseClipboard, placeBlock } from "./paste.ts";

/** The edits after pasting `text` at (row, col), and the paste to confirm. */
export function planPaste(text: string, at: { row: number; col: number }, lines: readonly SupplyLine[], edits: Edits): { next: Edits; paste: PasteState } {
  const block = parseClipboard(text);
  const placed = placeBlock(block, at, { rows: lines.length, cols: EDIT_COLUMNS.length });
  const next: Edits = { ...edits };
  const touched = new Map<number, Set<EditColumn>>();
  for (const cell of placed.cells) {
    const line = lines[cell.row]!;
    const c = EDIT_COLUMNS[cell.col]!;
    next[line.lineId] = { ...next[line.lineId], [c]: cell.value };
    touched.set(cell.row, (touched.get(cell.row) ?? new Set()).add(c));
  }
  const changes: PasteState["changes"] = [];
  const columns = new Set<EditColumn>(["quantity"]);
  const rows: { product: string; values: Record<string, string> }[] = [];
  for (const [row, cols] of [...touched.entries()].sort((a, b) => a[0] - b[0])) {
    const line = lines[row]!;
    const cells = [...cols].filter((c) => next[line.lineId]![c] !== shown(line, c)).map((c) => ({ c, from: shown(line, c), to: next[line.lineId]![c]! }));
    if (!cells.length) continue;
    changes.push({ line, cells });
    const values: Record<string, string> = { quantity: next[line.lineId]!.quantity ?? shown(line, "quantity") };
    for (const { c, to } of cells) {
      values[c] = to;
      columns.add(c);
    }
    rows.push({ product: line.productId, values });
  }
  const order = EDIT_COLUMNS.filter((c) => columns.has(c));
  return {
    next,
    paste: { before: edits, size: { rows: block.length, cols: Math.max(0, ...block.map((r) => r.length)) }, outside: placed.outside, changes, csv: gridCsv(order, rows) },
  };
}
