// The grower's order desk (staff), one for both stores: the orders that need action by ship date and
// cut-off (or any filter), bulk confirm/decline, and one order with every step it can take next; each
// step that mails a customer, issues a document or gives stock back asks first in a dialog.
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { DeskOrder, DeskOrderLine, DeskOrderSummary, DeskStep } from "../../../contract/order-desk.ts";
import { CUTOFF_TIMEZONE } from "../../../domain/constants.ts";
import { ConfirmDialog, type ConfirmRequest } from "../../components/ui/confirm-dialog.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import { money, pailsAndBunches, shortDate } from "../../lib/format.ts";
import { OrderStatusBadge } from "../store/order-parts.tsx";
import { card, qtyInput, responsiveTable as rt, smallButton } from "../../components/ui/classes.ts";
import { useDeskBulk, useDeskChange, useDeskOrder, useDeskOrders, type DeskChange, type DeskFilters } from "./queries.ts";

function Page({ children }: { children: ReactNode }) {
  return <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">{children}</section>;
}

const STATUSES = ["submitted", "confirmed", "shipped", "invoiced", "cancelled"] as const;

const STEP_LABEL: Record<DeskStep, string> = { decide: "Decide pending", confirm: "To confirm", pack: "To pack", ship: "To ship" };
const STEP_COUNT: Record<DeskStep, (n: number) => string> = {
  decide: (n) => `${n} with pending lines`,
  confirm: (n) => `${n} to confirm`,
  pack: (n) => `${n} to pack`,
  ship: (n) => `${n} to ship`,
};

const cutoffTime = new Intl.DateTimeFormat("en-US", { timeZone: CUTOFF_TIMEZONE, hour: "numeric", minute: "2-digit" });
const cutoffLabel = (iso: string | null) => (iso ? cutoffTime.format(new Date(iso)) : "—");
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function StoreBadge({ store }: { store: DeskOrderSummary["store"] }) {
  return store === "mm" ? <span className="ml-1 inline-block rounded-full bg-[#efe6f7] px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-[#4b2a66]">Mass market</span> : null;
}

/** What confirming or declining these orders will do, for the dialog. */
function bulkConsequences(action: "confirm" | "decline", chosen: DeskOrderSummary[]): string[] {
  const pending = chosen.reduce((s, o) => s + o.pendingQuantity, 0);
  const withPending = chosen.filter((o) => o.pendingQuantity > 0).length;
  const customers = new Set(chosen.map((o) => o.customerId)).size;
  if (action === "confirm") {
    return [
      pending > 0
        ? `${count(pending, "pending bunch", "pending bunches")} on ${count(withPending, "order", "orders")} will be confirmed, taking that stock; if any is not free, nothing is changed.`
        : "No order has pending bunches.",
      `${count(chosen.filter((o) => o.status === "submitted").length, "submitted order", "submitted orders")} will be confirmed: ${chosen.map((o) => o.orderNumber).join(", ")}.`,
      `${count(customers, "customer gets", "customers get")} an e-mail for each change.`,
    ];
  }
  return [
    `${count(pending, "pending bunch", "pending bunches")} on ${count(withPending, "order", "orders")} will be declined and removed from the orders; an order left without lines is cancelled.`,
    `${count(customers, "customer gets", "customers get")} an e-mail saying what we cannot supply.`,
    "Declined bunches cannot be brought back from here: the buyer would have to order them again.",
  ];
}

export function OrderDeskPage() {
  const [params, setParams] = useSearchParams();
  const filtered = ["shipDate", "status", "customerId", "store"].some((k) => params.get(k));
  const view = params.get("view") === "all" || (filtered && params.get("view") !== "today") ? "all" : "today";
  const f: DeskFilters = {
    view,
    shipDate: params.get("shipDate") || undefined,
    status: params.get("status") || undefined,
    customerId: params.get("customerId") || undefined,
    store: params.get("store") || undefined,
  };
  const list = useDeskOrders(f);
  const bulk = useDeskBulk();
  const toast = useToast();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [ask, setAsk] = useState<ConfirmRequest | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams({ view: "all" });
    for (const k of ["shipDate", "status", "customerId", "store"]) {
      const v = String(data.get(k) ?? "").trim();
      if (v) next.set(k, v);
    }
    setSelected(new Set());
    setParams(next);
  }
  const orders = list.data?.orders ?? [];
  const chosen = orders.filter((o) => selected.has(o.orderNumber));
  const toggle = (n: number) => setSelected((s) => (s.has(n) ? new Set([...s].filter((x) => x !== n)) : new Set(s).add(n)));
  function askBulk(action: "confirm" | "decline") {
    setDialogError(null);
    setAsk({
      title: action === "confirm" ? `Confirm ${count(chosen.length, "order", "orders")}?` : `Decline the pending bunches of ${count(chosen.length, "order", "orders")}?`,
      consequences: bulkConsequences(action, chosen),
      confirmLabel: action === "confirm" ? `Confirm ${count(chosen.length, "order", "orders")}` : "Decline pending bunches",
      danger: action === "decline",
      onConfirm: () =>
        bulk.mutate(
          { action, orders: chosen.map((o) => o.orderNumber) },
          {
            onSuccess: (res) => {
              setAsk(null);
              setSelected(new Set());
              toast(action === "confirm" ? `Confirmed ${count(res.orders.length, "order", "orders")}.` : `Declined the pending bunches of ${count(res.orders.length, "order", "orders")}.`, { type: "success" });
            },
            onError: (err) => setDialogError(err instanceof ApiError ? err.message : "That did not work. Please try again."),
          },
        ),
    });
  }
  const byDay = new Map<string, DeskOrderSummary[]>();
  for (const o of orders) byDay.set(o.shipDate, [...(byDay.get(o.shipDate) ?? []), o]);
  const tab = (active: boolean) => `rounded-full px-4 py-2 font-semibold ${active ? "bg-leaf text-white" : "border-[1.5px] border-leaf text-leaf hover:bg-leaf-light"}`;
  return (
    <Page>
      <h1 className="mb-4 text-3xl">Order desk</h1>
      <nav aria-label="Order desk views" className="mb-4 flex flex-wrap gap-2">
        <Link to="?view=today" className={tab(view === "today")} aria-current={view === "today" ? "page" : undefined}>
          Needs action
        </Link>
        <Link to="?view=all" className={tab(view === "all")} aria-current={view === "all" ? "page" : undefined}>
          All orders
        </Link>
        <Link to="/OrderDesk/Claims" className={tab(false)}>
          Claims
        </Link>
      </nav>
      {view === "all" && (
        <form onSubmit={apply} className={`${card} mb-5 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5`} aria-label="Filter orders" key={params.toString()}>
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
          <div>
            <label htmlFor="desk-store" className="field-label">
              Store
            </label>
            <select id="desk-store" name="store" className="field-input" defaultValue={f.store ?? ""}>
              <option value="">Both stores</option>
              <option value="wholesale">Wholesale</option>
              <option value="mm">Mass market</option>
            </select>
          </div>
          <div className="flex items-end">
            <button type="submit" className="btn btn-primary w-full">
              Show orders
            </button>
          </div>
        </form>
      )}
      {view === "today" && <p className="mb-4 text-sage">Open orders of the next week and any overdue ones: pending lines to decide, orders to confirm, pack and ship, by ship date and cut-off.</p>}
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
          <div>
            <p className="sr-only" role="status">
              {count(orders.length, "order", "orders")}
            </p>
            <div className={`${card} sticky top-2 z-10 mb-3 flex flex-wrap items-center gap-2 p-3`} role="group" aria-label="Selected orders">
              <span className="mr-auto text-sm font-semibold">{chosen.length ? `${count(chosen.length, "order", "orders")} selected` : "Select orders to confirm or decline several at once."}</span>
              <button type="button" className={smallButton} disabled={!chosen.length} onClick={() => askBulk("confirm")}>
                Confirm selected
              </button>
              <button type="button" className={smallButton} disabled={!chosen.some((o) => o.pendingQuantity > 0)} onClick={() => askBulk("decline")}>
                Decline pending of selected
              </button>
            </div>
            {orders.length === 0 ? (
              <p className={`${card} p-6 text-center text-sage`}>{view === "today" ? "Nothing needs action: every order of the coming week is handled." : "No orders match."}</p>
            ) : (
              [...byDay].map(([day, dayOrders]) => {
                const counts = list.data.days.find((d) => d.shipDate === day);
                const headingId = `day-${day}`;
                return (
                  <section key={day} aria-labelledby={headingId} className="mb-6 md:rounded-xl md:border md:border-line md:bg-white md:p-2">
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
                          {["Select", "Order", "Customer", "Cut-off", "Status", "Next", "Pending", "Total"].map((h) => (
                            <th key={h} scope="col" className={`${rt.th} ${h === "Total" || h === "Pending" ? "text-right" : ""}`}>
                              {h === "Select" ? <span className="sr-only">Select</span> : h}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody className={rt.tbody}>
                        {dayOrders.map((o) => (
                          <tr key={o.orderNumber} className={rt.tr}>
                            <td className={rt.td} data-label="Select">
                              <input
                                type="checkbox"
                                className="size-5 accent-leaf"
                                checked={selected.has(o.orderNumber)}
                                onChange={() => toggle(o.orderNumber)}
                                aria-label={`Select order ${o.orderNumber} of ${o.companyName}`}
                              />
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
                        ))}
                      </tbody>
                    </table>
                  </section>
                );
              })
            )}
            {list.data.truncated && <p className="p-3 text-sm text-sage">Only the first 500 orders are shown: narrow the filter.</p>}
          </div>
          <aside className={`${card} self-start p-4`} aria-labelledby="day-totals">
            <h2 id="day-totals" className="text-xl">
              To cut and pack
            </h2>
            {!f.shipDate ? (
              <p className="mt-2 text-sm text-sage">Choose a ship date under All orders to see the day&apos;s bunches per product.</p>
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
      <ConfirmDialog request={ask} onClose={() => setAsk(null)} busy={bulk.isPending} error={dialogError} />
    </Page>
  );
}

type Ask = (c: DeskChange, request: Omit<ConfirmRequest, "onConfirm">) => void;

function LineQuantity({ line, store, ask, busy }: { line: DeskOrderLine; store: DeskOrder["store"]; ask: Ask; busy: boolean }) {
  const [value, setValue] = useState(String(line.quantity));
  const id = `qty-${line.lineId}`;
  const unit = store === "mm" ? "bouquets" : "bunches";
  return (
    <form
      className="flex items-center justify-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const q = Number(value);
        if (!Number.isInteger(q) || q < 0) return;
        const lower = q < line.quantity;
        ask(
          { kind: "changeLine", lineId: line.lineId, quantity: q },
          {
            title: q === 0 ? `Remove ${line.description}?` : `Change ${line.description} to ${q} ${unit}?`,
            consequences: [
              q === 0
                ? `The line is removed and its ${line.quantityConfirmed} confirmed ${unit} go back to stock; an order left without lines is cancelled (and a blitz voucher it used goes back to the buyer).`
                : lower
                  ? `${line.quantity - q} ${unit} come off the line (pending ones first); confirmed ones go back to stock.`
                  : store === "mm"
                    ? `${q - line.quantity} more ${unit} are taken from stock, if that many are free.`
                    : `${q - line.quantity} more ${unit}: what is free is confirmed and taken from stock, the rest is requested as pending.`,
              ...(store === "mm" ? ["The box and pail lines follow the bouquets."] : []),
              "The buyer gets an e-mail about the change.",
            ],
            confirmLabel: q === 0 ? "Remove the line" : "Change the quantity",
            danger: q === 0,
          },
        );
      }}
    >
      <label htmlFor={id} className="sr-only">
        New quantity of {line.description} in {unit}
      </label>
      <input id={id} className={qtyInput} inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className={smallButton} disabled={busy || value === String(line.quantity) || !/^\d+$/.test(value)}>
        Change
      </button>
    </form>
  );
}

function LabelData({ l }: { l: DeskOrderLine }) {
  const parts = [
    l.barcodeNumber && `UPC ${l.barcodeNumber}`,
    l.barcodeTop && `top “${l.barcodeTop}”`,
    l.barcodeLeft && `left “${l.barcodeLeft}”`,
    l.barcodeBottom && `bottom “${l.barcodeBottom}”`,
  ].filter(Boolean);
  if (!parts.length && !l.boxType) return null;
  return (
    <span className="mt-0.5 block text-xs text-sage">
      {l.boxType && !l.fee ? `Box ${l.boxType}` : ""}
      {l.boxType && !l.fee && parts.length ? " · " : ""}
      {parts.length ? `Label: ${parts.join(", ")}` : ""}
    </span>
  );
}

export function DeskOrderPage({ orderNumber }: { orderNumber: number }) {
  const order = useDeskOrder(orderNumber);
  const change = useDeskChange(orderNumber);
  const bulk = useDeskBulk();
  const toast = useToast();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [chosenLines, setChosenLines] = useState<Set<number>>(new Set());
  const fail = (err: unknown) => setDialogError(err instanceof ApiError ? err.message : "That did not work. Please try again.");
  const ask: Ask = (c, r) => {
    setDialogError(null);
    setRequest({
      ...r,
      onConfirm: (reason) => {
        const withReason: DeskChange = c.kind === "ship" || c.kind === "cancel" ? { ...c, reason: reason || undefined } : c;
        change.mutate(withReason, {
          onSuccess: (o) => {
            setRequest(null);
            toast(o.invoiceNumber && (c.kind === "ship" || c.kind === "invoice") ? `Invoice ${o.invoiceNumber} issued and mailed.` : "Saved.", { type: "success" });
          },
          onError: fail,
        });
      },
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
  const unit = o.store === "mm" ? "bouquets" : "bunches";
  const mail = `An e-mail goes to ${o.mailTo}.`;
  const busy = change.isPending || bulk.isPending;
  const pendingLines = o.lines.filter((l) => l.quantityPending > 0);
  const selectedLines = pendingLines.filter((l) => chosenLines.has(l.lineId));
  const askLines = (action: "confirm" | "decline") => {
    const bunches = selectedLines.reduce((s, l) => s + l.quantityPending, 0);
    setDialogError(null);
    setRequest({
      title: `${action === "confirm" ? "Confirm" : "Decline"} the pending ${unit} of ${selectedLines.length} ${selectedLines.length === 1 ? "line" : "lines"}?`,
      consequences: [
        action === "confirm"
          ? `${bunches} pending ${unit} are confirmed and taken from stock; if any is not free, nothing is changed.`
          : `${bunches} pending ${unit} are removed from the order: ${selectedLines.map((l) => l.description).join(", ")}.`,
        `${o.mailTo} gets an e-mail for each line.`,
      ],
      confirmLabel: action === "confirm" ? "Confirm pending" : "Decline pending",
      danger: action === "decline",
      onConfirm: () =>
        bulk.mutate(
          { action, lines: selectedLines.map((l) => ({ orderNumber: o.orderNumber, lineId: l.lineId })) },
          {
            onSuccess: () => {
              setRequest(null);
              setChosenLines(new Set());
              toast("Saved.", { type: "success" });
            },
            onError: fail,
          },
        ),
    });
  };
  const steps: { action: DeskOrder["actions"][number]; label: string; primary?: boolean; go: () => void }[] = [
    {
      action: "confirm",
      label: "Confirm order",
      primary: true,
      go: () => ask({ kind: "confirm" }, { title: `Confirm order ${o.orderNumber}?`, consequences: [`The order of ${o.companyName} for ${shortDate(o.shipDate)} is confirmed.`, mail], confirmLabel: "Confirm order" }),
    },
    {
      action: "pack",
      label: "Mark packed",
      primary: true,
      go: () =>
        ask(
          { kind: "pack" },
          { title: `Mark order ${o.orderNumber} packed?`, consequences: ["Its lines can no longer be changed and it can no longer be cancelled.", mail], confirmLabel: "Mark packed" },
        ),
    },
    {
      action: "ship",
      label: "Ship and invoice",
      primary: true,
      go: () =>
        ask(
          { kind: "ship" },
          {
            title: `Ship order ${o.orderNumber}?`,
            consequences: [
              `An invoice for ${money(o.total)} plus tax is issued with the next invoice number; it is never edited afterwards (a credit note corrects it).`,
              `The invoice PDF is e-mailed to ${o.mailTo}, with a shipping notice.`,
              ...(o.shipsEarly ? [`It ships on ${shortDate(o.shipDate)}: shipping before then needs a reason, which is kept in the audit log.`] : []),
            ],
            confirmLabel: "Ship and invoice",
            reason: o.shipsEarly ? { label: "Why does it ship early?", required: true } : undefined,
          },
        ),
    },
    {
      action: "invoice",
      label: "Issue invoice",
      primary: true,
      go: () =>
        ask(
          { kind: "invoice" },
          {
            title: `Invoice order ${o.orderNumber}?`,
            consequences: [`An invoice for ${money(o.total)} plus tax is issued with the next invoice number.`, `The invoice PDF is e-mailed to ${o.mailTo}.`],
            confirmLabel: "Issue invoice",
          },
        ),
    },
    {
      action: "cancel",
      label: "Cancel order",
      go: () =>
        ask(
          { kind: "cancel" },
          {
            title: `Cancel order ${o.orderNumber}?`,
            consequences: [
              `Every confirmed ${o.store === "mm" ? "bouquet" : "bunch"} goes back to stock (${o.lines.filter((l) => !l.fee).length} lines).`,
              ...(o.voucherCode ? [`The blitz voucher ${o.voucherCode} goes back to the buyer.`] : []),
              `${o.mailTo} gets an e-mail that the order is cancelled (with your reason, if you give one).`,
            ],
            confirmLabel: "Cancel the order",
            danger: true,
            reason: { label: "Reason for the customer", required: false },
          },
        ),
    },
  ];
  return (
    <Page>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl">Order {o.orderNumber}</h1>
        <OrderStatusBadge status={o.status} />
        <StoreBadge store={o.store} />
        {o.packed && o.status === "confirmed" && <span className="text-sm text-sage">Packed</span>}
        {o.invoiceNumber && (
          <Link className="underline" to={`/Invoices/details?number=${o.invoiceNumber}`}>
            Invoice {o.invoiceNumber}
          </Link>
        )}
      </div>
      <dl className={`${card} mb-5 grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4`}>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Customer</dt>
          <dd>
            {o.companyName} ({o.customerId})
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Ship date</dt>
          <dd>
            {shortDate(o.shipDate)}
            {o.cutoff && <span className="block text-sm text-sage">Cut-off {cutoffLabel(o.cutoff)}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Buyer</dt>
          <dd className="break-words">{o.userEmail}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Total</dt>
          <dd className="text-lg font-semibold tabular">
            {money(o.total)}
            {o.voucherCode && <span className="block text-sm font-normal text-sage">Voucher {o.voucherCode}: −{money(o.discount)}</span>}
          </dd>
        </div>
        {o.poNumber && (
          <div>
            <dt className="text-xs font-semibold text-sage uppercase">PO number</dt>
            <dd className="break-all">{o.poNumber}</dd>
          </div>
        )}
        {o.deliveryNotes && (
          <div className="sm:col-span-2 lg:col-span-4">
            <dt className="text-xs font-semibold text-sage uppercase">Delivery notes</dt>
            <dd className="break-words whitespace-pre-line">{o.deliveryNotes}</dd>
          </div>
        )}
      </dl>
      {pendingLines.length > 0 && can("confirmPending") && (
        <div className={`${card} mb-3 flex flex-wrap items-center gap-2 p-3`} role="group" aria-label="Selected lines">
          <span className="mr-auto text-sm font-semibold">{selectedLines.length ? `${selectedLines.length} pending ${selectedLines.length === 1 ? "line" : "lines"} selected` : "Select pending lines to confirm or decline them together."}</span>
          <button type="button" className={smallButton} disabled={!selectedLines.length || busy} onClick={() => askLines("confirm")}>
            Confirm selected lines
          </button>
          <button type="button" className={smallButton} disabled={!selectedLines.length || busy} onClick={() => askLines("decline")}>
            Decline selected lines
          </button>
        </div>
      )}
      <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
        <table className={rt.table}>
          <caption className="sr-only">Lines of order {o.orderNumber}</caption>
          <thead className={rt.thead}>
            <tr className="border-b-2 border-line">
              {["Select", "Product", "Quantity", "Confirmed", "Pending", "Amount", ""].map((h, i) => (
                <th key={i} scope="col" className={`${rt.th} ${h === "Product" || h === "Select" ? "" : "text-right"}`}>
                  {h === "Select" ? <span className="sr-only">Select</span> : h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={rt.tbody}>
            {o.lines.map((l) => (
              <tr key={l.lineId} className={rt.tr}>
                <td className={rt.td} data-label={l.quantityPending > 0 && can("confirmPending") ? "Select" : ""}>
                  {l.quantityPending > 0 && can("confirmPending") ? (
                    <input
                      type="checkbox"
                      className="size-5 accent-leaf"
                      checked={chosenLines.has(l.lineId)}
                      onChange={() => setChosenLines((s) => (s.has(l.lineId) ? new Set([...s].filter((x) => x !== l.lineId)) : new Set(s).add(l.lineId)))}
                      aria-label={`Select pending ${l.description}`}
                    />
                  ) : null}
                </td>
                <td className={rt.td} data-label="Product">
                  <span>
                    {l.description} <span className="text-sage">({l.productId})</span>
                    {l.fee && <span className="ml-1 text-xs text-sage">{l.category === "pails" ? "pail fee" : "box fee"}</span>}
                    <LabelData l={l} />
                  </span>
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Quantity">
                  {o.store === "mm" ? l.quantity : pailsAndBunches(l.pails, l.looseBunches)}
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
                      <button
                        type="button"
                        className={smallButton}
                        disabled={busy}
                        onClick={() =>
                          ask(
                            { kind: "confirmLine", lineId: l.lineId },
                            { title: `Confirm ${l.quantityPending} pending ${unit} of ${l.description}?`, consequences: [`${l.quantityPending} ${unit} are taken from stock, if that many are free.`, mail], confirmLabel: "Confirm pending" },
                          )
                        }
                      >
                        Confirm {l.quantityPending} pending<span className="sr-only"> of {l.description}</span>
                      </button>
                    )}
                    {l.quantityPending > 0 && can("declinePending") && (
                      <button
                        type="button"
                        className={smallButton}
                        disabled={busy}
                        onClick={() =>
                          ask(
                            { kind: "declineLine", lineId: l.lineId },
                            {
                              title: `Decline ${l.quantityPending} pending ${unit} of ${l.description}?`,
                              consequences: [
                                `${l.quantityPending} ${unit} are removed from the order${l.quantityConfirmed === 0 ? ", and with them the line" : ""}; an order left without lines is cancelled.`,
                                `${o.mailTo} gets an e-mail saying we cannot supply them.`,
                                "This cannot be undone from here: the buyer would have to order them again.",
                              ],
                              confirmLabel: "Decline pending",
                              danger: true,
                            },
                          )
                        }
                      >
                        Decline<span className="sr-only"> pending {l.description}</span>
                      </button>
                    )}
                    {can("changeLine") && !l.fee && <LineQuantity line={l} store={o.store} ask={ask} busy={busy} />}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        {steps
          .filter((s) => can(s.action))
          .map((s) => (
            <button key={s.action} type="button" className={s.primary ? "btn btn-primary" : "btn btn-secondary"} disabled={busy} onClick={s.go}>
              {s.label}
            </button>
          ))}
        {o.actions.length === 0 && <p className="text-sage">Nothing more to do on this order.</p>}
      </div>
      <ConfirmDialog request={request} onClose={() => setRequest(null)} busy={busy} error={dialogError} />
    </Page>
  );
}
