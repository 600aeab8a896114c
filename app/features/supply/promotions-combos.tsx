// The combos section of /Supply/Promotions: the combos and the form making or changing one.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { SupplyCombo, SupplyComboList } from "../../../contract/promotions.ts";
import { SupplyProductList } from "../../../contract/supply.ts";
import { addDays, isoDateAt } from "../../../domain/dates.ts";
import { ConfirmDialog, type ConfirmRequest } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { formErrors } from "../../components/ui/form.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { amount, days, dollars, type Errors, Field, FormAlert, invalid, KEY, Section, useRefresh } from "./promotions-parts.tsx";

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

export function CombosSection() {
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
        f.comboId === null
          ? await api.post("/api/Supply/Promotions/Combos", body, undefined, undefined, SupplyCombo)
          : await api.put(`/api/Supply/Promotions/Combos/${f.comboId}`, body, undefined, SupplyCombo);
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
