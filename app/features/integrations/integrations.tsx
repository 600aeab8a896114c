// /Admin/Integrations (issue 28): the Administrator's API tokens — create one (name and scopes; the
// token shown once, with a copy button), the list (created by and at, last used), revoke through a
// confirm dialog — and, below, the webhooks (./webhooks-section.tsx).
import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_SCOPES, ApiTokenCreate, ApiTokenCreated, ApiTokenList, SCOPE_LABELS, type ApiScope, type ApiToken } from "../../../contract/integrations.ts";
import { ConfirmDialog, type ConfirmRequest } from "../../components/ui/confirm-dialog.tsx";
import { api } from "../../lib/api.ts";
import { instant } from "../../lib/format.ts";
import { formErrors, FormField, listOf, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { StaffPage } from "../../components/ui/page.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame, TableHead } from "../../components/ui/table.tsx";
import { WebhooksSection } from "./webhooks-section.tsx";

const KEY = ["integrations", "tokens"];

/** The new token, once: it is not stored and cannot be shown again. */
function NewToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const id = useId();
  return (
    <div className="mb-6 rounded-xl border-2 border-leaf bg-leaf-light/40 p-4" role="status" aria-live="polite">
      <h2 className="text-xl">Your new token “{name}”</h2>
      <p className="mt-1 text-sm">Copy it now and keep it in the other system's settings: it is shown this once and never again. Anyone holding it can use its scopes.</p>
      <label htmlFor={id} className="field-label mt-3">
        API token
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id={id} className="field-input font-mono text-sm" readOnly value={token} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn btn-primary shrink-0"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(token);
              setCopied("yes");
            } catch {
              setCopied("no");
            }
          }}
        >
          Copy token
        </button>
      </div>
      <p className="mt-2 min-h-5 text-sm" aria-live="polite">
        {copied === "yes" ? "Copied to the clipboard." : copied === "no" ? "The browser did not allow copying: select the token and copy it yourself." : ""}
      </p>
      <button type="button" className="btn btn-secondary mt-2" onClick={onDone}>
        I have kept it
      </button>
    </div>
  );
}

/** The token body from the form's values: the scopes ticked, as a list. */
const tokenBody = (v: Record<string, unknown>): ApiTokenCreate => ({ name: textOf(v.name), scopes: listOf(v.scopes) as ApiScope[] });

function CreateToken({ onCreated }: { onCreated: (name: string, token: string) => void }) {
  const queryClient = useQueryClient();
  // A new round of the form (its fields emptied) once a token is made.
  const [round, setRound] = useState(0);
  const { form, fields, refused, busy, errorOf } = useContractBodyForm(ApiTokenCreate, tokenBody, async (body) => {
    const created = await api.post("/api/Admin/ApiTokens", body, undefined, undefined, ApiTokenCreated);
    onCreated(body.name.trim(), created.token);
    setRound((r) => r + 1);
    void queryClient.invalidateQueries({ queryKey: KEY });
  });
  const scopeError = errorOf("scopes");
  return (
    <form key={round} id={form.id} onSubmit={form.onSubmit} noValidate className="mb-8 rounded-xl border border-line bg-white p-4" aria-labelledby="new-token-heading">
      <h2 id="new-token-heading" className="text-xl">
        New API token
      </h2>
      <p className="mt-1 text-sm text-sage">For one other system (an ERP, the accounting package, a marketplace), with only what it needs.</p>
      <div className="mt-3 max-w-md">
        <FormField field={fields.name!} label="Name" required maxLength={80} error={errorOf("name")} hint="Which system uses it, e.g. “Greenhouse ERP”." />
      </div>
      <fieldset className="mt-4" aria-describedby={scopeError ? "scopes-error" : undefined}>
        <legend className="field-label">What it may do</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {API_SCOPES.map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="scopes" value={s} className="h-5 w-5 accent-[var(--color-leaf)]" />
              <span>
                {SCOPE_LABELS[s]} <code className="text-xs text-sage">{s}</code>
              </span>
            </label>
          ))}
        </div>
        {scopeError && (
          <p id="scopes-error" className="field-error">
            {scopeError}
          </p>
        )}
      </fieldset>
      {refused && !Object.keys(refused.fields).length && (
        <p role="alert" className="mt-3 text-sm text-[#8a1c12]">
          {refused.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-4" disabled={busy}>
        {busy ? "Creating…" : "Create token"}
      </button>
    </form>
  );
}

function TokenRow({ t, onRevoke }: { t: ApiToken; onRevoke: (t: ApiToken) => void }) {
  return (
    <tr className="border-b border-line align-top last:border-0">
      <td className="px-3 py-2">
        <span className="font-semibold">{t.name}</span>
        <div className="font-mono text-xs text-sage">{t.hint}…</div>
      </td>
      <td className="px-3 py-2">
        <ul className="flex flex-wrap gap-1">
          {t.scopes.map((s) => (
            <li key={s}>
              <Badge>{s}</Badge>
            </li>
          ))}
        </ul>
      </td>
      <td className="px-3 py-2">
        {t.createdByName ?? "—"}
        <div className="text-xs text-sage">{instant(t.createdAt)}</div>
      </td>
      <td className="px-3 py-2">{t.lastUsedAt ? instant(t.lastUsedAt) : <span className="text-sage">Never</span>}</td>
      <td className="px-3 py-2 text-right">
        {t.revokedAt ? (
          <Badge tone="muted">Revoked {instant(t.revokedAt)}</Badge>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => onRevoke(t)} aria-label={`Revoke ${t.name}`}>
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}

export function IntegrationsScreen() {
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get("/api/Admin/ApiTokens", undefined, ApiTokenList) });
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (id: number) => api.del(`/api/Admin/ApiTokens/${id}`),
    onSuccess: () => {
      setConfirm(null);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => setRevokeError(formErrors(err).message),
  });
  return (
    <StaffPage
      title="Integrations"
      intro={
        <>
          Other systems read orders and invoices and keep availability true through the API at <code>/api/v1</code> (see the <a href="/api/docs" className="underline">API document</a>), each with a token of
          its own.
        </>
      }
    >
      {shown && <NewToken name={shown.name} token={shown.token} onDone={() => setShown(null)} />}
      <CreateToken onCreated={(name, token) => setShown({ name, token })} />
      <h2 className="mb-2 text-2xl">API tokens</h2>
      {query.isPending ? (
        <Loading what="the API tokens" />
      ) : query.isError ? (
        <Failed error={query.error} what="the API tokens" />
      ) : !query.data.tokens.length ? (
        <Empty>No API tokens yet. Create one above for each system that connects.</Empty>
      ) : (
        <TableFrame caption="API tokens, newest first">
          <TableHead columns={["Name", "Scopes", "Created by", "Last used", { label: "Actions", right: true, hidden: true }]} />
          <tbody>
            {query.data.tokens.map((t) => (
              <TokenRow
                key={t.id}
                t={t}
                onRevoke={(tok) => {
                  setRevokeError(null);
                  setConfirm({
                    title: `Revoke “${tok.name}”?`,
                    consequences: [`Every request with this token is refused from now on, on every server.`, `The system using it stops reading and writing until it gets a new token.`, `This cannot be undone.`],
                    confirmLabel: "Revoke token",
                    danger: true,
                    onConfirm: () => revoke.mutate(tok.id),
                  });
                }}
              />
            ))}
          </tbody>
        </TableFrame>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} busy={revoke.isPending} error={revokeError} />
      <WebhooksSection />
    </StaffPage>
  );
}
