// The product form of /Supply/Products (new and edit): its fields and the body it sends, checked with
// the contract's schema (ProductCreate, ProductUpdate) before it goes.
import type { z } from "zod";
import { ProductCreate, ProductUpdate, type SupplyProduct } from "../../../contract/supply.ts";
import { CATEGORIES, PRODUCT_IMAGES, UNITS_OF_MEASURE, VARIETY_FAMILIES } from "../../../domain/supply.ts";
import { FormCheckbox, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { type RecordFormProps, RecordForm, recordControls } from "./supply-form.tsx";

// ---- products -----------------------------------------------------------------------------------
type ProductForm = {
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
};

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

/** The form's values for a saved product. */
export function productForm(p: SupplyProduct): ProductForm {
  const { productId, description, variety, category, colour, colourHex, grade, unitOfMeasure, image, showStore } = p;
  const counts = { unitOfMeasureQty: String(p.unitOfMeasureQty), stemsPerBunch: String(p.stemsPerBunch), bunchesPerBox: String(p.bunchesPerBox) };
  return { productId, description, variety, category, colour, colourHex, grade, unitOfMeasure, image, showStore, stemLengthCm: p.stemLengthCm === null ? "" : String(p.stemLengthCm), ...counts };
}

/** A count as typed: none when empty, else the number (NaN when it is not one: the schema says so). */
const num = (s: string) => (s.trim() === "" ? null : Number(s));

/** The body the form sends, checked with the contract's schema: the code too for a new product. */
export type ProductSent = z.input<typeof ProductUpdate> & { productId?: string };

/** The body from the form's values as typed: counts as numbers, the box ticked as a boolean. */
export function productSent(v: Record<string, unknown>, isNew: boolean): ProductSent {
  const t = (k: keyof ProductForm) => textOf(v[k]);
  return {
    ...(isNew ? { productId: t("productId") } : {}),
    description: t("description"),
    variety: t("variety"),
    category: t("category"),
    colour: t("colour"),
    colourHex: t("colourHex"),
    grade: t("grade"),
    stemLengthCm: num(t("stemLengthCm")),
    unitOfMeasure: t("unitOfMeasure"),
    unitOfMeasureQty: num(t("unitOfMeasureQty")),
    stemsPerBunch: num(t("stemsPerBunch")),
    bunchesPerBox: num(t("bunchesPerBox")),
    image: t("image"),
    showStore: v.showStore === "on",
  } as z.input<typeof ProductCreate>;
}

/** The product's fields of a sent body, without its code (what an edit sends). */
export function productBody(sent: ProductSent) {
  const { productId: _code, ...fields } = sent;
  return fields;
}

export function ProductFormView({ initial, isNew, submitLabel, onSubmit }: RecordFormProps<ProductForm, ProductSent>) {
  const kit = useContractBodyForm(isNew ? ProductCreate : ProductUpdate, (v) => productSent(v, isNew), onSubmit, { defaultValue: initial });
  const { input, select, field } = recordControls(kit, "p");
  const colourHex = textOf(kit.fields.colourHex?.value);
  const varieties = VARIETY_FAMILIES.map((v) => [v.variety, v.category] as const);
  // A variety chosen brings its family's category and picture.
  const chooseVariety = (variety: string) => {
    const fam = VARIETY_FAMILIES.find((v) => v.variety === variety);
    if (!fam) return;
    kit.form.update({ name: "category", value: fam.category });
    kit.form.update({ name: "image", value: fam.image });
  };
  const swatch = <span aria-hidden="true" className="h-11 w-11 shrink-0 rounded-lg border border-line" style={{ background: /^#[0-9A-Fa-f]{6}$/.test(colourHex) ? colourHex : "transparent" }} />;
  const checkbox = <FormCheckbox id="p-showStore" name="showStore" label="Shown in the store" defaultChecked={initial.showStore} />;
  return (
    <RecordForm kit={kit} submitLabel={submitLabel} className="space-y-4 rounded-2xl border border-line bg-white p-5" after={checkbox}>
      {isNew && field("productId", "Product code", input("productId", { autoCapitalize: "characters", required: true }), "Letters, digits and dashes, e.g. LIL-ASI-NAV-70")}
      {field("description", "Description", input("description", { required: true }))}
      {field("variety", "Variety", select("variety", varieties, chooseVariety))}
      {field("category", "Category", select("category", CATEGORIES))}
      {field("colour", "Colour", input("colour", { required: true }))}
      {field("colourHex", "Colour swatch (hex)", <div className="flex gap-2">{input("colourHex", { pattern: "#[0-9A-Fa-f]{6}" })}{swatch}</div>)}
      {field("grade", "Grade", input("grade"))}
      {field("stemLengthCm", "Stem length (cm)", input("stemLengthCm", { inputMode: "numeric" }))}
      {field("unitOfMeasure", "Unit of measure", select("unitOfMeasure", UNITS_OF_MEASURE))}
      {field("unitOfMeasureQty", "Bunches per pail", input("unitOfMeasureQty", { inputMode: "numeric" }))}
      {field("stemsPerBunch", "Stems per bunch", input("stemsPerBunch", { inputMode: "numeric" }))}
      {field("bunchesPerBox", "Bunches per box", input("bunchesPerBox", { inputMode: "numeric" }))}
      {field("image", "Picture", select("image", PRODUCT_IMAGES))}
    </RecordForm>
  );
}
