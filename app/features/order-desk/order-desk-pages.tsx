// The grower's order desk (staff): orders by ship date and status with what to cut and pack per
// product, and one order's lines with every step it can take next.
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { DeskOrder } from "../../../contract/order-desk.ts";
import { TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import { money, pailsAndBunches, shortDate } from "../store/format.ts";
import { OrderStatusBadge } from "../store/order-parts.tsx";
import { card, qtyInput, responsiveTable as rt, smallButton } from "../store/ui.ts";
import { useDeskChange, useDeskOrder, useDeskOrders, type DeskChange } from "./queries.ts";

function Page({ children }: { children: ReactNode }) {
  return <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">{children}</section>;
}

const STATUSES = ["submitted", "confirmed", "shipped", "invoiced", "cancelled"] as const;

export function OrderDeskPage() {
  const [params, setParams] = useSearchParams();
  const f = { shipDate: params.get("shipDate") || undefined, status: params.get("status") || undefined, customerId: params.get("customerId") || undefined };
  const list = useDeskOrders(f);
  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of ["shipDate", "status", "customerId"]) {
      const v = String(data.get(k) ?? "").trim();
      if (v) next.set(k, v);
    }
    setParams(next);
  }
  return (
    <Page>
      <h1 className="mb-4 text-3xl">Order desk</h1>
      <form onSubmit={apply} className={`${card} mb-5 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4`} aria-label="Filter orders" key={params.toString()}>
        <TextField label="Ship date" name="shipDate" type="date" defaultValue={f.shipDate ?? ""} />
        <div>
          <label htmlFor="desk-status" className="field-label">
            Status
          </label>
          <select id="desk-status" name="status" className="field-input" defaultValue={f.status ?? ""}>
            <option value="">Any status</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Customer code" name="customerId" defaultValue={f.customerId ?? ""} maxLength={40} autoComplete="off" />
        <div className="flex items-end">
          <button type="submit" className="btn btn-primary w-full">
            Show orders
          </button>
        </div>
      </form>
      {list.isError && (
        <p role="alert" className="mb-4 rounded-lg bg-[#fdecea] px-4 py-3 text-[#8a1c12]">
          {list.error instanceof ApiError ? list.error.message : "The orders could not be loaded."}
        </p>
      )}
      {list.isPending ? (
        <p className="py-10 text-center text-sage" role="status">
          Loading orders…
        </p>
      ) : list.data ? (
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
            <p className="sr-only" role="status">
              {list.data.orders.length} orders
            </p>
            {list.data.orders.length === 0 ? (
              <p className="p-6 text-center text-sage">No orders match.</p>
            ) : (
              <table className={rt.table}>
                <caption className="sr-only">Orders by ship date</caption>
                <thead className={rt.thead}>
                  <tr className="border-b-2 border-line">
                    {["Order", "Ship date", "Customer", "Status", "Pending", "Total"].map((h) => (
                      <th key={h} scope="col" className={`${rt.th} ${h === "Total" || h === "Pending" ? "text-right" : ""}`}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className={rt.tbody}>
                  {list.data.orders.map((o) => (
                    <tr key={o.orderNumber} className={rt.tr}>
                      <td className={rt.td} data-label="Order">
                        <Link className="font-semibold underline tabular" to={`/Administration/Orders/${o.orderNumber}`}>
                          {o.orderNumber}
                        </Link>
                      </td>
                      <td className={rt.td} data-label="Ship date">
                        {shortDate(o.shipDate)}
                      </td>
                      <td className={rt.td} data-label="Customer">
                        {o.companyName}
                      </td>
                      <td className={rt.td} data-label="Status">
                        <OrderStatusBadge status={o.status} /> {o.packed && o.status === "confirmed" && <span className="text-xs text-sage">packed</span>}
                      </td>
                      <td className={`${rt.td} text-right tabular`} data-label="Pending">
                        {o.pendingQuantity || ""}
                      </td>
                      <td className={`${rt.td} text-right tabular`} data-label="Total">
                        {money(o.total)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {list.data.truncated && <p className="p-3 text-sm text-sage">Only the first 500 orders are shown: narrow the filter.</p>}
          </div>
          <aside className={`${card} p-4`} aria-labelledby="day-totals">
            <h2 id="day-totals" className="text-xl">
              To cut and pack
            </h2>
            {!f.shipDate ? (
              <p className="mt-2 text-sm text-sage">Choose a ship date to see the day&apos;s bunches per product.</p>
            ) : list.data.dayTotals.length === 0 ? (
              <p className="mt-2 text-sm text-sage">Nothing ships on {shortDate(f.shipDate)}.</p>
            ) : (
              <table className="mt-2 w-full text-sm">
                <caption className="sr-only">Bunches per product on {f.shipDate}</caption>
                <thead>
                  <tr className="border-b border-line text-left text-xs text-sage uppercase">
                    <th scope="col" className="py-1">
                      Product
                    </th>
                    <th scope="col" className="py-1 pl-3 text-right">
                      Confirmed
                    </th>
                    <th scope="col" className="py-1 pl-3 text-right">
                      Pending
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.dayTotals.map((d) => (
                    <tr key={d.productId} className="border-b border-line">
                      <td className="py-1">{d.description}</td>
                      <td className="py-1 text-right tabular">{d.quantityConfirmed}</td>
                      <td className="py-1 text-right tabular">{d.quantityPending || ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </aside>
        </div>
      ) : null}
    </Page>
  );
}

const ORDER_STEPS: { action: DeskOrder["actions"][number]; change: DeskChange; label: string; primary?: boolean }[] = [
  { action: "confirm", change: { kind: "confirm" }, label: "Confirm order", primary: true },
  { action: "pack", change: { kind: "pack" }, label: "Mark packed", primary: true },
  { action: "ship", change: { kind: "ship" }, label: "Ship and invoice", primary: true },
  { action: "cancel", change: { kind: "cancel" }, label: "Cancel order" },
];

function LineQuantity({ lineId, quantity, run, busy }: { lineId: number; quantity: number; run: (c: DeskChange) => void; busy: boolean }) {
  const [value, setValue] = useState(String(quantity));
  const id = `qty-${lineId}`;
  return (
    <form
      className="flex items-center justify-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        run({ kind: "changeLine", lineId, quantity: Number(value) });
      }}
    >
      <label htmlFor={id} className="sr-only">
        New quantity in bunches
      </label>
      <input id={id} className={qtyInput} inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className={smallButton} disabled={busy || value === String(quantity)}>
        Change
      </button>
    </form>
  );
}

export function DeskOrderPage({ orderNumber }: { orderNumber: number }) {
  const order = useDeskOrder(orderNumber);
  const change = useDeskChange(orderNumber);
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const run = (c: DeskChange) => {
    setError(null);
    change.mutate(c, {
      onSuccess: (o) => toast(o.invoiceNumber && c.kind === "ship" ? `Shipped: invoice ${o.invoiceNumber} issued and mailed.` : "Saved.", { type: "success" }),
      onError: (err) => setError(err instanceof ApiError ? err.message : "That did not work. Please try again."),
    });
  };
  if (order.isPending)
    return (
      <Page>
        <p className="py-10 text-center text-sage" role="status">
          Loading order {orderNumber}…
        </p>
      </Page>
    );
  if (order.isError)
    return (
      <Page>
        <p role="alert" className="rounded-xl border border-dashed border-line bg-white px-6 py-10 text-center">
          {order.error instanceof ApiError ? order.error.message : "The order could not be loaded."}
        </p>
      </Page>
    );
  const o = order.data;
  const can = (a: DeskOrder["actions"][number]) => o.actions.includes(a);
  return (
    <Page>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl">Order {o.orderNumber}</h1>
        <OrderStatusBadge status={o.status} />
        {o.packed && o.status === "confirmed" && <span className="text-sm text-sage">Packed</span>}
        {o.invoiceNumber && (
          <Link className="underline" to={`/Invoices/details?number=${o.invoiceNumber}`}>
            Invoice {o.invoiceNumber}
          </Link>
        )}
      </div>
      <dl className={`${card} mb-5 grid grid-cols-2 gap-4 p-4 sm:grid-cols-4`}>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Customer</dt>
          <dd>
            {o.companyName} ({o.customerId})
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Ship date</dt>
          <dd>{shortDate(o.shipDate)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Buyer</dt>
          <dd className="break-all">{o.userEmail}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Total</dt>
          <dd className="text-lg font-semibold tabular">{money(o.total)}</dd>
        </div>
      </dl>
      {error && (
        <p role="alert" className="mb-4 rounded-lg bg-[#fdecea] px-4 py-3 text-[#8a1c12]">
          {error}
        </p>
      )}
      <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
        <table className={rt.table}>
          <caption className="sr-only">Lines of order {o.orderNumber}</caption>
          <thead className={rt.thead}>
            <tr className="border-b-2 border-line">
              {["Product", "Quantity", "Confirmed", "Pending", "Amount", ""].map((h, i) => (
                <th key={i} scope="col" className={`${rt.th} ${h === "Product" ? "" : "text-right"}`}>
                  {h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={rt.tbody}>
            {o.lines.map((l) => (
              <tr key={l.lineId} className={rt.tr}>
                <td className={rt.td} data-label="Product">
                  {l.description} <span className="text-sage">({l.productId})</span>
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Quantity">
                  {pailsAndBunches(l.pails, l.looseBunches)}
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Confirmed">
                  {l.quantityConfirmed}
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Pending">
                  {l.quantityPending || ""}
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Amount">
                  {money(l.lineTotal)}
                </td>
                <td className={rt.td} data-label="Actions">
                  <div className="flex flex-wrap justify-end gap-2">
                    {l.quantityPending > 0 && can("confirmPending") && (
                      <button type="button" className={smallButton} disabled={change.isPending} onClick={() => run({ kind: "confirmLine", lineId: l.lineId })}>
                        Confirm {l.quantityPending} pending<span className="sr-only"> of {l.description}</span>
                      </button>
                    )}
                    {l.quantityPending > 0 && can("declinePending") && (
                      <button type="button" className={smallButton} disabled={change.isPending} onClick={() => run({ kind: "declineLine", lineId: l.lineId })}>
                        Decline<span className="sr-only"> pending {l.description}</span>
                      </button>
                    )}
                    {can("changeLine") && <LineQuantity lineId={l.lineId} quantity={l.quantity} run={run} busy={change.isPending} />}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        {ORDER_STEPS.filter((s) => can(s.action)).map((s) => (
          <button key={s.action} type="button" className={s.primary ? "btn btn-primary" : "btn btn-secondary"} disabled={change.isPending} onClick={() => run(s.change)}>
            {s.label}
          </button>
        ))}
        {o.actions.length === 0 && <p className="text-sage">Nothing more to do on this order.</p>}
      </div>
    </Page>
  );
}
