// The customer form of the staff screens (new and edit): ship times by weekday, the catalog choice,
// the logo and the body it sends.
import { useQuery } from "@tanstack/react-query";
import { LOGO_MAX_BYTES, LOGO_TYPES, LogoAnswer } from "../../../contract/administration.ts";
import { SupplyCatalogList } from "../../../contract/supply.ts";
import { shipDays } from "../../../domain/supply.ts";
import { api, ApiError } from "../../lib/api.ts";
import { TextField } from "../../components/ui/field.tsx";
import { Checkbox, formErrors } from "../../components/ui/form.tsx";

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

type Contact = { email: string; phone: string; address: string; city: string; state: string; zip: string };

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
export interface CustomerFormValues {
  companyName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  alwaysBoxed: boolean;
  referralApproved: boolean;
  active: boolean;
  shipTimes: { weekday: number; cutoffShipTime: string }[];
  discountPercent: string;
  catalogIds: number[];
}

export const EMPTY_FORM: CustomerFormValues = {
  companyName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zip: "",
  alwaysBoxed: false,
  referralApproved: false,
  active: true,
  shipTimes: [],
  discountPercent: "0",
  catalogIds: [],
};

/** The body both calls take; the discount as typed (the server names what is wrong with it). */
export function bodyOf(form: CustomerFormValues) {
  const typed = form.discountPercent.trim();
  return { ...form, discountPercent: typed === "" ? 0 : Number.isFinite(Number(typed)) ? Number(typed) : (typed as unknown as number) };
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
function CatalogChoice({ kind, value, onChange, error }: { kind: Kind; value: number[]; onChange: (ids: number[]) => void; error?: string }) {
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
            <Checkbox
              key={c.catalogId}
              id={`catalog-${c.catalogId}`}
              label={`${c.title} (${shipDays(c.shipDateFrom, c.shipDateTo)}, ${c.customerIds.length} customer${c.customerIds.length === 1 ? "" : "s"})`}
              checked={value.includes(c.catalogId)}
              onChange={(on) => onChange(on ? [...value, c.catalogId] : value.filter((id) => id !== c.catalogId))}
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
  form,
  setForm,
  problems,
  onSubmit,
  submitLabel,
  codeField,
  busy,
}: {
  kind: Kind;
  form: CustomerFormValues;
  setForm: (f: CustomerFormValues) => void;
  problems: ReturnType<typeof formErrors> | null;
  onSubmit: () => void;
  submitLabel: string;
  codeField?: React.ReactNode;
  busy?: boolean;
}) {
  const time = (weekday: number) => form.shipTimes.find((s) => s.weekday === weekday);
  const setTime = (weekday: number, cutoff: string | null) =>
    setForm({ ...form, shipTimes: cutoff === null ? form.shipTimes.filter((s) => s.weekday !== weekday) : [...form.shipTimes.filter((s) => s.weekday !== weekday), { weekday, cutoffShipTime: cutoff }] });
  const shipTimeError = problems && Object.entries(problems.fields).find(([k]) => k === "shipTimes" || k.startsWith("shipTimes."))?.[1];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      className="space-y-3 rounded-2xl border border-line bg-white p-5"
      noValidate
      aria-busy={busy || undefined}
    >
      <h2 className="text-xl">Customer record</h2>
      {problems && (
        <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
          {problems.message}
        </p>
      )}
      {codeField}
      <TextField label="Company name" required value={form.companyName} onChange={(e) => setForm({ ...form, companyName: e.target.value })} error={problems?.fields.companyName} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="E-mail" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} error={problems?.fields.email} />
        <TextField label="Phone" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} error={problems?.fields.phone} />
      </div>
      <TextField label="Address" value={form.address} onChange={(e) => setForm({ ...form, address: e.target.value })} error={problems?.fields.address} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="City" value={form.city} onChange={(e) => setForm({ ...form, city: e.target.value })} error={problems?.fields.city} />
        <TextField label="State" value={form.state} onChange={(e) => setForm({ ...form, state: e.target.value })} error={problems?.fields.state} />
        <TextField label="ZIP" value={form.zip} onChange={(e) => setForm({ ...form, zip: e.target.value })} error={problems?.fields.zip} />
      </div>
      <fieldset aria-describedby={shipTimeError ? "ship-times-error" : undefined}>
        <legend className="field-label">Ship days and cut-off times (New York time)</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEEKDAYS.map(([d, name]) => (
            <div key={d} className="flex flex-wrap items-center gap-2">
              <span className="w-32">
                <Checkbox id={`ship-${d}`} label={name} checked={!!time(d)} onChange={(on) => setTime(d, on ? "12:00" : null)} />
              </span>
              {time(d) && (
                <>
                  <label className="sr-only" htmlFor={`cutoff-${d}`}>
                    {name} cut-off
                  </label>
                  {/* Wide enough for "02:00 PM" and the picker button in every locale Chromium uses. */}
                  <input id={`cutoff-${d}`} type="time" required className="field-input !w-40 tabular" value={time(d)!.cutoffShipTime} onChange={(e) => setTime(d, e.target.value)} />
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
        <TextField
          label="Discount (%)"
          inputMode="numeric"
          hint="Every offer price is this much lower for this customer (0 to 50)."
          value={form.discountPercent}
          onChange={(e) => setForm({ ...form, discountPercent: e.target.value })}
          error={problems?.fields.discountPercent}
        />
      </div>
      <CatalogChoice kind={kind} value={form.catalogIds} onChange={(catalogIds) => setForm({ ...form, catalogIds })} error={problems?.fields.catalogIds} />
      <div className="flex flex-wrap gap-x-5">
        <Checkbox id="always-boxed" label="Always boxed" checked={form.alwaysBoxed} onChange={(alwaysBoxed) => setForm({ ...form, alwaysBoxed })} />
        {kind === "wholesale" && <Checkbox id="referral-approved" label="Referral page approved" checked={form.referralApproved} onChange={(referralApproved) => setForm({ ...form, referralApproved })} />}
        <Checkbox id="customer-active" label="Active" checked={form.active} onChange={(active) => setForm({ ...form, active })} />
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
