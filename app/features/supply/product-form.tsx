// The product form of /Supply/Products (new and edit): its fields and the body it sends.
import { type SupplyProduct } from "../../../contract/supply.ts";
import { CATEGORIES, PRODUCT_IMAGES, UNITS_OF_MEASURE, VARIETY_FAMILIES } from "../../../domain/supply.ts";
import { Checkbox } from "../../components/ui/form.tsx";
import { type RecordFormProps, SupplyForm, useSupplyForm } from "./supply-form.tsx";

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


export function ProductFormView({ initial, isNew, submitLabel, onSubmit }: RecordFormProps<ProductForm>) {
  const form = useSupplyForm(initial, "p", onSubmit);
  const { f, setF, input, select, field } = form;
  const varieties = VARIETY_FAMILIES.map((v) => [v.variety, v.category] as const);
  const chooseVariety = (variety: string) => {
    const fam = VARIETY_FAMILIES.find((v) => v.variety === variety);
    setF({ ...f, variety, ...(fam ? { category: fam.category, image: fam.image } : {}) });
  };
  const swatch = <span aria-hidden="true" className="h-11 w-11 shrink-0 rounded-lg border border-line" style={{ background: /^#[0-9A-Fa-f]{6}$/.test(f.colourHex) ? f.colourHex : "transparent" }} />;
  const checkbox = <Checkbox id="p-showStore" label="Shown in the store" checked={f.showStore} onChange={(v) => setF({ ...f, showStore: v })} />;
  return (
    <SupplyForm form={form} submitLabel={submitLabel} className="space-y-4 rounded-2xl border border-line bg-white p-5" after={checkbox}>
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
    </SupplyForm>
  );
}
