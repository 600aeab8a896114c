// The bouquet form of /Supply/Bouquets (new and edit): its fields, boxes and packages.
import { useQuery } from "@tanstack/react-query";
import { SupplyBouquet, SupplyPackageList } from "../../../contract/supply-mm.ts";
import { MM_CATEGORIES, MM_IMAGES, MM_UNITS } from "../../../domain/supply-mm.ts";
import { artUrl } from "../../../art/art-url.ts";
import { api } from "../../lib/api.ts";
import { Checkbox } from "../../components/ui/form.tsx";
import { money, num } from "./mm-form-parts.tsx";
import { type RecordFormProps, SupplyForm, useSupplyForm } from "./supply-form.tsx";

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

export function BouquetFormView({ initial, isNew, submitLabel, onSubmit }: RecordFormProps<BouquetForm>) {
  const form = useSupplyForm(initial, isNew ? "b" : "be", onSubmit);
  const { f, setF, input, select, field } = form;
  const packages = usePackages();
  const boxes = (packages.data?.packages ?? []).filter((p) => p.category === "boxes" && (p.active || p.type === initial.boxType));
  const boxOptions: [string, string][] = [["", "No box"], ...boxes.map((b): [string, string] => [b.type, `${b.description} (${b.type}) · ${money(b.price)}${b.active ? "" : " · retired"}`])];
  const swatch = (
    <img
      aria-hidden="true"
      alt=""
      src={artUrl(f.imageName, /^#[0-9A-Fa-f]{6}$/.test(f.colourHex) ? f.colourHex : null)}
      className="h-11 w-11 shrink-0 rounded-lg border border-line bg-white object-contain"
    />
  );
  const checkbox = <Checkbox id={form.id("bouquet")} label="A made-up bouquet (not a plain bunch)" checked={f.bouquet} onChange={(v) => setF({ ...f, bouquet: v })} />;
  return (
    <SupplyForm form={form} submitLabel={submitLabel} after={checkbox}>
      {isNew && field("productId", "Bouquet code", input("productId", { autoCapitalize: "characters" }), "Letters, digits and dashes, e.g. MM-BQ-LIL-S")}
      {field("description", "Description", input("description"))}
      {field("category", "Category", select("category", MM_CATEGORIES))}
      {field("colour", "Colour", input("colour"))}
      {field("colourHex", "Colour swatch (hex)", <div className="flex gap-2">{input("colourHex")}{swatch}</div>)}
      {field("imageName", "Picture", select("imageName", MM_IMAGES))}
      {field("pricePerBouquet", "Price a bouquet, boxed ($)", input("pricePerBouquet", { inputMode: "decimal" }))}
      {field("pricePerBouquetNoBox", "Price a bouquet, not boxed ($)", input("pricePerBouquetNoBox", { inputMode: "decimal" }))}
      {field("price", "List price ($)", input("price", { inputMode: "decimal" }), "Empty: the boxed price")}
      {field("boxType", "Box type", select("boxType", boxOptions))}
      {field("unitOfMeasure", "Unit of measure", select("unitOfMeasure", MM_UNITS), "Pail units pay the RFLP1 pail fee when not boxed")}
      {field("packSize", "Pack size (bouquets)", input("packSize", { inputMode: "numeric" }))}
    </SupplyForm>
  );
}
