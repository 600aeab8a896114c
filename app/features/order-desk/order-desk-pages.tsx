// The grower's order desk (staff), one for both stores: the orders that need action by ship date and
// cut-off (or any filter), bulk confirm/decline, and one order with every step it can take next; each
// step that mails a customer, issues a document or gives stock back asks first in a dialog.
import { useCallback, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import type { DeskOrder, DeskOrderSummary } from "../../../contract/order-desk.ts";
import { ConfirmDialog, type ConfirmRequest } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { errorMessage } from "../../lib/api.ts";
import { card, smallButton } from "../../components/ui/classes.ts";
import { ErrorNote, Loading } from "../../components/ui/status.tsx";
import { useDeskBulk, useDeskChange, useDeskOrder, useDeskOrders, type DeskChange, type DeskFilters } from "./queries.ts";
import { OrderFacts } from "./desk-order-facts.tsx";
import { OrderLines } from "./desk-order-line.tsx";
import { orderSteps } from "./desk-order-steps.ts";
import { DayOrders, DayTotals, DeskFilterForm } from "./order-desk-list.tsx";
import { type Ask, bulkConsequences, count, Page } from "./order-desk-parts.tsx";

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
  const toggle = useCallback((n: number) => setSelected((s) => (s.has(n) ? new Set([...s].filter((x) => x !== n)) : new Set(s).add(n))), []);
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
              toast(action === "confirm" ? `Confirmed ${count(res.orders.length, "order", "orders")}.` : `Declined the pending bunches of ${count(res.orders.length, "order", "orders")}.`, {
                type: "success",
              });
            },
            onError: (err) => setDialogError(errorMessage(err, "That did not work. Please try again.")),
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
      {view === "all" && <DeskFilterForm f={f} formKey={params.toString()} onApply={apply} />}
      {view === "today" && <p className="mb-4 text-sage">Open orders of the next week and any overdue ones: pending lines to decide, orders to confirm, pack and ship, by ship date and cut-off.</p>}
      {list.isError && (
        <ErrorNote className="mb-4">{errorMessage(list.error, "The orders could not be loaded.")}</ErrorNote>
      )}
      {list.isPending ? (
        <Loading what="orders" />
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
              [...byDay].map(([day, dayOrders]) => <DayOrders key={day} day={day} orders={dayOrders} counts={list.data.days.find((d) => d.shipDate === day)} selected={selected} onToggle={toggle} />)
            )}
            {list.data.truncated && <p className="p-3 text-sm text-sage">Only the first 500 orders are shown: narrow the filter.</p>}
          </div>
          <DayTotals shipDate={f.shipDate} totals={list.data.dayTotals} />
        </div>
      ) : null}
      <ConfirmDialog request={ask} onClose={() => setAsk(null)} busy={bulk.isPending} error={dialogError} />
    </Page>
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
  const fail = (err: unknown) => setDialogError(errorMessage(err, "That did not work. Please try again."));
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
        <Loading what={`order ${orderNumber}`} />
      </Page>
    );
  if (order.isError)
    return (
      <Page>
        <p role="alert" className="rounded-xl border border-dashed border-line bg-white px-6 py-10 text-center">
          {errorMessage(order.error, "The order could not be loaded.")}
        </p>
      </Page>
    );
  const o = order.data;
  const can = (a: DeskOrder["actions"][number]) => o.actions.includes(a);
  const unit = o.store === "mm" ? "bouquets" : "bunches";
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
          {
            action,
            lines: selectedLines.map((l) => ({
              orderNumber: o.orderNumber,
              lineId: l.lineId,
            })),
          },
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
  const steps = orderSteps(o, ask);
  return (
    <Page>
      <OrderFacts o={o} />
      {pendingLines.length > 0 && can("confirmPending") && (
        <div className={`${card} mb-3 flex flex-wrap items-center gap-2 p-3`} role="group" aria-label="Selected lines">
          <span className="mr-auto text-sm font-semibold">
            {selectedLines.length ? `${selectedLines.length} pending ${selectedLines.length === 1 ? "line" : "lines"} selected` : "Select pending lines to confirm or decline them together."}
          </span>
          <button type="button" className={smallButton} disabled={!selectedLines.length || busy} onClick={() => askLines("confirm")}>
            Confirm selected lines
          </button>
          <button type="button" className={smallButton} disabled={!selectedLines.length || busy} onClick={() => askLines("decline")}>
            Decline selected lines
          </button>
        </div>
      )}
      <OrderLines o={o} chosen={chosenLines} onChoose={setChosenLines} ask={ask} busy={busy} />
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
