// The customer form of the staff screens (new and edit): ship times by weekday, the catalog choice,
// the logo and the body it sends.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CustomerCreateBody, CustomerUpdateBody, LOGO_MAX_BYTES, LOGO_TYPES, LogoAnswer } from "../../../contract/administration.ts";
import { SupplyCatalogList } from "../../../contract/supply.ts";
import { shipDays } from "../../../domain/supply.ts";
import { api, ApiError } from "../../lib/api.ts";
import { Checkbox, FormCheckbox, FormField, FormProblem, listOf, textOf, useContractBodyForm } from "../../components/ui/form.tsx";

const WEEKDAYS: [number, string][] = [
  [2, "Monday"],
  [3, "Tuesday"],
  [4, "Wednesday"],
  [5, "Thursday"],
  [6, "Friday"],
  [7, "Saturday"],
  [1, "Sunday"],
];

export type Kind = "wholesale" | "massMarket";

/** The contact fields of a customer or retailer form. */
export type Contact = { email: string; phone: string; address: string; city: string; state: string; zip: string };

/** No contact yet: every contact field empty. */
export const EMPTY_CONTACT: Contact = { email: "", phone: "", address: "", city: "", state: "", zip: "" };

/** The contact fields of a body, from a form's values as typed. */
export const contactBody = (v: Record<string, unknown>): Contact => ({
  email: textOf(v.email),
  phone: textOf(v.phone),
  address: textOf(v.address),
  city: textOf(v.city),
  state: textOf(v.state),
  zip: textOf(v.zip),
});

/** The contact fields of a saved record (a customer, a retailer) as a form edits them: empty for none. */
export const contactForm = (x: { [K in keyof Contact]: string | null }): Contact => ({
  email: x.email ?? "",
  phone: x.phone ?? "",
  address: x.address ?? "",
  city: x.city ?? "",
  state: x.state ?? "",
  zip: x.zip ?? "",
});

/** What the customer form edits: the same for a new customer and an existing one. */
export interface CustomerFormValues extends Contact {
  companyName: string;
  alwaysBoxed: boolean;
  referralApproved: boolean;
  active: boolean;
  shipTimes: { weekday: number; cutoffShipTime: string }[];
  discountPercent: string;
  catalogIds: number[];
}

export const EMPTY_FORM: CustomerFormValues = {
  companyName: "",
  ...EMPTY_CONTACT,
  alwaysBoxed: false,
  referralApproved: false,
  active: true,
  shipTimes: [],
  discountPercent: "0",
  catalogIds: [],
};

/** The discount as typed (the server names what is wrong with it). */
function discountOf(typed: string) {
  const t = typed.trim();
  return t === "" ? 0 : Number.isFinite(Number(t)) ? Number(t) : (t as unknown as number);
}

/**
 * The body both calls take, from the form's values: the ship days ticked with their cut-offs (in
 * weekday order), the catalogs ticked, the boxes as booleans and the discount as typed; with the code
 * and kind for a new customer.
 */
export function customerBody(v: Record<string, unknown>, create?: { kind: Kind }): CustomerCreateBody {
  const cutoffs = (v.cutoff ?? {}) as Record<string, unknown>;
  const body = {
    companyName: textOf(v.companyName),
    ...contactBody(v),
    alwaysBoxed: v.alwaysBoxed === "on",
    referralApproved: v.referralApproved === "on",
    active: v.active === "on",
    shipTimes: WEEKDAYS.filter(([d]) => typeof cutoffs[`d${d}`] === "string").map(([weekday]) => ({ weekday, cutoffShipTime: textOf(cutoffs[`d${weekday}`]) })),
    discountPercent: discountOf(textOf(v.discountPercent)),
    catalogIds: listOf(v.catalogIds).map(Number),
  };
  return create ? { customerId: textOf(v.customerId), kind: create.kind, ...body } : (body as CustomerCreateBody);
}

const todayIso = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });

/** "14:00" → "2:00 PM", as a person reads a cut-off. */
export function timeWords(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/**
 * The restricted catalogs (current and future) of the customer's kind, to tick; those open to every
 * customer of the kind are only counted, since the customer sees them anyway.
 */
function CatalogChoice({ kind, value, error }: { kind: Kind; value: number[]; error?: string }) {
  const from = todayIso();
  const query = useQuery({ queryKey: ["supply", "catalogs", from], queryFn: () => api.get("/api/Supply/Catalogs", { from }, SupplyCatalogList) });
  const mine = (query.data?.catalogs ?? []).filter((c) => c.kind === kind);
  const restricted = mine.filter((c) => c.customerIds.length > 0);
  const open = mine.length - restricted.length;
  return (
    <fieldset aria-describedby={error ? "catalogs-error" : undefined}>
      <legend className="field-label">Catalogs</legend>
      <p className="mb-1 text-sm text-sage">
        {open === 0 ? "No current catalog is open to every customer." : `${open} current catalog${open === 1 ? " is" : "s are"} open to every ${kind === "wholesale" ? "wholesale" : "mass-market"} customer.`}{" "}
        Tick the restricted ones this customer sees too.
      </p>
      {query.isPending ? (
        <p className="text-sm text-sage" role="status">Loading catalogs…</p>
      ) : query.isError ? (
        <p className="text-sm text-sage">The catalogs could not be loaded.</p>
      ) : restricted.length === 0 ? (
        <p className="text-sm text-sage">No restricted catalog from today on.</p>
      ) : (
        <div className="flex flex-col">
          {restricted.map((c) => (
            <FormCheckbox
              key={c.catalogId}
              id={`catalog-${c.catalogId}`}
              name="catalogIds"
              value={String(c.catalogId)}
              label={`${c.title} (${shipDays(c.shipDateFrom, c.shipDateTo)}, ${c.customerIds.length} customer${c.customerIds.length === 1 ? "" : "s"})`}
              defaultChecked={value.includes(c.catalogId)}
            />
          ))}
        </div>
      )}
      {error && (
        <p id="catalogs-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The customer record form: used to create a customer (with its code) and to edit one. */
export function CustomerForm({
  kind,
  initial,
  create,
  onSend,
  submitLabel,
  codeField,
}: {
  kind: Kind;
  initial: CustomerFormValues;
  /** A new customer: its code and kind go with the body, checked as a creation. */
  create?: boolean;
  onSend: (body: CustomerCreateBody) => Promise<void>;
  submitLabel: string;
  codeField?: (error: string | undefined) => React.ReactNode;
}) {
  const { form, fields, refused, busy, errorOf } = useContractBodyForm(
    (create ? CustomerCreateBody : CustomerUpdateBody) as typeof CustomerCreateBody,
    (v) => customerBody(v, create ? { kind } : undefined),
    onSend,
    { defaultValue: { ...initial, shipTimes: undefined, catalogIds: undefined } },
  );
  const [cutoffs, setCutoffs] = useState(() => new Map(initial.shipTimes.map((s) => [s.weekday, s.cutoffShipTime])));
  const setTime = (weekday: number, on: boolean) => setCutoffs((m) => (on ? new Map(m).set(weekday, "12:00") : new Map([...m].filter(([d]) => d !== weekday))));
  const shipTimeError = errorOf("shipTimes");
  const field = (k: keyof CustomerFormValues) => ({ field: fields[k]!, error: errorOf(k) });
  return (
    <form id={form.id} onSubmit={form.onSubmit} className="space-y-3 rounded-2xl border border-line bg-white p-5" noValidate aria-busy={busy || undefined}>
      <h2 className="text-xl">Customer record</h2>
      <FormProblem problem={refused} />
      {codeField?.(errorOf("customerId"))}
      <FormField label="Company name" required {...field("companyName")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="E-mail" type="email" {...field("email")} />
        <FormField label="Phone" {...field("phone")} />
      </div>
      <FormField label="Address" {...field("address")} />
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="City" {...field("city")} />
        <FormField label="State" {...field("state")} />
        <FormField label="ZIP" {...field("zip")} />
      </div>
      <fieldset aria-describedby={shipTimeError ? "ship-times-error" : undefined}>
        <legend className="field-label">Ship days and cut-off times (New York time)</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEEKDAYS.map(([d, name]) => (
            <div key={d} className="flex flex-wrap items-center gap-2">
              <span className="w-32">
                <Checkbox id={`ship-${d}`} label={name} checked={cutoffs.has(d)} onChange={(on) => setTime(d, on)} />
              </span>
              {cutoffs.has(d) && (
                <>
                  <label className="sr-only" htmlFor={`cutoff-${d}`}>
                    {name} cut-off
                  </label>
                  {/* Wide enough for "02:00 PM" and the picker button in every locale Chromium uses. */}
                  <input id={`cutoff-${d}`} name={`cutoff.d${d}`} type="time" required className="field-input !w-40 tabular" defaultValue={cutoffs.get(d)} />
                </>
              )}
            </div>
          ))}
        </div>
        {shipTimeError && (
          <p id="ship-times-error" className="field-error">
            {shipTimeError}
          </p>
        )}
      </fieldset>
      <div className="max-w-sm">
        <FormField label="Discount (%)" inputMode="numeric" hint="Every offer price is this much lower for this customer (0 to 50)." {...field("discountPercent")} />
      </div>
      <CatalogChoice kind={kind} value={initial.catalogIds} error={errorOf("catalogIds")} />
      <div className="flex flex-wrap gap-x-5">
        <FormCheckbox id="always-boxed" name="alwaysBoxed" label="Always boxed" defaultChecked={initial.alwaysBoxed} />
        {kind === "wholesale" && <FormCheckbox id="referral-approved" name="referralApproved" label="Referral page approved" defaultChecked={initial.referralApproved} />}
        <FormCheckbox id="customer-active" name="active" label="Active" defaultChecked={initial.active} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

/** Checks a chosen logo file before it is sent; null when it may go. */
export function logoFileProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return "The logo must be a PNG, JPEG or WebP image.";
  if (file.size > LOGO_MAX_BYTES) return `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`;
  return null;
}

export async function sendLogo(customerId: string, file: File) {
  try {
    return await api.upload("PUT", `/api/Admin/Wholesalers/${encodeURIComponent(customerId)}/Logo`, file, LogoAnswer);
  } catch (err) {
    // An answer without a message of its own (a proxy's 413) still says what failed.
    if (err instanceof ApiError && !err.fromServer) throw new ApiError(err.status, "The upload failed.", err.fields, err.data, false);
    throw err;
  }
}
