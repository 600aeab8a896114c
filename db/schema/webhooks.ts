import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";
import { users } from "./accounts.ts";

export const WEBHOOK_EVENT_TYPES = ["order.placed", "order.changed", "order.cancelled", "invoice.issued", "availability.changed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

/**
 * A receiver another system registered (docs/webhooks.md). `secret` is `whsec_` + base64 of 32 random
 * bytes: kept as is, since every delivery is signed with it; it is shown once, at creation.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("webhooks_events", sql`cardinality(${t.events}) >= 1`)],
);

/**
 * The outbox: one row per event, written by database triggers in the transaction of the change
 * (migration 0024), only while at least one webhook exists. `msgId` is the `webhook-id` header (the same
 * on every retry and redelivery); `subject` orders deliveries ("order:100001", "availability").
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    msgId: text("msg_id").notNull().unique(),
    type: text("type").notNull(),
    subject: text("subject").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    txId: bigint("tx_id", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_events_tx_idx").on(t.txId, t.subject)],
);

/** One event to one webhook: pending until a 2xx, retried with backoff, failed after 24 hours. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    webhookId: childOf("webhook_id", () => webhooks.id),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While a sender holds it (set by the claim, cleared with the outcome); a lapsed lease is claimable again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    check("webhook_deliveries_status", sql`${t.status} in ('pending', 'delivered', 'failed')`),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_subject_idx").on(t.webhookId, t.subject, t.id).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.id),
  ],
);

/** Each attempt of a delivery: when, how long, the answer's status and a short excerpt of its body. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    ok: boolean("ok").notNull(),
    error: text("error"),
    responseExcerpt: text("response_excerpt"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)],
);
