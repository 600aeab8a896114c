// The supply desk's record forms send what the contract's schema checks, and a value that does not
// pass gets the contract's message (SPEC §5's for a missing value or a non-number).
import { describe, expect, it } from "vitest";
import { BouquetCreate, BouquetUpdate, PackageCreate } from "../../../contract/supply-mm.ts";
import { ProductCreate, ProductUpdate } from "../../../contract/supply.ts";
import { bouquetBody } from "./mm-bouquet-form.tsx";
import { packageBody } from "./mm-package-form.tsx";
import { productBody, productSent } from "./product-form.tsx";

/** The first message a schema gives each field of a body. */
function messages(schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, body: unknown) {
  const out: Record<string, string> = {};
  for (const i of schema.safeParse(body).error?.issues ?? []) out[i.path.join(".")] ??= i.message;
  return out;
}

const bouquet = { productId: "mm-bq-1", description: "Lily bouquet", category: "Bouquets", colour: "Mixed", colourHex: "#F4A6C0", imageName: "lily", price: "", pricePerBouquet: "14.99", pricePerBouquetNoBox: "$14.79", boxType: "", unitOfMeasure: "Bunch", packSize: "6" };

describe("the bouquet form's body", () => {
  it("takes the boxed price as the list price when none is typed, no box as null, the box unticked as false", () => {
    const body = bouquetBody(bouquet, true);
    expect(body).toMatchObject({ productId: "mm-bq-1", price: 14.99, pricePerBouquet: 14.99, pricePerBouquetNoBox: 14.79, boxType: null, packSize: 6, bouquet: false });
    expect(BouquetCreate.safeParse(body).success).toBe(true);
    expect(bouquetBody({ ...bouquet, bouquet: "on" }, false)).not.toHaveProperty("productId");
    expect(bouquetBody({ ...bouquet, bouquet: "on" }, false).bouquet).toBe(true);
  });

  it("gets the contract's messages: a missing description, a price left empty, a pack size that is not a number", () => {
    // The contract words a number left empty as one that is not a number, as the server always did (null).
    expect(messages(BouquetUpdate, bouquetBody({ ...bouquet, description: " ", pricePerBouquetNoBox: " ", packSize: "six" }, false))).toEqual({
      description: "This field is required",
      pricePerBouquetNoBox: "Only numbers are allowed",
      packSize: "Only numbers are allowed",
    });
  });
});

describe("the package form's body", () => {
  it("refuses a price below $0 with the contract's message", () => {
    const body = packageBody({ type: "BX-M", category: "boxes", size: "50x30x20 cm", description: "Gift box", price: "-1" }, true);
    expect(messages(PackageCreate, body)).toEqual({ price: "A package costs between $0.00 and $100" });
  });
});

describe("the product form's body", () => {
  const product = { productId: "LIL-1", description: "Lily", variety: "lilies", category: "Lilies", colour: "White", colourHex: "#FFFFFF", grade: "", stemLengthCm: "", unitOfMeasure: "Pail", unitOfMeasureQty: "8", stemsPerBunch: "10", bunchesPerBox: "12", image: "lily", showStore: "on" };

  it("sends no stem length as null and the code only for a new product; an edit sends the fields without it", () => {
    const sent = productSent(product, true);
    expect(ProductCreate.safeParse(sent).success).toBe(true);
    expect(sent).toMatchObject({ productId: "LIL-1", stemLengthCm: null, unitOfMeasureQty: 8, showStore: true });
    expect(productBody(sent)).not.toHaveProperty("productId");
    expect(productSent({ ...product, showStore: undefined }, false)).toMatchObject({ showStore: false });
  });

  it("gets the contract's messages", () => {
    expect(messages(ProductUpdate, productSent({ ...product, stemLengthCm: "long", unitOfMeasureQty: "0", colourHex: "white" }, false))).toEqual({
      stemLengthCm: "Only numbers are allowed",
      unitOfMeasureQty: "At least 1",
      colourHex: "A colour like #F4A6C0",
    });
  });
});
