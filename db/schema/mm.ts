import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { catalogs } from "./catalog.ts";

/** Box types and the pail fee package (type RFLP1). category is 'boxes' or 'pails'. */
export const mmPackages = pgTable(
  "mm_packages",
  {
    type: text("type").primaryKey(),
    category: text("category").notNull(),
    size: text("size").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
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
export const mmCatalogProducts = pgTable(
  "mm_catalog_products",
  {
    catalogId: integer("catalog_id")
      .notNull()
      .references(() => catalogs.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => mmProducts.productId, { onDelete: "cascade" }),
    available: integer("available").notNull(),
    priceCents: integer("price_cents"),
    pricePerBouquetCents: integer("price_per_bouquet_cents"),
    pricePerBouquetNoBoxCents: integer("price_per_bouquet_no_box_cents"),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.productId] }),
    check("mm_catalog_products_available", sql`${t.available} >= 0`),
    check(
      "mm_catalog_products_prices",
      sql`coalesce(${t.priceCents}, 0) >= 0 and coalesce(${t.pricePerBouquetCents}, 0) >= 0 and coalesce(${t.pricePerBouquetNoBoxCents}, 0) >= 0`,
    ),
  ],
);
