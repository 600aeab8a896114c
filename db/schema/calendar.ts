// The grower's calendar (issue 25 item 5, docs/domain-supply.md "Calendar"): the dates a store is
// closed, with the reason buyers are shown. Ship times and pickup days stay on ship_times/retailers.
import { sql } from "drizzle-orm";
import { check, date, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const closedDays = pgTable(
  "closed_days",
  {
    date: date("date", { mode: "string" }).notNull(),
    /** 'wholesale' (customers and their retailers) or 'massMarket' (the /MM store). */
    store: text("store").notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.store] }),
    check("closed_days_store", sql`${t.store} in ('wholesale', 'massMarket')`),
    check("closed_days_reason", sql`length(${t.reason}) between 1 and 80`),
  ],
);
