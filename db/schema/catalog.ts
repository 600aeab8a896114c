import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";
import { customerIdColumn } from "./accounts.ts";

/** Master data of everything we grow or buy in. */
export const products = pgTable(
  "products",
  {
    productId: text("product_id").primaryKey(),
    description: text("description").notNull(),
    /** Variety family shown on the public site: lilies, gerbera, mini-gerbera, anthurium, lisianthus, snapdragons, garden-roses. */
    variety: text("variety").notNull(),
    category: text("category").notNull(),
    colour: text("colour").notNull(),
    colourHex: text("colour_hex").notNull().default("#999999"),
    grade: text("grade").notNull().default(""),
    stemLengthCm: integer("stem_length_cm"),
    unitOfMeasure: text("unit_of_measure").notNull(),
    /** Bunches per pail. */
    unitOfMeasureQty: integer("unit_of_measure_qty").notNull(),
    stemsPerBunch: integer("stems_per_bunch").notNull(),
    bunchesPerBox: integer("bunches_per_box").notNull(),
    stemsPerBox: integer("stems_per_box").notNull(),
    image: text("image").notNull(),
    showStore: boolean("show_store").notNull().default(true),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    index("products_variety_idx").on(t.variety),
    check("products_uom_qty_positive", sql`${t.unitOfMeasureQty} > 0`),
  ],
);

/** An offer: the lines we sell for a run of ship dates. orderId is the offer order number. */
export const catalogs = pgTable(
  "catalogs",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull().unique(),
    kind: text("kind", { enum: ["wholesale", "massMarket"] }).notNull(),
    title: text("title").notNull(),
    shipDateFrom: date("ship_date_from", { mode: "string" }).notNull(),
    shipDateTo: date("ship_date_to", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("catalogs_dates_idx").on(t.kind, t.shipDateFrom, t.shipDateTo),
    check("catalogs_date_order", sql`${t.shipDateFrom} <= ${t.shipDateTo}`),
  ],
);

/** Restricts a catalog to some customers; a catalog with no rows here is for every customer of its kind. */
export const catalogCustomers = pgTable(
  "catalog_customers",
  {
    catalogId: childOf("catalog_id", () => catalogs.id),
    customerId: customerIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.customerId] })],
);

/**
 * A product offered in a catalog. Quantities are bunches; prices integer cents.
 * quantityOrdered is kept in step with placed orders under this row's lock, so that
 * remaining = originalQuantity - quantityOrdered - active holds of other carts.
 * originalQuantity is null while the grower has not confirmed this line's stock yet ("Availability
 * Pending"): nothing can be held then, so every request for it is pending (null counts as 0).
 */
export const offerLineVersions = pgSequence("offer_line_versions");

export const offerLines = pgTable(
  "offer_lines",
  {
    id: serial("id").primaryKey(),
    catalogId: childOf("catalog_id", () => catalogs.id),
    productId: text("product_id")
      .notNull()
      .references(() => products.productId),
    originalQuantity: integer("original_quantity"),
    quantityOrdered: integer("quantity_ordered").notNull().default(0),
    isFinalProduct: boolean("is_final_product").notNull().default(false),
    special: boolean("special").notNull().default(false),
    /** Percent off shown on specials. */
    discount: numeric("discount", { precision: 5, scale: 2 }).notNull().default("0"),
    discountQuantity: integer("discount_quantity").notNull().default(0),
    discountQuantity2: integer("discount_quantity2").notNull().default(0),
    standardPriceCents: integer("standard_price_cents").notNull(),
    priceCents: integer("price_cents").notNull(),
    standardPriceNoPailCents: integer("standard_price_no_pail_cents").notNull(),
    priceNoPailCents: integer("price_no_pail_cents").notNull(),
    discountPriceCents: integer("discount_price_cents").notNull(),
    discountPriceNoPailCents: integer("discount_price_no_pail_cents").notNull(),
    discountPrice2Cents: integer("discount_price2_cents").notNull(),
    discountPriceNoPail2Cents: integer("discount_price_no_pail2_cents").notNull(),
    showStore: boolean("show_store").notNull().default(true),
    nextAvailableDate: date("next_available_date", { mode: "string" }),
    /**
     * A change counter: a new number from offerLineVersions on insert and, by trigger, on every update
     * of the line or of its product. max(version) and count(*) of a catalog's lines, read from the
     * (catalog_id, version) index, say whether anything in the catalog changed (the ETag of
     * Catalog/Products) without reading the lines themselves.
     */
    version: bigint("version", { mode: "number" })
      .notNull()
      .default(sql`nextval('offer_line_versions')`),
  },
  (t) => [
    uniqueIndex("offer_lines_catalog_product").on(t.catalogId, t.productId),
    index("offer_lines_catalog_version_idx").on(t.catalogId, t.version),
    index("offer_lines_product_idx").on(t.productId),
    check("offer_lines_quantities", sql`${t.originalQuantity} >= 0 and ${t.quantityOrdered} >= 0`),
    // Never oversold (issue 25): what is ordered never exceeds the quantity on offer. Active holds are
    // counted too, by the deferred constraint trigger offer_lines_not_oversold (migration 0014).
    check("offer_lines_ordered_within_quantity", sql`${t.originalQuantity} is null or ${t.quantityOrdered} <= ${t.originalQuantity}`),
    check(
      "offer_lines_prices",
      sql`${t.standardPriceCents} >= 0 and ${t.priceCents} >= 0 and ${t.standardPriceNoPailCents} >= 0 and ${t.priceNoPailCents} >= 0 and ${t.discountPriceCents} >= 0 and ${t.discountPriceNoPailCents} >= 0 and ${t.discountPrice2Cents} >= 0 and ${t.discountPriceNoPail2Cents} >= 0`,
    ),
  ],
);

/**
 * What a cart line and an order line both keep of the product they sell and the offer line it came
 * from (the offer line may go: the line keeps its number, description and category).
 */
export function productLineColumns() {
  return {
    position: integer("position").notNull().default(0),
    productId: text("product_id").notNull(),
    offerLineId: integer("offer_line_id").references(() => offerLines.id, { onDelete: "set null" }),
    offerOrderNumber: integer("offer_order_number"),
    description: text("description").notNull(),
    category: text("category").notNull().default(""),
    /** Bunches (wholesale) or units (mass market). */
    quantity: integer("quantity").notNull(),
  };
}
