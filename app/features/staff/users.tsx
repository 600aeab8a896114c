import { useState } from "react";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { InviteUserBody, UserPage, type UserRow, type UserScope } from "../../../contract/administration.ts";
import { User, UserUpdateBody } from "../../../contract/user.ts";
import { hasAnyRole } from "../../../domain/access.ts";
import { api } from "../../lib/api.ts";
import { useSessionUser } from "../../lib/session.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { useImpersonation } from "./impersonation.ts";
import { ListFilters, StaffList, usePagedList } from "./list.tsx";
import { formErrors, FormCheckbox, FormField, FormProblem, listOf, SubmitButton, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { StaffPage } from "../../components/ui/page.tsx";
import { Badge, Failed, Loading, StatusBadge } from "../../components/ui/status.tsx";
import { SelectFilter } from "../../components/ui/table.tsx";

const ALL_ROLES = ["Administrator", "SalesPerson", "wholesaler", "Retailer", "MassMarket"] as const;
const ROLE_FILTER: Record<UserScope, [string, string][]> = {
  customer: [["", "Any role"], ["wholesaler", "wholesaler"], ["Retailer", "Retailer"], ["MassMarket", "MassMarket"]],
  staff: [["", "Any role"], ["Administrator", "Administrator"], ["SalesPerson", "SalesPerson"]],
  mm: [["", "Any role"]],
};

/** The roles the signed-in user may hand out (the server refuses anything else). */
export function grantableRoles(roles: readonly string[]): string[] {
  if (hasAnyRole(roles, ["Administrator"])) return [...ALL_ROLES];
  if (hasAnyRole(roles, ["SalesPerson"])) return ["wholesaler", "Retailer", "MassMarket"];
  return ["wholesaler"];
}

export function UsersScreen({ scope, title, intro, detailPath }: { scope: UserScope; title: string; intro: string; detailPath?: (id: string) => string }) {
  const me = useSessionUser();
  const paged = usePagedList(["admin-users", scope], { sort: "name", dir: "asc", page: "1", q: "", role: "", active: "" }, (q) =>
    api.get("/api/Administration/Users", { scope, ...q, pageSize: 25 }, UserPage),
  );
  const [editing, setEditing] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const impersonation = useImpersonation();
  const canInvite = scope !== "staff" || hasAnyRole(me?.roles, ["Administrator"]);

  return (
    <StaffPage
      title={title}
      intro={intro}
      actions={
        canInvite && (
          <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
            Invite a user
          </button>
        )
      }
    >
      <ListFilters list={paged.list} search="Search name or e-mail">
        {ROLE_FILTER[scope].length > 1 && <SelectFilter id="role-filter" label="Role" value={paged.list.get("role")} options={ROLE_FILTER[scope]} onChange={(role) => paged.list.set({ role })} />}
      </ListFilters>
      <StaffList {...paged} what="users" caption={title}
        columns={[{ label: "Name", sort: "name" }, { label: "E-mail", sort: "email" }, { label: "Roles" }, { label: "Status" }, { label: "Actions", align: "right", hidden: true }]}
        row={(u) => <UserLine key={u.id} u={u} detailPath={detailPath} onEdit={() => setEditing(u.id)} onActAs={() => void impersonation.actAs(u.id)} />}
      />
      {editing && <UserEditorDialog userId={editing} onClose={() => setEditing(null)} />}
      {inviting && <InviteDialog scope={scope} onClose={() => setInviting(false)} />}
    </StaffPage>
  );
}

function fullName(u: { firstName: string; lastName: string; email: string }) {
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}

function UserLine({ u, detailPath, onEdit, onActAs }: { u: UserRow; detailPath?: (id: string) => string; onEdit: () => void; onActAs: () => void }) {
  const name = fullName(u);
  return (
    <tr className="border-b border-line last:border-0">
      <td className="px-3 py-2">{detailPath ? <Link to={detailPath(u.id)}>{name}</Link> : name}</td>
      <td className="px-3 py-2 break-all">{u.email}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-1">
          {u.roles.map((r) => (
            <Badge key={r}>{r}</Badge>
          ))}
        </div>
      </td>
      <td className="px-3 py-2">
        <StatusBadge active={u.active} />
      </td>
      <td className="px-3 py-2">
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-secondary !min-h-9 !px-3 !py-1 text-sm" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </button>
          {u.canActAs && (
            <button type="button" className="btn btn-primary !min-h-9 !px-3 !py-1 text-sm" onClick={onActAs} aria-label={`Act as ${name}`}>
              Act as
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Edit names, e-mail, status, roles, customers and claims through the Users API (PUT /api/User/Update). */
export function UserEditor({ userId, onDone }: { userId: string; onDone?: () => void }) {
  const me = useSessionUser();
  const toast = useToast();
  const queryClient = useQueryClient();
  const details = useQuery({
    queryKey: ["user-details", userId],
    queryFn: () => api.get(`/api/User/Details/${encodeURIComponent(me!.id)}/${encodeURIComponent(userId)}`, undefined, User),
    enabled: !!me,
  });
  if (details.isPending) return <Loading what="the user" />;
  if (details.isError) return <Failed error={details.error} what="this user" />;
  return (
    <UserForm
      key={details.data.id}
      user={details.data}
      onSaved={async () => {
        toast("The user was saved.");
        await queryClient.invalidateQueries({ queryKey: ["admin-users"] });
        await queryClient.invalidateQueries({ queryKey: ["user-details", userId] });
        onDone?.();
      }}
    />
  );
}

/** The update from the form's values: names and e-mail for anyone, the rest for staff (roles not for oneself). */
function userBody(v: Record<string, unknown>, who: { staff: boolean; self: boolean }): UserUpdateBody {
  const body: UserUpdateBody = { firstName: textOf(v.firstName), lastName: textOf(v.lastName), email: textOf(v.email) };
  if (who.staff) {
    body.active = v.active === "on";
    if (!who.self) body.roles = listOf(v.roles) as UserUpdateBody["roles"];
    body.customerIds = textOf(v.customerIds).split(/[\s,;]+/).filter(Boolean);
    const claims = Array.isArray(v.claims) ? (v.claims as Record<string, unknown>[]) : [];
    body.claims = claims.map((c) => ({ claim: textOf(c?.claim), value: textOf(c?.value) })).filter((c) => c.claim.trim() && c.value.trim());
  }
  return body;
}

function UserForm({ user, onSaved }: { user: User; onSaved: () => Promise<void> }) {
  const me = useSessionUser();
  const toast = useToast();
  const staff = hasAnyRole(me?.roles, ["Administrator", "SalesPerson"]);
  const self = me?.id === user.id;
  const { form, fields, refused, busy, errorOf } = useContractBodyForm(
    UserUpdateBody,
    (v) => userBody(v, { staff, self }),
    async (body) => {
      await api.put(`/api/User/Update/${encodeURIComponent(user.id)}`, body);
      await onSaved();
    },
    { defaultValue: { firstName: user.firstName, lastName: user.lastName, email: user.email, customerIds: user.customers.map((c) => c.customerID).join(", ") } },
  );
  // The claim rows shown (each with its first values); their inputs carry what is sent.
  const [claims, setClaims] = useState(() => user.claims.map((c, i) => ({ ...c, key: i })));
  const grantable = grantableRoles(me?.roles ?? []);

  async function sendMail(kind: "reset" | "welcome") {
    try {
      await api.post(`/api/Auth/ResendPasswordReset/${encodeURIComponent(user.id)}/${kind}`);
      toast(kind === "welcome" ? "The welcome mail was sent again." : "A password reset mail was sent.");
    } catch (err) {
      toast(formErrors(err).message, { type: "error", title: "Error" });
    }
  }

  return (
    <form id={form.id} onSubmit={form.onSubmit} className="space-y-3" noValidate>
      <FormProblem problem={refused} className="text-ink" />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField field={fields.firstName!} label="First name" error={errorOf("firstName")} />
        <FormField field={fields.lastName!} label="Last name" error={errorOf("lastName")} />
      </div>
      <FormField field={fields.email!} label="E-mail" type="email" error={errorOf("email")} required />
      {staff && (
        <>
          <FormCheckbox id="user-active" name="active" label="Active (may sign in)" defaultChecked={user.active} />
          {!self && (
            <fieldset>
              <legend className="field-label">Roles</legend>
              <div className="flex flex-wrap gap-x-4">
                {ALL_ROLES.filter((r) => grantable.includes(r) || user.roles.includes(r)).map((r) => (
                  <FormCheckbox key={r} id={`role-${r}`} name="roles" value={r} label={r} defaultChecked={user.roles.includes(r)} />
                ))}
              </div>
              {errorOf("roles") && <p className="field-error">{errorOf("roles")}</p>}
            </fieldset>
          )}
          <FormField field={fields.customerIds!} label="Customers" hint="Customer codes this user buys for, separated by commas." error={errorOf("customerIds")} />
          <fieldset>
            <legend className="field-label">Claims</legend>
            <p className="mb-1 text-sm text-sage">WholesalerId = a customer code; retailerid = a retailer number.</p>
            {claims.map((c, i) => (
              <div key={c.key} className="mb-2 flex items-end gap-2">
                <div className="flex-1">
                  <TextField label={`Claim ${i + 1} name`} name={`claims[${i}].claim`} defaultValue={c.claim} />
                </div>
                <div className="flex-1">
                  <TextField label={`Claim ${i + 1} value`} name={`claims[${i}].value`} defaultValue={c.value} />
                </div>
                <button type="button" className="btn btn-secondary !min-h-11" onClick={() => setClaims(claims.filter((x) => x.key !== c.key))} aria-label={`Remove claim ${i + 1}`}>
                  Remove
                </button>
              </div>
            ))}
            <button type="button" className="btn btn-secondary !min-h-9 !py-1.5 text-sm" onClick={() => setClaims([...claims, { claim: "", value: "", key: Math.max(-1, ...claims.map((x) => x.key)) + 1 }])}>
              Add a claim
            </button>
            {errorOf("claims") && <p className="field-error">{errorOf("claims")}</p>}
          </fieldset>
        </>
      )}
      <div className="flex flex-wrap gap-2 pt-2">
        <SubmitButton busy={busy}>Save</SubmitButton>
        {!self && (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => void sendMail("reset")}>
              Send a password reset
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => void sendMail("welcome")}>
              Send the welcome mail
            </button>
          </>
        )}
      </div>
    </form>
  );
}

function UserEditorDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  return (
    <Modal title="Edit user" onClose={onClose} wide>
      <UserEditor userId={userId} onDone={onClose} />
    </Modal>
  );
}

/** The invitation from the form's values: the customer codes as a list, the retailer number as a number. */
function inviteBody(v: Record<string, unknown>): InviteUserBody {
  const retailerId = textOf(v.retailerId);
  const role = textOf(v.role) as InviteUserBody["role"];
  // A retailer number that is not one goes as null, as it always did (JSON has no NaN).
  const number = Number(retailerId);
  return {
    email: textOf(v.email),
    firstName: textOf(v.firstName),
    lastName: textOf(v.lastName),
    role,
    customerIds: textOf(v.customerIds).split(/[\s,;]+/).filter(Boolean),
    ...(role === "Retailer" && retailerId ? { retailerId: Number.isNaN(number) ? (null as unknown as number) : number } : {}),
  };
}

function InviteDialog({ scope, onClose }: { scope: UserScope; onClose: () => void }) {
  const me = useSessionUser();
  const toast = useToast();
  const queryClient = useQueryClient();
  const roles = grantableRoles(me?.roles ?? []).filter((r) => (scope === "staff" ? ["Administrator", "SalesPerson"].includes(r) : scope === "mm" ? r === "MassMarket" : !["Administrator", "SalesPerson"].includes(r)));
  const [role, setRole] = useState(roles[0] ?? "wholesaler");
  const { form, fields, refused, busy, errorOf } = useContractBodyForm(InviteUserBody, inviteBody, async (body) => {
    await api.post("/api/Administration/Users", body);
    toast(`An invitation was sent to ${body.email}.`);
    await queryClient.invalidateQueries({ queryKey: ["admin-users"] });
    onClose();
  });

  return (
    <Modal title="Invite a user" onClose={onClose}>
      <form id={form.id} onSubmit={form.onSubmit} className="space-y-3" noValidate>
        <FormProblem problem={refused} className="text-ink" />
        <FormField field={fields.email!} label="E-mail" type="email" required error={errorOf("email")} />
        <FormField field={fields.firstName!} label="First name" required error={errorOf("firstName")} />
        <FormField field={fields.lastName!} label="Last name" required error={errorOf("lastName")} />
        <SelectFilter id="invite-role" name="role" label="Role" value={role} options={roles.map((r) => [r, r])} onChange={setRole} />
        {role === "Retailer" ? (
          <FormField field={fields.retailerId!} label="Retailer number" inputMode="numeric" error={errorOf("retailerId")} />
        ) : (
          !["Administrator", "SalesPerson"].includes(role) && <FormField field={fields.customerIds!} label="Customers" hint="Customer codes, separated by commas." error={errorOf("customerIds")} />
        )}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={busy} busyText="Sending…">
            Send invitation
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
