import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  ImportResult,
  RetailerCreated,
  RetailerDetail,
  RetailerBody,
  RetailerPage,
} from "../../../contract/administration.ts";
import type { PickupDays } from "../../../contract/user.ts";
import { hasAnyRole } from "../../../domain/access.ts";
import { api, ApiError } from "../../lib/api.ts";
import { csvText, downloadText } from "../../lib/format.ts";
import { useSessionUser } from "../../lib/session.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { useImpersonation } from "./impersonation.ts";
import { ListFilters, StaffList, usePagedList } from "./list.tsx";
import { Checkbox, formErrors, FormCheckbox, FormField, FormProblem, SubmitButton, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { contactBody, contactForm, EMPTY_CONTACT, type Contact } from "./customer-form.tsx";
import { StaffPage } from "../../components/ui/page.tsx";
import { Badge, Failed, Loading, StatusBadge } from "../../components/ui/status.tsx";
import { TableFrame, TableHead } from "../../components/ui/table.tsx";
import { FilePick } from "../../components/ui/file-pick.tsx";

const DAYS: [keyof PickupDays, string][] = [
  ["monday", "Monday"],
  ["tuesday", "Tuesday"],
  ["wednesday", "Wednesday"],
  ["thursday", "Thursday"],
  ["friday", "Friday"],
];

export function RetailersScreen() {
  const paged = usePagedList(["admin-retailers"], { sort: "name", dir: "asc", page: "1", q: "", active: "" }, (q) =>
    api.get("/api/Administration/Retailers", { ...q, pageSize: 25 }, RetailerPage),
  );
  return (
    <StaffPage
      title="Retailers"
      intro="The shops buying through a wholesaler."
      actions={
        <>
          <Link to="/Administration/Retailers/Import" className="btn btn-secondary">
            Import a CSV file
          </Link>
          <Link to="/Administration/Retailers/New" className="btn btn-primary">
            New retailer
          </Link>
        </>
      }
    >
      <ListFilters list={paged.list} search="Search name, code, city, contact or e-mail" />
      <StaffList {...paged} what="retailers" caption="Retailers"
        columns={[{ label: "Name", sort: "name" }, { label: "Code", sort: "code" }, { label: "City", sort: "city" }, { label: "Buys through" }, { label: "Status" }]}
        row={(r) => (
          <tr key={r.retailerId} className="border-b border-line last:border-0">
            <td className="px-3 py-2">
              <Link to={`/Administration/Retailers/${r.retailerId}`}>{r.name}</Link>
            </td>
            <td className="px-3 py-2 font-mono">{r.code ?? "—"}</td>
            <td className="px-3 py-2">{r.city ?? ""}</td>
            <td className="px-3 py-2 font-mono text-xs">{r.customerIds.join(", ")}</td>
            <td className="px-3 py-2">
              <StatusBadge active={r.active} />
            </td>
          </tr>
        )}
      />
    </StaffPage>
  );
}

type Form = Contact & {
  code: string;
  name: string;
  contactName: string;
  pickupDays: PickupDays;
  active: boolean;
  customerIds: string;
};

/** The retailer body from the form's values: the pickup days ticked, the wholesaler codes as a list. */
function retailerBody(v: Record<string, unknown>): RetailerBody {
  const days = (v.pickupDays ?? {}) as Record<string, unknown>;
  return {
    code: textOf(v.code),
    name: textOf(v.name),
    contactName: textOf(v.contactName),
    ...contactBody(v),
    pickupDays: Object.fromEntries(DAYS.map(([k]) => [k, days[k] === "on"])) as PickupDays,
    active: v.active === "on",
    customerIds: textOf(v.customerIds).split(/[\s,;]+/).filter(Boolean),
  };
}

function RetailerForm({ initial, submitLabel, onSubmit }: { initial: Form; submitLabel: string; onSubmit: (body: RetailerBody) => Promise<void> }) {
  const { form, fields, refused, busy, errorOf } = useContractBodyForm(RetailerBody, retailerBody, onSubmit, { defaultValue: initial });
  const field = (k: keyof Form) => ({ field: fields[k]!, error: errorOf(k) });
  return (
    <form id={form.id} onSubmit={form.onSubmit} className="space-y-3 rounded-2xl border border-line bg-white p-5" noValidate>
      <FormProblem problem={refused} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Shop name" required {...field("name")} />
        <FormField label="Retailer code" hint="The shop's own code; a CSV import updates by it." {...field("code")} />
        <FormField label="Contact" {...field("contactName")} />
        <FormField label="E-mail" type="email" {...field("email")} />
        <FormField label="Phone" {...field("phone")} />
        <FormField label="Address" {...field("address")} />
        <FormField label="City" {...field("city")} />
        <div className="grid grid-cols-2 gap-3">
          <FormField label="State" {...field("state")} />
          <FormField label="ZIP" {...field("zip")} />
        </div>
      </div>
      <fieldset>
        <legend className="field-label">Pickup days</legend>
        <div className="flex flex-wrap gap-x-4">
          {DAYS.map(([k, name]) => (
            <FormCheckbox key={k} id={`pickup-${k}`} name={`pickupDays.${k}`} label={name} defaultChecked={initial.pickupDays[k]} />
          ))}
        </div>
      </fieldset>
      <FormField label="Buys through (wholesaler codes)" hint="Customer codes separated by commas." required {...field("customerIds")} />
      <FormCheckbox id="retailer-active" name="active" label="Active" defaultChecked={initial.active} />
      <div>
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}

const EMPTY: Form = {
  code: "",
  name: "",
  contactName: "",
  ...EMPTY_CONTACT,
  pickupDays: { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false },
  active: true,
  customerIds: "",
};

export function NewRetailerScreen() {
  const navigate = useNavigate();
  const toast = useToast();
  const user = useSessionUser();
  const own = user?.roles.some((r) => r.toLowerCase() === "wholesaler") ? user.customers.map((c) => c.customerID).join(", ") : "";
  return (
    <StaffPage title="New retailer">
      <RetailerForm
        initial={{ ...EMPTY, customerIds: own }}
        submitLabel="Create retailer"
        onSubmit={async (body) => {
          const { retailerId } = await api.post("/api/Administration/Retailers", body, undefined, undefined, RetailerCreated);
          toast(`${body.name} was created.`);
          navigate(`/Administration/Retailers/${retailerId}`);
        }}
      />
    </StaffPage>
  );
}

export function RetailerScreen({ retailerId }: { retailerId: number }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const impersonation = useImpersonation();
  const me = useSessionUser();
  const staff = hasAnyRole(me?.roles, ["Administrator", "SalesPerson"]);
  const query = useQuery({ queryKey: ["admin-retailer", retailerId], queryFn: () => api.get(`/api/Administration/Retailers/${retailerId}`, undefined, RetailerDetail) });
  if (query.isPending) return <Loading what="the retailer" />;
  if (query.isError)
    return (
      <StaffPage title="Retailer">
        <Failed error={query.error} what={query.error instanceof ApiError && query.error.status === 404 ? "this retailer: it does not exist or is not yours" : "this retailer"} />
      </StaffPage>
    );
  const r = query.data;
  return (
    <StaffPage title={r.name} intro={`Retailer ${r.retailerId}${r.code ? ` · code ${r.code}` : ""}`}>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <RetailerForm
          key={JSON.stringify(r)}
          initial={{
            code: r.code ?? "",
            name: r.name,
            contactName: r.contactName ?? "",
            ...contactForm(r),
            pickupDays: r.pickupDays,
            active: r.active,
            customerIds: r.customerIds.join(", "),
          }}
          submitLabel="Save"
          onSubmit={async (body) => {
            await api.put(`/api/Administration/Retailers/${r.retailerId}`, body);
            toast("The retailer was saved.");
            await queryClient.invalidateQueries({ queryKey: ["admin-retailer", retailerId] });
          }}
        />
        <div className="space-y-4">
          <div className="rounded-2xl border border-line bg-white p-5">
            <h2 className="text-xl">Buys through</h2>
            <ul className="mt-2 space-y-1">
              {r.customers.map((c) => (
                <li key={c.customerId}>
                  {c.companyName} <span className="font-mono text-sm text-sage">{c.customerId}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-line bg-white p-5">
            <h2 className="text-xl">Users</h2>
            {r.users.length === 0 ? (
              <p className="text-sage">No user yet. Invite one on the Users screen with the role Retailer and number {r.retailerId}.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line">
                {r.users.map((u) => (
                  <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="break-all">{u.email}</span>
                    {u.canActAs && r.customers[0] && (
                      <button
                        type="button"
                        className="btn btn-primary !min-h-9 !px-3 !py-1 text-sm"
                        aria-label={`Act as ${u.email}`}
                        onClick={() =>
                          // Staff act as the user; a wholesaler acts for its shop through its own customer.
                          void (staff ? impersonation.actAs(u.id) : impersonation.actForRetailer(me!.id, r.customers[0]!.customerId, r.retailerId))
                        }
                      >
                        Act as
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </StaffPage>
  );
}

/** CSV text for the import's report: one line per row of the file, with what happened and why. */
export function reportCsv(result: ImportResult): string {
  const rows = result.rows.map((r) => {
    const errors = Object.entries(r.errors)
      .map(([k, v]) => `${k}: ${v}`)
      .join("; ");
    return [String(r.line), r.code, r.name, r.action, r.retailerId ? String(r.retailerId) : "", errors];
  });
  return csvText(["line", "code", "name", "result", "retailerId", "errors"], rows);
}

const ACTION_TEXT: Record<string, string> = { create: "Create", update: "Update", unchanged: "Unchanged", error: "Error" };

export function ImportScreen() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const toast = useToast();

  async function send(kind: "preview" | "import", f: File) {
    try {
      return await api.upload("POST", kind === "preview" ? "/api/Administration/Retailers/Import/Preview" : "/api/Administration/Retailers/Import", f, ImportResult, { type: "text/csv" });
    } catch (err) {
      if (err instanceof ApiError && !err.fromServer) throw new ApiError(err.status, "The file could not be checked.", err.fields, err.data, false);
      throw err;
    }
  }

  async function choose(f: File | undefined) {
    setPreview(null);
    setDone(null);
    setProblem(null);
    setFile(f ?? null);
    if (!f) return;
    if (f.size > IMPORT_MAX_BYTES) return setProblem(`The file is too large: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
    setBusy(true);
    try {
      setPreview(await send("preview", f));
    } catch (err) {
      setProblem(formErrors(err).message);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!file) return;
    setBusy(true);
    try {
      const result = await send("import", file);
      setDone(result);
      setPreview(null);
      toast(`Imported: ${result.counts.create} created, ${result.counts.update} updated.`);
    } catch (err) {
      setProblem(formErrors(err).message);
    } finally {
      setBusy(false);
    }
  }

  function download(result: ImportResult) {
    downloadText(reportCsv(result), `retailer-import-${new Date().toISOString().slice(0, 10)}.csv`);
  }

  const shown = preview ?? done;
  const rows = shown ? (onlyErrors ? shown.rows.filter((r) => r.action === "error") : shown.rows).slice(0, 500) : [];

  return (
    <StaffPage title="Import retailers" intro="Upload a CSV file; every row is checked and shown before anything is written.">
      <div className="space-y-3 rounded-2xl border border-line bg-white p-5">
        <p className="text-sm">
          Columns (header row first): <code className="break-words">{IMPORT_COLUMNS.join(", ")}</code>. Required: code, name, wholesalers. pickupDays are weekday numbers from 2 (Monday) to 6 (Friday), e.g.{" "}
          <code>2 4 6</code>; wholesalers are customer codes separated by semicolons. Rows are matched by code: a new code creates a shop, a known one updates it.
        </p>
        <FilePick id="import-file" label={`CSV file (UTF-8, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`} accept=".csv,text/csv" busy={busy} problem={problem} onChoose={(f) => void choose(f)} />
      </div>
      {shown && (
        <div className="mt-4 space-y-3">
          <div role="status" className="rounded-2xl border border-line bg-white p-4">
            <p className="font-serif text-xl">{done ? "Imported" : `Preview of ${file?.name ?? "the file"}: nothing is written yet`}</p>
            <p className="mt-1">
              {shown.counts.create} to create · {shown.counts.update} to update · {shown.counts.unchanged} unchanged · {shown.counts.error} with errors
              {done ? " (rows with errors were skipped)" : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {preview && (
              <button type="button" className="btn btn-primary" disabled={busy || preview.counts.create + preview.counts.update === 0} onClick={() => void confirm()}>
                Import {preview.counts.create + preview.counts.update} rows
              </button>
            )}
            <button type="button" className="btn btn-secondary" onClick={() => download(shown)}>
              Download the report
            </button>
            <Checkbox id="only-errors" label="Only rows with errors" checked={onlyErrors} onChange={setOnlyErrors} />
          </div>
          <TableFrame caption="Rows of the file">
            <TableHead columns={["Line", "Code", "Name", "Result", "Problems"]} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.line} className="border-b border-line align-top last:border-0">
                  <td className="px-3 py-2 tabular">{r.line}</td>
                  <td className="px-3 py-2 font-mono">{r.code}</td>
                  <td className="px-3 py-2">{r.name}</td>
                  <td className="px-3 py-2">
                    <Badge tone={r.action === "error" ? "warn" : r.action === "unchanged" ? "muted" : "good"}>{ACTION_TEXT[r.action]}</Badge>
                  </td>
                  <td className="px-3 py-2">
                    {Object.entries(r.errors).map(([k, v]) => (
                      <span key={k} className="block">
                        <strong>{k}</strong>: {v}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          {shown.rows.length > rows.length && <p className="text-sm text-sage">The first 500 rows are shown; the report has them all.</p>}
        </div>
      )}
    </StaffPage>
  );
}
