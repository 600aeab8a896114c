// The grower's order desk (staff) and a buyer's own change/cancel of an order: request and response
// shapes of /api/OrderDesk/* and /api/Orders/{userId}/{customerId}/{orderNumber}/(Lines|Cancel).
import { z } from "zod";
import "./common.ts";
import { IsoDate } from "./common.ts";
import { CustomerCode } from "./invoices.ts";
import { CustomerId, PositiveInt, UserId } from "./params.ts";
import { OrderLine, OrderStatus } from "./store.ts";
import { INTEGER_ONLY_MESSAGE } from "../domain/constants.ts";

const Money = z.number();

/** A whole number of bunches, 0 or more ("" or letters: 'Only integer values are allowed'). */
export const Bunches = z.coerce
  .number({ error: INTEGER_ONLY_MESSAGE })
  .int(INTEGER_ONLY_MESSAGE)
  .min(0, INTEGER_ONLY_MESSAGE)
  .max(100_000, "Maximum 100000");

export const DeskOrderAction = z.enum(["confirm", "changeLine", "confirmPending", "declinePending", "pack", "ship", "invoice", "cancel"]);

export const DeskOrderQuery = z.object({
  shipDate: IsoDate.optional(),
  status: OrderStatus.optional(),
  customerId: CustomerCode.optional(),
});
export type DeskOrderQuery = z.infer<typeof DeskOrderQuery>;

export const DeskOrderSummary = z.object({
  orderNumber: z.number().int(),
  customerId: z.string(),
  companyName: z.string(),
  retailerId: z.number().int(),
  shipDate: z.string(),
  placedAt: z.string(),
  status: OrderStatus,
  packed: z.boolean(),
  lineCount: z.number().int(),
  /** Bunches requested and not yet confirmed or declined. */
  pendingQuantity: z.number().int(),
  total: Money,
});
export type DeskOrderSummary = z.infer<typeof DeskOrderSummary>;

/** What to cut and pack: one product's bunches over the listed orders of one ship date. */
export const DayTotal = z.object({
  productId: z.string(),
  description: z.string(),
  quantityConfirmed: z.number().int(),
  quantityPending: z.number().int(),
  orders: z.number().int(),
});
export type DayTotal = z.infer<typeof DayTotal>;

export const DeskOrderList = z.object({
  orders: z.array(DeskOrderSummary),
  /** Per product over the listed (not cancelled) orders; only when one ship date is asked for. */
  dayTotals: z.array(DayTotal),
  /** True when more orders matched than the list holds (500). */
  truncated: z.boolean(),
});
export type DeskOrderList = z.infer<typeof DeskOrderList>;

export const DeskOrder = DeskOrderSummary.extend({
  userEmail: z.string(),
  receivingDate: z.string().nullable(),
  boxed: z.boolean(),
  lines: z.array(OrderLine),
  subtotal: Money,
  actions: z.array(DeskOrderAction),
  invoiceNumber: z.number().int().nullable(),
});
export type DeskOrder = z.infer<typeof DeskOrder>;

export const OrderNumberParams = z.object({ orderNumber: PositiveInt });
export const LineParams = OrderNumberParams.extend({ lineId: PositiveInt });
/** A buyer's own order: `{userId}/{customerId}/{orderNumber}`, the retailer in the query. */
export const BuyerOrderParams = z.object({ userId: UserId, customerId: CustomerId, orderNumber: PositiveInt });
export const BuyerLineParams = BuyerOrderParams.extend({ lineId: PositiveInt });

/** Confirm or decline part of a line's pending quantity; without `quantity`, all of it. */
export const PendingBody = z.object({ quantity: Bunches.pipe(z.number().min(1, INTEGER_ONLY_MESSAGE)).optional() }).strict();
export type PendingBody = z.infer<typeof PendingBody>;

/** A line's new quantity in bunches; 0 removes the line. */
export const ChangeLineBody = z.object({ quantity: Bunches }).strict();
export type ChangeLineBody = z.infer<typeof ChangeLineBody>;

export const CancelBody = z.object({ reason: z.string().trim().max(500, "Maximum 500 characters").refine((s) => !s.includes("\0"), "Invalid format").optional() }).strict();
export type CancelBody = z.infer<typeof CancelBody>;
