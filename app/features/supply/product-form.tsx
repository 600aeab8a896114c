// The product form of /Supply/Products (new and edit): its fields and the body it sends.
import { useState, type FormEvent } from "react";
import { CATEGORIES, PRODUCT_IMAGES, UNITS_OF_MEASURE, VARIETY_FAMILIES } from "../../../domain/supply.ts";
import { Checkbox } from "../../components/ui/form.tsx";
import { LabelledField as Field } from "../../components/ui/form.tsx";
import { sendForm } from "../../components/ui/form.tsx";
export { Field };

// ---- products -----------------------------------------------------------------------------------
interface ProductForm {
  productId: string;
  description: string;
  variety: string;
  category: string;
  colour: string;
  colourHex: string;
  grade: string;
  stemLengthCm: string;
  unitOfMeasure: string;
  unitOfMeasureQty: string;
  stemsPerBunch: string;
  bunchesPerBox: string;
  image: string;
  showStore: boolean;
}

export const EMPTY_PRODUCT: ProductForm = {
  productId: "",
  description: "",
  variety: "lilies",
  category: "Lilies",
  colour: "",
  colourHex: "#FFFFFF",
  grade: "",
  stemLengthCm: "",
  unitOfMeasure: "Pail",
  unitOfMeasureQty: "8",
  stemsPerBunch: "10",
  bunchesPerBox: "12",
  image: "lily",
  showStore: true,
};

const num = (s: string) => (s.trim() === "" ? null : Number(s));

export function productBody(f: ProductForm) {
  return {
    description: f.description,
    variety: f.variety,
    category: f.category,
    colour: f.colour,
    colourHex: f.colourHex,
    grade: f.grade,
    stemLengthCm: num(f.stemLengthCm),
    unitOfMeasure: f.unitOfMeasure,
    unitOfMeasureQty: num(f.unitOfMeasureQty),
    stemsPerBunch: num(f.stemsPerBunch),
    bunchesPerBox: num(f.bunchesPerBox),
    image: f.image,
    showStore: f.showStore,
  };
}


export function ProductFormView({ initial, isNew, submitLabel, onSubmit }: { initial: ProductForm; isNew: boolean; submitLabel: string; onSubmit: (f: ProductForm) => Promise<void> }) {
  const [f, setF] = useState(initial);
  const [errors, setErrors] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof ProductForm) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const fe = (k: string) => errors?.fields[k];
  const input = (k: keyof ProductForm, props: Record<string, unknown> = {}) => (
    <input id={`p-${k}`} className="field-input" value={String(f[k])} onChange={set(k)} aria-invalid={fe(k) ? true : undefined} aria-describedby={fe(k) ? `p-${k}-error` : undefined} {...props} />
  );
  const submit = (e: FormEvent) => sendForm(e, () => onSubmit(f), setBusy, setErrors);
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4 rounded-2xl border border-line bg-white p-5" noValidate>
      {errors && (
        <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
          {errors.message}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {isNew && (
          <Field id="p-productId" label="Product code" error={fe("productId")} hint="Letters, digits and dashes, e.g. LIL-ASI-NAV-70">
            {input("productId", { autoCapitalize: "characters", required: true })}
          </Field>
        )}
        <Field id="p-description" label="Description" error={fe("description")}>
          {input("description", { required: true })}
        </Field>
        <Field id="p-variety" label="Variety" error={fe("variety")}>
          <select
            id="p-variety"
            className="field-input"
            value={f.variety}
            onChange={(e) => {
              const fam = VARIETY_FAMILIES.find((v) => v.variety === e.target.value);
              setF({ ...f, variety: e.target.value, ...(fam ? { category: fam.category, image: fam.image } : {}) });
            }}
          >
            {VARIETY_FAMILIES.map((v) => (
              <option key={v.variety} value={v.variety}>
                {v.category}
              </option>
            ))}
          </select>
        </Field>
        <Field id="p-category" label="Category" error={fe("category")}>
          <select id="p-category" className="field-input" value={f.category} onChange={set("category")}>
            {CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
        <Field id="p-colour" label="Colour" error={fe("colour")}>
          {input("colour", { required: true })}
        </Field>
        <Field id="p-colourHex" label="Colour swatch (hex)" error={fe("colourHex")}>
          <div className="flex gap-2">
            {input("colourHex", { pattern: "#[0-9A-Fa-f]{6}" })}
            <span aria-hidden="true" className="h-11 w-11 shrink-0 rounded-lg border border-line" style={{ background: /^#[0-9A-Fa-f]{6}$/.test(f.colourHex) ? f.colourHex : "transparent" }} />
          </div>
        </Field>
        <Field id="p-grade" label="Grade" error={fe("grade")}>
          {input("grade")}
        </Field>
        <Field id="p-stemLengthCm" label="Stem length (cm)" error={fe("stemLengthCm")}>
          {input("stemLengthCm", { inputMode: "numeric" })}
        </Field>
        <Field id="p-unitOfMeasure" label="Unit of measure" error={fe("unitOfMeasure")}>
          <select id="p-unitOfMeasure" className="field-input" value={f.unitOfMeasure} onChange={set("unitOfMeasure")}>
            {UNITS_OF_MEASURE.map((u) => (
              <option key={u}>{u}</option>
            ))}
          </select>
        </Field>
        <Field id="p-unitOfMeasureQty" label="Bunches per pail" error={fe("unitOfMeasureQty")}>
          {input("unitOfMeasureQty", { inputMode: "numeric" })}
        </Field>
        <Field id="p-stemsPerBunch" label="Stems per bunch" error={fe("stemsPerBunch")}>
          {input("stemsPerBunch", { inputMode: "numeric" })}
        </Field>
        <Field id="p-bunchesPerBox" label="Bunches per box" error={fe("bunchesPerBox")}>
          {input("bunchesPerBox", { inputMode: "numeric" })}
        </Field>
        <Field id="p-image" label="Picture" error={fe("image")}>
          <select id="p-image" className="field-input" value={f.image} onChange={set("image")}>
            {PRODUCT_IMAGES.map((i) => (
              <option key={i}>{i}</option>
            ))}
          </select>
        </Field>
      </div>
      <Checkbox id="p-showStore" label="Shown in the store" checked={f.showStore} onChange={(v) => setF({ ...f, showStore: v })} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
