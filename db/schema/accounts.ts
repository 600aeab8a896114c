import { sql } from "drizzle-orm";
import {
  customType,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  index,
} from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";

/** A row's user: required, and the row is removed with the user. */
export function userIdColumn() {
  return text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
}

/** A row's customer: required, and the row is removed with the customer. */
export function customerIdColumn() {
  return text("customer_id")
    .notNull()
    .references(() => customers.customerId, { onDelete: "cascade" });
}

/** A wholesale or mass-market account ("wholesaler" in the spec). customerID is a short code. */
export const customers = pgTable(
  "customers",
  {
    customerId: text("customer_id").primaryKey(),
    companyName: text("company_name").notNull(),
    imgSrc: text("img_src"),
    kind: text("kind", { enum: ["wholesale", "massMarket"] }).notNull(),
    alwaysBoxed: boolean("always_boxed").notNull().default(false),
    referralApproved: boolean("referral_approved").notNull().default(false),
    /** Customer-specific price level: offer prices are reduced by this many percent (0..50). */
    discountPercent: integer("discount_percent").notNull().default(0),
    /** Payment terms: an invoice is due this many days after its date (0 = due on receipt). */
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("customers_discount_range", sql`${t.discountPercent} between 0 and 50`),
    check("customers_payment_terms", sql`${t.paymentTermsDays} between 0 and 365`),
    index("customers_company_name_idx").on(t.companyName),
  ],
);

/** A customer's ship weekdays (Sunday=1 .. Saturday=7) and each day's cut-off, HH:mm New York time. */
export const shipTimes = pgTable(
  "ship_times",
  {
    customerId: customerIdColumn(),
    weekday: integer("weekday").notNull(),
    cutoffShipTime: text("cutoff_ship_time").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.weekday] }),
    check("ship_times_weekday", sql`${t.weekday} between 1 and 7`),
    check("ship_times_cutoff", sql`${t.cutoffShipTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** A shop buying through one or more wholesalers; picks up on its pickup weekdays. */
export const retailers = pgTable(
  "retailers",
  {
    retailerId: integer("retailer_id").primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    /** The shop's own code: the key a CSV import updates by (unique, case-insensitive). */
    code: text("code"),
    name: text("name").notNull(),
    contactName: text("contact_name"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    pickupMonday: boolean("pickup_monday").notNull().default(false),
    pickupTuesday: boolean("pickup_tuesday").notNull().default(false),
    pickupWednesday: boolean("pickup_wednesday").notNull().default(false),
    pickupThursday: boolean("pickup_thursday").notNull().default(false),
    pickupFriday: boolean("pickup_friday").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("retailers_name_idx").on(t.name), uniqueIndex("retailers_code_lower_idx").on(sql`lower(${t.code})`)],
);

export const REFERRAL_STATUSES = ["pending", "approved", "declined"] as const;

/** A shop asking, on a wholesaler's referral page, to buy through that wholesaler. */
export const referralRequests = pgTable(
  "referral_requests",
  {
    id: serial("id").primaryKey(),
    customerId: customerIdColumn(),
    shopName: text("shop_name").notNull(),
    contactName: text("contact_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    city: text("city"),
    message: text("message"),
    status: text("status", { enum: REFERRAL_STATUSES }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    retailerId: integer("retailer_id"),
  },
  (t) => [index("referral_requests_customer_idx").on(t.customerId, t.status)],
);

export const retailerCustomers = pgTable(
  "retailer_customers",
  {
    retailerId: childOf("retailer_id", () => retailers.retailerId),
    customerId: customerIdColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.retailerId, t.customerId] }),
    index("retailer_customers_customer_idx").on(t.customerId),
  ],
);

export const ROLES = ["Administrator", "SalesPerson", "wholesaler", "Retailer", "MassMarket"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: userIdColumn(),
    role: text("role", { enum: ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Claim/value pairs: WholesalerId = a customerID, retailerid = a retailerId. */
export const userClaims = pgTable(
  "user_claims",
  {
    id: serial("id").primaryKey(),
    userId: userIdColumn(),
    claim: text("claim").notNull(),
    value: text("value").notNull(),
  },
  (t) => [index("user_claims_user_idx").on(t.userId), uniqueIndex("user_claims_unique").on(t.userId, t.claim, t.value)],
);

/** Customers linked to a wholesaler or MassMarket user. */
export const userCustomers = pgTable(
  "user_customers",
  {
    userId: userIdColumn(),
    customerId: customerIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.customerId] }), index("user_customers_customer_idx").on(t.customerId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A wholesaler's uploaded logo, kept in the database so every app instance serves the same file; it is
 * served under the wholesalers' image folder (/wholesalers/logo/{customerId}/{version}).
 */
export const customerLogos = pgTable("customer_logos", {
  customerId: text("customer_id")
    .primaryKey()
    .references(() => customers.customerId, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
