// The availability grid of the supply desk (issue 25 item 2, issue 30: docs/domain-supply.md). A
// table of the catalog's lines whose quantity, prices and tiers are edited in place, like a sheet:
// arrows move between cells (left/right at the edge of the text), Enter saves the row and moves
// down, Escape puts the cell back, Tab goes on as usual. A block pasted from a spreadsheet fills the
// cells from the focused one, shows what changes and what the server would refuse, then saves every
// line in one request through the fresh-list upload (all or nothing, never below sold + held).
// Windowed (@tanstack/react-virtual, window scroll): only the rows near the screen are in the page,
// each row one fixed height, so 5,000 lines lay out as fast as 50.
import { useQueryClient } from "@tanstack/react-query";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { SupplyLine, type SupplyLineList } from "../../../contract/supply.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { formErrors } from "../../components/ui/form.tsx";
import { TableFrame } from "../../components/ui/table.tsx";
import { gridCsv, isBlock, parseClipboard, placeBlock } from "./paste.ts";
import { COLUMN_LABEL, EDIT_COLUMNS, type EditColumn, type Edits, shown } from "./grid-columns.ts";
import { PasteDialog, type PasteState } from "./grid-paste.tsx";
import { GridRow, ROW_HEIGHT } from "./grid-row.tsx";

/** Catalogs of more lines than this are windowed. */
const WINDOW_FROM = 400;

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export function SupplyGrid({ list }: { list: SupplyLineList }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { lines, catalog } = list;
  const key = ["supply", "lines", String(catalog.catalogId)];
  const [edits, setEdits] = useState<Edits>({});
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<Record<number, boolean>>({});
  const [paste, setPaste] = useState<PasteState | null>(null);
  const state = useRef({ lines, edits });
  state.current = { lines, edits };

  // ---- the window
  const body = useRef<HTMLTableSectionElement>(null);
  const [margin, setMargin] = useState(0);
  useIsoLayoutEffect(() => {
    const measure = () => {
      const el = body.current;
      if (el) setMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, []);
  const v = useWindowVirtualizer({ count: lines.length, estimateSize: () => ROW_HEIGHT, overscan: 10, scrollMargin: margin, getItemKey: (i) => lines[i]!.lineId, useFlushSync: false });
  // A catalog of a few hundred lines is all in the page (every row findable, as before); a long one is windowed.
  const windowed = lines.length > WINDOW_FROM;
  const items = windowed ? v.getVirtualItems() : lines.map((_, index) => ({ index, start: 0, end: 0 }));
  const padTop = windowed && items.length ? items[0]!.start - margin : 0;
  const padBottom = windowed && items.length ? v.getTotalSize() - (items[items.length - 1]!.end - margin) : 0;

  // ---- focus: a cell out of the window is scrolled to, then focused once it is rendered
  const pending = useRef<{ row: number; col: EditColumn } | null>(null);
  const focusCell = useCallback(
    (row: number, col: EditColumn) => {
      const el = document.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
      if (el) {
        pending.current = null;
        el.focus();
        el.select();
        return;
      }
      pending.current = { row, col };
      v.scrollToIndex(row, { align: "auto" });
    },
    [v],
  );
  useEffect(() => {
    if (pending.current) {
      const { row, col } = pending.current;
      const el = document.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
      if (el) {
        pending.current = null;
        el.focus();
        el.select();
      }
    }
  });

  const onChange = useCallback((lineId: number, c: EditColumn, value: string) => {
    setEdits((e) => ({ ...e, [lineId]: { ...e[lineId], [c]: value } }));
  }, []);

  const replaceLine = useCallback(
    (fresh: SupplyLine) => {
      queryClient.setQueryData<SupplyLineList>(key, (old) => (old ? { ...old, lines: old.lines.map((l) => (l.lineId === fresh.lineId ? fresh : l)) } : old));
      setEdits((e) => {
        const next = { ...e };
        delete next[fresh.lineId];
        return next;
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, catalog.catalogId],
  );

  const onSave = useCallback(
    async (index: number) => {
      const line = state.current.lines[index];
      const edit = line && state.current.edits[line.lineId];
      if (!line || !edit) return;
      const body: Record<string, number> = {};
      for (const c of EDIT_COLUMNS) if (edit[c] !== undefined && edit[c] !== shown(line, c)) body[c] = Number(edit[c]!.replace(/[,$\s]/g, ""));
      if (!Object.keys(body).length) return;
      setBusy((b) => ({ ...b, [line.lineId]: true }));
      setProblems((p) => {
        const next = { ...p };
        delete next[line.lineId];
        return next;
      });
      try {
        replaceLine(await api.put(`/api/Supply/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`, { ...body, ...(body.quantity !== undefined ? { mode: "set" } : {}) }, undefined, SupplyLine));
      } catch (err) {
        const m = formErrors(err).message;
        setProblems((p) => ({ ...p, [line.lineId]: `${line.description}: ${m}` }));
      } finally {
        setBusy((b) => ({ ...b, [line.lineId]: false }));
      }
    },
    [catalog.catalogId, replaceLine],
  );
  const save = useCallback((index: number) => void onSave(index), [onSave]);

  function onKeyDown(e: KeyboardEvent<HTMLTableSectionElement>) {
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
  }

  function onPaste(e: ClipboardEvent<HTMLTableSectionElement>) {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.col) return;
    const text = e.clipboardData.getData("text/plain");
    if (!isBlock(text)) return;
    e.preventDefault();
    const block = parseClipboard(text);
    const placed = placeBlock(block, { row: Number(input.dataset.row), col: EDIT_COLUMNS.indexOf(input.dataset.col as EditColumn) }, { rows: lines.length, cols: EDIT_COLUMNS.length });
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
    setEdits(next);
    const order = EDIT_COLUMNS.filter((c) => columns.has(c));
    setPaste({ before: edits, size: { rows: block.length, cols: Math.max(0, ...block.map((r) => r.length)) }, outside: placed.outside, changes, csv: gridCsv(order, rows) });
  }

  const problemList = Object.values(problems);
  return (
    <>
      {problemList.length > 0 && (
        <div role="alert" className="mb-2 rounded-lg bg-petal-light px-3 py-2">
          {problemList.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      <TableFrame caption={`Lines of ${catalog.title}`}>
        <thead className="border-b border-line bg-mist text-left">
          <tr>
            <th scope="col" className="min-w-48 px-3 py-2">Product</th>
            <th scope="col" className="px-3 py-2 text-right">Sold</th>
            <th scope="col" className="px-3 py-2 text-right">Held</th>
            <th scope="col" className="px-3 py-2 text-right">Free</th>
            {EDIT_COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-1 py-2 text-right">
                {COLUMN_LABEL[c]}
              </th>
            ))}
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">Save</span>
            </th>
            <th scope="col" className="min-w-40 px-3 py-2">Bought by</th>
          </tr>
        </thead>
        <tbody ref={body} onKeyDown={onKeyDown} onPaste={onPaste}>
          {padTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={EDIT_COLUMNS.length + 6} style={{ height: padTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const line = lines[item.index]!;
            return <GridRow key={line.lineId} line={line} index={item.index} edit={edits[line.lineId]} problem={problems[line.lineId]} busy={!!busy[line.lineId]} onChange={onChange} onSave={save} />;
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={EDIT_COLUMNS.length + 6} style={{ height: padBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </TableFrame>
      <PasteDialog
        paste={paste}
        catalogId={catalog.catalogId}
        onCancel={() => {
          if (paste) setEdits(paste.before);
          setPaste(null);
        }}
        onSaved={(count) => {
          const done = paste;
          setPaste(null);
          if (done) {
            setEdits(() => {
              const next = { ...done.before };
              for (const ch of done.changes) delete next[ch.line.lineId];
              return next;
            });
          }
          toast(`Saved ${count} line${count === 1 ? "" : "s"} from the paste.`);
          void queryClient.invalidateQueries({ queryKey: ["supply"] });
        }}
      />
    </>
  );
}
