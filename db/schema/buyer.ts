import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { customerIdColumn } from "./accounts.ts";
import { products } from "./catalog.ts";

/**
 * A customer's favourite products (issue 13). Kept per buying account — the customer, or one of its
 * retailers (retailer_id 0 is the customer itself) — so every user buying for it sees the same stars.
 */
export const favourites = pgTable(
  "favourites",
  {
    customerId: customerIdColumn(),
    retailerId: integer("retailer_id").notNull().default(0),
    productId: text("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.retailerId, t.productId] })],
);

/**
 * Page views counted per day, page (a route pattern, never a raw address), role and product (the
 * product opened in the store, '' for none). Nothing personal: no user, session or address.
 */
export const pageViews = pgTable(
  "page_views",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    role: text("role").notNull(),
    productId: text("product_id").notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.path, t.role, t.productId] }),
    index("page_views_product_idx").on(t.productId, t.day),
    check("page_views_count_positive", sql`${t.count} > 0`),
  ],
);
