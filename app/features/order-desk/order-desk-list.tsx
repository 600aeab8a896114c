// The order desk's list (/Administration/Orders): the filter form, one ship date's orders (windowed when
// the day is long) and the day's bunches per product.
import { memo, type FormEvent } from "react";
import { Link } from "react-router";
import type { DeskOrderList, DeskOrderSummary } from "../../../contract/order-desk.ts";
import { TextField } from "../../components/ui/field.tsx";
import { money, shortDate } from "../../lib/format.ts";
import { OrderStatusBadge } from "../store/order-parts.tsx";
import { card, responsiveTable as rt } from "../../components/ui/classes.ts";
import type { DeskFilters } from "./queries.ts";
import { count, cutoffLabel, STATUSES, STEP_COUNT, STEP_LABEL, StoreBadge } from "./order-desk-parts.tsx";
import { Spacer, useWindowedRows } from "../../components/ui/windowed-rows.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { FilterButton } from "../../components/ui/table.tsx";

/** A day of more orders than this is windowed. */
const WINDOW_FROM = 150;
const ROW_HEIGHT = 45;
const TOTAL_ROW_HEIGHT = 29;
const HEADINGS = ["Select", "Order", "Customer", "Cut-off", "Status", "Next", "Pending", "Total"];

export function DeskFilterForm({ f, formKey, onApply }: { f: DeskFilters; formKey: string; onApply: (e: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form onSubmit={onApply} className={`${card} mb-5 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5`} aria-label="Filter orders" key={formKey}>
      <TextField label="Ship date" name="shipDate" type="date" defaultValue={f.shipDate ?? ""} />
      <SelectField id="desk-status" label="Status" name="status" defaultValue={f.status ?? ""}>
          <option value="">Any status</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
      </SelectField>
      <TextField label="Customer code" name="customerId" defaultValue={f.customerId ?? ""} maxLength={40} autoComplete="off" />
      <SelectField id="desk-store" label="Store" name="store" defaultValue={f.store ?? ""}>
        <option value="">Both stores</option>
        <option value="wholesale">Wholesale</option>
        <option value="mm">Mass market</option>
      </SelectField>
      <FilterButton>Show orders</FilterButton>
    </form>
  );
}

interface RowProps {
  o: DeskOrderSummary;
  index: number;
  checked: boolean;
  onToggle: (orderNumber: number) => void;
  measure: ((el: HTMLTableRowElement | null) => void) | undefined;
}

const OrderRow = memo(function OrderRow({ o, index, checked, onToggle, measure }: RowProps) {
  return (
    <tr className={rt.tr} data-index={index} ref={measure}>
      <td className={rt.td} data-label="Select">
        <input type="checkbox" className="size-5 accent-leaf" checked={checked} onChange={() => onToggle(o.orderNumber)} aria-label={`Select order ${o.orderNumber} of ${o.companyName}`} />
      </td>
      <td className={rt.td} data-label="Order">
        <Link className="font-semibold underline tabular" to={`/Administration/Orders/${o.orderNumber}`}>
          {o.orderNumber}
        </Link>
      </td>
      <td className={rt.td} data-label="Customer">
        <span>
          {o.companyName}
          <StoreBadge store={o.store} />
        </span>
      </td>
      <td className={`${rt.td} tabular`} data-label="Cut-off">
        {cutoffLabel(o.cutoff)}
      </td>
      <td className={rt.td} data-label="Status">
        <span>
          <OrderStatusBadge status={o.status} /> {o.packed && o.status === "confirmed" && <span className="text-xs text-sage">packed</span>}
        </span>
      </td>
      <td className={rt.td} data-label="Next">
        {o.nextStep ? STEP_LABEL[o.nextStep] : "—"}
      </td>
      <td className={`${rt.td} text-right tabular`} data-label="Pending">
        {o.pendingQuantity || ""}
      </td>
      <td className={`${rt.td} text-right tabular`} data-label="Total">
        {money(o.total)}
      </td>
    </tr>
  );
});

interface DayProps {
  day: string;
  orders: DeskOrderSummary[];
  counts: DeskOrderList["days"][number] | undefined;
  selected: Set<number>;
  onToggle: (orderNumber: number) => void;
}

/** One ship date's orders, by cut-off. */
export function DayOrders({ day, orders, counts, selected, onToggle }: DayProps) {
  const rows = useWindowedRows(orders.length, {
    rowHeight: ROW_HEIGHT,
    from: WINDOW_FROM,
  });
  const headingId = `day-${day}`;
  return (
    <section aria-labelledby={headingId} className="mb-6 md:rounded-xl md:border md:border-line md:bg-white md:p-2">
      <h2 id={headingId} className="px-1 pt-1 text-xl">
        Ship {shortDate(day)}
      </h2>
      {counts && (
        <p className="mb-2 px-1 text-sm text-sage">
          {count(counts.orders, "order", "orders")}
          {(["decide", "confirm", "pack", "ship"] as const)
            .filter((k) => counts[k] > 0)
            .map((k) => ` · ${STEP_COUNT[k](counts[k])}`)
            .join("")}
        </p>
      )}
      <table className={rt.table}>
        <caption className="sr-only">Orders shipping {day}, by cut-off</caption>
        <thead className={rt.thead}>
          <tr className="border-b-2 border-line">
            {HEADINGS.map((h) => (
              <th key={h} scope="col" className={`${rt.th} ${h === "Total" || h === "Pending" ? "text-right" : ""}`}>
                {h === "Select" ? <span className="sr-only">Select</span> : h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={rt.tbody} ref={rows.body}>
          <Spacer height={rows.padTop} columns={HEADINGS.length} />
          {rows.indexes.map((i) => {
            const o = orders[i]!;
            return <OrderRow key={o.orderNumber} o={o} index={i} checked={selected.has(o.orderNumber)} onToggle={onToggle} measure={rows.measure} />;
          })}
          <Spacer height={rows.padBottom} columns={HEADINGS.length} />
        </tbody>
      </table>
    </section>
  );
}

/** The chosen ship date's bunches per product (confirmed and pending). */
export function DayTotals({ shipDate, totals }: { shipDate: string | undefined; totals: DeskOrderList["dayTotals"] }) {
  const rows = useWindowedRows(totals.length, {
    rowHeight: TOTAL_ROW_HEIGHT,
    from: WINDOW_FROM,
  });
  return (
    <aside className={`${card} self-start p-4`} aria-labelledby="day-totals">
      <h2 id="day-totals" className="text-xl">
        To cut and pack
      </h2>
      {!shipDate ? (
        <p className="mt-2 text-sm text-sage">Choose a ship date under All orders to see the day&apos;s bunches per product.</p>
      ) : totals.length === 0 ? (
        <p className="mt-2 text-sm text-sage">Nothing ships on {shortDate(shipDate)}.</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Bunches per product on {shipDate}</caption>
          <thead>
            <tr className="border-b border-line text-left text-xs text-sage uppercase">
              {["Product", "Confirmed", "Pending"].map((h) => (
                <th key={h} scope="col" className={h === "Product" ? "py-1" : "py-1 pl-3 text-right"}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={rows.body}>
            <Spacer height={rows.padTop} columns={3} />
            {rows.indexes.map((i) => {
              const d = totals[i]!;
              return (
                <tr key={d.productId} className="border-b border-line" data-index={i} ref={rows.measure}>
                  <td className="py-1">{d.description}</td>
                  <td className="py-1 text-right tabular">{d.quantityConfirmed}</td>
                  <td className="py-1 text-right tabular">{d.quantityPending || ""}</td>
                </tr>
              );
            })}
            <Spacer height={rows.padBottom} columns={3} />
          </tbody>
        </table>
      )}
    </aside>
  );
}
