// Moving about the supply grid like a sheet: arrows move between cells (left/right at the edge of
// the text), Enter saves the row and moves down, Escape puts the cell back, Tab goes on as usual. A
// cell out of the window is scrolled to, then focused once it is rendered.
import { useCallback, useEffect, useRef, type KeyboardEvent } from "react";
import { type SupplyLine } from "../../../contract/supply.ts";
import { EDIT_COLUMNS, type EditColumn, type Edits, shown } from "./grid-columns.ts";

const cellAt = (row: number, col: EditColumn) => document.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);

function focusIfThere(row: number, col: EditColumn) {
  const el = cellAt(row, col);
  if (!el) return false;
  el.focus();
  el.select();
  return true;
}

interface Keys {
  lines: readonly SupplyLine[];
  edits: Edits;
  onChange: (lineId: number, c: EditColumn, value: string) => void;
  save: (index: number) => void;
  scrollTo: (index: number) => void;
}

export function useGridKeys({ lines, edits, onChange, save, scrollTo }: Keys) {
  const pending = useRef<{ row: number; col: EditColumn } | null>(null);
  const focusCell = useCallback(
    (row: number, col: EditColumn) => {
      if (focusIfThere(row, col)) {
        pending.current = null;
        return;
      }
      pending.current = { row, col };
      scrollTo(row);
    },
    [scrollTo],
  );
  useEffect(() => {
    if (pending.current && focusIfThere(pending.current.row, pending.current.col)) pending.current = null;
  });

  return function onKeyDown(e: KeyboardEvent<HTMLTableSectionElement>) {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.col) return;
    const row = Number(input.dataset.row);
    const col = EDIT_COLUMNS.indexOf(input.dataset.col as EditColumn);
    const line = lines[row];
    if (!line || col < 0) return;
    const at = (r: number, c: number) => {
      if (r < 0 || r >= lines.length || c < 0 || c >= EDIT_COLUMNS.length) return;
      e.preventDefault();
      focusCell(r, EDIT_COLUMNS[c]!);
    };
    const start = input.selectionStart ?? 0;
    const end = input.selectionEnd ?? input.value.length;
    switch (e.key) {
      case "Enter":
        e.preventDefault();
        save(row);
        at(row + 1, col);
        break;
      case "Escape": {
        const c = EDIT_COLUMNS[col]!;
        if (edits[line.lineId]?.[c] !== undefined) {
          e.preventDefault();
          onChange(line.lineId, c, shown(line, c));
          requestAnimationFrame(() => input.select());
        }
        break;
      }
      case "ArrowUp":
        at(row - 1, col);
        break;
      case "ArrowDown":
        at(row + 1, col);
        break;
      case "ArrowLeft":
        if (start === 0 && (end === 0 || end === input.value.length)) at(row, col - 1);
        break;
      case "ArrowRight":
        if (end === input.value.length && (start === end || start === 0)) at(row, col + 1);
        break;
    }
  };
}
