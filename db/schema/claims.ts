// Claims (issue 29 §1; docs/claims.md): a buyer reports a problem with an order line after it
// shipped (damaged, short, wrong item, quality) with up to 5 photos; staff accept it (fully or in
// part: a credit note on the order's invoice) or decline it with a reason.
import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";
import { customers, users } from "./accounts.ts";
import { creditNotes, orderLines, orders } from "./orders.ts";

export const CLAIM_REASONS = ["damaged", "short", "wrong_item", "quality"] as const;
export const CLAIM_STATUSES = ["open", "accepted", "partly_accepted", "declined"] as const;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const claims = pgTable(
  "claims",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.customerId),
    retailerId: integer("retailer_id").notNull().default(0),
    /** The buyer the claim is for; `openedBy` the staff member acting for them, if any. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    openedBy: text("opened_by").references(() => users.id),
    reason: text("reason", { enum: CLAIM_REASONS }).notNull(),
    quantity: integer("quantity").notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("open"),
    /** Units credited when accepted (all of `quantity`, or fewer: partly accepted). */
    acceptedQuantity: integer("accepted_quantity"),
    declineReason: text("decline_reason"),
    creditNoteId: integer("credit_note_id").references(() => creditNotes.id),
    /** When staff should have answered by (the window's close plus the answer time). */
    answerBy: timestamp("answer_by", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id),
  },
  (t) => [
    index("claims_status_idx").on(t.status, t.answerBy),
    index("claims_customer_idx").on(t.customerId, t.createdAt),
    index("claims_order_line_idx").on(t.orderLineId),
    check("claims_reason", sql`${t.reason} in ('damaged', 'short', 'wrong_item', 'quality')`),
    check("claims_status", sql`${t.status} in ('open', 'accepted', 'partly_accepted', 'declined')`),
    check("claims_quantity", sql`${t.quantity} > 0 and (${t.acceptedQuantity} is null or (${t.acceptedQuantity} > 0 and ${t.acceptedQuantity} <= ${t.quantity}))`),
  ],
);

/** A claim's photos, re-encoded as JPEG without metadata, kept in the database so backups keep them. */
export const claimPhotos = pgTable(
  "claim_photos",
  {
    id: serial("id").primaryKey(),
    claimId: childOf("claim_id", () => claims.id),
    position: integer("position").notNull(),
    contentType: text("content_type").notNull().default("image/jpeg"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [index("claim_photos_claim_idx").on(t.claimId, t.position)],
);
