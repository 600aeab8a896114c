// One line of the supply grid: its facts, its editable cells and its Save button.
import { memo } from "react";
import { type SupplyLine } from "../../../contract/supply.ts";
import { COLUMN_LABEL, EDIT_COLUMNS, type EditColumn, isCount, n, shown } from "./grid-columns.ts";

/** Every row is this tall (px): the window needs no measuring while it scrolls. */
export const ROW_HEIGHT = 53;

interface RowProps {
  line: SupplyLine;
  index: number;
  edit: Partial<Record<EditColumn, string>> | undefined;
  problem: string | undefined;
  busy: boolean;
  onChange: (lineId: number, c: EditColumn, value: string) => void;
  onSave: (index: number) => void;
}

export const GridRow = memo(function GridRow({ line, index, edit, problem, busy, onChange, onSave }: RowProps) {
  const dirty = !!edit && EDIT_COLUMNS.some((c) => edit[c] !== undefined && edit[c] !== shown(line, c));
  return (
    <tr className={`border-b border-line ${problem ? "bg-petal-light/60" : ""}`} style={{ height: ROW_HEIGHT }} data-index={index}>
      <th scope="row" className="max-w-72 px-3 py-1 text-left font-normal">
        <span className="block truncate" title={line.description}>
          {line.description}
        </span>
        <span className="block truncate font-mono text-xs text-sage">
          {line.productId}
          {!line.productActive && " · retired"}
        </span>
      </th>
      <td className="px-3 py-1 text-right tabular">{n(line.sold)}</td>
      <td className="px-3 py-1 text-right tabular">{n(line.held)}</td>
      <td className="px-3 py-1 text-right tabular font-semibold">{line.quantity === null ? "—" : n(line.free)}</td>
      {EDIT_COLUMNS.map((c) => {
        const value = edit?.[c] ?? shown(line, c);
        const changed = value !== shown(line, c);
        return (
          <td key={c} className="px-1 py-1">
            <input
              className={`field-input !min-h-9 w-24 !px-2 !py-1 text-right tabular ${changed ? "!border-leaf !bg-[#fff8e6] font-semibold" : ""}`}
              inputMode={isCount(c) ? "numeric" : "decimal"}
              aria-label={`${COLUMN_LABEL[c]}, ${line.description}`}
              aria-invalid={problem ? true : undefined}
              data-row={index}
              data-col={c}
              value={value}
              onChange={(e) => onChange(line.lineId, c, e.target.value)}
            />
          </td>
        );
      })}
      <td className="px-2 py-1">
        <button type="button" className="btn btn-secondary !min-h-9 !py-1" disabled={!dirty || busy} onClick={() => onSave(index)} aria-label={`Save ${line.description}`}>
          {busy ? "Saving…" : "Save"}
        </button>
      </td>
      <td className="max-w-64 px-3 py-1 text-xs">
        <span className="block truncate" title={line.buyers.map((b) => `${b.companyName} (${b.quantity}, #${b.orderNumber})`).join("; ")}>
          {line.buyers.length ? line.buyers.map((b) => `${b.companyName} (${b.quantity}, #${b.orderNumber})`).join("; ") : "—"}
        </span>
      </td>
    </tr>
  );
});
