// The bouquet form of /Supply/Bouquets (new and edit): its fields, boxes and packages.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { SupplyBouquet, SupplyPackageList } from "../../../contract/supply-mm.ts";
import { MM_CATEGORIES, MM_IMAGES, MM_UNITS } from "../../../domain/supply-mm.ts";
import { artUrl } from "../../../art/art-url.ts";
import { api } from "../../lib/api.ts";
import { Checkbox } from "../../components/ui/form.tsx";
import { type Errors, Field, FormAlert, money, num, TextInput } from "./mm-form-parts.tsx";
import { sendForm } from "../../components/ui/form.tsx";

// ---- bouquets -----------------------------------------------------------------------------------
interface BouquetForm extends Record<string, string | boolean> {
  productId: string;
  description: string;
  category: string;
  colour: string;
  colourHex: string;
  imageName: string;
  price: string;
  pricePerBouquet: string;
  pricePerBouquetNoBox: string;
  boxType: string;
  unitOfMeasure: string;
  packSize: string;
  bouquet: boolean;
}

export const EMPTY_BOUQUET: BouquetForm = {
  productId: "",
  description: "",
  category: "Bouquets",
  colour: "",
  colourHex: "#F4A6C0",
  imageName: "bouquet",
  price: "",
  pricePerBouquet: "",
  pricePerBouquetNoBox: "",
  boxType: "",
  unitOfMeasure: "Bunch",
  packSize: "8",
  bouquet: true,
};

export const bouquetForm = (b: SupplyBouquet): BouquetForm => ({
  productId: b.productId,
  description: b.description,
  category: b.category,
  colour: b.colour,
  colourHex: b.colourHex,
  imageName: b.imageName,
  price: b.price.toFixed(2),
  pricePerBouquet: b.pricePerBouquet.toFixed(2),
  pricePerBouquetNoBox: b.pricePerBouquetNoBox.toFixed(2),
  boxType: b.boxType ?? "",
  unitOfMeasure: b.unitOfMeasure,
  packSize: String(b.packSize),
  bouquet: b.bouquet,
});

export function bouquetBody(f: BouquetForm) {
  return {
    description: f.description,
    category: f.category,
    colour: f.colour,
    colourHex: f.colourHex,
    imageName: f.imageName,
    // The list price is the boxed price unless typed.
    price: num(f.price) ?? num(f.pricePerBouquet),
    pricePerBouquet: num(f.pricePerBouquet),
    pricePerBouquetNoBox: num(f.pricePerBouquetNoBox),
    boxType: f.boxType || null,
    unitOfMeasure: f.unitOfMeasure,
    packSize: num(f.packSize),
    bouquet: f.bouquet,
  };
}

export function usePackages() {
  return useQuery({
    queryKey: ["supply", "packages"],
    queryFn: () =>
      api.get("/api/Supply/Packages", undefined, SupplyPackageList),
  });
}

export function BouquetFormView({
  initial,
  isNew,
  submitLabel,
  onSubmit,
}: {
  initial: BouquetForm;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (f: BouquetForm) => Promise<void>;
}) {
  const [f, setF] = useState(initial);
  const [errors, setErrors] = useState<Errors>(null);
  const [busy, setBusy] = useState(false);
  const packages = usePackages();
  const boxes = (packages.data?.packages ?? []).filter(
    (p) => p.category === "boxes" && (p.active || p.type === initial.boxType),
  );
  const p = isNew ? "b" : "be";
  const input = (
    k: keyof BouquetForm & string,
    props: Record<string, unknown> = {},
  ) => (
    <TextInput prefix={p} k={k} f={f} setF={setF} errors={errors} {...props} />
  );
  const select = (
    k: keyof BouquetForm & string,
    options: readonly (string | [string, string])[],
  ) => (
    <select
      id={`${p}-${k}`}
      className="field-input"
      value={String(f[k])}
      onChange={(e) => setF({ ...f, [k]: e.target.value })}
      aria-invalid={errors?.fields[k] ? true : undefined}
      aria-describedby={errors?.fields[k] ? `${p}-${k}-error` : undefined}
    >
      {options.map((o) => {
        const [value, text] = typeof o === "string" ? [o, o] : o;
        return (
          <option key={value} value={value}>
            {text}
          </option>
        );
      })}
    </select>
  );
  const submit = (e: FormEvent) => sendForm(e, () => onSubmit(f), setBusy, setErrors);
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <FormAlert errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {isNew && (
          <Field
            id={`${p}-productId`}
            label="Bouquet code"
            error={errors?.fields.productId}
            hint="Letters, digits and dashes, e.g. MM-BQ-LIL-S"
          >
            {input("productId", { autoCapitalize: "characters" })}
          </Field>
        )}
        <Field
          id={`${p}-description`}
          label="Description"
          error={errors?.fields.description}
        >
          {input("description")}
        </Field>
        <Field
          id={`${p}-category`}
          label="Category"
          error={errors?.fields.category}
        >
          {select("category", MM_CATEGORIES)}
        </Field>
        <Field id={`${p}-colour`} label="Colour" error={errors?.fields.colour}>
          {input("colour")}
        </Field>
        <Field
          id={`${p}-colourHex`}
          label="Colour swatch (hex)"
          error={errors?.fields.colourHex}
        >
          <div className="flex gap-2">
            {input("colourHex")}
            <img
              aria-hidden="true"
              alt=""
              src={artUrl(
                f.imageName,
                /^#[0-9A-Fa-f]{6}$/.test(f.colourHex) ? f.colourHex : null,
              )}
              className="h-11 w-11 shrink-0 rounded-lg border border-line bg-white object-contain"
            />
          </div>
        </Field>
        <Field
          id={`${p}-imageName`}
          label="Picture"
          error={errors?.fields.imageName}
        >
          {select("imageName", MM_IMAGES)}
        </Field>
        <Field
          id={`${p}-pricePerBouquet`}
          label="Price a bouquet, boxed ($)"
          error={errors?.fields.pricePerBouquet}
        >
          {input("pricePerBouquet", { inputMode: "decimal" })}
        </Field>
        <Field
          id={`${p}-pricePerBouquetNoBox`}
          label="Price a bouquet, not boxed ($)"
          error={errors?.fields.pricePerBouquetNoBox}
        >
          {input("pricePerBouquetNoBox", { inputMode: "decimal" })}
        </Field>
        <Field
          id={`${p}-price`}
          label="List price ($)"
          error={errors?.fields.price}
          hint="Empty: the boxed price"
        >
          {input("price", { inputMode: "decimal" })}
        </Field>
        <Field
          id={`${p}-boxType`}
          label="Box type"
          error={errors?.fields.boxType}
        >
          {select("boxType", [
            ["", "No box"],
            ...boxes.map((b): [string, string] => [
              b.type,
              `${b.description} (${b.type}) · ${money(b.price)}${b.active ? "" : " · retired"}`,
            ]),
          ])}
        </Field>
        <Field
          id={`${p}-unitOfMeasure`}
          label="Unit of measure"
          error={errors?.fields.unitOfMeasure}
          hint="Pail units pay the RFLP1 pail fee when not boxed"
        >
          {select("unitOfMeasure", MM_UNITS)}
        </Field>
        <Field
          id={`${p}-packSize`}
          label="Pack size (bouquets)"
          error={errors?.fields.packSize}
        >
          {input("packSize", { inputMode: "numeric" })}
        </Field>
      </div>
      <Checkbox
        id={`${p}-bouquet`}
        label="A made-up bouquet (not a plain bunch)"
        checked={f.bouquet}
        onChange={(v) => setF({ ...f, bouquet: v })}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
