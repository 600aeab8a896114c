import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CustomerDetail, CustomerPage, LOGO_MAX_BYTES, LOGO_TYPES, type CustomerCreateBody, type CustomerUpdateBody, type ReferralRequest } from "../../../contract/administration.ts";
import { api, ApiError } from "../../lib/api.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { useImpersonation } from "./impersonation.ts";
import { ListFilters, StaffList, usePagedList } from "./list.tsx";
import { formErrors } from "../../components/ui/form.tsx";
import { StaffPage } from "../../components/ui/page.tsx";
import { Badge, Failed, Loading, StatusBadge } from "../../components/ui/status.tsx";
import { contactForm, CustomerForm, type CustomerFormValues, EMPTY_FORM, type Kind, logoFileProblem, sendLogo } from "./customer-form.tsx";

export function CustomersScreen({ kind, title, intro, detailPath, newPath, newLabel }: { kind: "wholesale" | "massMarket"; title: string; intro: string; detailPath: (id: string) => string; newPath: string; newLabel: string }) {
  const paged = usePagedList(["admin-customers", kind], { sort: "name", dir: "asc", page: "1", q: "", active: "" }, (q) =>
    api.get("/api/Admin/Wholesalers", { kind, ...q, pageSize: 25 }, CustomerPage),
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
  const query = useQuery({ queryKey: ["admin-customer", customerId], queryFn: () => api.get(`/api/Admin/Wholesalers/${encodeURIComponent(customerId)}`, undefined, CustomerDetail) });
  if (query.isPending) return <Loading what="the customer" />;
  if (query.isError)
    return (
      <StaffPage title="Customer">
        <Failed error={query.error} what={query.error instanceof ApiError && query.error.status === 404 ? "this customer: it does not exist" : "this customer"} />
      </StaffPage>
    );
  return <CustomerView key={customerId} c={query.data} retailerPath={retailerPath} />;
}

/** /Admin/Wholesalers/New and /MM/Customer/New: the edit form with the customer's code, and a logo to send after. */
export function NewCustomerScreen({ kind, title, detailPath }: { kind: Kind; title: string; detailPath: (id: string) => string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [logo, setLogo] = useState<File | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);

  async function create(body: CustomerCreateBody) {
    const created = await api.post("/api/Admin/Wholesalers", body, undefined, undefined, CustomerDetail);
    let logoFailed: string | null = null;
    if (logo) await sendLogo(created.customerId, logo).catch((err: unknown) => (logoFailed = formErrors(err).message));
    await queryClient.invalidateQueries({ queryKey: ["admin-customers", kind] });
    toast(logoFailed ? `${created.companyName} was created, but the logo was not: ${logoFailed}` : `${created.companyName} was created.`, logoFailed ? { type: "error", title: "Logo" } : undefined);
    void navigate(detailPath(created.customerId));
  }

  return (
    <StaffPage title={title} intro={kind === "wholesale" ? "A wholesale customer: its users buy in the store; shops can buy through it." : "A mass-market customer: its users buy in the mass-market store."}>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <CustomerForm
          kind={kind}
          initial={EMPTY_FORM}
          create
          submitLabel="Create customer"
          onSend={create}
          codeField={(error) => (
            <div className="max-w-sm">
              <TextField
                label="Customer code"
                name="customerId"
                required
                autoCapitalize="characters"
                hint="Letters, digits, dashes; at most 20. It cannot be changed later."
                value={code}
                maxLength={20}
                onChange={(e) => setCode(e.target.value.toUpperCase())}
                error={error}
              />
            </div>
          )}
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
  const initial: CustomerFormValues = {
    companyName: c.companyName,
    ...contactForm(c),
    alwaysBoxed: c.alwaysBoxed,
    referralApproved: c.referralApproved,
    active: c.active,
    shipTimes: c.shipTimes,
    discountPercent: String(c.discountPercent),
    catalogIds: c.catalogIds,
  };
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin-customer", c.customerId] });

  async function save(body: CustomerUpdateBody | CustomerCreateBody) {
    await api.put(`/api/Admin/Wholesalers/${encodeURIComponent(c.customerId)}`, body);
    toast("The customer was saved.");
    await refresh();
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
          <CustomerForm kind={c.kind} initial={initial} submitLabel="Save" onSend={save} />
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
