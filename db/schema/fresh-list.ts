import { sql } from "drizzle-orm";
import { boolean, check, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users, userIdColumn, customerIdColumn } from "./accounts.ts";

/** The fresh list (issue 29 §2, docs/fresh-list.md): whether and when (New York minute of day) a buyer gets it. */
export const freshListPreferences = pgTable(
  "fresh_list_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: customerIdColumn(),
    enabled: boolean("enabled").notNull().default(false),
    sendMinute: integer("send_minute").notNull().default(420),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("fresh_list_send_minute_range", sql`${t.sendMinute} between 0 and 1439`)],
);

/** One row per user and New York day the list was mailed, inserted in the sending transaction. */
export const freshListSends = pgTable(
  "fresh_list_sends",
  {
    userId: userIdColumn(),
    day: date("day", { mode: "string" }).notNull(),
    customerId: text("customer_id").notNull(),
    shipDate: date("ship_date", { mode: "string" }),
    lines: integer("lines").notNull().default(0),
    /** The products listed, so the next day's list can mark what is new. */
    productIds: jsonb("product_ids").$type<string[]>().notNull().default([]),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "fresh_list_sends_pk", columns: [t.userId, t.day] })],
);
