// /Supply/Promotions (issue 25 item 4; docs/domain-supply.md "Promotions"): specials and future
// specials of the offer lines, combo specials and blitz vouchers, and what one customer's dashboard
// shows with them. Staff only (domain/access.ts); the server checks every call and every rule itself.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { DashboardPreview, PromotionBuyers, PromotionSpecialList, SupplyComboList, SupplyVoucherList, type SupplyCombo, type SupplyVoucher } from "../../../contract/promotions.ts";
import { SupplyCatalogList, SupplyLineList, SupplyProductList } from "../../../contract/supply.ts";
import { addDays, isoDateAt } from "../../../domain/dates.ts";
import { formatMoney } from "../../../domain/money.ts";
import { ConfirmDialog, type ConfirmRequest } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { shortDate } from "../../lib/format.ts";
import { formErrors } from "../../components/ui/form.tsx";
import { StaffPage } from "../../components/ui/page.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame } from "../../components/ui/table.tsx";

const KEY = ["supply", "promotions"] as const;
const dollars = (d: number) => formatMoney(Math.round(d * 100));
const days = (from: string, to: string) => (from === to ? shortDate(from) : `${shortDate(from)} – ${shortDate(to)}`);
/** A typed amount: undefined when left empty (the server then names the missing field). */
const amount = (s: string) => (s.trim() === "" ? undefined : Number(s.replace(/[$,\s]/g, "")));
type Errors = { message: string; fields: Record<string, string> } | null;

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-sage">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-petal-dark">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria props of an input that may carry an error. */
const invalid = (id: string, error?: string, hint = false) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
});

function FormAlert({ errors }: { errors: Errors }) {
  if (!errors) return null;
  return (
    <p role="alert" className="rounded-lg bg-petal-light px-3 py-2 sm:col-span-2 lg:col-span-4">
      {errors.message}
    </p>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="mb-8 scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-2xl">
        {title}
      </h2>
      <p className="mb-3 text-sage">{intro}</p>
      {children}
    </section>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: KEY });
}

// ---- specials -----------------------------------------------------------------------------------

function SpecialsSection() {
  const toast = useToast();
  const refresh = useRefresh();
  const today = isoDateAt();
  const specials = useQuery({
    queryKey: [...KEY, "specials"],
    queryFn: () => api.get("/api/Supply/Promotions/Specials", undefined, PromotionSpecialList),
  });
  const catalogs = useQuery({
    queryKey: [...KEY, "catalogs", today],
    queryFn: () => api.get("/api/Supply/Catalogs", { from: today }, SupplyCatalogList),
  });
  const [f, setF] = useState({
    catalogId: "",
    lineId: "",
    specialPrice: "",
    specialPriceNoPail: "",
  });
  const lines = useQuery({
    queryKey: [...KEY, "lines", f.catalogId],
    queryFn: () => api.get(`/api/Supply/Catalogs/${f.catalogId}/Lines`, undefined, SupplyLineList),
    enabled: f.catalogId !== "",
  });
  const [errors, setErrors] = useState<Errors>(null);
  const [busy, setBusy] = useState(false);
  const chosen = lines.data?.lines.find((l) => String(l.lineId) === f.lineId);
  // One run of ship days at a time (the first by default): a grower has dozens of specials a day.
  const runs = [...new Map((specials.data?.specials ?? []).map((s) => [`${s.shipDateFrom}|${s.shipDateTo}`, s])).keys()];
  const [run, setRun] = useState("");
  const shownRun = run === "" ? (runs[0] ?? "") : run;
  const listed = (specials.data?.specials ?? []).filter((s) => shownRun === "all" || `${s.shipDateFrom}|${s.shipDateTo}` === shownRun);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors(null);
    if (!f.lineId) {
      setErrors({
        message: "Choose the line to put on special.",
        fields: { lineId: "Choose a line" },
      });
      return;
    }
    setBusy(true);
    try {
      const line = await api.put<{ description: string }>(`/api/Supply/Promotions/Specials/${f.lineId}`, {
        special: true,
        specialPrice: amount(f.specialPrice),
        specialPriceNoPail: amount(f.specialPriceNoPail),
      });
      toast(`${line.description} is on special.`);
      const c = catalogs.data?.catalogs.find((x) => String(x.catalogId) === f.catalogId);
      if (c) setRun(`${c.shipDateFrom}|${c.shipDateTo}`);
      setF({ ...f, lineId: "", specialPrice: "", specialPriceNoPail: "" });
      refresh();
    } catch (err) {
      setErrors(formErrors(err));
    } finally {
      setBusy(false);
    }
  }

  async function takeOff(lineId: number, description: string) {
    try {
      await api.put(`/api/Supply/Promotions/Specials/${lineId}`, {
        special: false,
      });
      toast(`${description} is no longer on special.`);
      refresh();
    } catch (err) {
      toast(formErrors(err).message, { type: "error" });
    }
  }

  const fe = (k: string) => errors?.fields[k];
  return (
    <Section
      id="specials"
      title="Specials"
      intro="Offer lines on special, today's and coming catalogs: buyers see them under Specials (their next ship date) and Future specials (later ones) on their dashboard."
    >
      {specials.isPending ? (
        <Loading what="specials" />
      ) : specials.isError ? (
        <Failed error={specials.error} what="specials" />
      ) : specials.data.specials.length === 0 ? (
        <Empty>No line is on special for today or later.</Empty>
      ) : (
        <>
          <div className="mb-3 max-w-xs">
            <label className="field-label" htmlFor="special-run">
              Ships
            </label>
            <select id="special-run" className="field-input" value={shownRun} onChange={(e) => setRun(e.target.value)}>
              {runs.map((r) => {
                const [from, to] = r.split("|") as [string, string];
                const n = specials.data.specials.filter((s) => s.shipDateFrom === from && s.shipDateTo === to).length;
                return (
                  <option key={r} value={r}>
                    {days(from, to)} ({n} on special)
                  </option>
                );
              })}
              <option value="all">Every day ({specials.data.specials.length} on special)</option>
            </select>
          </div>
          <TableFrame caption="Lines on special">
            <thead className="border-b border-line bg-mist text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Product
                </th>
                <th scope="col" className="px-3 py-2">
                  Ships
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Standard (pail / loose)
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Special (pail / loose)
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Free
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listed.map((s) => (
                <tr key={s.lineId} className="border-b border-line last:border-0">
                  <td className="px-3 py-2">
                    <span className="font-semibold">{s.description}</span>
                    <span className="block text-xs text-sage">
                      {s.productId} · {s.catalogTitle}
                      {!s.shown && " · hidden from the store: on no dashboard"}
                    </span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{days(s.shipDateFrom, s.shipDateTo)}</td>
                  <td className="px-3 py-2 text-right tabular">
                    <span className="line-through decoration-sage">{dollars(s.price)}</span> / {dollars(s.priceNoPail)}
                  </td>
                  <td className="px-3 py-2 text-right tabular">
                    <strong className="text-petal-dark">{dollars(s.specialPrice)}</strong> / {dollars(s.specialPriceNoPail)}
                    <span className="ml-1">
                      <Badge tone="warn">{s.percentOff}% off</Badge>
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right tabular">{s.free.toLocaleString("en-US")}</td>
                  <td className="px-3 py-2 text-right">
                    <button type="button" className="btn btn-secondary !min-h-9 !py-1 whitespace-nowrap" onClick={() => void takeOff(s.lineId, s.description)}>
                      Take off special
                      <span className="sr-only">
                        : {s.description}, {days(s.shipDateFrom, s.shipDateTo)}
                      </span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        </>
      )}

      <form
        onSubmit={(e) => void submit(e)}
        className="mt-4 grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        noValidate
        aria-labelledby="special-form-heading"
      >
        <h3 id="special-form-heading" className="font-serif text-xl text-leaf sm:col-span-2 lg:col-span-4">
          Put a line on special
        </h3>
        <FormAlert errors={errors} />
        <Field id="special-catalog" label="Catalog">
          <select id="special-catalog" className="field-input" value={f.catalogId} onChange={(e) => setF({ ...f, catalogId: e.target.value, lineId: "" })}>
            <option value="">Choose a catalog…</option>
            {(catalogs.data?.catalogs ?? [])
              .filter((c) => c.kind === "wholesale")
              .map((c) => (
                <option key={c.catalogId} value={String(c.catalogId)}>
                  {days(c.shipDateFrom, c.shipDateTo)} · {c.title}
                </option>
              ))}
          </select>
        </Field>
        <Field
          id="special-line"
          label="Line"
          error={fe("lineId")}
          hint={chosen ? `Standard ${dollars(chosen.price)} by the pail, ${dollars(chosen.priceNoPail)} loose` : undefined}
        >
          <select
            id="special-line"
            className="field-input"
            value={f.lineId}
            disabled={!f.catalogId}
            onChange={(e) => setF({ ...f, lineId: e.target.value })}
            {...invalid("special-line", fe("lineId"), !!chosen)}
          >
            <option value="">{f.catalogId ? (lines.isPending ? "Loading lines…" : "Choose a line…") : "Choose a catalog first"}</option>
            {(lines.data?.lines ?? [])
              .filter((l) => !l.special)
              .map((l) => (
                <option key={l.lineId} value={String(l.lineId)}>
                  {l.description} ({l.productId})
                </option>
              ))}
          </select>
        </Field>
        <Field id="special-price" label="Special price by the pail ($)" error={fe("specialPrice") ?? fe("tier1Price")}>
          <input
            id="special-price"
            className="field-input"
            inputMode="decimal"
            value={f.specialPrice}
            onChange={(e) => setF({ ...f, specialPrice: e.target.value })}
            {...invalid("special-price", fe("specialPrice") ?? fe("tier1Price"))}
          />
        </Field>
        <Field id="special-price-loose" label="Special price loose ($)" error={fe("specialPriceNoPail") ?? fe("tier1PriceNoPail")}>
          <input
            id="special-price-loose"
            className="field-input"
            inputMode="decimal"
            value={f.specialPriceNoPail}
            onChange={(e) => setF({ ...f, specialPriceNoPail: e.target.value })}
            {...invalid("special-price-loose", fe("specialPriceNoPail") ?? fe("tier1PriceNoPail"))}
          />
        </Field>
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Put on special"}
          </button>
        </div>
      </form>
    </Section>
  );
}

// ---- combo specials -----------------------------------------------------------------------------

interface ComboForm {
  comboId: number | null;
  title: string;
  description: string;
  discountPercent: string;
  startsOn: string;
  endsOn: string;
  productIds: string[];
}

const newCombo = (): ComboForm => ({
  comboId: null,
  title: "",
  description: "",
  discountPercent: "10",
  startsOn: isoDateAt(),
  endsOn: addDays(isoDateAt(), 7),
  productIds: [],
});
const COMBO_TONE = {
  running: "good",
  coming: "plain",
  ended: "muted",
} as const;

function CombosSection() {
  const toast = useToast();
  const refresh = useRefresh();
  const combos = useQuery({
    queryKey: [...KEY, "combos"],
    queryFn: () => api.get("/api/Supply/Promotions/Combos", undefined, SupplyComboList),
  });
  const products = useQuery({
    queryKey: [...KEY, "products"],
    queryFn: () => api.get("/api/Supply/Products", { retired: "false" }, SupplyProductList),
  });
  const [f, setF] = useState<ComboForm>(newCombo);
  const [pick, setPick] = useState("");
  const [errors, setErrors] = useState<Errors>(null);
  const [ask, setAsk] = useState<ConfirmRequest | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const describe = (id: string) => products.data?.products.find((p) => p.productId === id)?.description ?? id;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors(null);
    const body = {
      title: f.title,
      description: f.description,
      discountPercent: amount(f.discountPercent),
      startsOn: f.startsOn,
      endsOn: f.endsOn,
      productIds: f.productIds,
    };
    try {
      const saved =
        f.comboId === null ? await api.post<SupplyCombo>("/api/Supply/Promotions/Combos", body) : await api.put<SupplyCombo>(`/api/Supply/Promotions/Combos/${f.comboId}`, body);
      toast(f.comboId === null ? `Combo special "${saved.title}" was made.` : `Combo special "${saved.title}" was saved.`);
      setF(newCombo());
      refresh();
    } catch (err) {
      setErrors(formErrors(err));
    }
  }

  const act = (c: SupplyCombo, kind: "end" | "delete") =>
    setAsk({
      title: kind === "end" ? `End "${c.title}" now?` : `Delete "${c.title}"?`,
      consequences:
        kind === "end"
          ? [c.status === "coming" ? "It has not started: it is deleted." : "Its last day becomes yesterday: buyers no longer see it.", "Open stores learn of it at once."]
          : ["It is removed from the list and from every dashboard.", "This cannot be undone."],
      confirmLabel: kind === "end" ? "End it" : "Delete",
      danger: kind === "delete",
      onConfirm: () => {
        setAskError(null);
        const done = kind === "end" ? api.post(`/api/Supply/Promotions/Combos/${c.comboId}/End`) : api.del(`/api/Supply/Promotions/Combos/${c.comboId}`);
        done.then(
          () => {
            toast(kind === "end" ? `"${c.title}" was ended.` : `"${c.title}" was deleted.`);
            setAsk(null);
            refresh();
          },
          (err) => setAskError(formErrors(err).message),
        );
      },
    });

  const fe = (k: string) => errors?.fields[k];
  return (
    <Section
      id="combos"
      title="Combo specials"
      intro="Products that are cheaper bought together, for a run of days. Running ones are on every buyer's dashboard and marked Combo in the store."
    >
      {combos.isPending ? (
        <Loading what="combo specials" />
      ) : combos.isError ? (
        <Failed error={combos.error} what="combo specials" />
      ) : combos.data.combos.length === 0 ? (
        <Empty>No combo specials yet.</Empty>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {combos.data.combos.map((c) => (
            <li key={c.comboId} className="rounded-2xl border border-line bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-serif text-xl">{c.title}</h3>
                <Badge tone={COMBO_TONE[c.status]}>{c.status === "running" ? "Running" : c.status === "coming" ? "Coming" : "Ended"}</Badge>
              </div>
              <p className="text-sm text-sage">
                {c.discountPercent}% off · {days(c.startsOn, c.endsOn)}
              </p>
              <p className="mt-1 text-sm">{c.description}</p>
              <ul className="mt-2 divide-y divide-line text-sm">
                {c.products.map((p) => (
                  <li key={p.productId} className="flex justify-between gap-2 py-1">
                    <span>{p.description}</span>
                    <span className="tabular">
                      {p.price === null ? (
                        <span className="text-sage">not on offer</span>
                      ) : (
                        <>
                          <span className="sr-only">from </span>
                          <span className="text-sage line-through">{dollars(p.price)}</span> <strong>{dollars(p.comboPrice!)}</strong>
                        </>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-secondary !min-h-9 !py-1"
                  onClick={() => {
                    setErrors(null);
                    setF({
                      comboId: c.comboId,
                      title: c.title,
                      description: c.description,
                      discountPercent: String(c.discountPercent),
                      startsOn: c.startsOn,
                      endsOn: c.endsOn,
                      productIds: c.products.map((p) => p.productId),
                    });
                    document.getElementById("combo-title")?.focus();
                  }}
                >
                  Edit<span className="sr-only"> {c.title}</span>
                </button>
                {c.status !== "ended" && (
                  <button type="button" className="btn btn-secondary !min-h-9 !py-1" onClick={() => act(c, "end")}>
                    End now<span className="sr-only">: {c.title}</span>
                  </button>
                )}
                <button type="button" className="btn btn-secondary !min-h-9 !py-1" onClick={() => act(c, "delete")}>
                  Delete<span className="sr-only"> {c.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <form
        onSubmit={(e) => void submit(e)}
        className="mt-4 grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        noValidate
        aria-labelledby="combo-form-heading"
      >
        <h3 id="combo-form-heading" className="font-serif text-xl text-leaf sm:col-span-2 lg:col-span-4">
          {f.comboId === null ? "New combo special" : `Change "${f.title}"`}
        </h3>
        <FormAlert errors={errors} />
        <Field id="combo-title" label="Title" error={fe("title")}>
          <input
            id="combo-title"
            className="field-input"
            value={f.title}
            maxLength={120}
            onChange={(e) => setF({ ...f, title: e.target.value })}
            {...invalid("combo-title", fe("title"))}
          />
        </Field>
        <Field id="combo-percent" label="Percent off" error={fe("discountPercent")}>
          <input
            id="combo-percent"
            className="field-input"
            inputMode="decimal"
            value={f.discountPercent}
            onChange={(e) => setF({ ...f, discountPercent: e.target.value })}
            {...invalid("combo-percent", fe("discountPercent"))}
          />
        </Field>
        <Field id="combo-starts" label="First day" error={fe("startsOn")}>
          <input
            id="combo-starts"
            type="date"
            className="field-input"
            value={f.startsOn}
            onChange={(e) => setF({ ...f, startsOn: e.target.value })}
            {...invalid("combo-starts", fe("startsOn"))}
          />
        </Field>
        <Field id="combo-ends" label="Last day" error={fe("endsOn")}>
          <input
            id="combo-ends"
            type="date"
            className="field-input"
            value={f.endsOn}
            onChange={(e) => setF({ ...f, endsOn: e.target.value })}
            {...invalid("combo-ends", fe("endsOn"))}
          />
        </Field>
        <div className="sm:col-span-2 lg:col-span-4">
          <Field id="combo-description" label="Description" error={fe("description")}>
            <input
              id="combo-description"
              className="field-input"
              value={f.description}
              maxLength={500}
              onChange={(e) => setF({ ...f, description: e.target.value })}
              {...invalid("combo-description", fe("description"))}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="combo-product" label="Add a product" error={fe("productIds")}>
            <div className="flex gap-2">
              <select id="combo-product" className="field-input" value={pick} onChange={(e) => setPick(e.target.value)} {...invalid("combo-product", fe("productIds"))}>
                <option value="">{products.isPending ? "Loading products…" : "Choose a product…"}</option>
                {(products.data?.products ?? [])
                  .filter((p) => !f.productIds.includes(p.productId))
                  .map((p) => (
                    <option key={p.productId} value={p.productId}>
                      {p.description} ({p.productId})
                    </option>
                  ))}
              </select>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={!pick}
                onClick={() => {
                  setF({ ...f, productIds: [...f.productIds, pick] });
                  setPick("");
                }}
              >
                Add
              </button>
            </div>
          </Field>
        </div>
        <div className="sm:col-span-2">
          <p className="field-label" id="combo-chosen">
            In this combo ({f.productIds.length})
          </p>
          {f.productIds.length === 0 ? (
            <p className="text-sm text-sage">No products yet: a combo needs at least 2.</p>
          ) : (
            <ul aria-labelledby="combo-chosen" className="flex flex-wrap gap-2">
              {f.productIds.map((id) => (
                <li key={id} className="inline-flex items-center gap-1 rounded-full border border-line bg-mist py-0.5 pr-1 pl-3 text-sm">
                  {describe(id)}
                  <button
                    type="button"
                    className="rounded-full px-2 py-1 hover:bg-white"
                    aria-label={`Remove ${describe(id)}`}
                    onClick={() =>
                      setF({
                        ...f,
                        productIds: f.productIds.filter((p) => p !== id),
                      })
                    }
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn btn-primary">
            {f.comboId === null ? "Make combo special" : "Save combo special"}
          </button>
          {f.comboId !== null && (
            <button type="button" className="btn btn-secondary" onClick={() => setF(newCombo())}>
              Cancel
            </button>
          )}
        </div>
      </form>
      <ConfirmDialog request={ask} onClose={() => setAsk(null)} error={askError} />
    </Section>
  );
}

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
const off = (v: { percentOff: number; amountOff: number }) => (v.percentOff > 0 ? `${v.percentOff}% off` : `${dollars(v.amountOff)} off`);

function VouchersSection() {
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
  const [errors, setErrors] = useState<Errors>(null);
  const [ask, setAsk] = useState<ConfirmRequest | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const customer = buyers.data?.customers.find((c) => c.customerId === f.customerId);
  const editing = f.voucherId !== null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors(null);
    const value = amount(f.value);
    const kind = f.kind === "percent" ? { percentOff: value ?? 0, amountOff: 0 } : { amountOff: value ?? 0, percentOff: 0 };
    const uses = f.uses.trim() === "" ? null : Number(f.uses);
    try {
      const saved = editing
        ? await api.put<SupplyVoucher>(`/api/Supply/Promotions/Vouchers/${f.voucherId}`, {
            description: f.description,
            ...kind,
            validUntil: f.validUntil,
            usesPerCustomer: uses,
          })
        : await api.post<SupplyVoucher>("/api/Supply/Promotions/Vouchers", {
            customerId: f.customerId,
            userId: f.userId || null,
            ...(f.code.trim() ? { code: f.code.trim() } : {}),
            description: f.description,
            ...kind,
            validUntil: f.validUntil,
            usesPerCustomer: uses,
          });
      toast(editing ? `Voucher ${saved.code} was saved.` : `Voucher ${saved.code} was made for ${saved.companyName ?? saved.customerId}.`);
      setF(newVoucher());
      refresh();
    } catch (err) {
      const e = formErrors(err);
      // The kind's one input carries the amount's or the percent's message.
      const valueError = e.fields.percentOff ?? e.fields.amountOff;
      setErrors(valueError ? { ...e, fields: { ...e.fields, value: valueError } } : e);
    }
  }

  const act = (v: SupplyVoucher, kind: "withdraw" | "delete") =>
    setAsk({
      title: kind === "withdraw" ? `Withdraw ${v.code}?` : `Delete ${v.code}?`,
      consequences:
        kind === "withdraw"
          ? ["Nobody can use it from now on; it leaves the buyer's dashboard.", `Orders that used it (${v.uses}) keep their saving.`]
          : v.uses > 0
            ? [`It was used on ${v.uses} order${v.uses === 1 ? "" : "s"}: it cannot be deleted. Withdraw it instead.`]
            : ["It was never used: it is removed for good."],
      confirmLabel: kind === "withdraw" ? "Withdraw" : "Delete",
      danger: true,
      onConfirm: () => {
        setAskError(null);
        const done = kind === "withdraw" ? api.post(`/api/Supply/Promotions/Vouchers/${v.voucherId}/Withdraw`) : api.del(`/api/Supply/Promotions/Vouchers/${v.voucherId}`);
        done.then(
          () => {
            toast(kind === "withdraw" ? `${v.code} was withdrawn.` : `${v.code} was deleted.`);
            setAsk(null);
            refresh();
          },
          (err) => setAskError(formErrors(err).message),
        );
      },
    });

  const fe = (k: string) => errors?.fields[k];
  return (
    <Section
      id="vouchers"
      title="Blitz vouchers"
      intro="A time-limited code for one customer: the user named sees it on the dashboard, and only that customer can use it at checkout."
    >
      <form
        onSubmit={(e) => void submit(e)}
        className="mb-4 grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        noValidate
        aria-labelledby="voucher-form-heading"
      >
        <h3 id="voucher-form-heading" className="font-serif text-xl text-leaf sm:col-span-2 lg:col-span-4">
          {editing ? `Change ${f.code}` : "New blitz voucher"}
        </h3>
        <FormAlert errors={errors} />
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
              <input
                id="voucher-code"
                className="field-input"
                value={f.code}
                maxLength={40}
                autoCapitalize="characters"
                onChange={(e) => setF({ ...f, code: e.target.value })}
                {...invalid("voucher-code", fe("code"), true)}
              />
            </Field>
          </>
        )}
        <Field id="voucher-description" label="Description" error={fe("description")}>
          <input
            id="voucher-description"
            className="field-input"
            value={f.description}
            maxLength={200}
            onChange={(e) => setF({ ...f, description: e.target.value })}
            {...invalid("voucher-description", fe("description"))}
          />
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
          <input
            id="voucher-value"
            className="field-input"
            inputMode="decimal"
            value={f.value}
            onChange={(e) => setF({ ...f, value: e.target.value })}
            {...invalid("voucher-value", fe("value"))}
          />
        </Field>
        <Field id="voucher-until" label="Valid until (last day)" error={fe("validUntil")}>
          <input
            id="voucher-until"
            type="date"
            className="field-input"
            value={f.validUntil}
            onChange={(e) => setF({ ...f, validUntil: e.target.value })}
            {...invalid("voucher-until", fe("validUntil"))}
          />
        </Field>
        <Field id="voucher-uses" label="Uses per customer" error={fe("usesPerCustomer")} hint="Empty: no limit">
          <input
            id="voucher-uses"
            className="field-input"
            inputMode="numeric"
            value={f.uses}
            onChange={(e) => setF({ ...f, uses: e.target.value })}
            {...invalid("voucher-uses", fe("usesPerCustomer"), true)}
          />
        </Field>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn btn-primary">
            {editing ? "Save voucher" : "Make voucher"}
          </button>
          {editing && (
            <button type="button" className="btn btn-secondary" onClick={() => setF(newVoucher())}>
              Cancel
            </button>
          )}
        </div>
      </form>

      {list.isPending ? (
        <Loading what="vouchers" />
      ) : list.isError ? (
        <Failed error={list.error} what="vouchers" />
      ) : list.data.vouchers.length === 0 ? (
        <Empty>No vouchers yet.</Empty>
      ) : (
        <TableFrame caption="All blitz vouchers">
          <thead className="border-b border-line bg-mist text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                Code
              </th>
              <th scope="col" className="px-3 py-2">
                For
              </th>
              <th scope="col" className="px-3 py-2">
                Takes off
              </th>
              <th scope="col" className="px-3 py-2">
                Valid until
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Uses
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.vouchers.map((v) => {
              const [words, tone] = STATUS_WORDS[v.status];
              const open = v.status !== "withdrawn";
              return (
                <tr key={v.voucherId} className="border-b border-line last:border-0">
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
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap justify-end gap-2">
                      {open && (
                        <button
                          type="button"
                          className="btn btn-secondary !min-h-9 !py-1"
                          onClick={() => {
                            setErrors(null);
                            setF({
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
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </TableFrame>
      )}
      <ConfirmDialog request={ask} onClose={() => setAsk(null)} error={askError} />
    </Section>
  );
}

// ---- what a dashboard shows ---------------------------------------------------------------------

function PreviewSection() {
  const buyers = useQuery({
    queryKey: [...KEY, "buyers"],
    queryFn: () => api.get("/api/Supply/Promotions/Buyers", undefined, PromotionBuyers),
  });
  const [customerId, setCustomerId] = useState("");
  const preview = useQuery({
    queryKey: [...KEY, "preview", customerId],
    queryFn: () => api.get("/api/Supply/Promotions/Dashboard", { customerId }, DashboardPreview),
    enabled: customerId !== "",
  });
  const Money = ({ now, was }: { now: number; was: number }) => (
    <span className="tabular">
      <strong className="text-petal-dark">{dollars(now)}</strong>
      {now < was && (
        <span className="ml-1 text-sage line-through">
          <span className="sr-only">was </span>
          {dollars(was)}
        </span>
      )}
    </span>
  );
  return (
    <Section
      id="preview"
      title="What a customer's dashboard shows"
      intro="The same answers the buyer's dashboard gets now, read the same way (their next open ship date, the catalogs they may see)."
    >
      <div className="mb-3 max-w-md">
        <label className="field-label" htmlFor="preview-customer">
          Customer
        </label>
        <select id="preview-customer" className="field-input" value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
          <option value="">Choose a customer…</option>
          {(buyers.data?.customers ?? []).map((c) => (
            <option key={c.customerId} value={c.customerId}>
              {c.companyName} ({c.customerId})
            </option>
          ))}
        </select>
      </div>
      {customerId === "" ? null : preview.isPending ? (
        <Loading what="the dashboard" />
      ) : preview.isError ? (
        <Failed error={preview.error} what="the dashboard" />
      ) : (
        <div className="grid gap-3 lg:grid-cols-3">
          <div className="rounded-2xl border border-line bg-white p-4">
            <h3 className="font-serif text-xl">Specials ({preview.data.specials.length})</h3>
            {preview.data.specials.length === 0 ? (
              <p className="text-sm text-sage">None for their next ship date.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line text-sm">
                {preview.data.specials.map((p) => (
                  <li key={p.productId} className="flex justify-between gap-2 py-1">
                    <span>{p.description}</span>
                    <Money now={p.price} was={p.standardPrice} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="rounded-2xl border border-line bg-white p-4">
            <h3 className="font-serif text-xl">Future specials ({preview.data.futureSpecials.length})</h3>
            {preview.data.futureSpecials.length === 0 ? (
              <p className="text-sm text-sage">None in later catalogs.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line text-sm">
                {preview.data.futureSpecials.map((p) => (
                  <li key={`${p.productId}-${p.shipDateFrom}`} className="flex justify-between gap-2 py-1">
                    <span>
                      {p.description} <span className="text-xs text-sage">ships {days(p.shipDateFrom, p.shipDateTo)}</span>
                    </span>
                    <Money now={p.price} was={p.standardPrice} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="rounded-2xl border border-line bg-white p-4">
            <h3 className="font-serif text-xl">Combo specials ({preview.data.combos.length})</h3>
            {preview.data.combos.length === 0 ? (
              <p className="text-sm text-sage">None running today.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line text-sm">
                {preview.data.combos.map((c) => (
                  <li key={c.id} className="py-1">
                    <strong>{c.title}</strong> · {c.discountPercent}% off
                    <span className="block text-xs text-sage">{c.products.map((p) => p.description).join(", ")}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Section>
  );
}

export function PromotionsScreen() {
  return (
    <StaffPage title="Prices and promotions" intro="Specials, combo specials and blitz vouchers: what buyers see on their dashboard and in the store, and use at checkout.">
      <nav aria-label="On this page" className="mb-5 flex flex-wrap gap-2 text-sm">
        {[
          ["#specials", "Specials"],
          ["#combos", "Combo specials"],
          ["#vouchers", "Blitz vouchers"],
          ["#preview", "A customer's dashboard"],
        ].map(([href, label]) => (
          <a key={href} href={href} className="rounded-full border border-line bg-white px-3 py-1 no-underline hover:border-leaf">
            {label}
          </a>
        ))}
      </nav>
      <SpecialsSection />
      <CombosSection />
      <VouchersSection />
      <PreviewSection />
    </StaffPage>
  );
}
