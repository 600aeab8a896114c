CREATE SEQUENCE "public"."offer_line_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD COLUMN "version" bigint DEFAULT nextval('offer_line_versions') NOT NULL;--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD COLUMN "price_per_bouquet_cents" integer;--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD COLUMN "price_per_bouquet_no_box_cents" integer;--> statement-breakpoint
CREATE INDEX "offer_lines_catalog_version_idx" ON "offer_lines" USING btree ("catalog_id","version");--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD CONSTRAINT "mm_catalog_products_available" CHECK ("mm_catalog_products"."available" >= 0);--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD CONSTRAINT "mm_catalog_products_prices" CHECK (coalesce("mm_catalog_products"."price_cents", 0) >= 0 and coalesce("mm_catalog_products"."price_per_bouquet_cents", 0) >= 0 and coalesce("mm_catalog_products"."price_per_bouquet_no_box_cents", 0) >= 0);--> statement-breakpoint
-- Every change to an offer line, or to the product it offers, gives the line a new version, so the
-- Catalog/Products ETag can be read from the (catalog_id, version) index instead of the rows.
CREATE OR REPLACE FUNCTION "offer_lines_next_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('offer_line_versions');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "offer_lines_version" BEFORE UPDATE ON "offer_lines" FOR EACH ROW EXECUTE FUNCTION "offer_lines_next_version"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_touch_offer_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "offer_lines" SET "version" = nextval('offer_line_versions') WHERE "product_id" = NEW."product_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_offer_lines_version" AFTER UPDATE ON "products" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "products_touch_offer_lines"();
