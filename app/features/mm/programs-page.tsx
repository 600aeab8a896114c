// /MM/Programs: the buyer's standing programs (docs/domain-mm.md "Standing programs"): the same
// bouquets, each with its shelf label, every week on the chosen ship weekdays. Ahead of each date's
// cut-off the server fills the cart and mails a reminder to check out (or places the order). Create,
// change, pause (now, or over a range of dates such as a holiday week) and delete here.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import type { MmProgram, MmProgramBody } from "../../../contract/mm-programs.ts";
import { weekdayName } from "../../../domain/standing-orders.ts";
import { EditorFooter, lineErrors, RunModeChoice, StandingList, useStandingSave, useStandingWrites, type StandingListCopy } from "../standing/standing-parts.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { api } from "../../lib/api.ts";
import { instant, shortDate } from "../../lib/format.ts";
import { useMmStoreIds } from "./customer-gate.tsx";
import { MmPage } from "./parts.tsx";
import { mmPaths, useMmCart, useMmCatalogs, useMmOrders, useMmProducts, useMmProfile, type StoreIds } from "./queries.ts";
import { deleteMmProgram, programKeys, saveMmProgram, useMmPrograms } from "./programs-queries.ts";
import { MmOrder } from "../../../contract/mm.ts";
import { REQUIRED_MESSAGE } from "../../../domain/constants.ts";

interface LineDraft {
  productId: string;
  quantity: string;
  barcodeNumber: string;
  barcodeTop: string;
  barcodeLeft: string;
  barcodeBottom: string;
}
interface Draft {
  id: number | null;
  name: string;
  weekdays: number[];
  mode: "cart" | "order";
  boxed: boolean;
  paused: boolean;
  pausedFrom: string;
  pausedUntil: string;
  lines: LineDraft[];
}

const emptyLine = (): LineDraft => ({ productId: "", quantity: "", barcodeNumber: "", barcodeTop: "", barcodeLeft: "", barcodeBottom: "" });
const lineOf = (l: { productId: string; quantity: number; barcodeNumber: string | null; barcodeTop: string | null; barcodeLeft: string | null; barcodeBottom: string | null }): LineDraft => ({
  productId: l.productId,
  quantity: String(l.quantity),
  barcodeNumber: l.barcodeNumber ?? "",
  barcodeTop: l.barcodeTop ?? "",
  barcodeLeft: l.barcodeLeft ?? "",
  barcodeBottom: l.barcodeBottom ?? "",
});
const emptyDraft = (boxed: boolean): Draft => ({ id: null, name: "", weekdays: [], mode: "cart", boxed, paused: false, pausedFrom: "", pausedUntil: "", lines: [emptyLine()] });
const draftOf = (p: MmProgram): Draft => ({
  id: p.id,
  name: p.name,
  weekdays: p.weekdays,
  mode: p.mode,
  boxed: p.boxed ?? false,
  paused: p.paused,
  pausedFrom: p.pausedFrom ?? "",
  pausedUntil: p.pausedUntil ?? "",
  lines: p.lines.map(lineOf),
});
const bodyOf = (d: Draft): MmProgramBody => ({
  name: d.name,
  weekdays: d.weekdays,
  mode: d.mode,
  boxed: d.boxed,
  paused: d.paused,
  pausedFrom: d.pausedFrom || null,
  pausedUntil: d.pausedUntil || null,
  lines: d.lines
    .filter((l) => l.productId.trim() || l.quantity.trim())
    .map((l) => ({
      productId: l.productId.trim(),
      quantity: Number(l.quantity),
      barcodeNumber: l.barcodeNumber.trim() || null,
      barcodeTop: l.barcodeTop.trim() || null,
      barcodeLeft: l.barcodeLeft.trim() || null,
      barcodeBottom: l.barcodeBottom.trim() || null,
    })),
});
const days = (weekdays: readonly number[]) => weekdays.map(weekdayName).join(", ");

export function MmProgramsPage() {
  const { ids, gate } = useMmStoreIds();
  if (!ids) return gate;
  return <Programs key={`${ids.userId}:${ids.customerId}`} ids={ids} />;
}

const PROGRAMS: StandingListCopy = {
  title: "Standing programs",
  newLabel: "New program",
  intro: (
    <>
      A standing program repeats every week on the days you choose: the same bouquets with the same shelf labels. Ahead of each ship date&apos;s
      order deadline it fills your cart at that day&apos;s prices and e-mails you a reminder to check out, or places the order if you choose so.
      Pause it for a holiday week with a pause range.
    </>
  ),
  noun: "standing programs",
  emptyTitle: "No standing programs yet",
  emptyText: "The same bouquets every week? Create a program, or start one from a past order.",
  emptyBox: "rounded-2xl",
  card: { box: "min-w-0 rounded-2xl", name: "break-words text-xl" },
  storePath: "/MM/Store",
};

function Programs({ ids }: { ids: StoreIds }) {
  const client = useQueryClient();
  const list = useMmPrograms(ids);
  const profile = useMmProfile(ids);
  const [draft, setDraft] = useState<Draft | null>(null);
  const writes = useStandingWrites<MmProgram>({
    pause: (p) => saveMmProgram(ids, p.id, { ...bodyOf(draftOf(p)), paused: !p.paused }),
    remove: (p) => deleteMmProgram(ids, p.id),
    refresh: () => client.invalidateQueries({ queryKey: programKeys.programs(ids) }),
    deleteTitle: "Delete this standing program?",
  });

  return (
    <MmPage>
      <StandingList
        copy={PROGRAMS}
        list={list}
        newDraft={() => emptyDraft(profile.data?.alwaysBoxed ?? true)}
        draft={draft}
        setDraft={setDraft}
        draftOf={draftOf}
        writes={writes}
        renderEditor={(editor) => <Editor ids={ids} {...editor} />}
        item={(p) => (
          <>
            <p className="mt-1 text-sm text-sage">
              Every {days(p.weekdays)} · {p.mode === "order" ? "places the order" : "fills your cart"} · {p.boxed === false ? "not boxed" : "boxed"}
            </p>
            {(p.pausedFrom || p.pausedUntil) && (
              <p className="mt-1 text-sm">
                No runs {p.pausedFrom ? `from ${shortDate(p.pausedFrom)}` : ""} {p.pausedUntil ? `until ${shortDate(p.pausedUntil)}` : "on"}
              </p>
            )}
            <ul className="mt-3 space-y-1 text-sm">
              {p.lines.map((l) => (
                <li key={l.productId} className="flex flex-wrap justify-between gap-x-3">
                  <span className="min-w-0 break-words">
                    {l.description} <span className="text-sage">({l.productId})</span>
                    {l.barcodeNumber && <span className="block text-sage">Label: {[l.barcodeNumber, l.barcodeTop, l.barcodeLeft, l.barcodeBottom].filter(Boolean).join(" · ")}</span>}
                  </span>
                  <span className="tabular">{l.quantity} bouquets</span>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm">
              {p.nextShipDate && p.nextRunAt
                ? `Next: ${p.mode === "order" ? "orders" : "fills your cart"} on ${instant(p.nextRunAt)} for shipping ${shortDate(p.nextShipDate)}`
                : p.paused
                  ? "Paused: it does not run until you resume it."
                  : `No open ship date on ${days(p.weekdays)} at the moment.`}
            </p>
          </>
        )}
      />
    </MmPage>
  );
}

function Editor({ ids, draft, onCancel, onSaved }: { ids: StoreIds; draft: Draft; onCancel: () => void; onSaved: (p: MmProgram, created: boolean) => void }) {
  const [d, setD] = useState<Draft>(draft);
  const [copyFrom, setCopyFrom] = useState("");
  const profile = useMmProfile(ids);
  const cart = useMmCart(ids);
  const orders = useMmOrders(ids);
  // Bouquet suggestions: what the next open ship date's first catalog offers.
  const firstDate = profile.data?.openDates[0] ?? null;
  const catalogs = useMmCatalogs(ids, firstDate);
  const products = useMmProducts(ids, catalogs.data?.[0]?.orderId ?? null, firstDate);
  const uid = useId();
  const headingId = useId();
  useEffect(() => document.getElementById(`${uid}-name`)?.focus(), [uid]);
  const weekdays = [...new Set((profile.data?.shipTimes ?? []).map((s) => s.weekday))].sort((a, b) => a - b);

  const save = useStandingSave((body: MmProgramBody) => saveMmProgram(ids, d.id, body), (p) => onSaved(p, d.id === null), "The standing program was not saved. Please try again.");
  const { fields, setError } = save;
  const copyOrder = useMutation({
    mutationFn: (orderNumber: number) => api.get(mmPaths.order(), { customerId: ids.customerId, userId: ids.userId, orderNumber }, MmOrder),
    onSuccess: (o) => setD((x) => ({ ...x, boxed: o.boxed, lines: o.lines.filter((l) => !l.fee).map(lineOf) })),
    onError: () => setError("That order could not be loaded. Please try again."),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(d);
    const local: Record<string, string> = {};
    if (!d.name.trim()) local.name = REQUIRED_MESSAGE;
    if (!d.weekdays.length) local.weekdays = "Please choose at least one day";
    save.submit(body, { ...local, ...lineErrors(body.lines, "Add at least one bouquet") });
  }

  const setLine = (i: number, patch: Partial<LineDraft>) => setD((x) => ({ ...x, lines: x.lines.map((l, k) => (k === i ? { ...l, ...patch } : l)) }));
  const cartLines = (cart.data?.items ?? []).filter((i) => i.id !== 0);

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="mb-6 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="mb-4 text-2xl">
        {d.id === null ? "New standing program" : `Edit ${draft.name}`}
      </h2>
      <TextField id={`${uid}-name`} label="Name" required maxLength={80} value={d.name} error={fields.name} onChange={(ev) => setD({ ...d, name: ev.target.value })} />
      <fieldset className="mt-4" aria-describedby={fields.weekdays ? `${uid}-weekdays-error` : undefined}>
        <legend className="field-label">
          Ship days<span aria-hidden="true" className="text-petal"> *</span>
        </legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {weekdays.map((w) => (
            <label key={w} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-leaf"
                checked={d.weekdays.includes(w)}
                onChange={(ev) => setD((x) => ({ ...x, weekdays: ev.target.checked ? [...x.weekdays, w].sort((a, b) => a - b) : x.weekdays.filter((y) => y !== w) }))}
              />
              {weekdayName(w)}
            </label>
          ))}
        </div>
        {fields.weekdays && (
          <p id={`${uid}-weekdays-error`} className="field-error">
            {fields.weekdays}
          </p>
        )}
      </fieldset>
      <RunModeChoice name={`${uid}-mode`} mode={d.mode} cartLabel="Fill my cart and remind me; I check out myself" onChange={(mode) => setD({ ...d, mode })} />
      <label className="mt-4 flex items-center gap-2">
        <input type="checkbox" className="h-4 w-4 accent-leaf" checked={d.boxed} disabled={profile.data?.alwaysBoxed} onChange={(ev) => setD({ ...d, boxed: ev.target.checked })} />
        Pack in boxes
      </label>
      <fieldset className="mt-4">
        <legend className="field-label">Pause for a range of ship dates, such as a holiday week (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Pause from" type="date" value={d.pausedFrom} error={fields.pausedFrom} onChange={(ev) => setD({ ...d, pausedFrom: ev.target.value })} />
          <TextField label="Pause until" type="date" value={d.pausedUntil} error={fields.pausedUntil} onChange={(ev) => setD({ ...d, pausedUntil: ev.target.value })} />
        </div>
      </fieldset>
      <fieldset className="mt-5">
        <legend className="field-label">Bouquets and shelf labels</legend>
        {fields.lines && <p className="field-error">{fields.lines}</p>}
        <div className="mb-3 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`${uid}-copy`} className="field-label">
              Start from an order
            </label>
            <select id={`${uid}-copy`} className="field-input" value={copyFrom} onChange={(ev) => setCopyFrom(ev.target.value)}>
              <option value="">Choose an order</option>
              {(orders.data ?? []).map((o) => (
                <option key={o.orderNumber} value={o.orderNumber}>
                  Order {o.orderNumber}, ships {shortDate(o.shipDate)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn-secondary" disabled={!copyFrom || copyOrder.isPending} onClick={() => copyOrder.mutate(Number(copyFrom))}>
            Copy its bouquets
          </button>
          {cartLines.length > 0 && (
            <button type="button" className="btn btn-secondary" onClick={() => setD((x) => ({ ...x, lines: cartLines.map(lineOf) }))}>
              Copy my cart ({cartLines.length} {cartLines.length === 1 ? "line" : "lines"})
            </button>
          )}
        </div>
        <datalist id={`${uid}-products`}>
          {(products.data ?? []).map((p) => (
            <option key={p.productId} value={p.productId}>
              {p.description}
            </option>
          ))}
        </datalist>
        <ol className="space-y-4">
          {d.lines.map((l, i) => (
            <li key={i} className="rounded-xl border border-line p-3">
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                <TextField label={`Bouquet code, line ${i + 1}`} list={`${uid}-products`} value={l.productId} autoComplete="off" error={fields[`lines.${i}.productId`]} onChange={(ev) => setLine(i, { productId: ev.target.value })} />
                <TextField label={`Bouquets, line ${i + 1}`} inputMode="numeric" value={l.quantity} error={fields[`lines.${i}.quantity`]} onChange={(ev) => setLine(i, { quantity: ev.target.value })} />
              </div>
              <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <TextField label={`UPC / EAN, line ${i + 1}`} inputMode="numeric" maxLength={13} value={l.barcodeNumber} error={fields[`lines.${i}.barcodeNumber`]} onChange={(ev) => setLine(i, { barcodeNumber: ev.target.value })} />
                <TextField label={`Label top, line ${i + 1}`} maxLength={40} value={l.barcodeTop} error={fields[`lines.${i}.barcodeTop`]} onChange={(ev) => setLine(i, { barcodeTop: ev.target.value })} />
                <TextField label={`Label left, line ${i + 1}`} maxLength={40} value={l.barcodeLeft} error={fields[`lines.${i}.barcodeLeft`]} onChange={(ev) => setLine(i, { barcodeLeft: ev.target.value })} />
                <TextField label={`Label bottom, line ${i + 1}`} maxLength={40} value={l.barcodeBottom} error={fields[`lines.${i}.barcodeBottom`]} onChange={(ev) => setLine(i, { barcodeBottom: ev.target.value })} />
              </div>
              <button
                type="button"
                className="btn btn-secondary mt-3"
                aria-label={`Remove line ${i + 1}`}
                onClick={() => setD((x) => ({ ...x, lines: x.lines.length > 1 ? x.lines.filter((_, k) => k !== i) : [emptyLine()] }))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="btn btn-secondary mt-3" onClick={() => setD((x) => ({ ...x, lines: [...x.lines, emptyLine()] }))}>
          Add a bouquet
        </button>
      </fieldset>
      <EditorFooter error={save.error} pending={save.pending} isNew={d.id === null} createLabel="Create program" onCancel={onCancel} />
    </form>
  );
}
