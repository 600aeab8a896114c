import type { DbOrTx } from "../client.ts";
import { takeDocumentNumbers } from "../document-numbers.ts";
import { invoiceLines, invoices, orderLines, orders } from "../schema/index.ts";
import { invoiceLinesFor, taxCents, type OrderLineForInvoice } from "../../domain/invoicing.ts";
import { splitPails } from "../../domain/pricing.ts";
import { insertCustomer, insertUser } from "./accounts.ts";
import { addDays, isoDateAt } from "./dates.ts";
import { nextCode } from "./sequence.ts";

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLine = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;
export type Invoice = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type InvoiceLine = typeof invoiceLines.$inferSelect;
export type NewInvoiceLine = typeof invoiceLines.$inferInsert;

export type OrderLineInput = Omit<NewOrderLine, "orderId">;

export interface OrderLineOptions extends Partial<OrderLineInput> {
  /** Bunches per pail used to split quantity into pails and loose bunches (default 8). */
  unitOfMeasureQty?: number;
}

/**
 * An order line whose pails, loose bunches and total agree with its quantity and unit prices
 * (pail bunches at pailPriceCents, loose ones at bunchPriceCents) unless given explicitly.
 */
export function buildOrderLine(options: OrderLineOptions = {}): OrderLineInput {
  const { unitOfMeasureQty = 8, ...overrides } = options;
  const quantity = overrides.quantity ?? 10;
  const split = splitPails(quantity, unitOfMeasureQty);
  const pails = overrides.pails ?? split.pails;
  const looseBunches = overrides.looseBunches ?? split.looseBunches;
  const pailPriceCents = overrides.pailPriceCents ?? 1080;
  const bunchPriceCents = overrides.bunchPriceCents ?? 1200;
  const productId = overrides.productId ?? nextCode("TST-", 5);
  return {
    position: 0,
    productId,
    offerLineId: null,
    offerOrderNumber: null,
    description: `Test product ${productId}`,
    category: "Lilies",
    quantityConfirmed: quantity,
    quantityPending: 0,
    boxType: null,
    unitOfMeasure: "Pail",
    ...overrides,
    quantity,
    pails,
    looseBunches,
    pailPriceCents,
    bunchPriceCents,
    lineTotalCents:
      overrides.lineTotalCents ?? (quantity - looseBunches) * pailPriceCents + looseBunches * bunchPriceCents,
  };
}

export function buildOrder(
  overrides: Partial<NewOrder> & { customerId: string; userId: string },
): NewOrder {
  return {
    store: "wholesale",
    retailerId: 0,
    salesUserId: null,
    shipDate: addDays(isoDateAt(), 1),
    receivingDate: null,
    boxed: false,
    status: "submitted",
    subtotalCents: 0,
    totalCents: 0,
    ...overrides,
  };
}

export interface InsertOrderOptions extends Partial<NewOrder> {
  /** Default: two lines. Totals are summed from the lines unless given. */
  lines?: OrderLineOptions[];
}

/** Inserts an order with lines, creating a customer and a wholesaler user when not given. */
export async function insertOrder(
  db: DbOrTx,
  { lines = [{}, {}], ...overrides }: InsertOrderOptions = {},
): Promise<Order & { lines: OrderLine[] }> {
  const customerId = overrides.customerId ?? (await insertCustomer(db)).customerId;
  const userId = overrides.userId ?? (await insertUser(db, { customerIds: [customerId] })).id;
  const built = lines.map((l, i) => buildOrderLine({ position: i, ...l }));
  const subtotal = built.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const [order] = await db
    .insert(orders)
    .values(
      buildOrder({
        subtotalCents: subtotal,
        totalCents: overrides.subtotalCents ?? subtotal,
        ...overrides,
        customerId,
        userId,
      }),
    )
    .returning();
  const saved = built.length
    ? await db
        .insert(orderLines)
        .values(built.map((l) => ({ ...l, orderId: order!.id })))
        .returning()
    : [];
  return { ...order!, lines: saved };
}

// ---- invoices --------------------------------------------------------------------------------

export type LineForInvoice = OrderLineForInvoice;

/** Invoice lines for order lines (domain invoiceLinesFor). */
export const buildInvoiceLines = (lines: readonly LineForInvoice[]): Omit<NewInvoiceLine, "invoiceId">[] => invoiceLinesFor(lines);

export { taxCents };

export function buildInvoice(
  order: Pick<Order, "id" | "customerId" | "shipDate" | "subtotalCents">,
  overrides: Partial<NewInvoice> = {},
): Omit<NewInvoice, "invoiceNumber"> & { invoiceNumber?: number } {
  const taxRateBp = overrides.taxRateBp ?? 0;
  const invoiceDate = overrides.invoiceDate ?? order.shipDate;
  const tax = taxCents(order.subtotalCents, taxRateBp);
  return {
    orderId: order.id,
    customerId: order.customerId,
    invoiceDate,
    dueDate: addDays(invoiceDate, 30),
    terms: "Net 30",
    subtotalCents: order.subtotalCents,
    taxRateBp,
    taxCents: tax,
    totalCents: order.subtotalCents + tax,
    paid: false,
    paidAt: null,
    ...overrides,
  };
}

/** Invoices an order (its lines become invoice lines). Does not change the order's status. */
export async function insertInvoice(
  db: DbOrTx,
  order: Pick<Order, "id" | "customerId" | "shipDate" | "subtotalCents"> & { lines: LineForInvoice[] },
  overrides: Partial<NewInvoice> = {},
): Promise<Invoice & { lines: InvoiceLine[] }> {
  const invoiceNumber = overrides.invoiceNumber ?? (await takeDocumentNumbers(db, "invoice"));
  const [invoice] = await db.insert(invoices).values({ ...buildInvoice(order, overrides), invoiceNumber }).returning();
  const built = buildInvoiceLines(order.lines);
  const saved = built.length
    ? await db
        .insert(invoiceLines)
        .values(built.map((l) => ({ ...l, invoiceId: invoice!.id })))
        .returning()
    : [];
  return { ...invoice!, lines: saved };
}
