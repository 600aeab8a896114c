// /MM/Orders and /MM/Orders/{orderNumber} (SPEC §2, header 'Order History'): the customer's MM
// orders, one order with its fee lines, and its shelf labels PDF.
import { useState } from "react";
import { Link } from "react-router";
import type { MmOrderSummary } from "../../../contract/mm.ts";
import { ApiError } from "../../lib/api.ts";
import { instant, money, shortDate } from "../store/format.ts";
import { FeeTable, MmPage, Totals } from "./parts.tsx";
import { useMmStoreIds } from "./customer-gate.tsx";
import { mmPaths, useMmOrder, useMmOrders, type StoreIds } from "./queries.ts";
import { ReorderButton, ReorderResult, useReorder, type ReorderOutcome } from "./reorder.tsx";

/** Each row's "Order again" (the Orders page): the handler and the order being added. */
interface ReorderColumn {
  onReorder: (orderNumber: number) => void;
  pending: number | null;
}

export function MmOrdersTable({ orders, caption, reorder }: { orders: readonly MmOrderSummary[]; caption: string; reorder?: ReorderColumn }) {
  if (!orders.length) return <p className="text-sage">No orders yet.</p>;
  return (
    // relative: the visually hidden header texts (absolutely placed) stay inside the scrolling box
    // instead of widening the page on a phone.
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[34rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-sage">
            <th scope="col" className="py-2">Order</th>
            <th scope="col" className="py-2">Ship date</th>
            <th scope="col" className="py-2">Status</th>
            <th scope="col" className="py-2 text-right">Bouquets</th>
            <th scope="col" className="py-2 text-right">Total</th>
            {reorder && (
              <th scope="col" className="py-2 text-right">
                <span className="sr-only">Order again</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderNumber} className="border-t border-line">
              <td className="py-2">
                <Link to={`/MM/Orders/${o.orderNumber}`}>Order {o.orderNumber}</Link>
              </td>
              <td className="py-2">{shortDate(o.shipDate)}</td>
              <td className="py-2 capitalize">{o.status}</td>
              <td className="py-2 text-right tabular">{o.itemCount}</td>
              <td className="py-2 text-right tabular">{money(o.total)}</td>
              {reorder && (
                <td className="py-2 pl-2 text-right">
                  <ReorderButton orderNumber={o.orderNumber} onReorder={reorder.onReorder} pending={reorder.pending === o.orderNumber} className="btn btn-secondary px-3 py-1 text-sm" />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MmOrdersPage() {
  const { ids, gate } = useMmStoreIds();
  const q = useMmOrders(ids);
  if (!ids) return gate;
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
      <div className="mt-4 rounded-2xl border border-line bg-white p-4">
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
  const q = useMmOrder(ids, orderNumber);
  if (!ids) return gate;
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
      <h1 className="text-3xl">Order {o.orderNumber}</h1>
      <p className="mt-1 text-sage">
        Ships {shortDate(o.shipDate)} · placed {instant(o.placedAt)} · <span className="capitalize">{o.status}</span> · {o.boxed ? "Boxed" : "Not boxed"}
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="mm-order-lines" className="rounded-2xl border border-line bg-white p-4">
          <h2 id="mm-order-lines" className="text-xl">Bouquets</h2>
          <div className="overflow-x-auto">
            <table className="mt-2 w-full min-w-[34rem] text-sm">
              <caption className="sr-only">Bouquets of order {o.orderNumber}</caption>
              <thead>
                <tr className="text-left text-sage">
                  <th scope="col" className="py-1">Item</th>
                  <th scope="col" className="py-1">UPC / EAN</th>
                  <th scope="col" className="py-1 text-right">Qty</th>
                  <th scope="col" className="py-1 text-right">Each</th>
                  <th scope="col" className="py-1 text-right">Total</th>
                </tr>
              </thead>
              <tbody>
                {bouquets.map((l) => (
                  <tr key={l.productId} className="border-t border-line">
                    <td className="py-1">
                      {l.description} <span className="text-sage">({l.productId})</span>
                    </td>
                    <td className="py-1 tabular">{l.barcodeNumber ?? "none"}</td>
                    <td className="py-1 text-right tabular">{l.quantity}</td>
                    <td className="py-1 text-right tabular">{money(l.price)}</td>
                    <td className="py-1 text-right tabular">{money(l.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <aside aria-labelledby="mm-order-summary" className="h-fit rounded-2xl border border-line bg-white p-4">
          <h2 id="mm-order-summary" className="text-xl">Summary</h2>
          <h3 className="mt-3 text-base font-semibold">Packaging fees</h3>
          <FeeTable items={fees} caption={`Packaging fees of order ${o.orderNumber}`} />
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
