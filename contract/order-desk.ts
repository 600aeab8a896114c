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

/** "today": the orders that need action (submitted, pending lines, to pack, to ship) up to a week ahead, overdue ones too. */
export const DeskView = z.enum(["today", "all"]);
export const DeskStore = z.enum(["wholesale", "mm"]);

export const DeskOrderQuery = z.object({
  view: DeskView.optional(),
  shipDate: IsoDate.optional(),
  status: OrderStatus.optional(),
  customerId: CustomerCode.optional(),
  store: DeskStore.optional(),
});
export type DeskOrderQuery = z.infer<typeof DeskOrderQuery>;

/** What an open order waits for: pending lines decided, the order confirmed, packed, shipped. */
export const DeskStep = z.enum(["decide", "confirm", "pack", "ship"]);
export type DeskStep = z.infer<typeof DeskStep>;

export const DeskOrderSummary = z.object({
  orderNumber: z.number().int(),
  /** Which store it was placed in: the wholesale store or the mass-market store (/MM). */
  store: DeskStore,
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
  /** When ordering for this ship date closes for this customer (ISO instant), null without ship times. */
  cutoff: z.string().nullable(),
  nextStep: DeskStep.nullable(),
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

/** One ship date of the list: how many of its orders wait for each step. */
export const DeskDay = z.object({
  shipDate: z.string(),
  orders: z.number().int(),
  decide: z.number().int(),
  confirm: z.number().int(),
  pack: z.number().int(),
  ship: z.number().int(),
});
export type DeskDay = z.infer<typeof DeskDay>;

export const DeskOrderList = z.object({
  /** By ship date, then by the customer's cut-off on that date. */
  orders: z.array(DeskOrderSummary),
  days: z.array(DeskDay),
  /** Per product over the listed (not cancelled) orders; only when one ship date is asked for. */
  dayTotals: z.array(DayTotal),
  /** True when more orders matched than the list holds (500). */
  truncated: z.boolean(),
});
export type DeskOrderList = z.infer<typeof DeskOrderList>;

/** A line on the desk: mass-market lines carry their box type and label data; fee lines (boxes, pails) follow the bouquets. */
export const DeskOrderLine = OrderLine.extend({
  fee: z.boolean(),
  boxType: z.string().nullable(),
  unitOfMeasure: z.string(),
  barcodeNumber: z.string().nullable(),
  barcodeTop: z.string().nullable(),
  barcodeLeft: z.string().nullable(),
  barcodeBottom: z.string().nullable(),
});
export type DeskOrderLine = z.infer<typeof DeskOrderLine>;

export const DeskOrder = DeskOrderSummary.extend({
  userEmail: z.string(),
  /** Where the order's mails go: the customer's address, else the ordering user's. */
  mailTo: z.string(),
  receivingDate: z.string().nullable(),
  boxed: z.boolean(),
  lines: z.array(DeskOrderLine),
  subtotal: Money,
  voucherCode: z.string().nullable(),
  discount: Money,
  /** The buyer's purchase order number and delivery notes from checkout. */
  poNumber: z.string().nullable(),
  deliveryNotes: z.string().nullable(),
  actions: z.array(DeskOrderAction),
  invoiceNumber: z.number().int().nullable(),
  /** True while today (New York) is before the ship date: shipping now needs a reason. */
  shipsEarly: z.boolean(),
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

/** Shipping before the ship date needs a reason, which is audited. */
export const ShipBody = z.object({ reason: z.string().trim().max(500, "Maximum 500 characters").refine((s) => !s.includes("\0"), "Invalid format").optional() }).strict();
export type ShipBody = z.infer<typeof ShipBody>;

/**
 * Several orders or lines at once: "confirm" confirms every pending bunch of the named orders (or
 * lines) and then each order; "decline" declines their pending bunches. All or nothing: one refusal
 * and nothing is written.
 */
const OrderNumberValue = z.number({ error: INTEGER_ONLY_MESSAGE }).int(INTEGER_ONLY_MESSAGE).min(1, INTEGER_ONLY_MESSAGE).max(2_147_483_647, INTEGER_ONLY_MESSAGE);

export const BulkBody = z
  .object({
    action: z.enum(["confirm", "decline"], { error: "Choose confirm or decline" }),
    orders: z.array(OrderNumberValue).max(100, "At most 100 orders at once").default([]),
    lines: z.array(z.object({ orderNumber: OrderNumberValue, lineId: OrderNumberValue }).strict()).max(200, "At most 200 lines at once").default([]),
  })
  .strict()
  .refine((b) => b.orders.length + b.lines.length > 0, { message: "Select at least one order or line", path: ["orders"] });
export type BulkBody = z.infer<typeof BulkBody>;
export type BulkInput = z.input<typeof BulkBody>;

export const BulkResult = z.object({ orders: z.array(DeskOrder) });
export type BulkResult = z.infer<typeof BulkResult>;

export const CancelBody = z.object({ reason: z.string().trim().max(500, "Maximum 500 characters").refine((s) => !s.includes("\0"), "Invalid format").optional() }).strict();
export type CancelBody = z.infer<typeof CancelBody>;
