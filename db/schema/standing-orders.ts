import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";
import { users, userIdColumn, customerIdColumn } from "./accounts.ts";

/**
 * A buyer's weekly template (docs/domain-orders.md "Standing orders"): before each week's ship date
 * (for a retailer: pickup date) on `weekday` closes, a job turns its lines into the buyer's cart, or
 * places them as an order when `mode` is "order".
 */
export const standingOrders = pgTable(
  "standing_orders",
  {
    id: serial("id").primaryKey(),
    userId: userIdColumn(),
    customerId: customerIdColumn(),
    retailerId: integer("retailer_id").notNull().default(0),
    name: text("name").notNull(),
    /** SPEC numbering: Sunday=1 .. Saturday=7; a ship weekday (customer) or pickup weekday (retailer). */
    weekday: integer("weekday").notNull(),
    mode: text("mode", { enum: ["cart", "order"] }).notNull().default("cart"),
    paused: boolean("paused").notNull().default(false),
    /** The ship date the next run is scheduled for, and the last run's outcome (shown on the screen). */
    nextShipDate: text("next_ship_date"),
    /** For a retailer: the pickup date of that run. */
    nextPickupDate: text("next_pickup_date"),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastResult: text("last_result"),
    version: integer("version").notNull().default(1),
    /**
     * Who set this version up while acting for the buyer (the staff member or wholesaler user behind
     * an impersonation); null when the buyer did. Orders the job places from it carry it as their
     * salesUserId (issue 23).
     */
    salesUserId: text("sales_user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Which store's cart the lines go to: "wholesale" (Store/Cart), or "mm" (a mass-market standing
     * program: the MM cart, with each line's shelf label and the program's boxed choice).
     */
    store: text("store", { enum: ["wholesale", "mm"] }).notNull().default("wholesale"),
    /** Every weekday the template runs for (SPEC numbering); null: `weekday` alone. `weekday` is the first. */
    weekdays: integer("weekdays").array(),
    /** An MM program's boxed choice (null: the cart's own). */
    boxed: boolean("boxed"),
    /** No run for a date in this range (inclusive, YYYY-MM-DD; either end may be open): a closed week, a holiday. */
    pausedFrom: text("paused_from"),
    pausedUntil: text("paused_until"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("standing_orders_owner_idx").on(t.userId, t.customerId, t.retailerId),
    check("standing_orders_weekday", sql`${t.weekday} between 1 and 7`),
    check("standing_orders_mode", sql`${t.mode} in ('cart', 'order')`),
    check("standing_orders_store", sql`${t.store} in ('wholesale', 'mm')`),
  ],
);

export const standingOrderLines = pgTable(
  "standing_order_lines",
  {
    id: serial("id").primaryKey(),
    standingOrderId: childOf("standing_order_id", () => standingOrders.id),
    position: integer("position").notNull().default(0),
    productId: text("product_id").notNull(),
    /** Bunches. */
    quantity: integer("quantity").notNull(),
    /** An MM program line's shelf label (SPEC §4 barcode fields), carried into each week's cart. */
    barcodeNumber: text("barcode_number"),
    barcodeTop: text("barcode_top"),
    barcodeLeft: text("barcode_left"),
    barcodeBottom: text("barcode_bottom"),
  },
  (t) => [
    uniqueIndex("standing_order_lines_product_unique").on(t.standingOrderId, t.productId),
    check("standing_order_lines_quantity", sql`${t.quantity} > 0`),
  ],
);
