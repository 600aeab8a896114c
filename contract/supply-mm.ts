// The supply desk's mass-market half (issue 25; docs/domain-supply.md): request and response shapes of
// /api/Supply/Bouquets*, /api/Supply/Packages* and a mass-market catalog's bouquet lines
// (/api/Supply/Catalogs/{catalogId}/Bouquets*). Money is dollars.
import { z } from "zod";
import "./common.ts";
import { DigitsParam, ShortText } from "./common.ts";
import { MAX_PACKAGE_PRICE_CENTS, MM_CATEGORIES, MM_IMAGES, MM_UNITS, PACKAGE_CATEGORIES } from "../domain/supply-mm.ts";
import { MAX_QUANTITY } from "../domain/supply.ts";
import { BouquetIdentity, BouquetPacking } from "./mm.ts";
import { Price, ProductCode } from "./supply.ts";

const WHOLE = "Only whole numbers are allowed";
const whole = (min: number, max: number) =>
  z.number({ error: "Only numbers are allowed" }).int(WHOLE).min(min, `At least ${min}`).max(max, `At most ${max.toLocaleString("en-US")}`);

/** A box type's code: letters, digits and dashes, upper-cased (BX-M, RFLP1). */
export const PackageType = z
  .string()
  .trim()
  .min(2, "At least 2 characters")
  .max(20, "Maximum 20 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, "Letters, digits and dashes only")
  .transform((s) => s.toUpperCase());

const PACKAGE_PRICE = `A package costs between $0.00 and $${MAX_PACKAGE_PRICE_CENTS / 100}`;
/** What a box or the pail fee costs, in dollars: $0 (free) to $100, whole cents. */
export const PackagePrice = z
  .number({ error: "Only numbers are allowed" })
  .min(0, PACKAGE_PRICE)
  .max(MAX_PACKAGE_PRICE_CENTS / 100, PACKAGE_PRICE)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "At most two decimals");

// ---- bouquets ---------------------------------------------------------------------------------

export const BouquetParams = z.object({ productId: ProductCode });

const BouquetFields = {
  description: ShortText(200),
  category: z.enum(MM_CATEGORIES, { error: `Unknown category: choose one of ${MM_CATEGORIES.join(", ")}` }),
  colour: ShortText(40),
  colourHex: z.string().trim().regex(/^#[0-9A-Fa-f]{6}$/, "A colour like #F4A6C0").transform((s) => s.toUpperCase()),
  imageName: z.enum(MM_IMAGES, { error: `Choose one of: ${MM_IMAGES.join(", ")}` }),
  /** The list price of one bouquet, and by the boxed / unboxed cart (SPEC §4). */
  price: Price,
  pricePerBouquet: Price,
  pricePerBouquetNoBox: Price,
  /** A package of category boxes (null: needs no box). */
  boxType: PackageType.nullable(),
  unitOfMeasure: z.enum(MM_UNITS, { error: `Choose one of: ${MM_UNITS.join(", ")}` }),
  /** Bouquets in one pack (the retail shop orders whole packs). */
  packSize: whole(1, 1000),
  bouquet: z.boolean(),
};

export const BouquetCreate = z
  .object({ productId: ProductCode, ...BouquetFields, bouquet: BouquetFields.bouquet.default(true), boxType: BouquetFields.boxType.default(null) })
  .strict();
export type BouquetCreate = z.infer<typeof BouquetCreate>;
export const BouquetUpdate = z
  .object({
    ...BouquetFields,
    /** false retires the bouquet (no longer sold, kept for its orders); true brings it back. */
    active: z.boolean(),
  })
  .partial()
  .strict();
export type BouquetUpdate = z.infer<typeof BouquetUpdate>;

export const SupplyBouquet = z.object({
  ...BouquetIdentity,
  price: z.number(),
  pricePerBouquet: z.number(),
  pricePerBouquetNoBox: z.number(),
  ...BouquetPacking,
  active: z.boolean(),
  /** Bouquets ever ordered (any mass-market order line naming it); one ever ordered is retired, never deleted. */
  ordered: z.number().int(),
  /** Mass-market catalog lines naming it. */
  catalogLines: z.number().int(),
});
export type SupplyBouquet = z.infer<typeof SupplyBouquet>;
export const SupplyBouquetList = z.object({ bouquets: z.array(SupplyBouquet), truncated: z.boolean() });
export type SupplyBouquetList = z.infer<typeof SupplyBouquetList>;
export const BouquetQuery = z.object({ q: z.string().trim().max(100).optional() });

// ---- packages ---------------------------------------------------------------------------------

export const PackageParams = z.object({ type: PackageType });
const PackageFields = {
  category: z.enum(PACKAGE_CATEGORIES, { error: `Choose one of: ${PACKAGE_CATEGORIES.join(", ")}` }),
  size: ShortText(60),
  description: ShortText(120),
  price: PackagePrice,
};
export const PackageCreate = z.object({ type: PackageType, ...PackageFields }).strict();
export type PackageCreate = z.infer<typeof PackageCreate>;
export const PackageUpdate = z
  .object({ ...PackageFields, /** false retires it: no bouquet may take it any more. */ active: z.boolean() })
  .partial()
  .strict();
export type PackageUpdate = z.infer<typeof PackageUpdate>;

export const SupplyPackage = z.object({
  type: z.string(),
  category: z.string(),
  size: z.string(),
  description: z.string(),
  price: z.number(),
  active: z.boolean(),
  /** Bouquets whose box type it is. */
  bouquets: z.number().int(),
  /** Mass-market order lines charging it (box and pail fee lines). */
  orderLines: z.number().int(),
});
export type SupplyPackage = z.infer<typeof SupplyPackage>;
export const SupplyPackageList = z.object({ packages: z.array(SupplyPackage) });
export type SupplyPackageList = z.infer<typeof SupplyPackageList>;

// ---- a mass-market catalog's lines ------------------------------------------------------------------

export const MmLineParams = z.object({ catalogId: DigitsParam(1), productId: ProductCode });

/** A catalog's own prices; null: the bouquet's list price. */
const MmLinePrices = {
  price: Price.nullable(),
  pricePerBouquet: Price.nullable(),
  pricePerBouquetNoBox: Price.nullable(),
};
export const MmLineCreate = z
  .object({ productId: ProductCode, quantity: whole(0, MAX_QUANTITY), ...MmLinePrices })
  .partial({ price: true, pricePerBouquet: true, pricePerBouquetNoBox: true })
  .strict();
export type MmLineCreate = z.infer<typeof MmLineCreate>;
export const MmLineEdit = z
  .object({ quantity: whole(0, MAX_QUANTITY), mode: z.enum(["set", "add"]).default("set"), ...MmLinePrices })
  .partial()
  .strict();
export type MmLineEdit = z.infer<typeof MmLineEdit>;

export const SupplyMmLine = z.object({
  catalogId: z.number().int(),
  productId: z.string(),
  description: z.string(),
  category: z.string(),
  colourHex: z.string(),
  imageName: z.string(),
  productActive: z.boolean(),
  quantity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  free: z.number().int(),
  /** The catalog's own prices (null: the list price, shown in `list*`). */
  price: z.number().nullable(),
  pricePerBouquet: z.number().nullable(),
  pricePerBouquetNoBox: z.number().nullable(),
  listPrice: z.number(),
  listPricePerBouquet: z.number(),
  listPricePerBouquetNoBox: z.number(),
});
export type SupplyMmLine = z.infer<typeof SupplyMmLine>;
export const SupplyMmLineList = z.object({
  catalog: z.object({ catalogId: z.number().int(), orderId: z.number().int(), kind: z.literal("massMarket"), title: z.string(), shipDateFrom: z.string(), shipDateTo: z.string() }),
  lines: z.array(SupplyMmLine),
});
export type SupplyMmLineList = z.infer<typeof SupplyMmLineList>;
