// The supply grid's editable columns, their labels and how a line's value is shown in a cell.
import { type SupplyLine } from "../../../contract/supply.ts";

export const n = (v: number) => v.toLocaleString("en-US");

export const EDIT_COLUMNS = ["quantity", "price", "priceNoPail", "tier1Quantity", "tier1Price", "tier2Quantity", "tier2Price"] as const;

export type EditColumn = (typeof EDIT_COLUMNS)[number];

export const COLUMN_LABEL: Record<EditColumn, string> = {
  quantity: "Quantity",
  price: "Price (pail)",
  priceNoPail: "Price (loose)",
  tier1Quantity: "Tier 1 from",
  tier1Price: "Tier 1 price",
  tier2Quantity: "Tier 2 from",
  tier2Price: "Tier 2 price",
};

export const isCount = (c: EditColumn) => c === "quantity" || c.endsWith("Quantity");

/** A cell's value as the grid shows it. */
export const shown = (line: SupplyLine, c: EditColumn) => (line[c] === null ? "" : isCount(c) ? String(line[c]) : Number(line[c]).toFixed(2));

export type Edits = Record<number, Partial<Record<EditColumn, string>>>;

const rowKeys = new WeakMap<readonly SupplyLine[], (index: number) => number>();

/**
 * The window's row key (the line's id) for one list of lines: the same function for as long as the
 * list is the same, so the virtualizer does not lay out all the lines again on every render (it does
 * whenever its getItemKey changes: 5,000 lines at each scroll step).
 */
export function rowKeyOf(lines: readonly SupplyLine[]): (index: number) => number {
  let key = rowKeys.get(lines);
  if (!key) {
    key = (index: number) => lines[index]!.lineId;
    rowKeys.set(lines, key);
  }
  return key;
}
