import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";
import { customers, users } from "./accounts.ts";
import { productLineColumns } from "./catalog.ts";

export const ORDER_STATUSES = ["submitted", "confirmed", "shipped", "invoiced", "cancelled"] as const;

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderNumber: integer("order_number").notNull().unique().generatedAlwaysAsIdentity({ startWith: 100001 }),
    store: text("store", { enum: ["wholesale", "mm"] }).notNull(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.customerId),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    retailerId: integer("retailer_id").notNull().default(0),
    /** The staff member who placed the order while impersonating. */
    salesUserId: text("sales_user_id").references(() => users.id),
    shipDate: date("ship_date", { mode: "string" }).notNull(),
    receivingDate: date("receiving_date", { mode: "string" }),
    boxed: boolean("boxed").notNull().default(false),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("submitted"),
    subtotalCents: integer("subtotal_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The voucher applied at checkout and what it took off the subtotal (total = subtotal - discount). */
    voucherCode: text("voucher_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    idempotencyKey: text("idempotency_key"),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    notes: text("notes"),
    /** The buyer's purchase order number and delivery notes, typed at checkout (issue 29). */
    poNumber: text("po_number"),
    deliveryNotes: text("delivery_notes"),
    packedAt: timestamp("packed_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    check("orders_po_number_length", sql`${t.poNumber} IS NULL OR char_length(${t.poNumber}) <= 40`),
    check("orders_delivery_notes_length", sql`${t.deliveryNotes} IS NULL OR char_length(${t.deliveryNotes}) <= 500`),
    check("orders_status", sql`${t.status} in ('submitted', 'confirmed', 'shipped', 'invoiced', 'cancelled')`),
    index("orders_status_ship_date_idx").on(t.status, t.shipDate),
    uniqueIndex("orders_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("orders_customer_idx").on(t.customerId, t.placedAt),
    index("orders_ship_date_idx").on(t.shipDate),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: childOf("order_id", () => orders.id),
    ...productLineColumns(),
    pails: integer("pails").notNull().default(0),
    looseBunches: integer("loose_bunches").notNull().default(0),
    pailPriceCents: integer("pail_price_cents").notNull().default(0),
    bunchPriceCents: integer("bunch_price_cents").notNull().default(0),
    quantityConfirmed: integer("quantity_confirmed").notNull().default(0),
    quantityPending: integer("quantity_pending").notNull().default(0),
    lineTotalCents: integer("line_total_cents").notNull(),
    boxType: text("box_type"),
    unitOfMeasure: text("unit_of_measure").notNull().default(""),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_product_idx").on(t.productId),
    check("order_lines_quantity", sql`${t.quantity} > 0`),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    /** From the "invoice" row of document_counters, in the shipping transaction: unique and gap-free. */
    invoiceNumber: integer("invoice_number").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.customerId),
    invoiceDate: date("invoice_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    terms: text("terms").notNull().default("Net 30"),
    subtotalCents: integer("subtotal_cents").notNull(),
    /** Basis points: 825 = 8.25 %. */
    taxRateBp: integer("tax_rate_bp").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    paid: boolean("paid").notNull().default(false),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("invoices_customer_idx").on(t.customerId, t.invoiceDate),
    index("invoices_date_idx").on(t.invoiceDate, t.invoiceNumber),
    index("invoices_paid_idx").on(t.paid, t.invoiceDate),
    check("invoices_amounts", sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    invoiceId: childOf("invoice_id", () => invoices.id),
    productId: text("product_id").notNull(),
    description: text("description").notNull(),
    /** Whole pails on a by-the-pail line (quantity is bunches); 0 for loose bunches. */
    pails: integer("pails").notNull().default(0),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
  },
  (t) => [index("invoice_lines_invoice_idx").on(t.invoiceId)],
);

/**
 * Gap-free document numbers: one row per kind ("invoice", "credit_note"), incremented inside the
 * transaction that issues the document. Concurrent issuers queue on the row lock; a rollback gives
 * the number back, so no number is ever skipped (a sequence would skip it).
 */
export const documentCounters = pgTable("document_counters", {
  name: text("name").primaryKey(),
  lastValue: integer("last_value").notNull(),
});

/** A correction of an issued invoice (which itself is never edited): credited lines, with its own number. */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    creditNoteNumber: integer("credit_note_number").notNull().unique(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.customerId),
    creditDate: date("credit_date", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    createdBy: text("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_notes_invoice_idx").on(t.invoiceId),
    check("credit_notes_amounts", sql`${t.subtotalCents} > 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
  ],
);

export const creditNoteLines = pgTable(
  "credit_note_lines",
  {
    id: serial("id").primaryKey(),
    creditNoteId: childOf("credit_note_id", () => creditNotes.id),
    invoiceLineId: integer("invoice_line_id")
      .notNull()
      .references(() => invoiceLines.id),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
  },
  (t) => [index("credit_note_lines_note_idx").on(t.creditNoteId), index("credit_note_lines_invoice_line_idx").on(t.invoiceLineId), check("credit_note_lines_quantity", sql`${t.quantity} > 0`)],
);
