// The pick list of a ship date and the packing slip of an order (staff): /api/OrderDesk/PickList and
// /api/OrderDesk/Orders/{orderNumber}/PackingSlip. See docs/documents.md.
import { z } from "zod";
import { IsoDate } from "./common.ts";
import { OrderStatus } from "./store.ts";

export const DocumentFormat = z.enum(["json", "pdf", "csv"], { error: "Choose json, pdf or csv" });

export const PickListQuery = z.object({
  shipDate: IsoDate.describe("YYYY-MM-DD"),
  format: DocumentFormat.default("json"),
});
export type PickListQuery = z.infer<typeof PickListQuery>;

export const PackingSlipQuery = z.object({ format: DocumentFormat.exclude(["json"]).default("pdf") });

const Quantities = {
  /** Null when the product's stems a bunch are not known (mass-market bouquets). */
  stems: z.number().int().nullable(),
  /** Bunches (wholesale) or units (mass market) confirmed. */
  bunches: z.number().int(),
  /** Wholesale bunches not yet confirmed or declined (not in `bunches`). */
  pending: z.number().int(),
  pails: z.number().int(),
  boxes: z.number().int(),
};

export const PickListRow = z.object({ productId: z.string(), description: z.string(), orders: z.number().int(), ...Quantities });
export type PickListRow = z.infer<typeof PickListRow>;

export const PickListOrder = z.object({
  orderNumber: z.number().int(),
  store: z.enum(["wholesale", "mm"]),
  customerId: z.string(),
  companyName: z.string(),
  status: OrderStatus,
  packed: z.boolean(),
  boxed: z.boolean(),
  lineCount: z.number().int(),
});
export type PickListOrder = z.infer<typeof PickListOrder>;

export const PickList = z.object({
  shipDate: z.string(),
  /** Per product over the ship date's orders that are not cancelled, both stores, by description. */
  rows: z.array(PickListRow),
  totals: z.object(Quantities),
  orders: z.array(PickListOrder),
});
export type PickList = z.infer<typeof PickList>;
