import { useState } from "react";
import { AuditPage, type AuditEntry } from "../../../contract/staff.ts";
import { api } from "../../lib/api.ts";
import { instant } from "../../lib/format.ts";
import { StaffList, usePagedList } from "./list.tsx";
import { StaffPage } from "../../components/ui/page.tsx";
import { FilterButton, SelectFilter } from "../../components/ui/table.tsx";

const ACTIONS: [string, string][] = [
  ["", "All actions"],
  ["impersonation", "Impersonation start and stop"],
  ["order.", "Order desk steps"],
  ["invoice.", "Invoices and credit notes"],
  ["acting.", "Writes made while acting"],
  ["acting.orders", "Orders placed while acting"],
  ["acting.cart", "Cart saves while acting"],
  ["user.", "User changes"],
  ["retailer.", "Retailer changes and imports"],
  ["customer.", "Wholesaler changes"],
  ["referral.", "Referral decisions"],
];

/** The technical detail of an entry: the action, the row kept, the route and the address. */
function Technical({ e }: { e: AuditEntry }) {
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-sage underline">Technical detail</summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="font-semibold">Action</dt>
        <dd className="font-mono break-words">{e.action}</dd>
        <dt className="font-semibold">Who</dt>
        <dd className="break-words">{e.actorEmail ?? e.actorUserId ?? "—"}</dd>
        {(e.targetEmail ?? e.targetUserId) && (
          <>
            <dt className="font-semibold">As / about</dt>
            <dd className="break-words">{e.targetEmail ?? e.targetUserId}</dd>
          </>
        )}
        <dt className="font-semibold">From</dt>
        <dd className="font-mono">{e.ip ?? "—"}</dd>
      </dl>
      {e.detail && <pre className="mt-1 max-w-full overflow-x-auto rounded bg-mist p-2 font-mono whitespace-pre-wrap break-words">{JSON.stringify(e.detail, null, 2)}</pre>}
    </details>
  );
}

/** The audit log for staff: who did what, as whom, when and from where; filtered and paged on the server. */
export function AuditScreen() {
  const { list, query } = usePagedList(["audit"], { page: "1", actor: "", customer: "", order: "", day: "", action: "" }, (q) =>
    api.get("/api/Admin/AuditLog", { ...q, pageSize: 50 }, AuditPage),
  );
  const [form, setForm] = useState({ actor: list.get("actor"), customer: list.get("customer"), order: list.get("order"), day: list.get("day") });
  return (
    <StaffPage title="Audit log" intro="Every impersonation, every write made while acting for someone, the order desk's steps and staff changes, in words. Nothing here can be edited or removed.">
      <form
        className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault();
          list.set(form);
        }}
      >
        <div>
          <label className="field-label" htmlFor="audit-actor">
            Person (name or e-mail)
          </label>
          <input id="audit-actor" className="field-input" value={form.actor} onChange={(e) => setForm({ ...form, actor: e.target.value })} />
        </div>
        <div>
          <label className="field-label" htmlFor="audit-customer">
            Customer code
          </label>
          <input id="audit-customer" className="field-input" value={form.customer} maxLength={40} onChange={(e) => setForm({ ...form, customer: e.target.value })} />
        </div>
        <div>
          <label className="field-label" htmlFor="audit-order">
            Order number
          </label>
          <input id="audit-order" className="field-input" inputMode="numeric" pattern="[0-9]*" value={form.order} onChange={(e) => setForm({ ...form, order: e.target.value })} />
        </div>
        <div>
          <label className="field-label" htmlFor="audit-day">
            Day
          </label>
          <input id="audit-day" type="date" className="field-input" value={form.day} onChange={(e) => setForm({ ...form, day: e.target.value })} />
        </div>
        <FilterButton>Filter</FilterButton>
      </form>
      <div className="mb-3 max-w-sm">
        <SelectFilter id="audit-action" label="Action" value={list.get("action")} options={ACTIONS} onChange={(action) => list.set({ action })} />
      </div>
      <StaffList
        list={list}
        query={query}
        what="the audit log"
        failedWhat="the audit log"
        empty="Nothing matches these filters."
        caption="Audit log entries, newest first"
        narrow
        columns={[{ label: "When" }, { label: "What happened" }]}
        row={(e) => (
          <tr key={e.id} className="border-b border-line align-top last:border-0">
            <td className="px-3 py-2 sm:whitespace-nowrap">{instant(e.at)}</td>
            <td className="px-3 py-2 break-words">
              {e.summary}
              <Technical e={e} />
            </td>
          </tr>
        )}
      />
    </StaffPage>
  );
}
