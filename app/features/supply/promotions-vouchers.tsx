// The vouchers section of /Supply/Promotions: the vouchers with their status and the form issuing one.
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { PromotionBuyers, SupplyVoucher, SupplyVoucherList, VoucherCreate, VoucherUpdate } from "../../../contract/promotions.ts";
import { addDays, isoDateAt } from "../../../domain/dates.ts";
import { ConfirmDialog, useConfirmedAction } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { shortDate } from "../../lib/format.ts";
import { SubmitButton, useContractBodyForm } from "../../components/ui/form.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame, TableHead } from "../../components/ui/table.tsx";
import { ActionsCell, TableRows } from "../../components/ui/table-rows.tsx";
import { amount, dollars, Field, useClearable, PromoForm, invalid, KEY, Section, TextBox, useRefresh } from "./promotions-parts.tsx";

// ---- blitz vouchers -----------------------------------------------------------------------------
interface VoucherForm {
  voucherId: number | null;
  customerId: string;
  userId: string;
  code: string;
  description: string;
  kind: "percent" | "amount";
  value: string;
  validUntil: string;
  uses: string;
}

const newVoucher = (): VoucherForm => ({
  voucherId: null,
  customerId: "",
  userId: "",
  code: "",
  description: "Blitz! Your saving on the next order.",
  kind: "percent",
  value: "10",
  validUntil: addDays(isoDateAt(), 3),
  uses: "1",
});

const STATUS_WORDS: Record<SupplyVoucher["status"], [string, "good" | "plain" | "muted" | "warn"]> = {
  running: ["Running", "good"],
  coming: ["Coming", "plain"],
  expired: ["Expired", "muted"],
  withdrawn: ["Withdrawn", "muted"],
  "used up": ["Used up", "warn"],
};

/** The body the contract checks: the common part of a change, and whom it is for and its code when new. */
function voucherBody(f: VoucherForm): VoucherCreate | VoucherUpdate {
  const value = amount(f.value);
  const kind = f.kind === "percent" ? { percentOff: value ?? 0, amountOff: 0 } : { amountOff: value ?? 0, percentOff: 0 };
  const common = { description: f.description, ...kind, validUntil: f.validUntil, usesPerCustomer: f.uses.trim() === "" ? null : Number(f.uses) };
  return f.voucherId !== null ? common : { customerId: f.customerId, userId: f.userId || null, ...(f.code.trim() ? { code: f.code.trim() } : {}), ...common };
}

const off = (v: { percentOff: number; amountOff: number }) => (v.percentOff > 0 ? `${v.percentOff}% off` : `${dollars(v.amountOff)} off`);

export function VouchersSection() {
  const toast = useToast();
  const refresh = useRefresh();
  const list = useQuery({
    queryKey: [...KEY, "vouchers"],
    queryFn: () => api.get("/api/Supply/Promotions/Vouchers", undefined, SupplyVoucherList),
  });
  const buyers = useQuery({
    queryKey: [...KEY, "buyers"],
    queryFn: () => api.get("/api/Supply/Promotions/Buyers", undefined, PromotionBuyers),
  });
  const [f, setF] = useState<VoucherForm>(newVoucher);
  const customer = buyers.data?.customers.find((c) => c.customerId === f.customerId);
  const editing = f.voucherId !== null;

  // A new voucher is checked as the server makes one (VoucherCreate), a change as it changes one (VoucherUpdate).
  const voucher = useContractBodyForm(
    (editing ? VoucherUpdate : VoucherCreate) as typeof VoucherCreate,
    () => voucherBody(f) as VoucherCreate,
    async (body) => {
      const saved = editing
        ? await api.put(`/api/Supply/Promotions/Vouchers/${f.voucherId}`, body, undefined, SupplyVoucher)
        : await api.post("/api/Supply/Promotions/Vouchers", body, undefined, undefined, SupplyVoucher);
      toast(editing ? `Voucher ${saved.code} was saved.` : `Voucher ${saved.code} was made for ${saved.companyName ?? saved.customerId}.`);
      setF(newVoucher());
      refresh();
    },
  );
  const shown = useClearable(voucher);
  const errors = shown.refused;
  // The kind's one input carries the amount's or the percent's message.
  const fe = (k: string) => (k === "value" ? (shown.errorOf("percentOff") ?? shown.errorOf("amountOff")) : shown.errorOf(k));
  return (
    <Section
      id="vouchers"
      title="Blitz vouchers"
      intro="A time-limited code for one customer: the user named sees it on the dashboard, and only that customer can use it at checkout."
    >
      <PromoForm id="voucher" formId={voucher.form.id} onSubmit={voucher.form.onSubmit} margin="mb-4" errors={errors} heading={editing ? `Change ${f.code}` : "New blitz voucher"}>
      {editing ? (
        <p className="text-sm sm:col-span-2 lg:col-span-4">
          For <strong>{customer?.companyName ?? f.customerId}</strong>
          {f.userId ? `, ${customer?.users.find((u) => u.userId === f.userId)?.name ?? f.userId}` : ", any of its users"}
        </p>
      ) : (
        <>
          <Field id="voucher-customer" label="Customer" error={fe("customerId")}>
            <select
              id="voucher-customer"
              name="customerId"
              className="field-input"
              value={f.customerId}
              onChange={(e) => setF({ ...f, customerId: e.target.value, userId: "" })}
              {...invalid("voucher-customer", fe("customerId"))}
            >
              <option value="">{buyers.isPending ? "Loading customers…" : "Choose a customer…"}</option>
              {(buyers.data?.customers ?? []).map((c) => (
                <option key={c.customerId} value={c.customerId}>
                  {c.companyName} ({c.customerId})
                </option>
              ))}
            </select>
          </Field>
          <Field id="voucher-user" label="For the user" error={fe("userId")} hint="Shown on this user's dashboard">
            <select
              id="voucher-user"
              name="userId"
              className="field-input"
              value={f.userId}
              disabled={!customer}
              onChange={(e) => setF({ ...f, userId: e.target.value })}
              {...invalid("voucher-user", fe("userId"), true)}
            >
              <option value="">Any user of the company (no dashboard)</option>
              {(customer?.users ?? []).map((u) => (
                <option key={u.userId} value={u.userId}>
                  {u.name} ({u.email})
                </option>
              ))}
            </select>
          </Field>
          <Field id="voucher-code" label="Code (optional)" error={fe("code")} hint="Left empty: one is made up">
            <TextBox id="voucher-code" name="code" maxLength={40} autoCapitalize="characters" value={f.code} onChange={(v) => setF({ ...f, code: v })} error={fe("code")} hint />
          </Field>
        </>
      )}
      <Field id="voucher-description" label="Description" error={fe("description")}>
        <TextBox id="voucher-description" name="description" maxLength={200} value={f.description} onChange={(v) => setF({ ...f, description: v })} error={fe("description")} />
      </Field>
      <fieldset className="min-w-0">
        <legend className="field-label">Takes off</legend>
        <div className="flex gap-4">
          {(["percent", "amount"] as const).map((k) => (
            <label key={k} className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="voucher-kind" className="h-5 w-5 accent-[var(--color-leaf)]" checked={f.kind === k} onChange={() => setF({ ...f, kind: k })} />
              {k === "percent" ? "A percent" : "An amount"}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id="voucher-value" label={f.kind === "percent" ? "Percent off" : "Amount off ($)"} error={fe("value")}>
        <TextBox id="voucher-value" name={f.kind === "percent" ? "percentOff" : "amountOff"} inputMode="decimal" value={f.value} onChange={(v) => setF({ ...f, value: v })} error={fe("value")} />
      </Field>
      <Field id="voucher-until" label="Valid until (last day)" error={fe("validUntil")}>
        <TextBox id="voucher-until" name="validUntil" type="date" value={f.validUntil} onChange={(v) => setF({ ...f, validUntil: v })} error={fe("validUntil")} />
      </Field>
      <Field id="voucher-uses" label="Uses per customer" error={fe("usesPerCustomer")} hint="Empty: no limit">
        <TextBox id="voucher-uses" name="usesPerCustomer" inputMode="numeric" value={f.uses} onChange={(v) => setF({ ...f, uses: v })} error={fe("usesPerCustomer")} hint />
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <SubmitButton busy={voucher.busy}>{editing ? "Save voucher" : "Make voucher"}</SubmitButton>
        {editing && (
          <button type="button" className="btn btn-secondary" onClick={() => setF(newVoucher())}>
            Cancel
          </button>
        )}
      </div>
      </PromoForm>

      <VoucherList
        list={list}
        onEdit={(form) => {
          shown.clear();
          setF(form);
        }}
      />
    </Section>
  );
}

interface VoucherListProps {
  list: UseQueryResult<SupplyVoucherList>;
  onEdit: (form: VoucherForm) => void;
}

/** Every blitz voucher with its status, and edit, withdraw and delete where they apply. */
function VoucherList({ list, onEdit }: VoucherListProps) {
  const toast = useToast();
  const refresh = useRefresh();
  const confirm = useConfirmedAction();
  const act = (v: SupplyVoucher, kind: "withdraw" | "delete") =>
    confirm.ask({
      title: kind === "withdraw" ? `Withdraw ${v.code}?` : `Delete ${v.code}?`,
      consequences:
        kind === "withdraw"
          ? ["Nobody can use it from now on; it leaves the buyer's dashboard.", `Orders that used it (${v.uses}) keep their saving.`]
          : v.uses > 0
            ? [`It was used on ${v.uses} order${v.uses === 1 ? "" : "s"}: it cannot be deleted. Withdraw it instead.`]
            : ["It was never used: it is removed for good."],
      confirmLabel: kind === "withdraw" ? "Withdraw" : "Delete",
      danger: true,
      run: () => (kind === "withdraw" ? api.post(`/api/Supply/Promotions/Vouchers/${v.voucherId}/Withdraw`) : api.del(`/api/Supply/Promotions/Vouchers/${v.voucherId}`)),
      done: () => {
        toast(kind === "withdraw" ? `${v.code} was withdrawn.` : `${v.code} was deleted.`);
        refresh();
      },
    });

  return (
    <>
    {list.isPending ? (
      <Loading what="vouchers" />
    ) : list.isError ? (
      <Failed error={list.error} what="vouchers" />
    ) : list.data.vouchers.length === 0 ? (
      <Empty>No vouchers yet.</Empty>
    ) : (
      <TableFrame caption="All blitz vouchers">
        <TableHead columns={["Code", "For", "Takes off", "Valid until", { label: "Uses", right: true }, "Status", { label: "Actions", hidden: true }]} />
        <TableRows
          rows={list.data.vouchers}
          rowKey={(v) => v.voucherId}
          cells={(v) => {
            const [words, tone] = STATUS_WORDS[v.status];
            const open = v.status !== "withdrawn";
            return (
              <>
                <td className="px-3 py-2 font-mono text-xs">{v.code}</td>
                <td className="px-3 py-2">
                  {v.companyName ?? v.customerId ?? "Anyone"}
                  {v.userName && <span className="block text-xs text-sage">{v.userName}</span>}
                </td>
                <td className="px-3 py-2 tabular">{off(v)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{shortDate(v.validUntil)}</td>
                <td className="px-3 py-2 text-right tabular">
                  {v.uses}
                  {v.usesPerCustomer !== null && ` of ${v.usesPerCustomer}`}
                </td>
                <td className="px-3 py-2">
                  <Badge tone={tone}>{words}</Badge>
                </td>
                <ActionsCell>
                  {open && (
                    <button
                      type="button"
                      className="btn btn-secondary !min-h-9 !py-1"
                      onClick={() => {
                        onEdit({
                          voucherId: v.voucherId,
                          customerId: v.customerId ?? "",
                          userId: v.userId ?? "",
                          code: v.code,
                          description: v.description,
                          kind: v.percentOff > 0 ? "percent" : "amount",
                          value: String(v.percentOff > 0 ? v.percentOff : v.amountOff),
                          validUntil: v.validUntil,
                          uses: v.usesPerCustomer === null ? "" : String(v.usesPerCustomer),
                        });
                        document.getElementById("voucher-description")?.focus();
                      }}
                    >
                      Edit<span className="sr-only"> {v.code}</span>
                    </button>
                  )}
                  {open && (
                    <button type="button" className="btn btn-secondary !min-h-9 !py-1" onClick={() => act(v, "withdraw")}>
                      Withdraw<span className="sr-only"> {v.code}</span>
                    </button>
                  )}
                  {v.uses === 0 && (
                    <button type="button" className="btn btn-secondary !min-h-9 !py-1" onClick={() => act(v, "delete")}>
                      Delete<span className="sr-only"> {v.code}</span>
                    </button>
                  )}
                </ActionsCell>
              </>
            );
          }}
        />
      </TableFrame>
    )}
      <ConfirmDialog {...confirm.dialog} />
    </>
  );
}
