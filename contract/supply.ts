// The supply desk (issue 25; docs/domain-supply.md): request and response shapes of /api/Supply/*.
// Staff publish products, catalogs (a run of ship dates, for every customer of a kind or some) and
// their offer lines; the fresh-list upload sets or adds quantities from a CSV. Money is dollars.
import { z } from "zod";
import "./common.ts";
import { IsoDate, ShortText } from "./common.ts";
import { CATEGORIES, MAX_PRICE_CENTS, MAX_QUANTITY, MIN_PRICE_CENTS, PRODUCT_IMAGES, UNITS_OF_MEASURE, VARIETIES } from "../domain/supply.ts";
import { DigitsParam } from "./common.ts";

const WHOLE = "Only whole numbers are allowed";
const whole = (min: number, max: number) =>
  z.number({ error: "Only numbers are allowed" }).int(WHOLE).min(min, `At least ${min}`).max(max, `At most ${max.toLocaleString("en-US")}`);

/** A price per bunch in dollars: more than $0, at most $500, whole cents. */
const PRICE_RANGE = `A price must be between $0.01 and $${MAX_PRICE_CENTS / 100} a bunch`;
export const Price = z
  .number({ error: "Only numbers are allowed" })
  // Bounds in the schema too, so the API document states them (docs/security.md).
  .min(MIN_PRICE_CENTS / 100, PRICE_RANGE)
  .max(MAX_PRICE_CENTS / 100, PRICE_RANGE)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "At most two decimals");

/** A product code: letters, digits and dashes, as the grower's labels print it (upper-cased). */
export const ProductCode = z
  .string()
  .trim()
  .min(2, "At least 2 characters")
  .max(40, "Maximum 40 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, "Letters, digits and dashes only")
  .transform((s) => s.toUpperCase());
export const ProductParams = z.object({ productId: ProductCode });

const ProductFields = {
  description: ShortText(200),
  variety: z.enum(VARIETIES as unknown as [string, ...string[]], { error: `Choose one of: ${VARIETIES.join(", ")}` }),
  category: z.enum(CATEGORIES as unknown as [string, ...string[]], { error: `Unknown category: choose one of ${CATEGORIES.join(", ")}` }),
  colour: ShortText(40),
  colourHex: z.string().trim().regex(/^#[0-9A-Fa-f]{6}$/, "A colour like #F4A6C0").transform((s) => s.toUpperCase()),
  grade: z.string().trim().max(40, "Maximum 40 characters").default(""),
  stemLengthCm: whole(1, 300).nullable().default(null),
  unitOfMeasure: z.enum(UNITS_OF_MEASURE, { error: `Choose one of: ${UNITS_OF_MEASURE.join(", ")}` }),
  unitOfMeasureQty: whole(1, 500),
  stemsPerBunch: whole(1, 500),
  bunchesPerBox: whole(1, 1000),
  /** Omitted: stems per bunch × bunches per box. */
  stemsPerBox: whole(1, 500_000).optional(),
  image: z.enum(PRODUCT_IMAGES, { error: `Choose one of: ${PRODUCT_IMAGES.join(", ")}` }),
  showStore: z.boolean().default(true),
};

export const ProductCreate = z.object({ productId: ProductCode, ...ProductFields }).strict();
export type ProductCreate = z.infer<typeof ProductCreate>;
export const ProductUpdate = z
  .object({
    description: ProductFields.description,
    variety: ProductFields.variety,
    category: ProductFields.category,
    colour: ProductFields.colour,
    colourHex: ProductFields.colourHex,
    grade: z.string().trim().max(40, "Maximum 40 characters"),
    stemLengthCm: whole(1, 300).nullable(),
    unitOfMeasure: ProductFields.unitOfMeasure,
    unitOfMeasureQty: ProductFields.unitOfMeasureQty,
    stemsPerBunch: ProductFields.stemsPerBunch,
    bunchesPerBox: ProductFields.bunchesPerBox,
    stemsPerBox: whole(1, 500_000),
    image: ProductFields.image,
    showStore: z.boolean(),
    /** false retires the product (no longer offered or sold); true brings it back. */
    active: z.boolean(),
  })
  .partial()
  .strict();
export type ProductUpdate = z.infer<typeof ProductUpdate>;

export const SupplyProduct = z.object({
  productId: z.string(),
  description: z.string(),
  variety: z.string(),
  category: z.string(),
  colour: z.string(),
  colourHex: z.string(),
  grade: z.string(),
  stemLengthCm: z.number().int().nullable(),
  unitOfMeasure: z.string(),
  unitOfMeasureQty: z.number().int(),
  stemsPerBunch: z.number().int(),
  bunchesPerBox: z.number().int(),
  stemsPerBox: z.number().int(),
  image: z.string(),
  showStore: z.boolean(),
  active: z.boolean(),
  /** Bunches ever ordered (not cancelled orders); a product ever ordered is retired, never deleted. */
  ordered: z.number().int(),
  /** Offer lines naming it. */
  offerLines: z.number().int(),
});
export type SupplyProduct = z.infer<typeof SupplyProduct>;
export const SupplyProductList = z.object({ products: z.array(SupplyProduct), truncated: z.boolean() });
export type SupplyProductList = z.infer<typeof SupplyProductList>;
export const ProductQuery = z.object({ q: z.string().trim().max(100).optional(), retired: z.enum(["true", "false"]).optional() });

export const ProductDeleted = z.object({ deleted: z.literal(true) });

// ---- catalogs ---------------------------------------------------------------------------------

export const CatalogKind = z.enum(["wholesale", "massMarket"]);
export const CatalogParams = z.object({ catalogId: DigitsParam(1) });
export const LineParams = z.object({ catalogId: DigitsParam(1), lineId: DigitsParam(1) });

export const CatalogBody = z
  .object({
    kind: CatalogKind.default("wholesale"),
    title: ShortText(120),
    shipDateFrom: IsoDate,
    shipDateTo: IsoDate,
    /** Only these customers see it; empty: every customer of its kind. */
    customerIds: z.array(z.string().trim().min(1).max(40)).max(500).default([]),
  })
  .strict()
  .refine((c) => c.shipDateFrom <= c.shipDateTo, { message: "The last ship date is before the first", path: ["shipDateTo"] });
export type CatalogBody = z.infer<typeof CatalogBody>;

export const SupplyCatalog = z.object({
  catalogId: z.number().int(),
  orderId: z.number().int(),
  kind: CatalogKind,
  title: z.string(),
  shipDateFrom: z.string(),
  shipDateTo: z.string(),
  customerIds: z.array(z.string()),
  lines: z.number().int(),
});
export type SupplyCatalog = z.infer<typeof SupplyCatalog>;
export const SupplyCatalogList = z.object({ catalogs: z.array(SupplyCatalog) });
export const CatalogQuery = z.object({ from: IsoDate.optional(), to: IsoDate.optional() });

// ---- offer lines ------------------------------------------------------------------------------

export const QuantityMode = z.enum(["set", "add"]);

/** Every price an offer line carries; any left out of an edit keeps its value. */
const LinePriceFields = {
  /** Standard price of a bunch bought by the pail, and loose. */
  price: Price,
  priceNoPail: Price,
  special: z.boolean(),
  /** The special's prices (required when special). */
  specialPrice: Price.nullable(),
  specialPriceNoPail: Price.nullable(),
  /** Tier 1 and 2: from this many bunches (0: no tier), at these prices. */
  tier1Quantity: whole(0, MAX_QUANTITY),
  tier1Price: Price.nullable(),
  tier1PriceNoPail: Price.nullable(),
  tier2Quantity: whole(0, MAX_QUANTITY),
  tier2Price: Price.nullable(),
  tier2PriceNoPail: Price.nullable(),
};
const LineFlags = {
  showStore: z.boolean(),
  isFinalProduct: z.boolean(),
  nextAvailableDate: IsoDate.nullable(),
};

export const LineCreate = z
  .object({ ...LinePriceFields, ...LineFlags })
  .partial()
  .extend({ productId: ProductCode, quantity: whole(0, MAX_QUANTITY), price: Price, priceNoPail: Price })
  .strict();
export type LineCreate = z.infer<typeof LineCreate>;
export const LineEdit = z
  .object({ quantity: whole(0, MAX_QUANTITY), mode: QuantityMode.default("set"), ...LinePriceFields, ...LineFlags })
  .partial()
  .strict();
export type LineEdit = z.infer<typeof LineEdit>;

export const LineBuyer = z.object({ customerId: z.string(), companyName: z.string(), orderNumber: z.number().int(), quantity: z.number().int() });

export const SupplyLine = z.object({
  lineId: z.number().int(),
  catalogId: z.number().int(),
  productId: z.string(),
  description: z.string(),
  category: z.string(),
  colour: z.string(),
  productActive: z.boolean(),
  /** null: stock not confirmed yet ("Availability Pending"). */
  quantity: z.number().int().nullable(),
  sold: z.number().int(),
  held: z.number().int(),
  free: z.number().int(),
  price: z.number(),
  priceNoPail: z.number(),
  special: z.boolean(),
  specialPrice: z.number(),
  specialPriceNoPail: z.number(),
  tier1Quantity: z.number().int(),
  tier1Price: z.number(),
  tier1PriceNoPail: z.number(),
  tier2Quantity: z.number().int(),
  tier2Price: z.number(),
  tier2PriceNoPail: z.number(),
  showStore: z.boolean(),
  isFinalProduct: z.boolean(),
  nextAvailableDate: z.string().nullable(),
  /** Who bought it: placed, not cancelled orders. */
  buyers: z.array(LineBuyer),
});
export type SupplyLine = z.infer<typeof SupplyLine>;
export const SupplyLineList = z.object({ catalog: SupplyCatalog, lines: z.array(SupplyLine) });
export type SupplyLineList = z.infer<typeof SupplyLineList>;

// ---- the fresh-list upload ----------------------------------------------------------------------

export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 10_000;
/** The upload's columns; product and quantity are required, the rest optional (left out: kept). */
export const UPLOAD_COLUMNS = [
  "product",
  "shipDate",
  "quantity",
  "price",
  "priceNoPail",
  "special",
  "specialPrice",
  "specialPriceNoPail",
  "tier1Quantity",
  "tier1Price",
  "tier1PriceNoPail",
  "tier2Quantity",
  "tier2Price",
  "tier2PriceNoPail",
  "showStore",
  "isFinalProduct",
  "nextAvailableDate",
] as const;
export const UPLOAD_REQUIRED = ["product", "quantity"] as const;

/** The largest XLSX file, as base64 text (4 characters for every 3 bytes). */
export const UPLOAD_MAX_BASE64 = Math.ceil(UPLOAD_MAX_BYTES / 3) * 4;
const TOO_LARGE = `The file is too large: at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;

export const UploadBody = z
  .object({
    mode: QuantityMode,
    /** The CSV file's text (UTF-8). */
    csv: z.string().max(UPLOAD_MAX_BYTES, TOO_LARGE).optional(),
    /** Or an XLSX workbook (Excel, Sheets, LibreOffice), base64: its first sheet is read. */
    xlsx: z
      .string()
      .max(UPLOAD_MAX_BASE64, TOO_LARGE)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "An XLSX file is sent as base64")
      .optional(),
  })
  .strict()
  .refine((b) => (b.csv === undefined) !== (b.xlsx === undefined), { message: "Send the file as csv or as xlsx (one of them)", path: ["csv"] });
export type UploadBody = z.infer<typeof UploadBody>;

export const UploadRow = z.object({
  line: z.number().int(),
  productId: z.string(),
  description: z.string(),
  action: z.enum(["add", "change", "unchanged", "refuse"]),
  /** Quantity on offer before and after (null: not offered yet / not confirmed). */
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
  sold: z.number().int(),
  held: z.number().int(),
  /** Why a row is refused, one message per problem. */
  reasons: z.array(z.string()),
});
export type UploadRow = z.infer<typeof UploadRow>;
export const UploadResult = z.object({
  mode: QuantityMode,
  applied: z.boolean(),
  counts: z.object({ add: z.number().int(), change: z.number().int(), unchanged: z.number().int(), refuse: z.number().int() }),
  rows: z.array(UploadRow),
});
export type UploadResult = z.infer<typeof UploadResult>;

// ---- "copy this day to …" -------------------------------------------------------------------------

/** What to do with a product the target catalog already offers. */
export const CopyExisting = z.enum(["skip", "overwrite"]);
export const CopyBody = z
  .object({
    /** Copy into this catalog … */
    toCatalogId: z.number().int().min(1).max(2147483647).optional(),
    /** … or into a new one-day catalog for this ship date (same customers as the source). */
    toShipDate: IsoDate.optional(),
    /** Lines the target already has: left as they are, or set to the source's quantity and prices (never below sold + held). */
    existing: CopyExisting,
  })
  .strict()
  .refine((b) => (b.toCatalogId === undefined) !== (b.toShipDate === undefined), { message: "Choose a catalog or a ship date to copy to", path: ["toCatalogId"] });
export type CopyBody = z.infer<typeof CopyBody>;

export const CopyRow = z.object({
  productId: z.string(),
  description: z.string(),
  action: z.enum(["add", "overwrite", "unchanged", "skip", "refuse"]),
  /** Quantity on offer in the target before and after (null: not offered there). */
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
  /** Sold and held of the target's line. */
  sold: z.number().int(),
  held: z.number().int(),
  /** Why a row is skipped or refused. */
  reasons: z.array(z.string()),
});
export type CopyRow = z.infer<typeof CopyRow>;
export const CopyResult = z.object({
  existing: CopyExisting,
  applied: z.boolean(),
  /** The target (null: a new catalog that applying will open). */
  toCatalog: SupplyCatalog.nullable(),
  toShipDateFrom: z.string(),
  toShipDateTo: z.string(),
  counts: z.object({ add: z.number().int(), overwrite: z.number().int(), unchanged: z.number().int(), skip: z.number().int(), refuse: z.number().int() }),
  rows: z.array(CopyRow),
});
export type CopyResult = z.infer<typeof CopyResult>;
