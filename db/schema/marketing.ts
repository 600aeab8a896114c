import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";
import { customers, users, userIdColumn, customerIdColumn } from "./accounts.ts";
import { products } from "./catalog.ts";
import { orders } from "./orders.ts";

/** A blitz voucher: a time-limited discount code for one user. */
export const vouchers = pgTable(
  "vouchers",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").references(() => customers.customerId, { onDelete: "cascade" }),
    description: text("description").notNull(),
    percentOff: integer("percent_off").notNull().default(0),
    amountOffCents: integer("amount_off_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    /** How often one customer may redeem it; null = no limit (docs/domain-orders.md "Vouchers"). */
    usesPerCustomer: integer("uses_per_customer").default(1),
  },
  (t) => [
    index("vouchers_user_idx").on(t.userId, t.expiresAt),
    check("vouchers_percent", sql`${t.percentOff} between 0 and 100`),
    check("vouchers_uses", sql`${t.usesPerCustomer} is null or ${t.usesPerCustomer} >= 1`),
  ],
);

/**
 * One use of a voucher by a customer, written in the transaction that places the order. The unique
 * (voucher, customer, use) makes a use beyond the voucher's allowance impossible, even when two
 * checkouts (on two instances) race: both count the same earlier uses, and the second insert fails.
 */
export const voucherRedemptions = pgTable(
  "voucher_redemptions",
  {
    id: serial("id").primaryKey(),
    voucherId: childOf("voucher_id", () => vouchers.id),
    customerId: customerIdColumn(),
    userId: userIdColumn(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 1 for the customer's first use of this voucher, 2 for the second, ... */
    useNumber: integer("use_number").notNull(),
    discountCents: integer("discount_cents").notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("voucher_redemptions_use_unique").on(t.voucherId, t.customerId, t.useNumber),
    index("voucher_redemptions_user_idx").on(t.userId, t.voucherId),
    check("voucher_redemptions_use", sql`${t.useNumber} >= 1`),
    check("voucher_redemptions_discount", sql`${t.discountCents} >= 0`),
  ],
);

/** Products that are cheaper bought together. */
export const comboSpecials = pgTable(
  "combo_specials",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    discountPercent: numeric("discount_percent", { precision: 5, scale: 2 }).notNull(),
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on").notNull(),
  },
  // Migration 0019 (the supply desk's promotions).
  (t) => [
    check("combo_specials_days", sql`${t.endsOn} >= ${t.startsOn}`),
    check("combo_specials_percent", sql`${t.discountPercent} > 0 and ${t.discountPercent} <= 90`),
  ],
);

export const comboSpecialProducts = pgTable(
  "combo_special_products",
  {
    comboSpecialId: childOf("combo_special_id", () => comboSpecials.id),
    productId: text("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.comboSpecialId, t.productId] })],
);

/** A picture with product hotspots: the dashboards' and the public interactive catalogue's. */
export const interactiveImages = pgTable("interactive_images", {
  id: serial("id").primaryKey(),
  /** dashboard | mm | catalogue */
  key: text("key").notNull().unique(),
  title: text("title").notNull(),
  alt: text("alt").notNull(),
  /** Name of the illustrated scene the client draws. */
  scene: text("scene").notNull(),
});

export const interactiveImageHotspots = pgTable(
  "interactive_image_hotspots",
  {
    id: serial("id").primaryKey(),
    imageId: childOf("image_id", () => interactiveImages.id),
    label: text("label").notNull(),
    productId: text("product_id").references(() => products.productId, { onDelete: "set null" }),
    variety: text("variety"),
    href: text("href"),
    /** Position in percent of the picture's width and height. */
    xPct: numeric("x_pct", { precision: 5, scale: 2 }).notNull(),
    yPct: numeric("y_pct", { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [index("hotspots_image_idx").on(t.imageId)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  company: text("company"),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  ip: text("ip"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const jobApplications = pgTable("job_applications", {
  id: serial("id").primaryKey(),
  openingId: text("opening_id").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  coverLetter: text("cover_letter").notNull(),
  ip: text("ip"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
