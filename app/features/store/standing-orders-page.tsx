// Standing orders (docs/domain-orders.md "Standing orders"): the buyer's weekly templates. Each one
// fills the cart (or places the order) ahead of the ship date's cut-off; the server runs it and mails
// the buyer. Create, change, pause and delete here.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { z } from "zod";
import { Ok } from "../../../contract/common.ts";
import { StandingOrder, StandingOrderBody } from "../../../contract/standing-orders.ts";
import { standingWeekdays, weekdayName } from "../../../domain/standing-orders.ts";
import { EditorFooter, RunModeChoice, StandingList, useStandingForm, useStandingWrites, type StandingListCopy } from "../standing/standing-parts.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { api } from "../../lib/api.ts";
import { instant, shortDate } from "../../lib/format.ts";
import { useCart, useCatalog, useProducts, useProfile, useStoreIds, type StoreIds } from "./queries.ts";
import { NeedsCustomer } from "./store-page.tsx";

const e = encodeURIComponent;
const base = (ids: StoreIds) => `/api/StandingOrders/${e(ids.userId)}/${e(ids.customerId)}`;
const query = (ids: StoreIds) => ({ retailerId: ids.isRetailer ? ids.retailerId : undefined });
const key = (ids: StoreIds) => ["store", "standingOrders", ids.userId, ids.customerId, ids.retailerId] as const;

interface LineDraft {
  productId: string;
  quantity: string;
}
interface Draft {
  id: number | null;
  name: string;
  weekday: string;
  mode: "cart" | "order";
  paused: boolean;
  lines: LineDraft[];
}

const emptyDraft = (): Draft => ({ id: null, name: "", weekday: "", mode: "cart", paused: false, lines: [{ productId: "", quantity: "" }] });
const draftOf = (so: StandingOrder): Draft => ({
  id: so.id,
  name: so.name,
  weekday: String(so.weekday),
  mode: so.mode,
  paused: so.paused,
  lines: so.lines.map((l) => ({ productId: l.productId, quantity: String(l.quantity) })),
});
const bodyOf = (d: Draft): StandingOrderBody => ({
  name: d.name,
  weekday: Number(d.weekday),
  mode: d.mode,
  paused: d.paused,
  lines: d.lines.filter((l) => l.productId.trim() || l.quantity.trim()).map((l) => ({ productId: l.productId.trim(), quantity: Number(l.quantity) })),
});

export function StandingOrdersPage() {
  const ids = useStoreIds();
  if (!ids) return <NeedsCustomer />;
  return <StandingOrders key={`${ids.customerId}:${ids.retailerId}`} ids={ids} />;
}

const STANDING_ORDERS: StandingListCopy = {
  title: "Standing orders",
  newLabel: "New standing order",
  intro: (
    <>
      A standing order repeats every week: ahead of the ship date&apos;s order deadline it fills your cart, or places the order if you choose so. We
      e-mail you when it has run, with anything that could not be supplied.
    </>
  ),
  noun: "standing orders",
  emptyTitle: "No standing orders yet",
  emptyText: "Order the same flowers every week? Create a standing order and your cart is ready before each deadline.",
  emptyBox: "rounded-xl",
  card: { box: "rounded-xl", name: "text-xl" },
  storePath: "/store",
};

function StandingOrders({ ids }: { ids: StoreIds }) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: key(ids), queryFn: () => api.get(base(ids), query(ids), z.array(StandingOrder)) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const writes = useStandingWrites<StandingOrder>({
    pause: (so) => api.put(`${base(ids)}/${so.id}`, { ...bodyOf(draftOf(so)), paused: !so.paused }, query(ids), StandingOrder),
    remove: (so) => api.del(`${base(ids)}/${so.id}`, query(ids), Ok),
    refresh: () => client.invalidateQueries({ queryKey: key(ids) }),
    deleteTitle: "Delete this standing order?",
  });

  return (
    <section className="mx-auto max-w-5xl px-3 py-6 sm:px-4 md:px-6">
      <StandingList
        copy={STANDING_ORDERS}
        list={list}
        newDraft={() => emptyDraft()}
        draft={draft}
        setDraft={setDraft}
        draftOf={draftOf}
        writes={writes}
        renderEditor={(editor) => <Editor ids={ids} {...editor} />}
        item={(so) => (
          <>
            <p className="mt-1 text-sm text-sage">
              Every {weekdayName(so.weekday)} · {so.mode === "order" ? "places the order" : "fills your cart"}
            </p>
            <ul className="mt-3 space-y-1 text-sm">
              {so.lines.map((l) => (
                <li key={l.productId} className="flex justify-between gap-3">
                  <span>
                    {l.description} <span className="text-sage">({l.productId})</span>
                  </span>
                  <span className="tabular">{l.quantity} bunches</span>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm">
              {so.nextShipDate && so.nextRunAt ? (
                <>
                  Next: {so.mode === "order" ? "orders" : "fills your cart"} on {instant(so.nextRunAt)} for {ids.isRetailer && so.nextPickupDate ? `pickup ${shortDate(so.nextPickupDate)}` : `shipping ${shortDate(so.nextShipDate)}`}
                </>
              ) : so.paused ? (
                "Paused: it does not run until you resume it."
              ) : (
                `No open ${ids.isRetailer ? "pickup" : "ship"} date on ${weekdayName(so.weekday)} at the moment.`
              )}
            </p>
          </>
        )}
      />
    </section>
  );
}

function Editor({ ids, draft, onCancel, onSaved }: { ids: StoreIds; draft: Draft; onCancel: () => void; onSaved: (so: StandingOrder, created: boolean) => void }) {
  const [d, setD] = useState<Draft>(draft);
  const profile = useProfile(ids);
  const cart = useCart(ids);
  // Product suggestions: what the buyer's next open date offers.
  const firstDate = ids.isRetailer ? null : (profile.data?.openDates[0] ?? null);
  const catalog = useCatalog(ids, firstDate);
  const products = useProducts(ids, catalog.data?.orderId ?? null, firstDate);
  const listId = useId();
  const headingId = useId();
  // The form takes the focus when it opens (its opening button is gone then).
  useEffect(() => document.getElementById(`${listId}-name`)?.focus(), [listId]);
  const weekdays = profile.data ? standingWeekdays({ retailerId: ids.isRetailer ? ids.retailerId : 0, shipTimes: profile.data.shipTimes, pickupDays: profile.data.pickupDays }) : [];

  // The draft's body, checked with the contract's StandingOrderBody before it is written.
  const save = useStandingForm(
    StandingOrderBody,
    () => bodyOf(d),
    (body) => (d.id === null ? api.post(base(ids), body, query(ids), undefined, StandingOrder) : api.put(`${base(ids)}/${d.id}`, body, query(ids), StandingOrder)),
    (so) => onSaved(so, d.id === null),
    "The standing order was not saved. Please try again.",
  );
  const { fieldError } = save;

  const setLine = (i: number, patch: Partial<LineDraft>) => setD((x) => ({ ...x, lines: x.lines.map((l, k) => (k === i ? { ...l, ...patch } : l)) }));

  return (
    <form id={save.form.id} onSubmit={save.form.onSubmit} noValidate aria-labelledby={headingId} className="mb-6 rounded-xl border border-line bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="mb-4 text-2xl">
        {d.id === null ? "New standing order" : `Edit ${draft.name}`}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${listId}-name`} label="Name" required maxLength={80} value={d.name} error={fieldError("name")} onChange={(ev) => setD({ ...d, name: ev.target.value })} />
        <div>
          <label htmlFor={`${listId}-weekday`} className="field-label">
            {ids.isRetailer ? "Pickup day" : "Ship day"}
            <span aria-hidden="true" className="text-petal"> *</span>
          </label>
          <select
            id={`${listId}-weekday`}
            className="field-input"
            required
            value={d.weekday}
            aria-invalid={fieldError("weekday") ? true : undefined}
            aria-describedby={fieldError("weekday") ? `${listId}-weekday-error` : undefined}
            onChange={(ev) => setD({ ...d, weekday: ev.target.value })}
          >
            <option value="">Choose a day</option>
            {weekdays.map((w) => (
              <option key={w} value={w}>
                {weekdayName(w)}
              </option>
            ))}
          </select>
          {fieldError("weekday") && (
            <p id={`${listId}-weekday-error`} className="field-error">
              {fieldError("weekday")}
            </p>
          )}
        </div>
      </div>
      <RunModeChoice name="mode" mode={d.mode} cartLabel="Fill my cart; I check out myself" onChange={(mode) => setD({ ...d, mode })} />
      <fieldset className="mt-4">
        <legend className="field-label">Products</legend>
        {fieldError("lines") && <p className="field-error">{fieldError("lines")}</p>}
        <datalist id={`${listId}-products`}>
          {(products.data ?? []).slice(0, 2000).map((p) => (
            <option key={p.productId} value={p.productId}>
              {p.description}
            </option>
          ))}
        </datalist>
        <ol className="space-y-3">
          {d.lines.map((l, i) => (
            <li key={i} className="grid grid-cols-[1fr_7rem] items-start gap-2 sm:grid-cols-[1fr_8rem_auto]">
              <TextField
                label={`Product code, line ${i + 1}`}
                list={`${listId}-products`}
                value={l.productId}
                autoComplete="off"
                error={fieldError(`lines.${i}.productId`)}
                onChange={(ev) => setLine(i, { productId: ev.target.value })}
              />
              <TextField
                label="Bunches"
                inputMode="numeric"
                value={l.quantity}
                error={fieldError(`lines.${i}.quantity`)}
                onChange={(ev) => setLine(i, { quantity: ev.target.value })}
              />
              <button
                type="button"
                className="btn btn-secondary col-span-2 sm:col-span-1 sm:mt-7"
                aria-label={`Remove line ${i + 1}`}
                onClick={() => setD((x) => ({ ...x, lines: x.lines.length > 1 ? x.lines.filter((_, k) => k !== i) : [{ productId: "", quantity: "" }] }))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn btn-secondary" onClick={() => setD((x) => ({ ...x, lines: [...x.lines, { productId: "", quantity: "" }] }))}>
            Add a line
          </button>
          {cart.data && cart.data.items.length > 0 && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setD((x) => ({ ...x, lines: cart.data!.items.map((it) => ({ productId: it.productId, quantity: String(it.quantity) })) }))}
            >
              Copy my cart ({cart.data.items.length} {cart.data.items.length === 1 ? "line" : "lines"})
            </button>
          )}
        </div>
      </fieldset>
      <EditorFooter error={save.error} pending={save.pending} isNew={d.id === null} createLabel="Create standing order" onCancel={onCancel} />
    </form>
  );
}
