// The webhooks part of /Admin/Integrations (issue 28; docs/webhooks.md): the registered receivers, a
// form to add one (its signing secret shown once), delete behind a confirm dialog, and each webhook's
// deliveries with their attempts and a redeliver button. Administrator only; the server checks every call.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import {
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  WebhookCreate,
  WebhookCreated,
  WebhookDeliveries,
  WebhookDelivery,
  WebhookList,
  type Webhook,
  type WebhookEvent,
} from "../../../contract/webhooks.ts";
import { ConfirmDialog, type ConfirmRequest } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { formErrors, FormField, listOf, SubmitButton, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame, TableHead } from "../../components/ui/table.tsx";
import { ActionsCell, TableRows } from "../../components/ui/table-rows.tsx";

const EVENT_TEXT: Record<WebhookEvent, string> = {
  "order.placed": "An order is placed (either store)",
  "order.changed": "An order changes (lines, status)",
  "order.cancelled": "An order is cancelled",
  "invoice.issued": "An invoice is issued",
  "availability.changed": "Quantities or prices on offer change",
};

const KEY = ["admin", "webhooks"] as const;
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" }) : "—";

export function WebhooksSection() {
  const headingId = useId();
  const list = useQuery({ queryKey: KEY, queryFn: () => api.get("/api/Admin/Webhooks", undefined, WebhookList) });
  const [created, setCreated] = useState<{ id: number; secret: string; url: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();

  const askDelete = (w: Webhook) => {
    setConfirmError(null);
    setConfirm({
      title: "Delete this webhook?",
      consequences: [`Nothing more will be sent to ${w.url}.`, "Its delivery history is deleted with it.", "The receiver's copy of the secret stops being useful."],
      confirmLabel: "Delete webhook",
      danger: true,
      onConfirm: () => {
        setBusy(true);
        api
          .del("/api/Admin/Webhooks/" + w.id)
          .then(async () => {
            setConfirm(null);
            if (open === w.id) setOpen(null);
            if (created?.id === w.id) setCreated(null);
            await queryClient.invalidateQueries({ queryKey: KEY });
            toast("Webhook deleted.", { type: "success" });
          })
          .catch((err: unknown) => setConfirmError(formErrors(err).message))
          .finally(() => setBusy(false));
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div>
        <h2 id={headingId} className="text-2xl">
          Webhooks
        </h2>
        <p className="mt-1 max-w-3xl text-sage">
          Other systems are told the moment an order is placed, changed or cancelled, an invoice is issued or availability changes. Each
          request is signed per the Standard Webhooks specification; a receiver that is down gets everything once it is back (retried for 24
          hours), in order per order.
        </p>
      </div>

      {created && <SecretPanel created={created} onDone={() => setCreated(null)} />}

      {list.isPending ? (
        <Loading what="webhooks" />
      ) : list.isError ? (
        <Failed error={list.error} what="the webhooks" />
      ) : list.data.webhooks.length === 0 ? (
        <Empty>No webhooks yet. Add one below to have another system told about orders, invoices and availability.</Empty>
      ) : (
        <TableFrame caption="Registered webhooks">
          <TableHead bordered={false} columns={["Receiver URL", "Events", "Deliveries", "Added", { label: "Actions", hidden: true }]} />
          <TableRows
            rows={list.data.webhooks}
            rowKey={(w) => w.id}
            rowClass="border-t border-line align-top"
            cells={(w) => (
              <>
                <td className="max-w-[280px] px-3 py-2 break-all">{w.url}</td>
                <td className="px-3 py-2">
                  <ul className="flex flex-wrap gap-1">
                    {w.events.map((e) => (
                      <li key={e}>
                        <Badge>{e}</Badge>
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {w.pending > 0 && <Badge tone="warn">{w.pending} waiting</Badge>} {w.failed > 0 && <Badge tone="muted">{w.failed} given up</Badge>}
                  {w.pending === 0 && w.failed === 0 && <span className="text-sage">{w.lastDeliveryAt ? `Last ${when(w.lastDeliveryAt)}` : "None yet"}</span>}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{when(w.createdAt)}</td>
                <ActionsCell>
                  <button type="button" className="btn btn-secondary" aria-expanded={open === w.id} aria-controls={`deliveries-${w.id}`} onClick={() => setOpen(open === w.id ? null : w.id)}>
                    {open === w.id ? "Hide deliveries" : "Deliveries"}
                    <span className="sr-only"> of {w.url}</span>
                  </button>
                  <button type="button" className="btn bg-white text-[#b42318] ring-1 ring-[#b42318] hover:bg-[#fdecea]" onClick={() => askDelete(w)}>
                    Delete<span className="sr-only"> {w.url}</span>
                  </button>
                </ActionsCell>
              </>
            )}
          />
        </TableFrame>
      )}

      {open !== null && list.data?.webhooks.some((w) => w.id === open) && <DeliveriesPanel webhook={list.data.webhooks.find((w) => w.id === open)!} />}

      <AddWebhookForm onCreated={(c) => setCreated(c)} />

      <ConfirmDialog request={confirm} busy={busy} error={confirmError} onClose={() => setConfirm(null)} />
    </section>
  );
}

function SecretPanel({ created, onDone }: { created: { id: number; secret: string; url: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  return (
    <div role="region" aria-labelledby={headingId} className="rounded-2xl border-2 border-leaf bg-leaf-light/40 p-4">
      <h3 id={headingId} className="text-xl">
        Webhook added: copy its signing secret now
      </h3>
      <p className="mt-1 text-sm">
        This secret is shown this once. Give it to the receiver at <span className="break-all font-semibold">{created.url}</span> so it can
        verify each request (webhook-signature header).
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code data-testid="webhook-secret" className="rounded-lg bg-white px-3 py-2 font-mono text-sm break-all ring-1 ring-line">
          {created.secret}
        </code>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(created.secret)
              .then(() => setCopied(true))
              .catch(() => setCopied(false));
          }}
        >
          {copied ? "Copied" : "Copy secret"}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I have saved it
        </button>
      </div>
      <p className="sr-only" role="status">
        {copied ? "Secret copied to the clipboard." : ""}
      </p>
    </div>
  );
}

/** The webhook body from the form's values: the URL trimmed, the events ticked as a list. */
const webhookBody = (v: Record<string, unknown>): WebhookCreate => ({ url: textOf(v.url).trim(), events: listOf(v.events) as WebhookEvent[] });
const FIRST_EVENTS: WebhookEvent[] = ["order.placed", "order.changed", "order.cancelled"];

function AddWebhookForm({ onCreated }: { onCreated: (c: { id: number; secret: string; url: string }) => void }) {
  const headingId = useId();
  const eventsErrorId = useId();
  const queryClient = useQueryClient();
  const { form, fields, refused, busy, errorOf } = useContractBodyForm(WebhookCreate, webhookBody, async (body) => {
    const c = await api.post("/api/Admin/Webhooks", body, undefined, undefined, WebhookCreated);
    onCreated({ ...c, url: body.url });
    // The URL is emptied for the next one; the events ticked stay.
    form.update({ name: "url", value: "" });
    await queryClient.invalidateQueries({ queryKey: KEY });
  });
  const eventsError = errorOf("events");
  const refusedOn = (name: string) => Object.keys(refused?.fields ?? {}).some((k) => k === name || k.startsWith(name));

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate aria-labelledby={headingId} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <h3 id={headingId} className="text-xl">
        Add a webhook
      </h3>
      <div className="mt-3 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <FormField
          field={fields.url!}
          label="Receiver URL"
          type="url"
          inputMode="url"
          required
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://erp.example.com/hooks/pride"
          hint="http or https; it must answer 2xx within 5 seconds."
          error={errorOf("url")}
        />
        <fieldset aria-describedby={eventsError ? eventsErrorId : undefined}>
          <legend className="field-label">Events</legend>
          <ul className="space-y-1">
            {WEBHOOK_EVENTS.map((ev) => (
              <li key={ev}>
                <label className="inline-flex min-h-11 items-start gap-2">
                  <input type="checkbox" name="events" value={ev} className="mt-1 h-5 w-5 accent-[var(--color-leaf)]" defaultChecked={FIRST_EVENTS.includes(ev)} />
                  <span>
                    <span className="font-mono text-sm">{ev}</span>
                    <span className="block text-sm text-sage">{EVENT_TEXT[ev]}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {eventsError && (
            <p id={eventsErrorId} className="field-error">
              {eventsError}
            </p>
          )}
        </fieldset>
      </div>
      {refused && !refusedOn("url") && !refusedOn("events") && (
        <p role="alert" className="mt-3 rounded-lg bg-[#fdecea] px-3 py-2 text-sm text-[#8a1c12]">
          {refused.message}
        </p>
      )}
      <div className="mt-4 flex justify-end">
        <SubmitButton busy={busy} busyText="Adding…">
          Add webhook
        </SubmitButton>
      </div>
    </form>
  );
}

function DeliveriesPanel({ webhook }: { webhook: Webhook }) {
  const headingId = useId();
  const key = [...KEY, webhook.id, "deliveries"];
  const deliveries = useQuery({
    queryKey: key,
    queryFn: () => api.get(`/api/Admin/Webhooks/${webhook.id}/Deliveries`, undefined, WebhookDeliveries),
    // Pending deliveries change on their own: look again while any is waiting.
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "pending") ? 3_000 : false),
  });
  const queryClient = useQueryClient();
  // The list's counts (waiting, given up, last delivery) follow what this panel reads.
  const updated = deliveries.dataUpdatedAt;
  useEffect(() => {
    if (updated) void queryClient.invalidateQueries({ queryKey: KEY, exact: true });
  }, [updated, queryClient]);
  const [redelivering, setRedelivering] = useState<number | null>(null);
  const [message, setMessage] = useState("");

  const redeliver = (d: WebhookDelivery) => {
    setRedelivering(d.id);
    setMessage("");
    api
      .post(`/api/Admin/Webhooks/${webhook.id}/Deliveries/${d.id}/Redeliver`, {}, undefined, undefined, WebhookDelivery)
      .then(async () => {
        setMessage(`${d.type} queued to be sent again.`);
        await queryClient.invalidateQueries({ queryKey: KEY });
      })
      .catch((err: unknown) => setMessage(formErrors(err).message))
      .finally(() => setRedelivering(null));
  };

  return (
    <div id={`deliveries-${webhook.id}`} role="region" aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-xl">
        Deliveries to <span className="break-all">{webhook.url}</span>
      </h3>
      <p role="status" className="text-sm text-sage">
        {message}
      </p>
      {deliveries.isPending ? (
        <Loading what="deliveries" />
      ) : deliveries.isError ? (
        <Failed error={deliveries.error} what="the deliveries" />
      ) : deliveries.data.deliveries.length === 0 ? (
        <Empty>Nothing sent yet: deliveries appear here as orders, invoices and availability change.</Empty>
      ) : (
        <TableFrame caption="Each delivery, newest first">
          <TableHead bordered={false} columns={["Event", "Status", "Attempts", "Last attempt", { label: "Actions", hidden: true }]} />
          <TableRows
            rows={deliveries.data.deliveries}
            rowKey={(d) => d.id}
            rowClass="border-t border-line align-top"
            rowProps={() => ({ "data-testid": "delivery-row" })}
            cells={(d) => {
              const last = d.history[0];
              return (
                <>
                  <td className="px-3 py-2">
                    <span className="font-mono">{d.type}</span>
                    <span className="block text-xs text-sage">
                      {d.subject} · {d.messageId}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    {d.status === "delivered" ? (
                      <Badge tone="good">Delivered</Badge>
                    ) : d.status === "failed" ? (
                      <Badge tone="muted">Given up</Badge>
                    ) : (
                      <Badge tone="warn">{d.attempts ? `Retrying ${when(d.nextAttemptAt)}` : "Waiting"}</Badge>
                    )}
                  </td>
                  <td className="px-3 py-2 tabular">
                    {d.history.length > 0 ? (
                      <details>
                        <summary className="cursor-pointer">{d.attempts}</summary>
                        <ol className="mt-1 space-y-1 text-xs">
                          {d.history.map((h, i) => (
                            <li key={i}>
                              {when(h.at)}: {h.statusCode ?? "no answer"} {h.error && h.statusCode === null ? `(${h.error})` : ""} · {h.durationMs} ms
                              {h.responseExcerpt && <span className="block break-all text-sage">“{h.responseExcerpt}”</span>}
                            </li>
                          ))}
                        </ol>
                      </details>
                    ) : (
                      d.attempts
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {last ? (
                      <>
                        {when(last.at)} <span className="text-sage">· {last.statusCode ?? "no answer"}</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <button type="button" className="btn btn-secondary" disabled={redelivering === d.id} onClick={() => redeliver(d)}>
                      {redelivering === d.id ? "Sending…" : "Redeliver"}
                      <span className="sr-only">
                        {" "}
                        {d.type} {d.subject}
                      </span>
                    </button>
                  </td>
                </>
              );
            }}
          />
        </TableFrame>
      )}
    </div>
  );
}
