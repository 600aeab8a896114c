// /MM/Orders and /MM/Orders/{orderNumber} (SPEC §2, header 'Order History'): the customer's MM
// orders, one order with its fee lines, and its shelf labels PDF.
import { useState } from "react";
import { Link } from "react-router";
import type { MmOrderSummary } from "../../../contract/mm.ts";
import { ApiError } from "../../lib/api.ts";
import { instant, money, shortDate } from "../../lib/format.ts";
import { OrderListTable, OrderStatusBadge, OrderTitle } from "../store/order-parts.tsx";
import { responsiveTable as rt } from "../../components/ui/classes.ts";
import { FeeTable, MmPage, Totals } from "./parts.tsx";
import { useMmStoreIds } from "./customer-gate.tsx";
import { mmPaths, useMmOrder, useMmOrders, useMmPackages, type StoreIds } from "./queries.ts";
import { ReorderButton, ReorderResult, useReorder, type ReorderOutcome } from "./reorder.tsx";

/** Each row's "Order again" (the Orders page): the handler and the order being added. */
interface ReorderColumn {
  onReorder: (orderNumber: number) => void;
  pending: number | null;
}

/**
 * MM orders as the wholesale store lists its own: a table from the md breakpoint, a stack of labelled
 * cards below it (nothing wider than a phone), statuses as the store's badges. Compact (a dashboard
 * card) leaves the bouquet count out, so the total keeps its room; reorder adds "Order again" per row.
 */
export function MmOrdersTable({ orders, caption, compact = false, reorder }: { orders: readonly MmOrderSummary[]; caption: string; compact?: boolean; reorder?: ReorderColumn }) {
  if (!orders.length) return <p className="text-sage">No orders yet.</p>;
  const pad = compact ? " md:px-1.5 md:first:pl-0 md:last:pr-0" : "";
  return (
    <OrderListTable
      caption={caption}
      head={
        <>
          <th scope="col" className={`${rt.th}${pad}`}>Order</th>
          <th scope="col" className={`${rt.th}${pad}`}>Ship date</th>
          <th scope="col" className={`${rt.th}${pad}`}>Status</th>
          {!compact && <th scope="col" className={`${rt.th}${pad} text-right`}>Bouquets</th>}
          <th scope="col" className={`${rt.th}${pad} text-right`}>Total</th>
        </>
      }
      reorderHead={reorder ? `${rt.th}${pad} text-right` : undefined}
      orders={orders}
      cells={(o) => (
        <>
          <td className={`${rt.td}${pad}`} data-label="Order">
            <Link to={`/MM/Orders/${o.orderNumber}`} className="font-semibold whitespace-nowrap">
              Order {o.orderNumber}
            </Link>
          </td>
          <td className={`${rt.td}${pad} whitespace-nowrap`} data-label="Ship date">{shortDate(o.shipDate)}</td>
          <td className={`${rt.td}${pad}`} data-label="Status">
            <OrderStatusBadge status={o.status} />
          </td>
          {!compact && (
            <td className={`${rt.td}${pad} md:text-right tabular`} data-label="Bouquets">
              {o.itemCount}
            </td>
          )}
          <td className={`${rt.td}${pad} font-semibold whitespace-nowrap md:text-right tabular`} data-label="Total">
            {money(o.total)}
          </td>
          {reorder && (
            <td className={`${rt.td}${pad} md:text-right`}>
              <ReorderButton orderNumber={o.orderNumber} onReorder={reorder.onReorder} pending={reorder.pending === o.orderNumber} className="btn btn-secondary px-3 py-1 text-sm" />
            </td>
          )}
        </>
      )}
    />
  );
}

export function MmOrdersPage() {
  const { ids, gate } = useMmStoreIds();
  if (!ids) return gate;
  return <Orders key={ids.customerId} ids={ids} />;
}

function Orders({ ids }: { ids: StoreIds }) {
  const q = useMmOrders(ids);
  return (
    <MmPage>
      <h1 className="text-3xl">Orders</h1>
      <OrdersWithReorder ids={ids} q={q} />
    </MmPage>
  );
}

function OrdersWithReorder({ ids, q }: { ids: StoreIds; q: ReturnType<typeof useMmOrders> }) {
  const [outcome, setOutcome] = useState<ReorderOutcome | null>(null);
  const reorder = useReorder(ids, setOutcome);
  return (
    <>
      <div className="mt-4">
        <ReorderResult outcome={outcome} />
      </div>
      <div className="mt-4 md:rounded-2xl md:border md:border-line md:bg-white md:p-4">
        {q.isLoading ? (
          <p role="status">Loading your orders…</p>
        ) : q.isError ? (
          <p role="alert">We could not load your orders. Please try again.</p>
        ) : (
          <MmOrdersTable
            orders={q.data ?? []}
            caption="Your mass-market orders"
            reorder={{ onReorder: (n) => reorder.mutate(n), pending: reorder.isPending ? (reorder.variables ?? null) : null }}
          />
        )}
      </div>
    </>
  );
}

/** "Order again" for one order, with what it did below. */
function OrderAgain({ ids, orderNumber }: { ids: StoreIds; orderNumber: number }) {
  const [outcome, setOutcome] = useState<ReorderOutcome | null>(null);
  const reorder = useReorder(ids, setOutcome);
  return (
    <div className="mt-3">
      <ReorderButton orderNumber={orderNumber} onReorder={(n) => reorder.mutate(n)} pending={reorder.isPending} className="btn btn-secondary w-full" />
      <div className="mt-3">
        <ReorderResult outcome={outcome} />
      </div>
    </div>
  );
}

export function MmOrderPage({ orderNumber }: { orderNumber: number }) {
  const { ids, gate } = useMmStoreIds();
  if (!ids) return gate;
  return <Order key={ids.customerId} ids={ids} orderNumber={orderNumber} />;
}

function Order({ ids, orderNumber }: { ids: StoreIds; orderNumber: number }) {
  const q = useMmOrder(ids, orderNumber);
  // An order's fee lines name their package; its size comes from the packages.
  const packagesQ = useMmPackages(ids);
  if (q.isLoading) return <MmPage><p role="status">Loading order {orderNumber}…</p></MmPage>;
  if (q.isError || !q.data) {
    const missing = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 403);
    return (
      <MmPage>
        <div role="alert" className="rounded-2xl border border-dashed border-line bg-white p-8 text-center">
          <h1 className="text-2xl">{missing ? "We could not find that order" : "We could not load this order"}</h1>
          <Link to="/MM/Orders" className="btn btn-secondary mt-4">
            All orders
          </Link>
        </div>
      </MmPage>
    );
  }
  const o = q.data;
  const bouquets = o.lines.filter((l) => !l.fee);
  const fees = o.lines.filter((l) => l.fee);
  return (
    <MmPage>
      <OrderTitle orderNumber={o.orderNumber} status={o.status} />
      <p className="mt-1 text-sage">
        Ships {shortDate(o.shipDate)} · placed {instant(o.placedAt)} · {o.boxed ? "Boxed" : "Not boxed"}
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="mm-order-lines" className="min-w-0 rounded-2xl border border-line bg-white p-4 max-md:border-0 max-md:bg-transparent max-md:p-0">
          <h2 id="mm-order-lines" className="text-xl">Bouquets</h2>
          <table className={`${rt.table} mt-2`}>
            <caption className="sr-only">Bouquets of order {o.orderNumber}</caption>
            <thead className={rt.thead}>
              <tr className="border-b-2 border-line">
                <th scope="col" className={rt.th}>Item</th>
                <th scope="col" className={rt.th}>UPC / EAN</th>
                <th scope="col" className={`${rt.th} text-right`}>Qty</th>
                <th scope="col" className={`${rt.th} text-right`}>Each</th>
                <th scope="col" className={`${rt.th} text-right`}>Total</th>
              </tr>
            </thead>
            <tbody className={rt.tbody}>
              {bouquets.map((l) => (
                <tr key={l.productId} className={rt.tr} data-line={l.productId}>
                  <td className={`${rt.td} max-md:!block`} data-label="">
                    <span className="font-semibold">{l.description}</span> <span className="text-sage">({l.productId})</span>
                    {(l.barcodeTop || l.barcodeLeft || l.barcodeBottom) && (
                      <span className="block text-xs text-sage">Label: {[l.barcodeTop, l.barcodeLeft, l.barcodeBottom].filter(Boolean).join(" · ")}</span>
                    )}
                  </td>
                  <td className={`${rt.td} tabular`} data-label="UPC / EAN">{l.barcodeNumber ?? "none"}</td>
                  <td className={`${rt.td} md:text-right tabular`} data-label="Qty">{l.quantity}</td>
                  <td className={`${rt.td} md:text-right tabular`} data-label="Each">{money(l.price)}</td>
                  <td className={`${rt.td} font-semibold md:text-right tabular`} data-label="Total">{money(l.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <aside aria-labelledby="mm-order-summary" className="h-fit rounded-2xl border border-line bg-white p-4">
          <h2 id="mm-order-summary" className="text-xl">Summary</h2>
          <h3 className="mt-3 text-base font-semibold">Packaging fees</h3>
          <FeeTable items={fees} caption={`Packaging fees of order ${o.orderNumber}`} packages={packagesQ.data} />
          <div className="mt-3 border-t border-line pt-3">
            <Totals cart={o} />
          </div>
          <a href={mmPaths.labels(ids, o.orderNumber)} className="btn btn-primary mt-4 w-full" target="_blank" rel="noopener">
            Shelf labels (PDF)
          </a>
          <OrderAgain ids={ids} orderNumber={o.orderNumber} />
        </aside>
      </div>
    </MmPage>
  );
}
