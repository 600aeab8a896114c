// /Claims (a buyer: wholesaler, Retailer, or staff acting as one): the claims on its orders with their
// state, and the form that opens one on an order line with photos from the phone's camera or gallery.
// /OrderDesk/Claims (staff): open claims by their answer deadline with the photos; accept all or part
// (a credit note) or decline with a reason. docs/claims.md.
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { CLAIM_MAX_PHOTOS, CLAIM_MESSAGES, CLAIM_NOTE_MAX, CLAIM_REASON_LABELS, CLAIM_REASONS, OpenClaimBody, type Claim } from "../../../contract/claims.ts";
import { ConfirmDialog, type ConfirmRequest } from "../../components/ui/confirm-dialog.tsx";
import { TextAreaField, TextField } from "../../components/ui/field.tsx";
import { FormField, SubmitButton, useContractForm } from "../../components/ui/form.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { instant, shortDate } from "../../lib/format.ts";
import { useStoreIds, type StoreIds } from "../store/queries.ts";
import { NeedsCustomer } from "../store/store-page.tsx";
import { card } from "../../components/ui/classes.ts";
import { ErrorNote, Loading } from "../../components/ui/status.tsx";
import { readAsDataUrl, useAnswerClaim, useBuyerClaims, useClaimWindow, useDeskClaims, useOpenClaim } from "./queries.ts";
import { BuyerClaimCard, ClaimStatusBadge, DeskClaimCard, outcome, plural } from "./claim-cards.tsx";

function Page({ children }: { children: ReactNode }) {
  return <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">{children}</section>;
}

/** The claims of one order, on the order's own page (its state: open, accepted, declined). */
export function OrderClaims({ ids, orderNumber, shipped }: { ids: StoreIds; orderNumber: number; shipped: boolean }) {
  const list = useBuyerClaims(ids);
  const mine = (list.data ?? []).filter((c) => c.orderNumber === orderNumber);
  if (!shipped && !mine.length) return null;
  return (
    <section className={`${card} mt-5 p-4`} aria-labelledby="order-claims">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-claims" className="text-xl">
          Claims
        </h2>
        {shipped && (
          <Link className="btn btn-secondary" to={`/Claims?order=${orderNumber}`}>
            Report a problem
          </Link>
        )}
      </div>
      {mine.length === 0 ? (
        <p className="mt-2 text-sm text-sage">Flowers damaged, short or wrong? Report it with photos: claims are taken for a short while after the ship date.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {mine.map((c) => (
            <li key={c.claimId} className="flex flex-wrap items-center gap-2 text-sm">
              <ClaimStatusBadge status={c.status} />
              <span>
                Claim {c.claimId}: {c.quantity} × {c.description} ({CLAIM_REASON_LABELS[c.reason].toLowerCase()}) — {outcome(c)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewClaimForm({ ids, orderNumber, lineId, onDone }: { ids: StoreIds; orderNumber: number; lineId: number | null; onDone: () => void }) {
  const window = useClaimWindow(ids, orderNumber);
  if (window.isPending)
    return (
      <p className="py-6 text-sage" role="status">
        Loading order {orderNumber}…
      </p>
    );
  if (window.isError)
    return (
      <ErrorNote>
        {window.error instanceof ApiError && window.error.status === 404 ? `We could not find order ${orderNumber}.` : "This order could not be loaded. Please try again."}
      </ErrorNote>
    );
  const w = window.data;
  if (!w.open)
    return (
      <>
        <ErrorNote>
          {w.message}
        </ErrorNote>
        <p className="mt-3 flex flex-wrap gap-4">
          <Link className="underline" to={`/Orders/${orderNumber}`}>
            Order {orderNumber}
          </Link>
          <Link className="underline" to="/Claims">
            Choose another order
          </Link>
        </p>
      </>
    );
  const lines = w.lines.filter((l) => l.claimable > 0);
  if (!lines.length) return <p className="text-sage">Everything on order {orderNumber} has been claimed already.</p>;
  return <ClaimForm ids={ids} orderNumber={orderNumber} lines={lines} lineId={lineId ?? lines[0]!.lineId} closesOn={w.closesOn} onDone={onDone} />;
}

/** What the claim form checks itself: the contract's own fields of a claim (the photos are read from the files). */
const ClaimFields = OpenClaimBody.pick({ lineId: true, reason: true, quantity: true, note: true }).strip();

/** The API's refusal of a claim: its message, and a photo's message on the photos. */
function claimRefusal(err: unknown): ApiError {
  if (!(err instanceof ApiError)) return new ApiError(0, "The claim could not be sent. Please try again.", {}, undefined, false);
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(err.fields)) fields[k.startsWith("photos") ? "photos" : k] = v;
  return new ApiError(err.status, err.message, fields);
}

type ClaimLine = { lineId: number; description: string; claimable: number; quantity: number };

function ClaimForm({ ids, orderNumber, lines, lineId, closesOn, onDone }: { ids: StoreIds; orderNumber: number; lines: ClaimLine[]; lineId: number; closesOn: string; onDone: () => void }) {
  const open = useOpenClaim(ids);
  const toast = useToast();
  const [files, setFiles] = useState<File[]>([]);
  const { form, fields, refused, busy, errorOf } = useContractForm(
    ClaimFields,
    async (claim) => {
      // A refusal with no message of its own: only the photos' field shows it.
      if (files.length > CLAIM_MAX_PHOTOS) throw new ApiError(0, "", { photos: CLAIM_MESSAGES.tooManyPhotos }, undefined, false);
      let photos: { name: string; data: string }[];
      try {
        photos = await Promise.all(files.map(async (f) => ({ name: f.name.slice(0, 200), data: await readAsDataUrl(f) })));
      } catch {
        throw new ApiError(0, "", { photos: "A photo could not be read from this device. Choose it again." }, undefined, false);
      }
      const c = await open.mutateAsync({ ...claim, orderNumber, photos }).catch((err: unknown) => {
        throw claimRefusal(err);
      });
      toast(`Claim ${c.claimId} sent. We answer by ${instant(c.answerBy)}.`, { type: "success" });
      onDone();
    },
    { defaultValue: { lineId: String(lineId), reason: "", quantity: "1" } },
  );
  const reasonError = errorOf("reason");
  const photosError = errorOf("photos");
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={`Report a problem with order ${orderNumber}`}>
      <p className="text-sm text-sage sm:col-span-2">Claims on this order are taken until the end of {shortDate(closesOn)}.</p>
      <div className="sm:col-span-2">
        <label htmlFor="claim-line" className="field-label">
          Line<span aria-hidden="true" className="text-petal"> *</span>
        </label>
        <select id="claim-line" name={fields.lineId!.name} className="field-input" defaultValue={String(lineId)} required>
          {lines.map((l) => (
            <option key={l.lineId} value={l.lineId}>
              {l.description} — {l.claimable} of {l.quantity} can be claimed
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="claim-reason" className="field-label">
          What went wrong<span aria-hidden="true" className="text-petal"> *</span>
        </label>
        <select id="claim-reason" name={fields.reason!.name} className="field-input" defaultValue="" required aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? "claim-reason-error" : undefined}>
          <option value="" disabled>
            Choose…
          </option>
          {CLAIM_REASONS.map((r) => (
            <option key={r} value={r}>
              {CLAIM_REASON_LABELS[r]}
            </option>
          ))}
        </select>
        {reasonError && (
          <p id="claim-reason-error" className="field-error">
            {reasonError}
          </p>
        )}
      </div>
      <FormField field={fields.quantity!} label="Quantity (bunches)" inputMode="numeric" autoComplete="off" required error={errorOf("quantity")} />
      <div className="sm:col-span-2">
        <TextAreaField label="Note" name={fields.note!.name} maxLength={CLAIM_NOTE_MAX} className="min-h-24" hint="What you found: stems, heads, boxes." error={errorOf("note")} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="claim-photos" className="field-label">
          Photos (up to {CLAIM_MAX_PHOTOS})
        </label>
        <p id="claim-photos-hint" className="mb-1 text-sm text-sage">
          Take them now or pick them from your phone: JPEG, PNG or HEIC, up to 8 MB each.
        </p>
        <input
          id="claim-photos"
          name="photos"
          type="file"
          accept="image/*"
          multiple
          capture="environment"
          className="field-input"
          aria-describedby={["claim-photos-hint", photosError ? "claim-photos-error" : ""].filter(Boolean).join(" ")}
          aria-invalid={photosError ? true : undefined}
          onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
        />
        {files.length > 0 && (
          <p className="mt-1 text-sm" role="status">
            {plural(files.length, "photo", "photos")} chosen: {files.map((f) => f.name).join(", ")}
          </p>
        )}
        {photosError && (
          <p id="claim-photos-error" className="field-error">
            {photosError}
          </p>
        )}
      </div>
      <ErrorNote className="sm:col-span-2">{refused?.message}</ErrorNote>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <SubmitButton busy={busy} busyText="Sending…">
          Send claim
        </SubmitButton>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function ClaimsPage() {
  const ids = useStoreIds();
  const [params, setParams] = useSearchParams();
  const claims = useBuyerClaims(ids);
  const order = Number(params.get("order"));
  const orderNumber = Number.isInteger(order) && order > 0 && order <= 2_147_483_647 ? order : null;
  const line = Number(params.get("line"));
  if (!ids) return <NeedsCustomer />;

  function pickOrder(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = String(new FormData(e.currentTarget).get("order") ?? "").trim();
    if (v) setParams({ order: v });
  }

  return (
    <Page>
      <h1 className="mb-1 text-3xl">Claims</h1>
      <p className="mb-5 text-sage">Flowers arrived damaged, short or wrong? Tell us with photos soon after the ship date (the form says until when): we answer with a credit or a reason.</p>
      <section className={`${card} mb-6 p-4`} aria-labelledby="new-claim">
        <h2 id="new-claim" className="mb-3 text-xl">
          {orderNumber ? `Report a problem with order ${orderNumber}` : "Report a problem"}
        </h2>
        {orderNumber ? (
          <NewClaimForm key={orderNumber} ids={ids} orderNumber={orderNumber} lineId={Number.isInteger(line) && line > 0 ? line : null} onDone={() => setParams({})} />
        ) : (
          <form onSubmit={pickOrder} className="flex flex-wrap items-end gap-3" aria-label="Choose an order">
            <div className="min-w-[12rem]">
              <TextField label="Order number" name="order" inputMode="numeric" autoComplete="off" required />
            </div>
            <button type="submit" className="btn btn-primary">
              Continue
            </button>
            <Link to="/Orders" className="underline sm:ml-2">
              Find it in your orders
            </Link>
          </form>
        )}
      </section>
      <h2 className="mb-3 text-xl">Your claims</h2>
      {claims.isPending ? (
        <p className="py-6 text-center text-sage" role="status">
          Loading your claims…
        </p>
      ) : claims.isError ? (
        <ErrorNote>
          Your claims could not be loaded. Please try again.
        </ErrorNote>
      ) : claims.data.length === 0 ? (
        <p className={`${card} p-6 text-center text-sage`}>No claims yet.</p>
      ) : (
        <ul className="space-y-3">
          {claims.data.map((c) => (
            <BuyerClaimCard key={c.claimId} c={c} ids={ids} />
          ))}
        </ul>
      )}
    </Page>
  );
}

export function DeskClaimsPage() {
  const [params] = useSearchParams();
  const view = params.get("status") === "answered" ? "answered" : "open";
  const list = useDeskClaims(view);
  const answer = useAnswerClaim();
  const toast = useToast();
  const [ask, setAsk] = useState<ConfirmRequest | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const done = (message: string) => ({
    onSuccess: () => {
      setAsk(null);
      toast(message, { type: "success" });
    },
    onError: (err: unknown) => setDialogError(errorMessage(err, "That did not work. Please try again.")),
  });
  function askAccept(c: Claim, quantity: number) {
    setDialogError(null);
    const part = quantity < c.quantity;
    setAsk({
      title: part ? `Accept ${quantity} of ${c.quantity} on claim ${c.claimId}?` : `Accept claim ${c.claimId}?`,
      consequences: [
        `A credit note for ${plural(quantity, "unit", "units")} of ${c.description} is issued on ${c.invoiceNumber ? `invoice ${c.invoiceNumber}` : "the order's invoice"}.`,
        part ? "The claim is marked partly accepted; the rest is not credited." : "The claim is marked accepted.",
        `${c.companyName} gets an e-mail with the credit.`,
      ],
      confirmLabel: part ? "Accept in part" : "Accept and credit",
      onConfirm: () => answer.mutate({ claimId: c.claimId, accept: true, quantity }, done(`Claim ${c.claimId} accepted: credit note issued.`)),
    });
  }
  function askDecline(c: Claim) {
    setDialogError(null);
    setAsk({
      title: `Decline claim ${c.claimId}?`,
      consequences: [`${c.companyName} gets an e-mail with your reason.`, "Nothing is credited."],
      confirmLabel: "Decline claim",
      danger: true,
      reason: { label: "Reason for the buyer", required: true },
      onConfirm: (reason) => answer.mutate({ claimId: c.claimId, accept: false, reason }, done(`Claim ${c.claimId} declined.`)),
    });
  }
  const tab = (active: boolean) => `rounded-full px-4 py-2 font-semibold ${active ? "bg-leaf text-white" : "border-[1.5px] border-leaf text-leaf hover:bg-leaf-light"}`;
  return (
    <Page>
      <h1 className="mb-4 text-3xl">Claims</h1>
      <nav aria-label="Claims views" className="mb-4 flex flex-wrap gap-2">
        <Link to="?status=open" className={tab(view === "open")} aria-current={view === "open" ? "page" : undefined}>
          Open
        </Link>
        <Link to="?status=answered" className={tab(view === "answered")} aria-current={view === "answered" ? "page" : undefined}>
          Answered
        </Link>
        <Link to="/Administration/Orders" className="px-2 py-2 underline">
          Order desk
        </Link>
      </nav>
      {list.isPending ? (
        <Loading what="claims" />
      ) : list.isError ? (
        <ErrorNote>{errorMessage(list.error, "The claims could not be loaded.")}</ErrorNote>
      ) : list.data.length === 0 ? (
        <p className={`${card} p-6 text-center text-sage`} role="status">
          {view === "open" ? "No open claims." : "No answered claims yet."}
        </p>
      ) : (
        <>
          <p className="sr-only" role="status">
            {plural(list.data.length, "claim", "claims")}
          </p>
          <ul className="space-y-3">
            {list.data.map((c) => (
              <DeskClaimCard key={c.claimId} c={c} onAccept={askAccept} onDecline={askDecline} />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog request={ask} onClose={() => setAsk(null)} busy={answer.isPending} error={dialogError} />
    </Page>
  );
}
