import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";
import { userIdColumn, customerIdColumn } from "./accounts.ts";
import { offerLines, productLineColumns } from "./catalog.ts";

/** One cart per (user, customer, retailer, store). retailerId is 0 for a user without a retailer. */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    userId: userIdColumn(),
    customerId: customerIdColumn(),
    retailerId: integer("retailer_id").notNull().default(0),
    store: text("store", { enum: ["wholesale", "mm"] }).notNull(),
    shipDate: date("ship_date", { mode: "string" }),
    receivingDate: date("receiving_date", { mode: "string" }),
    boxed: boolean("boxed").notNull().default(false),
    fresh: boolean("fresh").notNull().default(true),
    /** When this cart's holds lapse; null when it holds nothing. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** Optimistic concurrency: incremented on every save. */
    version: integer("version").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("carts_owner_unique").on(t.userId, t.customerId, t.retailerId, t.store)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: childOf("cart_id", () => carts.id),
    ...productLineColumns(),
    priceCents: integer("price_cents").notNull(),
    quantityConfirmed: integer("quantity_confirmed").notNull().default(0),
    quantityPending: integer("quantity_pending").notNull().default(0),
    isPending: boolean("is_pending").notNull().default(false),
    isFinalProduct: boolean("is_final_product").notNull().default(false),
    unitOfMeasure: text("unit_of_measure").notNull().default(""),
    unitOfMeasureQty: integer("unit_of_measure_qty").notNull().default(1),
    // Mass-market line fields.
    boxType: text("box_type"),
    boxed: boolean("boxed").notNull().default(false),
    available: integer("available"),
    barcodeBottom: text("barcode_bottom"),
    barcodeLeft: text("barcode_left"),
    barcodeTop: text("barcode_top"),
    barcodeNumber: text("barcode_number"),
    boughtIn: boolean("bought_in").notNull().default(false),
    bouquet: boolean("bouquet").notNull().default(false),
    packSize: integer("pack_size"),
  },
  (t) => [
    index("cart_lines_cart_idx").on(t.cartId),
    check("cart_lines_quantity", sql`${t.quantity} > 0 and ${t.quantityConfirmed} >= 0 and ${t.quantityPending} >= 0`),
  ],
);

/**
 * Stock reserved by a cart on an offer line. Active only while expiresAt is in the future:
 * lapsing needs no timer, and lapsed rows are cleaned up opportunistically.
 */
export const holds = pgTable(
  "holds",
  {
    cartId: childOf("cart_id", () => carts.id),
    offerLineId: childOf("offer_line_id", () => offerLines.id),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.offerLineId] }),
    index("holds_offer_line_expires_idx").on(t.offerLineId, t.expiresAt),
    check("holds_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
