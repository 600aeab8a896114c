import { useState, type FormEvent, type ReactNode } from "react";
import type { Order } from "../../../contract/store.ts";
import { Link } from "react-router";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { instant, longDate, money, shortDate } from "../../lib/format.ts";
import { OrderLinesTable, OrdersTable, OrderTitle } from "./order-parts.tsx";
import { useChangeOwnOrder, useOrder, useOrders, useShipDateDetail, useStoreIds, type StoreIds } from "./queries.ts";
import { NeedsCustomer } from "./store-page.tsx";
import { Reorder } from "./reorder.tsx";
import { OrderClaims } from "../claims/claims-pages.tsx";
import { Fact } from "../../components/ui/fact.tsx";
import { Loading } from "../../components/ui/status.tsx";

function Page({ children }: { children: ReactNode }) {
  return <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">{children}</section>;
}

function LoadFailed({ error, what }: { error: unknown; what: string }) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <div className="rounded-xl border border-dashed border-line bg-white px-6 py-10 text-center" role="alert">
      <p className="font-serif text-2xl">{notFound ? `We could not find that ${what}` : `We could not load this ${what}`}</p>
      <p className="mt-2 text-sage">
        {notFound ? "It may belong to another customer, or the number may be mistyped." : "Please try again in a moment."}
      </p>
      <Link to="/Orders" className="btn btn-secondary mt-5">
        All orders
      </Link>
    </div>
  );
}

export function OrdersPage() {
  const ids = useStoreIds();
  const orders = useOrders(ids);
  if (!ids) return <NeedsCustomer />;
  return (
    <Page>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl">Orders</h1>
        <Link to="/store" className="btn btn-primary">
          New order
        </Link>
      </div>
      {orders.isPending ? (
        <Loading what="your orders" />
      ) : orders.isError ? (
        <LoadFailed error={orders.error} what="order list" />
      ) : orders.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <p className="font-serif text-2xl">No orders yet</p>
          <p className="mt-2 text-sage">Orders you place in the store show here with their status.</p>
        </div>
      ) : (
        <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
          <p className="sr-only" role="status">
            {orders.data.length} orders
          </p>
          <OrdersTable orders={orders.data} caption="Your orders, newest first" reorder />
        </div>
      )}
    </Page>
  );
}

export function OrderDetailPage({ orderNumber }: { orderNumber: number }) {
  const ids = useStoreIds();
  const order = useOrder(ids, orderNumber);
  if (!ids) return <NeedsCustomer />;
  if (order.isPending) return <Page>{<Loading what={`order ${orderNumber}`} />}</Page>;
  if (order.isError)
    return (
      <Page>
        <LoadFailed error={order.error} what="order" />
      </Page>
    );
  const o = order.data;
  const pending = o.lines.filter((l) => l.quantityPending > 0).length;
  return (
    <Page>
      <OrderTitle orderNumber={o.orderNumber} status={o.status} className="mb-4" />
      <dl className="mb-5 grid grid-cols-2 gap-4 rounded-xl border border-line bg-white p-4 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Placed">{instant(o.placedAt)}</Fact>
        <Fact label="Ship date">{shortDate(o.shipDate)}</Fact>
        {o.receivingDate && <Fact label="Pickup date">{shortDate(o.receivingDate)}</Fact>}
        <Fact label="Packing">{o.boxed ? "Boxed" : "Not boxed (pails)"}</Fact>
        <Fact label="Lines">
          <span className="tabular">{o.lineCount}</span>
          {pending > 0 && <span className="text-sm text-amber-text"> · {pending} pending</span>}
        </Fact>
        <Fact label="Total">
          <span className="text-lg font-semibold tabular">{money(o.total)}</span>
        </Fact>
        {o.poNumber && (
          <Fact label="PO number">
            <span className="break-all">{o.poNumber}</span>
          </Fact>
        )}
        {o.deliveryNotes && (
          <div className="col-span-2 sm:col-span-3 lg:col-span-6">
            <dt className="text-xs font-semibold tracking-wide text-sage uppercase">Delivery notes</dt>
            <dd className="mt-0.5 break-words whitespace-pre-line">{o.deliveryNotes}</dd>
          </div>
        )}
      </dl>
      <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
        <OrderLinesTable lines={o.lines} caption={`Lines of order ${o.orderNumber}`} />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <Link to={`/Orders/${o.orderNumber}/ShipDateDetail`} className="underline">Everything shipping {shortDate(o.shipDate)}</Link>
        <p className="text-sm text-sage">
          Subtotal <span className="tabular">{money(o.subtotal)}</span>
          {o.discount !== undefined && (
            <>
              {" "}· Voucher {o.voucherCode} <span className="tabular">−{money(o.discount)}</span>
            </>
          )}{" "}
          · Total <strong className="text-ink tabular">{money(o.total)}</strong>
        </p>
      </div>
      <OrderClaims ids={ids} orderNumber={o.orderNumber} shipped={o.status === "shipped" || o.status === "invoiced"} />
      <Reorder ids={ids} order={o} />
      <ChangeOwnOrder ids={ids} order={o} />
    </Page>
  );
}

/**
 * Until the ship date's cut-off a buyer may change a line's quantity or cancel the order; the server
 * decides (after the cut-off it answers with the reason, shown here).
 */
function ChangeOwnOrder({ ids, order }: { ids: StoreIds; order: Order }) {
  const change = useChangeOwnOrder(ids, order.orderNumber);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (order.status !== "submitted" && order.status !== "confirmed")
    return done ? (
      <p role="status" className="mt-6 text-leaf-dark">
        {done}
      </p>
    ) : null;
  const run = (c: Parameters<typeof change.mutate>[0], message: string) => {
    setError(null);
    setDone(null);
    change.mutate(c, {
      onSuccess: () => setDone(message),
      onError: (err) => setError(errorMessage(err, "That did not work. Please try again.")),
    });
  };
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const lineId = Number(data.get("lineId"));
    const quantity = Number(data.get("quantity"));
    if (!Number.isInteger(quantity) || quantity < 0) return setError("Only integer values are allowed");
    run({ lineId, quantity }, "Your order was changed.");
  }
  return (
    <section className="mt-6 rounded-xl border border-line bg-white p-4" aria-labelledby="change-order">
      <h2 id="change-order" className="text-xl">
        Change or cancel this order
      </h2>
      <p className="mb-3 text-sm text-sage">Possible until the cut-off of the ship date. Bunches you no longer need go back to the other buyers.</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="own-line" className="field-label">
            Line
          </label>
          <select id="own-line" name="lineId" className="field-input">
            {/* By position and code: the names are in the table above (and a name twice on a page confuses a search). */}
            {order.lines.map((l, i) => (
              <option key={l.lineId} value={l.lineId}>
                Line {i + 1}: {l.productId}, {l.quantity} bunches
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="own-qty" className="field-label">
            New quantity (bunches)
          </label>
          <input id="own-qty" name="quantity" inputMode="numeric" className="field-input w-32" required pattern="[0-9]*" />
        </div>
        <button type="submit" className="btn btn-secondary" disabled={change.isPending}>
          Change line
        </button>
        {confirming ? (
          <>
            <button type="button" className="btn btn-accent" disabled={change.isPending} onClick={() => run({ cancel: true }, "Your order was cancelled.")}>
              Yes, cancel order {order.orderNumber}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
            Cancel order
          </button>
        )}
      </form>
      {error && (
        <p role="alert" className="field-error mt-2">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="mt-2 text-leaf-dark">
          {done}
        </p>
      )}
    </section>
  );
}

export function ShipDateDetailPage({ orderNumber }: { orderNumber: number }) {
  const ids = useStoreIds();
  const detail = useShipDateDetail(ids, orderNumber);
  if (!ids) return <NeedsCustomer />;
  if (detail.isPending) return <Page>{<Loading what="the ship date" />}</Page>;
  if (detail.isError)
    return (
      <Page>
        <LoadFailed error={detail.error} what="ship date" />
      </Page>
    );
  const d = detail.data;
  const orderNumbers = [...new Set(d.lines.map((l) => l.orderNumber))];
  return (
    <Page>
      <h1 className="text-3xl">Shipping {longDate(d.shipDate)}</h1>
      <p className="mt-1 mb-5 text-sage">
        Every line you have on this ship date, across {orderNumbers.length} {orderNumbers.length === 1 ? "order" : "orders"}. Opened from{" "}
        <Link to={`/Orders/${d.orderNumber}`} className="underline">order {d.orderNumber}</Link>.
      </p>
      <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
        <OrderLinesTable lines={d.lines} caption={`Lines shipping ${shortDate(d.shipDate)}`} showOrder />
      </div>
      <p className="mt-4 text-right">
        Total for the day <strong className="tabular">{money(d.total)}</strong>
      </p>
    </Page>
  );
}
