// The bouquet form of /Supply/Bouquets (new and edit): its fields, boxes and packages, and the body it
// sends, checked with the contract's schema (BouquetCreate, BouquetUpdate) before it goes.
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { BouquetCreate, BouquetUpdate, type SupplyBouquet, SupplyPackageList } from "../../../contract/supply-mm.ts";
import { MM_CATEGORIES, MM_IMAGES, MM_UNITS } from "../../../domain/supply-mm.ts";
import { artUrl } from "../../../art/art-url.ts";
import { api } from "../../lib/api.ts";
import { FormCheckbox, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { money, num } from "./mm-form-parts.tsx";
import { type RecordFormProps, RecordForm, recordControls } from "./supply-form.tsx";

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

/** The form's values for a saved bouquet: its prices with two decimals, no box as "". */
export function bouquetForm(b: SupplyBouquet): BouquetForm {
  const { productId, description, category, colour, colourHex, imageName, unitOfMeasure, bouquet } = b;
  const prices = { price: b.price.toFixed(2), pricePerBouquet: b.pricePerBouquet.toFixed(2), pricePerBouquetNoBox: b.pricePerBouquetNoBox.toFixed(2) };
  return { productId, description, category, colour, colourHex, imageName, ...prices, boxType: b.boxType ?? "", unitOfMeasure, packSize: String(b.packSize), bouquet };
}

/** The body the form sends, checked with the contract's schema: the code too for a new bouquet. */
export type BouquetSent = z.input<typeof BouquetUpdate> & { productId?: string };

/** The body from the form's values as typed: amounts as numbers, no box as null, the box ticked as a boolean. */
export function bouquetBody(v: Record<string, unknown>, isNew: boolean): BouquetSent {
  const t = (k: keyof BouquetForm) => textOf(v[k]);
  return {
    ...(isNew ? { productId: t("productId") } : {}),
    description: t("description"),
    category: t("category"),
    colour: t("colour"),
    colourHex: t("colourHex"),
    imageName: t("imageName"),
    // The list price is the boxed price unless typed.
    price: num(t("price")) ?? num(t("pricePerBouquet")),
    pricePerBouquet: num(t("pricePerBouquet")),
    pricePerBouquetNoBox: num(t("pricePerBouquetNoBox")),
    boxType: t("boxType") || null,
    unitOfMeasure: t("unitOfMeasure"),
    packSize: num(t("packSize")),
    bouquet: v.bouquet === "on",
  } as z.input<typeof BouquetCreate>;
}

export function usePackages() {
  return useQuery({
    queryKey: ["supply", "packages"],
    queryFn: () =>
      api.get("/api/Supply/Packages", undefined, SupplyPackageList),
  });
}

export function BouquetFormView({ initial, isNew, submitLabel, onSubmit }: RecordFormProps<BouquetForm, BouquetSent>) {
  const kit = useContractBodyForm(isNew ? BouquetCreate : BouquetUpdate, (v) => bouquetBody(v, isNew), onSubmit, { defaultValue: initial });
  const { id, input, select, field } = recordControls(kit, isNew ? "b" : "be");
  const colourHex = textOf(kit.fields.colourHex?.value);
  const packages = usePackages();
  const boxes = (packages.data?.packages ?? []).filter((p) => p.category === "boxes" && (p.active || p.type === initial.boxType));
  const boxOptions: [string, string][] = [["", "No box"], ...boxes.map((b): [string, string] => [b.type, `${b.description} (${b.type}) · ${money(b.price)}${b.active ? "" : " · retired"}`])];
  const swatch = (
    <img
      aria-hidden="true"
      alt=""
      src={artUrl(textOf(kit.fields.imageName?.value), /^#[0-9A-Fa-f]{6}$/.test(colourHex) ? colourHex : null)}
      className="h-11 w-11 shrink-0 rounded-lg border border-line bg-white object-contain"
    />
  );
  const checkbox = <FormCheckbox id={id("bouquet")} name="bouquet" label="A made-up bouquet (not a plain bunch)" defaultChecked={initial.bouquet} />;
  return (
    <RecordForm kit={kit} submitLabel={submitLabel} after={checkbox}>
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
    </RecordForm>
  );
}
