import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LOGO_MAX_BYTES, LOGO_TYPES, LogoAnswer, type CustomerCreateBody, type CustomerDetail, type CustomerPage, type CustomerUpdateBody, type ReferralRequest } from "../../../contract/administration.ts";
import type { SupplyCatalog } from "../../../contract/supply.ts";
import { shipDays } from "../../../domain/supply.ts";
import { api, ApiError } from "../../lib/api.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { useImpersonation } from "./impersonation.ts";
import { ListFilters, StaffList, usePagedList } from "./list.tsx";
import { Checkbox, formErrors } from "../../components/ui/form.tsx";
import { StaffPage } from "../../components/ui/page.tsx";
import { Badge, Failed, Loading, StatusBadge } from "../../components/ui/status.tsx";

const WEEKDAYS: [number, string][] = [
  [2, "Monday"],
  [3, "Tuesday"],
  [4, "Wednesday"],
  [5, "Thursday"],
  [6, "Friday"],
  [7, "Saturday"],
  [1, "Sunday"],
];

export function CustomersScreen({ kind, title, intro, detailPath, newPath, newLabel }: { kind: "wholesale" | "massMarket"; title: string; intro: string; detailPath: (id: string) => string; newPath: string; newLabel: string }) {
  const paged = usePagedList(["admin-customers", kind], { sort: "name", dir: "asc", page: "1", q: "", active: "" }, (q) =>
    api.get<CustomerPage>("/api/Admin/Wholesalers", { kind, ...q, pageSize: 25 }),
  );
  return (
    <StaffPage
      title={title}
      intro={intro}
      actions={
        <Link to={newPath} className="btn btn-primary">
          {newLabel}
        </Link>
      }
    >
      <ListFilters list={paged.list} search="Search name, code or city" />
      <StaffList {...paged} what="customers" caption={title}
        columns={[{ label: "Company", sort: "name" }, { label: "Code", sort: "code" }, { label: "City", sort: "city" }, { label: "Users" }, { label: "Retailers" }, { label: "Status" }]}
        row={(c) => (
          <tr key={c.customerId} className="border-b border-line last:border-0">
            <td className="px-3 py-2">
              <span className="flex items-center gap-2">
                <img src={c.imgSrc} alt="" className="h-8 w-8 rounded-full border border-line bg-white object-cover" />
                <Link to={detailPath(c.customerId)}>{c.companyName}</Link>
              </span>
            </td>
            <td className="px-3 py-2 font-mono">{c.customerId}</td>
            <td className="px-3 py-2">{[c.city, c.state].filter(Boolean).join(", ")}</td>
            <td className="px-3 py-2 tabular">{c.users}</td>
            <td className="px-3 py-2 tabular">{c.retailers}</td>
            <td className="px-3 py-2">
              <div className="flex flex-wrap gap-1">
                <StatusBadge active={c.active} />
                {c.referralApproved && <Badge>Referrals</Badge>}
              </div>
            </td>
          </tr>
        )}
      />
    </StaffPage>
  );
}

export function CustomerScreen({ customerId, retailerPath }: { customerId: string; retailerPath: (id: number) => string }) {
  const query = useQuery({ queryKey: ["admin-customer", customerId], queryFn: () => api.get<CustomerDetail>(`/api/Admin/Wholesalers/${encodeURIComponent(customerId)}`) });
  if (query.isPending) return <Loading what="the customer" />;
  if (query.isError)
    return (
      <StaffPage title="Customer">
        <Failed error={query.error} what={query.error instanceof ApiError && query.error.status === 404 ? "this customer: it does not exist" : "this customer"} />
      </StaffPage>
    );
  return <CustomerView key={customerId} c={query.data} retailerPath={retailerPath} />;
}

type Kind = "wholesale" | "massMarket";

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

const EMPTY_FORM: CustomerFormValues = {
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
function bodyOf(form: CustomerFormValues) {
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
  const query = useQuery({ queryKey: ["supply", "catalogs", from], queryFn: () => api.get<{ catalogs: SupplyCatalog[] }>("/api/Supply/Catalogs", { from }) });
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
function CustomerForm({
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
function logoFileProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return "The logo must be a PNG, JPEG or WebP image.";
  if (file.size > LOGO_MAX_BYTES) return `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`;
  return null;
}

async function sendLogo(customerId: string, file: File) {
  try {
    return await api.upload("PUT", `/api/Admin/Wholesalers/${encodeURIComponent(customerId)}/Logo`, file, LogoAnswer);
  } catch (err) {
    // An answer without a message of its own (a proxy's 413) still says what failed.
    if (err instanceof ApiError && !err.fromServer) throw new ApiError(err.status, "The upload failed.", err.fields, err.data, false);
    throw err;
  }
}

/** /Admin/Wholesalers/New and /MM/Customer/New: the edit form with the customer's code, and a logo to send after. */
export function NewCustomerScreen({ kind, title, detailPath }: { kind: Kind; title: string; detailPath: (id: string) => string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [form, setForm] = useState<CustomerFormValues>(EMPTY_FORM);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [problems, setProblems] = useState<ReturnType<typeof formErrors> | null>(null);
  const [busy, setBusy] = useState(false);

  async function create() {
    setProblems(null);
    setBusy(true);
    try {
      const created = await api.post<CustomerDetail>("/api/Admin/Wholesalers", { customerId: code, kind, ...bodyOf(form) } satisfies CustomerCreateBody);
      let logoFailed: string | null = null;
      if (logo) await sendLogo(created.customerId, logo).catch((err: unknown) => (logoFailed = formErrors(err).message));
      await queryClient.invalidateQueries({ queryKey: ["admin-customers", kind] });
      toast(logoFailed ? `${created.companyName} was created, but the logo was not: ${logoFailed}` : `${created.companyName} was created.`, logoFailed ? { type: "error", title: "Logo" } : undefined);
      void navigate(detailPath(created.customerId));
    } catch (err) {
      setProblems(formErrors(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <StaffPage title={title} intro={kind === "wholesale" ? "A wholesale customer: its users buy in the store; shops can buy through it." : "A mass-market customer: its users buy in the mass-market store."}>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <CustomerForm
          kind={kind}
          form={form}
          setForm={setForm}
          problems={problems}
          busy={busy}
          submitLabel="Create customer"
          onSubmit={() => void create()}
          codeField={
            <div className="max-w-sm">
              <TextField
                label="Customer code"
                required
                autoCapitalize="characters"
                hint="Letters, digits, dashes; at most 20. It cannot be changed later."
                value={code}
                maxLength={20}
                onChange={(e) => setCode(e.target.value.toUpperCase())}
                error={problems?.fields.customerId}
              />
            </div>
          }
        />
        <div className="rounded-2xl border border-line bg-white p-5 self-start">
          <h2 className="text-xl">Logo</h2>
          <p className="mt-1 text-sm text-sage">Optional: without one the store shows the house logo.</p>
          <label className="field-label mt-3" htmlFor="logo-file">
            Choose a logo (PNG, JPEG or WebP, at most {LOGO_MAX_BYTES / 1024} KB)
          </label>
          <input
            id="logo-file"
            type="file"
            accept={LOGO_TYPES.join(",")}
            className="block w-full text-sm"
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              const problem = file ? logoFileProblem(file) : null;
              setLogoProblem(problem);
              setLogo(problem ? null : file);
            }}
          />
          {logoProblem && (
            <p role="alert" className="field-error">
              {logoProblem}
            </p>
          )}
          {logo && !logoProblem && <p className="mt-2 text-sm">It is sent once the customer is created.</p>}
        </div>
      </div>
    </StaffPage>
  );
}

function CustomerView({ c, retailerPath }: { c: CustomerDetail; retailerPath: (id: number) => string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const impersonation = useImpersonation();
  const [form, setForm] = useState<CustomerFormValues>({
    companyName: c.companyName,
    email: c.email ?? "",
    phone: c.phone ?? "",
    address: c.address ?? "",
    city: c.city ?? "",
    state: c.state ?? "",
    zip: c.zip ?? "",
    alwaysBoxed: c.alwaysBoxed,
    referralApproved: c.referralApproved,
    active: c.active,
    shipTimes: c.shipTimes,
    discountPercent: String(c.discountPercent),
    catalogIds: c.catalogIds,
  });
  const [problems, setProblems] = useState<ReturnType<typeof formErrors> | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin-customer", c.customerId] });

  async function save() {
    setProblems(null);
    try {
      await api.put(`/api/Admin/Wholesalers/${encodeURIComponent(c.customerId)}`, bodyOf(form) satisfies CustomerUpdateBody);
      toast("The customer was saved.");
      await refresh();
    } catch (err) {
      setProblems(formErrors(err));
    }
  }

  async function upload(file: File | undefined) {
    setLogoProblem(null);
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) return setLogoProblem(problem);
    try {
      await sendLogo(c.customerId, file);
      toast("The logo was uploaded.");
      await refresh();
    } catch (err) {
      setLogoProblem(formErrors(err).message);
    }
  }

  async function removeLogo() {
    await api.del(`/api/Admin/Wholesalers/${encodeURIComponent(c.customerId)}/Logo`).catch(() => {});
    await refresh();
  }

  return (
    <StaffPage title={c.companyName} intro={`Customer code ${c.customerId} · ${c.kind === "wholesale" ? "wholesale" : "mass market"}`}>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-3">
          <CustomerForm kind={c.kind} form={form} setForm={setForm} problems={problems} submitLabel="Save" onSubmit={() => void save()} />
          {c.referralApproved && (
            <p className="text-sm">
              Referral page: <a href={`/Wholesaler_Referrals/${encodeURIComponent(c.customerId)}`}>/Wholesaler_Referrals/{c.customerId}</a>
            </p>
          )}
        </div>
        <div className="space-y-4">
          <div className="rounded-2xl border border-line bg-white p-5">
            <h2 className="text-xl">Logo</h2>
            <img src={c.imgSrc} alt={`${c.companyName} logo`} className="my-3 h-24 w-24 rounded-2xl border border-line bg-white object-cover" />
            <label className="field-label" htmlFor="logo-file">
              Upload a logo (PNG, JPEG or WebP, at most {LOGO_MAX_BYTES / 1024} KB)
            </label>
            <input id="logo-file" type="file" accept={LOGO_TYPES.join(",")} className="block w-full text-sm" onChange={(e) => void upload(e.target.files?.[0])} />
            {logoProblem && (
              <p role="alert" className="field-error">
                {logoProblem}
              </p>
            )}
            {c.hasLogo && (
              <button type="button" className="btn btn-secondary mt-3 !min-h-9 !py-1.5 text-sm" onClick={() => void removeLogo()}>
                Use the default logo
              </button>
            )}
          </div>
          <ReferralQueue referrals={c.referrals} onDecided={refresh} />
        </div>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="rounded-2xl border border-line bg-white p-5">
          <h2 className="text-xl">Users</h2>
          {c.users.length === 0 ? (
            <p className="text-sage">No users yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-line">
              {c.users.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {`${u.firstName} ${u.lastName}`.trim() || u.email} <span className="text-sm text-sage">{u.email}</span>
                  </span>
                  {u.canActAs && (
                    <button type="button" className="btn btn-primary !min-h-9 !px-3 !py-1 text-sm" onClick={() => void impersonation.actAs(u.id)} aria-label={`Act as ${u.email}`}>
                      Act as
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="rounded-2xl border border-line bg-white p-5">
          <h2 className="text-xl">Retailers</h2>
          {c.retailers.length === 0 ? (
            <p className="text-sage">No retailer buys through this customer yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-line">
              {c.retailers.map((r) => (
                <li key={r.retailerId} className="py-2">
                  <Link to={retailerPath(r.retailerId)} className="underline">{r.name}</Link> <span className="text-sm text-sage">{[r.code, r.city].filter(Boolean).join(" · ")}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </StaffPage>
  );
}

export function ReferralQueue({ referrals, onDecided }: { referrals: ReferralRequest[]; onDecided: () => void }) {
  const toast = useToast();
  async function decide(r: ReferralRequest, approve: boolean) {
    try {
      await api.post(`/api/Referrals/${r.id}/${approve ? "Approve" : "Decline"}`, {});
      toast(approve ? `${r.shopName} is now a retailer; its user was invited.` : `${r.shopName}'s request was declined.`);
      onDecided();
    } catch (err) {
      toast(formErrors(err).message, { type: "error", title: "Error" });
    }
  }
  return (
    <div className="rounded-2xl border border-line bg-white p-5">
      <h2 className="text-xl">Referral requests</h2>
      {referrals.length === 0 ? (
        <p className="text-sage">No open requests.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {referrals.map((r) => (
            <li key={r.id} className="py-2">
              <p className="font-semibold">{r.shopName}</p>
              <p className="text-sm text-sage">
                {r.contactName} · {r.email}
                {r.city ? ` · ${r.city}` : ""}
              </p>
              {r.message && <p className="text-sm">{r.message}</p>}
              <div className="mt-1 flex gap-2">
                <button type="button" className="btn btn-primary !min-h-9 !px-3 !py-1 text-sm" onClick={() => void decide(r, true)} aria-label={`Approve ${r.shopName}`}>
                  Approve
                </button>
                <button type="button" className="btn btn-secondary !min-h-9 !px-3 !py-1 text-sm" onClick={() => void decide(r, false)} aria-label={`Decline ${r.shopName}`}>
                  Decline
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
