// How a claim is shown: its status badge, outcome, photos and facts, as the buyer's card and as the
// claims desk's card (with accept and decline).
import { useState } from "react";
import { Link } from "react-router";
import { CLAIM_REASON_LABELS, CLAIM_STATUS_LABELS, type Claim } from "../../../contract/claims.ts";
import { TextField } from "../../components/ui/field.tsx";
import { instant, money, shortDate } from "../../lib/format.ts";
import { type StoreIds } from "../store/queries.ts";
import { card } from "../../components/ui/classes.ts";
import { claimPaths } from "./queries.ts";

const TONE: Record<Claim["status"], string> = {
  open: "bg-cream text-amber-text",
  accepted: "bg-leaf-light text-leaf-dark",
  partly_accepted: "bg-[#e5eef7] text-[#1f4e79]",
  declined: "bg-[#fdecea] text-[#8a1c12]",
};

export function ClaimStatusBadge({ status }: { status: Claim["status"] }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}>{CLAIM_STATUS_LABELS[status]}</span>;
}

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What became of a claim, in a sentence. */
export function outcome(c: Claim): string {
  if (c.status === "open") return `Waiting for our answer (by ${instant(c.answerBy)}).`;
  if (c.status === "declined") return `Declined: ${c.declineReason ?? ""}`;
  const credited = c.credited === null ? "" : ` for ${money(c.credited)}`;
  return `${c.status === "accepted" ? "Accepted" : "Partly accepted"}: ${plural(c.acceptedQuantity ?? 0, "unit", "units")} of ${c.quantity} credited${credited} on credit note ${c.creditNoteNumber ?? ""}.`;
}

function Photos({ claim, src }: { claim: Claim; src: (photoId: number) => string }) {
  if (!claim.photos.length) return <p className="text-sm text-sage">No photos.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Photos of claim ${claim.claimId}`}>
      {claim.photos.map((p, i) => (
        <li key={p.photoId}>
          <a href={src(p.photoId)} target="_blank" rel="noreferrer" className="block rounded-lg outline-offset-2">
            <img
              src={src(p.photoId)}
              alt={`Photo ${i + 1} of claim ${claim.claimId} (${claim.description})`}
              width={p.width}
              height={p.height}
              loading="lazy"
              className="h-24 w-24 rounded-lg border border-line object-cover sm:h-28 sm:w-28"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ClaimFacts({ c }: { c: Claim }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-xs font-semibold tracking-wide text-sage uppercase">Reason</dt>
        <dd>{CLAIM_REASON_LABELS[c.reason]}</dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-sage uppercase">Claimed</dt>
        <dd className="tabular">
          {c.quantity} of {c.lineQuantity}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-sage uppercase">Shipped</dt>
        <dd>{shortDate(c.shipDate)}</dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-sage uppercase">Opened</dt>
        <dd>{instant(c.createdAt)}</dd>
      </div>
    </dl>
  );
}

// ---- the buyer ---------------------------------------------------------------------------------
export function BuyerClaimCard({ c, ids }: { c: Claim; ids: StoreIds }) {
  return (
    <li className={`${card} p-4`}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 className="text-lg">
          Claim {c.claimId} · {c.description}
        </h3>
        <ClaimStatusBadge status={c.status} />
      </div>
      <p className="mb-3 text-sm">
        Order{" "}
        <Link className="underline" to={`/Orders/${c.orderNumber}`}>
          {c.orderNumber}
        </Link>
      </p>
      <ClaimFacts c={c} />
      {c.note && <p className="mt-3 text-sm whitespace-pre-line">“{c.note}”</p>}
      <p className="mt-3 font-semibold">{outcome(c)}</p>
      {c.creditNoteNumber !== null && c.invoiceNumber !== null && !ids.isRetailer && (
        <p className="mt-1 text-sm">
          <Link className="underline" to={`/Invoices/details?number=${c.invoiceNumber}`}>
            Invoice {c.invoiceNumber} with credit note {c.creditNoteNumber}
          </Link>
        </p>
      )}
      <div className="mt-3">
        <Photos claim={c} src={(photoId) => claimPaths.buyerPhoto(ids, c.claimId, photoId)} />
      </div>
    </li>
  );
}

// ---- the desk ------------------------------------------------------------------------------------
export function DeskClaimCard({ c, onAccept, onDecline }: { c: Claim; onAccept: (c: Claim, quantity: number) => void; onDecline: (c: Claim) => void }) {
  const [quantity, setQuantity] = useState(String(c.quantity));
  const [error, setError] = useState<string | null>(null);
  const overdue = c.status === "open" && new Date(c.answerBy).getTime() < Date.now();
  const qId = `claim-${c.claimId}-quantity`;
  return (
    <li className={`${card} p-4`} aria-labelledby={`claim-${c.claimId}-title`}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id={`claim-${c.claimId}-title`} className="text-lg">
          Claim {c.claimId} · {c.companyName}
        </h2>
        <ClaimStatusBadge status={c.status} />
        {c.status === "open" && (
          <span className={`text-sm ${overdue ? "font-semibold text-[#8a1c12]" : "text-sage"}`}>
            {overdue ? "Overdue: answer was due" : "Answer by"} {instant(c.answerBy)}
          </span>
        )}
      </div>
      <p className="mb-3 text-sm">
        {c.description} on order{" "}
        <Link className="underline" to={`/Administration/Orders/${c.orderNumber}`}>
          {c.orderNumber}
        </Link>{" "}
        ({c.customerId})
      </p>
      <ClaimFacts c={c} />
      {c.note && <p className="mt-3 text-sm whitespace-pre-line">“{c.note}”</p>}
      <div className="mt-3">
        <Photos claim={c} src={(photoId) => claimPaths.deskPhoto(c.claimId, photoId)} />
      </div>
      {c.status === "open" ? (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          aria-label={`Answer claim ${c.claimId}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(quantity.trim());
            if (!Number.isInteger(n) || n < 1 || n > c.quantity) {
              setError(`Enter a whole number from 1 to ${c.quantity}`);
              return;
            }
            setError(null);
            onAccept(c, n);
          }}
        >
          <div className="w-40">
            <TextField id={qId} label="Units to credit" inputMode="numeric" autoComplete="off" value={quantity} onChange={(e) => setQuantity(e.target.value)} error={error ?? undefined} />
          </div>
          <button type="submit" className="btn btn-primary">
            Accept<span className="sr-only"> claim {c.claimId}</span>
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => onDecline(c)}>
            Decline<span className="sr-only"> claim {c.claimId}</span>
          </button>
        </form>
      ) : (
        <p className="mt-3 font-semibold">{outcome(c)}</p>
      )}
    </li>
  );
}
