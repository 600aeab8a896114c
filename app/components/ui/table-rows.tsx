// A staff table's rows: the body with a row per item, and the cell of a row's buttons.
import type { HTMLAttributes, Key, ReactNode } from "react";

/**
 * A table's body: one row per item, keyed by `rowKey`, its cells from `cells`. A row is ruled off from
 * the next (`rowClass` for another look); `rowProps` adds attributes to an item's row.
 */
export function TableRows<T>({
  rows,
  rowKey,
  cells,
  rowClass = "border-b border-line last:border-0",
  rowProps,
}: {
  rows: readonly T[];
  rowKey: (row: T) => Key;
  cells: (row: T) => ReactNode;
  rowClass?: string;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
}) {
  return (
    <tbody>
      {rows.map((row) => (
        <tr key={rowKey(row)} className={rowClass} {...rowProps?.(row)}>
          {cells(row)}
        </tr>
      ))}
    </tbody>
  );
}

/** A row's actions: its buttons at the right of the last cell, wrapping on a narrow screen. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className="px-3 py-2">
      <div className="flex flex-wrap justify-end gap-2">{children}</div>
    </td>
  );
}
