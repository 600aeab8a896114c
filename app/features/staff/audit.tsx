import { useState } from "react";
import type { AuditEntry, AuditPage } from "../../../contract/staff.ts";
import { api } from "../../lib/api.ts";
import { instant } from "../store/format.ts";
import { StaffList, usePagedList } from "./list.tsx";
import { SelectFilter, StaffPage } from "./ui.tsx";

const ACTIONS: [string, string][] = [
  ["", "All actions"],
  ["impersonation", "Impersonation start and stop"],
  ["acting.", "Writes made while acting"],
  ["acting.orders", "Orders placed while acting"],
  ["acting.cart", "Cart saves while acting"],
  ["user.", "User changes"],
  ["retailer.", "Retailer changes and imports"],
  ["customer.", "Wholesaler changes"],
  ["referral.", "Referral decisions"],
];

function what(e: AuditEntry): string {
  const d = (e.detail ?? {}) as Record<string, unknown>;
  const row = (d.row ?? {}) as Record<string, unknown>;
  if (e.action === "acting.orders.insert") return `Order ${row.order_number} for ${row.customer_id} (salesUserId ${row.sales_user_id})`;
  if (e.action.startsWith("acting.")) return `${String(d.op ?? "").toLowerCase()} ${d.table} via ${d.route ?? "?"}`;
  if (e.action.startsWith("impersonation.")) return d.via === "retailer" ? `for retailer ${d.retailerId} of ${d.customerId}` : "";
  const parts = Object.entries(d)
    .filter(([k]) => k !== "userAgent")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
  return parts.join("; ").slice(0, 200);
}

/** The audit log for staff: who did what, as whom, when and from where; filtered and paged on the server. */
export function AuditScreen() {
  const { list, query } = usePagedList(["audit"], { page: "1", actor: "", target: "", action: "", from: "", to: "" }, (q) =>
    api.get<AuditPage>("/api/Admin/AuditLog", { ...q, pageSize: 50 }),
  );
  const [form, setForm] = useState({ actor: list.get("actor"), target: list.get("target"), from: list.get("from"), to: list.get("to") });
  return (
    <StaffPage title="Audit log" intro="Every impersonation, every write made while acting for someone, and staff changes. Nothing here can be edited or removed.">
      <form
        className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault();
          list.set(form);
        }}
      >
        <div>
          <label className="field-label" htmlFor="audit-actor">
            Who (e-mail)
          </label>
          <input id="audit-actor" className="field-input" value={form.actor} onChange={(e) => setForm({ ...form, actor: e.target.value })} />
        </div>
        <div>
          <label className="field-label" htmlFor="audit-target">
            As whom / about whom
          </label>
          <input id="audit-target" className="field-input" value={form.target} onChange={(e) => setForm({ ...form, target: e.target.value })} />
        </div>
        <div>
          <label className="field-label" htmlFor="audit-from">
            From
          </label>
          <input id="audit-from" type="date" className="field-input" value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} />
        </div>
        <div>
          <label className="field-label" htmlFor="audit-to">
            To
          </label>
          <input id="audit-to" type="date" className="field-input" value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
        </div>
        <div className="flex items-end">
          <button type="submit" className="btn btn-primary w-full">
            Filter
          </button>
        </div>
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
        columns={[{ label: "When" }, { label: "Who" }, { label: "Action" }, { label: "As / about" }, { label: "Details" }, { label: "From" }]}
        row={(e) => (
          <tr key={e.id} className="border-b border-line align-top last:border-0">
            <td className="px-3 py-2 whitespace-nowrap">{instant(e.at)}</td>
            <td className="px-3 py-2 break-all">{e.actorEmail ?? e.actorUserId ?? "—"}</td>
            <td className="px-3 py-2 font-mono text-xs">{e.action}</td>
            <td className="px-3 py-2 break-all">{e.targetEmail ?? e.targetUserId ?? "—"}</td>
            <td className="px-3 py-2">{what(e)}</td>
            <td className="px-3 py-2 font-mono text-xs">{e.ip ?? "—"}</td>
          </tr>
        )}
      />
    </StaffPage>
  );
}
