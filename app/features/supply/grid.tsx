// The availability grid of the supply desk (issue 25 item 2, issue 30: docs/domain-supply.md). A
// table of the catalog's lines whose quantity, prices and tiers are edited in place, like a sheet
// (use-grid-keys.ts). A block pasted from a spreadsheet fills the cells from the focused one, shows
// what changes and what the server would refuse, then saves every line in one request through the
// fresh-list upload (all or nothing, never below sold + held).
// Windowed (the kit's useWindowedRows, window scroll): only the rows near the screen are in the
// page, each row one fixed height, so 5,000 lines lay out as fast as 50.
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ClipboardEvent, type ReactNode } from "react";
import { type SupplyLineList } from "../../../contract/supply.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { Spacer, useWindowedRows } from "../../components/ui/windowed-rows.tsx";
import { isBlock } from "./paste.ts";
import { COLUMN_LABEL, EDIT_COLUMNS, type EditColumn, rowKeyOf } from "./grid-columns.ts";
import { PasteDialog, type PasteState } from "./grid-paste.tsx";
import { planPaste } from "./grid-paste-plan.ts";
import { GridRow, ROW_HEIGHT } from "./grid-row.tsx";
import { useGridEdits } from "./use-grid-edits.ts";
import { useGridKeys } from "./use-grid-keys.ts";
import { EditGridHead } from "./grid-head.tsx";

/** Catalogs of more lines than this are windowed (a few hundred are all in the page, every row findable). */
const WINDOW_FROM = 400;
const COLUMNS = EDIT_COLUMNS.length + 6;

export function SupplyGrid({ list }: { list: SupplyLineList }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { lines, catalog } = list;
  const { edits, setEdits, problems, busy, onChange, save } = useGridEdits(list);
  const [paste, setPaste] = useState<PasteState | null>(null);
  const rows = useWindowedRows(lines.length, { rowHeight: ROW_HEIGHT, from: WINDOW_FROM, key: rowKeyOf(lines) });
  const onKeyDown = useGridKeys({ lines, edits, onChange, save, scrollTo: rows.scrollTo });

  function onPaste(e: ClipboardEvent<HTMLTableSectionElement>) {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.col) return;
    const text = e.clipboardData.getData("text/plain");
    if (!isBlock(text)) return;
    e.preventDefault();
    const planned = planPaste(text, { row: Number(input.dataset.row), col: EDIT_COLUMNS.indexOf(input.dataset.col as EditColumn) }, lines, edits);
    setEdits(planned.next);
    setPaste(planned.paste);
  }

  function onPasteSaved(count: number) {
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
      <GridFrame caption={`Lines of ${catalog.title}`}>
        <GridHead />
        <tbody ref={rows.body} onKeyDown={onKeyDown} onPaste={onPaste}>
          <Spacer height={rows.padTop} columns={COLUMNS} />
          {rows.indexes.map((index) => {
            const line = lines[index]!;
            return <GridRow key={line.lineId} line={line} index={index} edit={edits[line.lineId]} problem={problems[line.lineId]} busy={!!busy[line.lineId]} onChange={onChange} onSave={save} />;
          })}
          <Spacer height={rows.padBottom} columns={COLUMNS} />
        </tbody>
      </GridFrame>
      <PasteDialog
        paste={paste}
        catalogId={catalog.catalogId}
        onCancel={() => {
          if (paste) setEdits(paste.before);
          setPaste(null);
        }}
        onSaved={onPasteSaved}
      />
    </>
  );
}

/**
 * Each column's width: the product (as wide as its name could be before it is cut short), sold, held
 * and free, the editable cells, Save and "Bought by". Fixed (table-layout: fixed), so the columns do
 * not follow the rows in the window: with widths from the content, every scroll step that brought a
 * longer or shorter name widened or narrowed the table, which then laid out and painted every row
 * again, not only the new ones (issue 30).
 */
const COLUMN_REM = [18, 4.5, 4.5, 4.5, ...EDIT_COLUMNS.map(() => 6.5), 6.5, 10];
const TABLE_REM = COLUMN_REM.reduce((a, b) => a + b, 0);

/** The kit's TableFrame (a region that scrolls sideways on a narrow screen) around a table of fixed columns. */
function GridFrame({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-line bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full table-fixed text-sm" style={{ minWidth: `${TABLE_REM}rem` }}>
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          {COLUMN_REM.map((rem, i) => (
            <col key={i} style={{ width: `${rem}rem` }} />
          ))}
        </colgroup>
        {children}
      </table>
    </div>
  );
}

function GridHead() {
  return <EditGridHead first="Product" labels={EDIT_COLUMNS.map((c) => COLUMN_LABEL[c])} boughtBy />;
}
