import { z } from "zod";
import { CartVersion, INT4_MAX, ISO_DATE_PATTERN, IsoDate, printable } from "./common.ts";
import { ShipTime } from "./user.ts";
import { checkBarcode } from "../domain/barcode.ts";
import { REQUIRED_MESSAGE } from "../domain/constants.ts";

/**
 * Mass-market store contract (SPEC §3 "Product (MM store)", "Cart (MM)", "Cart item (MM)", "Package";
 * §7 MM store calls). Money travels as dollars with two decimals; the server computes in integer cents.
 */
const Money = z.number();

/** A ship date with a time (`2026-11-23T00:00:00`, SPEC §7 shipDateTime), or a bare date; the date part is used. */
export const ShipDateTime = z
  .string()
  .trim()
  // The date part spelt as IsoDate's pattern, so the document refuses 2026-02-30 as the server does.
  .regex(new RegExp(`^${ISO_DATE_PATTERN.source.slice(1, -1)}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$`), "Invalid format")
  .transform((s) => s.slice(0, 10))
  .pipe(IsoDate);

export const MmProfile = z.object({
  shipTimes: z.array(ShipTime),
  alwaysBoxed: z.boolean(),
  /** The next ship dates the customer may choose. */
  openDates: z.array(z.string()),
});
export type MmProfile = z.infer<typeof MmProfile>;

export const MmPackage = z.object({
  type: z.string(),
  category: z.string(),
  size: z.string(),
  description: z.string(),
  price: Money,
});
export type MmPackage = z.infer<typeof MmPackage>;

export const MmCatalog = z.object({
  orderId: z.number().int(),
  title: z.string(),
  shipDateFrom: z.string(),
  shipDateTo: z.string(),
});
export type MmCatalog = z.infer<typeof MmCatalog>;

/** What names and shows a bouquet, the same in the MM store and on the supply desk (contract/supply-mm.ts). */
export const BouquetIdentity = {
  productId: z.string(),
  description: z.string(),
  category: z.string(),
  colour: z.string(),
  colourHex: z.string(),
  imageName: z.string(),
};
/** How a bouquet is packed and sold, the same in the MM store and on the supply desk. */
export const BouquetPacking = {
  boxType: z.string().nullable(),
  unitOfMeasure: z.string(),
  packSize: z.number().int(),
  bouquet: z.boolean(),
};

export const MmProduct = z.object({
  ...BouquetIdentity,
  /** The catalog's price of the item (its list price unless the catalog sets one). */
  price: Money,
  pricePerBouquet: Money,
  pricePerBouquetNoBox: Money,
  ...BouquetPacking,
  /** Bouquets this buyer could still take (its own holds included). */
  available: z.number().int(),
  offerOrderNumber: z.number().int(),
});
export type MmProduct = z.infer<typeof MmProduct>;

/** A shelf label's own text: printed only, so only what the label can print (domain/printable.ts). */
const LabelText = z.string().trim().max(40, "Maximum 40 characters").superRefine(printable);

export const MmCartItem = z.object({
  /** 0 for a fee line (boxes, pails): those are recomputed from the rest of the cart. */
  id: z.number().int(),
  productId: z.string(),
  description: z.string(),
  category: z.string(),
  colour: z.string(),
  colourHex: z.string(),
  imageName: z.string(),
  quantity: z.number().int(),
  price: Money,
  lineTotal: Money,
  unitOfMeasure: z.string(),
  unitOfMeasureQty: z.number().int(),
  boxType: z.string().nullable(),
  boxed: z.boolean(),
  available: z.number().int().nullable(),
  barcodeBottom: z.string().nullable(),
  barcodeLeft: z.string().nullable(),
  barcodeTop: z.string().nullable(),
  barcodeNumber: z.string().nullable(),
  offerOrderNumber: z.number().int().nullable(),
  boughtIn: z.boolean(),
  bouquet: z.boolean(),
  /** A bouquet's pack size; on a box or pail line, the size of its package (SPEC §4 "Fee rules (MM)"), e.g. "Large 80x40x25 cm". */
  packSize: z.union([z.number().int(), z.string()]).nullable(),
  /** Why the last save changed this line (capped to what remains), if it did. */
  message: z.string().nullable(),
});
export type MmCartItem = z.infer<typeof MmCartItem>;

export const MmCartMessage = z.object({ productId: z.string(), description: z.string(), message: z.string() });
export type MmCartMessage = z.infer<typeof MmCartMessage>;

export const MmCart = z.object({
  customerId: z.string(),
  shipDate: z.string().nullable(),
  boxed: z.boolean(),
  /** Bouquet lines first, then the fee lines ('boxes', 'pails'). */
  items: z.array(MmCartItem),
  /** ISO instant when the cart's holds lapse; null when it holds nothing. */
  holdTime: z.string().nullable(),
  version: z.number().int(),
  /** Sum of quantity x price of every line, fee lines included (SPEC §9). */
  total: Money,
  /** Bouquets in the cart: fee lines and an 'Eco Fee' left out. */
  itemCount: z.number().int(),
  /** Pails charged for (quantity of 'pails' lines). */
  pailTotal: z.number().int(),
  /** Lines the last save removed, with why; only on the answer to a save. */
  messages: z.array(MmCartMessage).optional(),
});
export type MmCart = z.infer<typeof MmCart>;

const Barcode = z
  .string()
  .trim()
  .max(13, "A barcode number has 12 digits (UPC-A) or 13 digits (EAN-13).")
  .superRefine((v, ctx) => {
    if (v === "") return;
    const r = checkBarcode(v);
    if (!r.ok) ctx.addIssue({ code: "custom", message: r.message });
  });

/**
 * A line as the client sends it. Only productId, quantity and the barcode fields are read; price,
 * description, category and the rest are the server's (a line whose category is 'boxes' or 'pails'
 * is a fee line and is recomputed, never taken). A barcode field left out is filled in from what
 * the customer used last time for the product; null or '' clears it.
 */
export const MmCartItemInput = z.object({
  productId: z.string().trim().min(1, REQUIRED_MESSAGE).max(60, "Maximum 60 characters"),
  category: z.string().max(60).nullable().optional(),
  quantity: z
    .number({ error: "Invalid Quantity: Please enter a valid quantity" })
    .int("Invalid Quantity: Please enter a valid quantity")
    .min(1, "Invalid Quantity: Please enter a valid quantity")
    .max(100_000, "Invalid Quantity: Please enter a valid quantity"),
  barcodeNumber: Barcode.nullable().optional(),
  barcodeTop: LabelText.nullable().optional(),
  barcodeLeft: LabelText.nullable().optional(),
  barcodeBottom: LabelText.nullable().optional(),
});
export type MmCartItemInput = z.infer<typeof MmCartItemInput>;

export const MmCartSaveBody = z.object({
  /** The ship date (no time); a value with a time is cut to its date. */
  shipDate: ShipDateTime.nullable().optional(),
  boxed: z.boolean().optional(),
  items: z.array(MmCartItemInput).max(500, "A cart holds at most 500 lines"),
  /** The version the client loaded; a stale version gets 409 with the current cart. */
  version: CartVersion,
});
export type MmCartSaveBody = z.infer<typeof MmCartSaveBody>;

/** CreateOrder's body is the cart; only its version is read (the order is the cart as saved). */
export const MmCreateOrderBody = z.object({ version: CartVersion }).loose();

export const MmOrderResponse = z.object({
  orderNumber: z.number().int(),
  shipDate: z.string(),
  total: Money,
  itemCount: z.number().int(),
});
export type MmOrderResponse = z.infer<typeof MmOrderResponse>;

export const MmOrderSummary = z.object({
  orderNumber: z.number().int(),
  customerId: z.string(),
  shipDate: z.string(),
  placedAt: z.string(),
  status: z.enum(["submitted", "confirmed", "shipped", "invoiced", "cancelled"]),
  boxed: z.boolean(),
  itemCount: z.number().int(),
  total: Money,
});
export type MmOrderSummary = z.infer<typeof MmOrderSummary>;

export const MmOrderLine = z.object({
  productId: z.string(),
  description: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  price: Money,
  lineTotal: Money,
  unitOfMeasure: z.string(),
  boxType: z.string().nullable(),
  /** True for a 'boxes' or 'pails' line. */
  fee: z.boolean(),
  barcodeNumber: z.string().nullable(),
  barcodeTop: z.string().nullable(),
  barcodeLeft: z.string().nullable(),
  barcodeBottom: z.string().nullable(),
});
export type MmOrderLine = z.infer<typeof MmOrderLine>;

export const MmOrder = MmOrderSummary.extend({
  lines: z.array(MmOrderLine),
  pailTotal: z.number().int(),
  salesUserId: z.string().nullable(),
});
export type MmOrder = z.infer<typeof MmOrder>;

/** A bouquet asked for (by a reorder or a standing program) that could not be added in full. */
export const MmNotAdded = z.object({
  productId: z.string(),
  description: z.string(),
  /** Bouquets asked for, and added. */
  asked: z.number().int(),
  added: z.number().int(),
  message: z.string(),
});
export type MmNotAdded = z.infer<typeof MmNotAdded>;

export const MmReorderBody = z.object({ orderNumber: z.number({ error: "Please choose an order" }).int("Please choose an order").min(1, "Please choose an order").max(INT4_MAX, "Please choose an order") });

/** Reorder's answer: the cart as saved, and what of the order could not be added. */
export const MmReorderResponse = z.object({ cart: MmCart, notAdded: z.array(MmNotAdded) });
export type MmReorderResponse = z.infer<typeof MmReorderResponse>;
