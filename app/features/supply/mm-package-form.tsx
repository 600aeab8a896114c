// The package form of /Supply/Packages (new and edit).
import { useState, type FormEvent } from "react";
import { PACKAGE_CATEGORIES, PAIL_FEE_PACKAGE } from "../../../domain/supply-mm.ts";
import { type Errors, Field, FormAlert, num, TextInput } from "./mm-form-parts.tsx";
import { sendForm } from "../../components/ui/form.tsx";

// ---- packages -----------------------------------------------------------------------------------
interface PackageForm extends Record<string, string | boolean> {
  type: string;
  category: string;
  size: string;
  description: string;
  price: string;
}

export const EMPTY_PACKAGE: PackageForm = {
  type: "",
  category: "boxes",
  size: "",
  description: "",
  price: "",
};

export const packageBody = (f: PackageForm) => ({
  category: f.category,
  size: f.size,
  description: f.description,
  price: num(f.price),
});

export function PackageFormView({
  initial,
  isNew,
  submitLabel,
  onSubmit,
}: {
  initial: PackageForm;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (f: PackageForm) => Promise<void>;
}) {
  const [f, setF] = useState(initial);
  const [errors, setErrors] = useState<Errors>(null);
  const [busy, setBusy] = useState(false);
  const p = isNew ? "k" : "ke";
  const input = (
    k: keyof PackageForm & string,
    props: Record<string, unknown> = {},
  ) => (
    <TextInput prefix={p} k={k} f={f} setF={setF} errors={errors} {...props} />
  );
  const submit = (e: FormEvent) => sendForm(e, () => onSubmit(f), setBusy, setErrors);
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <FormAlert errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {isNew && (
          <Field
            id={`${p}-type`}
            label="Type (code)"
            error={errors?.fields.type}
            hint={`e.g. BX-M; the pail fee is ${PAIL_FEE_PACKAGE}`}
          >
            {input("type", { autoCapitalize: "characters" })}
          </Field>
        )}
        <Field
          id={`${p}-category`}
          label="Category"
          error={errors?.fields.category}
        >
          <select
            id={`${p}-category`}
            className="field-input"
            value={f.category}
            onChange={(e) => setF({ ...f, category: e.target.value })}
          >
            {PACKAGE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c === "boxes" ? "Box (boxes)" : "Pail fee (pails)"}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={`${p}-description`}
          label="Description"
          error={errors?.fields.description}
        >
          {input("description")}
        </Field>
        <Field id={`${p}-size`} label="Size" error={errors?.fields.size}>
          {input("size")}
        </Field>
        <Field id={`${p}-price`} label="Price ($)" error={errors?.fields.price}>
          {input("price", { inputMode: "decimal" })}
        </Field>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </button>
    </form>
  );
}
