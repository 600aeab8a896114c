import { sql } from "drizzle-orm";
import { bigint, boolean, check, foreignKey, index, integer, pgSequence, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";
import { customerIdColumn } from "./accounts.ts";
import { carts } from "./cart.ts";
import { catalogs } from "./catalog.ts";
import { orderLines } from "./orders.ts";

/** Box types and the pail fee package (type RFLP1). category is 'boxes' or 'pails'. */
export const mmPackages = pgTable(
  "mm_packages",
  {
    type: text("type").primaryKey(),
    category: text("category").notNull(),
    size: text("size").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** false: retired (migration 0018), no bouquet may take it any more; carts still price from it. */
    active: boolean("active").notNull().default(true),
  },
  (t) => [check("mm_packages_price", sql`${t.priceCents} >= 0`)],
);

/** Mass-market bouquets and bunches. */
export const mmProducts = pgTable("mm_products", {
  productId: text("product_id").primaryKey(),
  description: text("description").notNull(),
  category: text("category").notNull(),
  colour: text("colour").notNull(),
  colourHex: text("colour_hex").notNull().default("#999999"),
  imageName: text("image_name").notNull(),
  priceCents: integer("price_cents").notNull(),
  pricePerBouquetCents: integer("price_per_bouquet_cents").notNull(),
  pricePerBouquetNoBoxCents: integer("price_per_bouquet_no_box_cents").notNull(),
  boxType: text("box_type").references(() => mmPackages.type),
  unitOfMeasure: text("unit_of_measure").notNull(),
  packSize: integer("pack_size").notNull(),
  bouquet: boolean("bouquet").notNull().default(true),
  active: boolean("active").notNull().default(true),
});

/**
 * Which mass-market products a mass-market catalog offers, how many, and at what prices. A price left
 * null is the product's list price; a catalog's own prices are what SPEC §4 "MM cart" reprices cart
 * lines to when the first catalog's orderId changes.
 */
export const mmCatalogProductVersions = pgSequence("mm_catalog_product_versions");

export const mmCatalogProducts = pgTable(
  "mm_catalog_products",
  {
    catalogId: childOf("catalog_id", () => catalogs.id),
    productId: text("product_id")
      .notNull()
      .references(() => mmProducts.productId, { onDelete: "cascade" }),
    available: integer("available").notNull(),
    /** Bouquets in placed orders, kept in step under this row's lock: free = available - ordered - active holds. */
    quantityOrdered: integer("quantity_ordered").notNull().default(0),
    priceCents: integer("price_cents"),
    pricePerBouquetCents: integer("price_per_bouquet_cents"),
    pricePerBouquetNoBoxCents: integer("price_per_bouquet_no_box_cents"),
    /**
     * A change counter: a new number from mmCatalogProductVersions on insert and, by trigger, on every
     * update of the line or of its product. max(version) and count(*) from the (catalog_id, version)
     * index say whether anything in the catalog changed (the MM Products ETag) without reading lines.
     */
    version: bigint("version", { mode: "number" })
      .notNull()
      .default(sql`nextval('mm_catalog_product_versions')`),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.productId] }),
    index("mm_catalog_products_version_idx").on(t.catalogId, t.version),
    check("mm_catalog_products_available", sql`${t.available} >= 0`),
    check("mm_catalog_products_ordered", sql`${t.quantityOrdered} >= 0 and ${t.quantityOrdered} <= ${t.available}`),
    check(
      "mm_catalog_products_prices",
      sql`coalesce(${t.priceCents}, 0) >= 0 and coalesce(${t.pricePerBouquetCents}, 0) >= 0 and coalesce(${t.pricePerBouquetNoBoxCents}, 0) >= 0`,
    ),
  ],
);

/**
 * Bouquets of a mass-market catalog reserved by an MM cart. Like the wholesale holds: active only
 * while expiresAt is in the future, so lapsing needs no timer.
 */
export const mmHolds = pgTable(
  "mm_holds",
  {
    cartId: childOf("cart_id", () => carts.id),
    catalogId: integer("catalog_id").notNull(),
    productId: text("product_id").notNull(),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.catalogId, t.productId] }),
    foreignKey({ columns: [t.catalogId, t.productId], foreignColumns: [mmCatalogProducts.catalogId, mmCatalogProducts.productId] }).onDelete("cascade"),
    index("mm_holds_line_expires_idx").on(t.catalogId, t.productId, t.expiresAt),
    check("mm_holds_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * The retail shop's label data a customer last used for a product (UPC and where the label goes),
 * so the next order fills it in.
 */
export const mmBarcodes = pgTable(
  "mm_barcodes",
  {
    customerId: customerIdColumn(),
    productId: text("product_id")
      .notNull()
      .references(() => mmProducts.productId, { onDelete: "cascade" }),
    barcodeNumber: text("barcode_number").notNull(),
    barcodeTop: text("barcode_top"),
    barcodeLeft: text("barcode_left"),
    barcodeBottom: text("barcode_bottom"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] })],
);

/** Label data of a placed mass-market order line (the shelf labels PDF prints these). */
export const mmOrderLineLabels = pgTable("mm_order_line_labels", {
  orderLineId: integer("order_line_id")
    .primaryKey()
    .references(() => orderLines.id, { onDelete: "cascade" }),
  barcodeNumber: text("barcode_number"),
  barcodeTop: text("barcode_top"),
  barcodeLeft: text("barcode_left"),
  barcodeBottom: text("barcode_bottom"),
});
