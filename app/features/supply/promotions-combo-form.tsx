// The form making or changing a combo special of /Supply/Promotions, and its state.
import { useState } from "react";
import { ComboBody, SupplyCombo } from "../../../contract/promotions.ts";
import { type SupplyProduct } from "../../../contract/supply.ts";
import { addDays, isoDateAt } from "../../../domain/dates.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { SubmitButton, useContractBodyForm } from "../../components/ui/form.tsx";
import { amount, Field, PromoForm, TextBox, useClearable, useRefresh } from "./promotions-parts.tsx";
import { ComboProducts } from "./promotions-combo-products.tsx";

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

/** The body the contract checks (ComboBody): the fields as typed, the percent as a number. */
const comboBody = (f: ComboForm): ComboBody => ({
  title: f.title,
  description: f.description,
  discountPercent: amount(f.discountPercent) as number,
  startsOn: f.startsOn,
  endsOn: f.endsOn,
  productIds: f.productIds,
});

/** The form's values and messages, sending it, and starting to change a combo. */
export function useComboForm() {
  const toast = useToast();
  const refresh = useRefresh();
  const [f, setF] = useState<ComboForm>(newCombo);
  const combo = useContractBodyForm(
    ComboBody,
    () => comboBody(f),
    async (body) => {
      const saved =
        f.comboId === null
          ? await api.post("/api/Supply/Promotions/Combos", body, undefined, undefined, SupplyCombo)
          : await api.put(`/api/Supply/Promotions/Combos/${f.comboId}`, body, undefined, SupplyCombo);
      toast(f.comboId === null ? `Combo special "${saved.title}" was made.` : `Combo special "${saved.title}" was saved.`);
      setF(newCombo());
      refresh();
    },
  );
  const shown = useClearable(combo);

  function edit(c: SupplyCombo) {
    shown.clear();
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
  }

  return { f, setF, form: combo.form, busy: combo.busy, errors: shown.refused, errorOf: shown.errorOf, edit, cancel: () => setF(newCombo()) };
}

type Form = ReturnType<typeof useComboForm>;
type Text = "title" | "discountPercent" | "startsOn" | "endsOn" | "description";

export function ComboFormView({ form, products, loading }: { form: Form; products: SupplyProduct[] | undefined; loading: boolean }) {
  const { f, setF, errors } = form;
  const fe = form.errorOf;
  const input = (id: string, k: Text, props: { type?: string; inputMode?: "decimal"; maxLength?: number } = {}) => (
    <TextBox id={id} name={k} {...props} value={f[k]} onChange={(v) => setF({ ...f, [k]: v })} error={fe(k)} />
  );
  return (
    <PromoForm id="combo" formId={form.form.id} onSubmit={form.form.onSubmit} margin="mt-4" errors={errors} heading={f.comboId === null ? "New combo special" : `Change "${f.title}"`}>
    <Field id="combo-title" label="Title" error={fe("title")}>
      {input("combo-title", "title", { maxLength: 120 })}
    </Field>
    <Field id="combo-percent" label="Percent off" error={fe("discountPercent")}>
      {input("combo-percent", "discountPercent", { inputMode: "decimal" })}
    </Field>
    <Field id="combo-starts" label="First day" error={fe("startsOn")}>
      {input("combo-starts", "startsOn", { type: "date" })}
    </Field>
    <Field id="combo-ends" label="Last day" error={fe("endsOn")}>
      {input("combo-ends", "endsOn", { type: "date" })}
    </Field>
    <div className="sm:col-span-2 lg:col-span-4">
      <Field id="combo-description" label="Description" error={fe("description")}>
        {input("combo-description", "description", { maxLength: 500 })}
      </Field>
    </div>
    <ComboProducts chosen={f.productIds} onChange={(productIds) => setF({ ...f, productIds })} products={products} loading={loading} error={fe("productIds")} />
    <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
      <SubmitButton busy={form.busy}>{f.comboId === null ? "Make combo special" : "Save combo special"}</SubmitButton>
      {f.comboId !== null && (
        <button type="button" className="btn btn-secondary" onClick={form.cancel}>
          Cancel
        </button>
      )}
    </div>
    </PromoForm>
  );
}
