// The package form of /Supply/Packages (new and edit).
import { PACKAGE_CATEGORIES, PAIL_FEE_PACKAGE } from "../../../domain/supply-mm.ts";
import { num } from "./mm-form-parts.tsx";
import { type RecordFormProps, SupplyForm, useSupplyForm } from "./supply-form.tsx";

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

export function PackageFormView({ initial, isNew, submitLabel, onSubmit }: RecordFormProps<PackageForm>) {
  const form = useSupplyForm(initial, isNew ? "k" : "ke", onSubmit);
  const { input, field } = form;
  return (
    <SupplyForm form={form} submitLabel={submitLabel}>
      {isNew && field("type", "Type (code)", input("type", { autoCapitalize: "characters" }), `e.g. BX-M; the pail fee is ${PAIL_FEE_PACKAGE}`)}
      {field("category", "Category", form.select("category", PACKAGE_CATEGORIES.map((c) => [c, c === "boxes" ? "Box (boxes)" : "Pail fee (pails)"] as const)))}
      {field("description", "Description", input("description"))}
      {field("size", "Size", input("size"))}
      {field("price", "Price ($)", input("price", { inputMode: "decimal" }))}
    </SupplyForm>
  );
}
