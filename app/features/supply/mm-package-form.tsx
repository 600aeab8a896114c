// The package form of /Supply/Packages (new and edit), and the body it sends, checked with the
// contract's schema (PackageCreate, PackageUpdate) before it goes.
import type { z } from "zod";
import { PackageCreate, PackageUpdate, type SupplyPackage } from "../../../contract/supply-mm.ts";
import { PACKAGE_CATEGORIES, PAIL_FEE_PACKAGE } from "../../../domain/supply-mm.ts";
import { textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { num } from "./mm-form-parts.tsx";
import { type RecordFormProps, RecordForm, recordControls } from "./supply-form.tsx";

// ---- packages -----------------------------------------------------------------------------------
interface PackageForm {
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

/** The form's values for a saved package: its price with two decimals. */
export const packageForm = ({ type, category, size, description, price }: SupplyPackage): PackageForm => ({ type, category, size, description, price: price.toFixed(2) });

/** The body the form sends, checked with the contract's schema: the type too for a new package. */
export type PackageSent = z.input<typeof PackageUpdate> & { type?: string };

/** The body from the form's values as typed: the price as a number. */
export const packageBody = (v: Record<string, unknown>, isNew: boolean): PackageSent =>
  ({
    ...(isNew ? { type: textOf(v.type) } : {}),
    category: textOf(v.category),
    size: textOf(v.size),
    description: textOf(v.description),
    price: num(textOf(v.price)),
  }) as z.input<typeof PackageCreate>;

const CATEGORY_NAMES = PACKAGE_CATEGORIES.map((c) => [c, c === "boxes" ? "Box (boxes)" : "Pail fee (pails)"] as const);

export function PackageFormView({ initial, isNew, submitLabel, onSubmit }: RecordFormProps<PackageForm, PackageSent>) {
  const kit = useContractBodyForm(isNew ? PackageCreate : PackageUpdate, (v) => packageBody(v, isNew), onSubmit, { defaultValue: { ...initial } });
  const { input, select, field } = recordControls(kit, isNew ? "k" : "ke");
  return (
    <RecordForm kit={kit} submitLabel={submitLabel}>
      {isNew && field("type", "Type (code)", input("type", { autoCapitalize: "characters" }), `e.g. BX-M; the pail fee is ${PAIL_FEE_PACKAGE}`)}
      {field("category", "Category", select("category", CATEGORY_NAMES))}
      {field("description", "Description", input("description"))}
      {field("size", "Size", input("size"))}
      {field("price", "Price ($)", input("price", { inputMode: "decimal" }))}
    </RecordForm>
  );
}
