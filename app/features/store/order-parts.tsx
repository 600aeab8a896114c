import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Order, OrderSummary } from "../../../contract/store.ts";
import { instant, money, pailsAndBunches, shortDate } from "../../lib/format.ts";
import { responsiveTable as rt } from "../../components/ui/classes.ts";

type Status = OrderSummary["status"];

const STATUS: Record<Status, { label: string; tone: string }> = {
  submitted: { label: "Submitted", tone: "bg-cream text-amber-text" },
  confirmed: { label: "Confirmed", tone: "bg-leaf-light text-leaf-dark" },
  shipped: { label: "Shipped", tone: "bg-[#e5eef7] text-[#1f4e79]" },
  invoiced: { label: "Invoiced", tone: "bg-mist text-ink" },
  cancelled: { label: "Cancelled", tone: "bg-[#fdecea] text-[#8a1c12]" },
};

export function OrderStatusBadge({ status }: { status: Status }) {
  const s = STATUS[status] ?? { label: status, tone: "bg-mist text-ink" };
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${s.tone}`}>{s.label}</span>;
}

/** An order page's heading: "Order 1042" with its status beside it. */
export function OrderTitle({ orderNumber, status, className = "" }: { orderNumber: number; status: Status; className?: string }) {
  return (
    <div className={`${className} flex flex-wrap items-center gap-3`.trim()}>
      <h1 className="text-3xl">Order {orderNumber}</h1>
      <OrderStatusBadge status={status} />
    </div>
  );
}

/**
 * An order list as a table (cards below the md breakpoint): the head's cells, the "Order again"
 * column's head (with its class) when the rows have one, and each order's cells.
 */
export function OrderListTable<O extends { orderNumber: number }>({
  caption,
  head,
  reorderHead,
  orders,
  cells,
}: {
  caption: string;
  head: ReactNode;
  reorderHead?: string;
  orders: readonly O[];
  cells: (order: O) => ReactNode;
}) {
  return (
    <table className={rt.table}>
      <caption className="sr-only">{caption}</caption>
      <thead className={rt.thead}>
        <tr className="border-b-2 border-line">
          {head}
          {reorderHead !== undefined && (
            <th scope="col" className={reorderHead}>
              <span className="sr-only">Order again</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className={rt.tbody}>
        {orders.map((o) => (
          <tr key={o.orderNumber} className={`${rt.tr} hover:bg-paper`}>
            {cells(o)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Order history as a table (cards below the md breakpoint). */
export function OrdersTable({ orders, caption, compact = false, reorder = false }: { orders: OrderSummary[]; caption: string; compact?: boolean; reorder?: boolean }) {
  // In a dashboard card the table has a third of the page: tighter cells keep Total inside the card.
  const pad = compact ? " md:px-1.5 md:first:pl-0 md:last:pr-0" : "";
  return (
    <OrderListTable
      caption={caption}
      head={
        <>
          <th scope="col" className={`${rt.th}${pad}`}>
            Order
          </th>
          {!compact && (
            <th scope="col" className={`${rt.th}${pad}`}>
              Placed
            </th>
          )}
          <th scope="col" className={`${rt.th}${pad}`}>
            Ship date
          </th>
          <th scope="col" className={`${rt.th}${pad}`}>
            Status
          </th>
          {!compact && (
            <th scope="col" className={`${rt.th}${pad} text-right`}>
              Lines
            </th>
          )}
          <th scope="col" className={`${rt.th}${pad} text-right`}>
            Total
          </th>
        </>
      }
      reorderHead={reorder ? rt.th : undefined}
      orders={orders}
      cells={(o) => (
        <>
          <td className={`${rt.td}${pad}`} data-label="Order">
            <Link to={`/Orders/${o.orderNumber}`} className="font-semibold tabular">
              {o.orderNumber}
            </Link>
          </td>
          {!compact && (
            <td className={`${rt.td}${pad} text-sage`} data-label="Placed">
              {instant(o.placedAt)}
            </td>
          )}
          <td className={`${rt.td}${pad} whitespace-nowrap`} data-label="Ship date">
            {shortDate(o.shipDate)}
            {o.receivingDate && !compact && <span className="block text-xs text-sage">pickup {shortDate(o.receivingDate)}</span>}
          </td>
          <td className={`${rt.td}${pad}`} data-label="Status">
            <OrderStatusBadge status={o.status} />
          </td>
          {!compact && (
            <td className={`${rt.td}${pad} md:text-right tabular`} data-label="Lines">
              {o.lineCount}
            </td>
          )}
          <td className={`${rt.td}${pad} font-semibold md:text-right tabular`} data-label="Total">
            {money(o.total)}
          </td>
          {reorder && (
            <td className={`${rt.td} md:text-right`} data-label="">
              <Link to={`/Orders/${o.orderNumber}#order-again`} className="text-sm whitespace-nowrap underline">
                Order again<span className="sr-only"> (order {o.orderNumber})</span>
              </Link>
            </td>
          )}
        </>
      )}
    />
  );
}

type Line = Order["lines"][number] & { orderNumber?: number };

/** A line's two unit prices (the cart's and an order's): the bunch in a pail and the loose bunch, "—" where it has none. */
export function PailPriceCells({ line }: { line: { pails: number; looseBunches: number; pailPrice: number; bunchPrice: number } }) {
  return (
    <>
      <td className={`${rt.td} md:text-right tabular`} data-label="Bunch in pail">
        {line.pails > 0 ? money(line.pailPrice) : "—"}
      </td>
      <td className={`${rt.td} md:text-right tabular`} data-label="Loose bunch">
        {line.looseBunches > 0 ? money(line.bunchPrice) : "—"}
      </td>
    </>
  );
}

/** Lines of an order (or of a ship date across orders) with pails, bunches, prices and confirmation. */
export function OrderLinesTable({ lines, caption, showOrder = false }: { lines: Line[]; caption: string; showOrder?: boolean }) {
  return (
    <table className={rt.table}>
      <caption className="sr-only">{caption}</caption>
      <thead className={rt.thead}>
        <tr className="border-b-2 border-line">
          {showOrder && (
            <th scope="col" className={rt.th}>
              Order
            </th>
          )}
          <th scope="col" className={rt.th}>
            Product
          </th>
          <th scope="col" className={rt.th}>
            Quantity
          </th>
          <th scope="col" className={`${rt.th} text-right`}>
            Bunch in pail
          </th>
          <th scope="col" className={`${rt.th} text-right`}>
            Loose bunch
          </th>
          <th scope="col" className={rt.th}>
            Confirmation
          </th>
          <th scope="col" className={`${rt.th} text-right`}>
            Line total
          </th>
        </tr>
      </thead>
      <tbody className={rt.tbody}>
        {lines.map((l, i) => (
          <tr key={`${l.orderNumber ?? ""}-${l.productId}-${i}`} className={rt.tr}>
            {showOrder && (
              <td className={rt.td} data-label="Order">
                <Link to={`/Orders/${l.orderNumber}`} className="tabular">
                  {l.orderNumber}
                </Link>
              </td>
            )}
            <td className={`${rt.td} max-md:!block`} data-label="">
              <span className="font-semibold">{l.description}</span>
              <span className="block text-xs text-sage tabular">{l.productId}</span>
            </td>
            <td className={rt.td} data-label="Quantity">
              <span className="tabular">{pailsAndBunches(l.pails, l.looseBunches)}</span>
              <span className="block text-xs text-sage tabular max-md:text-right">{l.quantity} bunches</span>
            </td>
            <PailPriceCells line={l} />
            <td className={rt.td} data-label="Confirmation">
              {l.quantityPending > 0 ? (
                <span className="inline-block rounded-full bg-cream px-2 py-0.5 text-xs font-semibold text-amber-text">
                  {l.quantityConfirmed > 0 ? `${l.quantityConfirmed} confirmed · ${l.quantityPending} pending` : "Pending"}
                </span>
              ) : (
                <span className="inline-block rounded-full bg-leaf-light px-2 py-0.5 text-xs font-semibold text-leaf-dark">Confirmed</span>
              )}
            </td>
            <td className={`${rt.td} font-semibold md:text-right tabular`} data-label="Line total">
              {money(l.lineTotal)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
