CREATE SEQUENCE "public"."mm_catalog_product_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "mm_barcodes" (
	"customer_id" text NOT NULL,
	"product_id" text NOT NULL,
	"barcode_number" text NOT NULL,
	"barcode_top" text,
	"barcode_left" text,
	"barcode_bottom" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mm_barcodes_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "mm_holds" (
	"cart_id" integer NOT NULL,
	"catalog_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mm_holds_cart_id_catalog_id_product_id_pk" PRIMARY KEY("cart_id","catalog_id","product_id"),
	CONSTRAINT "mm_holds_quantity_positive" CHECK ("mm_holds"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "mm_order_line_labels" (
	"order_line_id" integer PRIMARY KEY NOT NULL,
	"barcode_number" text,
	"barcode_top" text,
	"barcode_left" text,
	"barcode_bottom" text
);
--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD COLUMN "quantity_ordered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD COLUMN "version" bigint DEFAULT nextval('mm_catalog_product_versions') NOT NULL;--> statement-breakpoint
ALTER TABLE "mm_barcodes" ADD CONSTRAINT "mm_barcodes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_barcodes" ADD CONSTRAINT "mm_barcodes_product_id_mm_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mm_products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_holds" ADD CONSTRAINT "mm_holds_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_holds" ADD CONSTRAINT "mm_holds_catalog_id_product_id_mm_catalog_products_catalog_id_product_id_fk" FOREIGN KEY ("catalog_id","product_id") REFERENCES "public"."mm_catalog_products"("catalog_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_order_line_labels" ADD CONSTRAINT "mm_order_line_labels_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mm_holds_line_expires_idx" ON "mm_holds" USING btree ("catalog_id","product_id","expires_at");--> statement-breakpoint
CREATE INDEX "mm_catalog_products_version_idx" ON "mm_catalog_products" USING btree ("catalog_id","version");--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD CONSTRAINT "mm_catalog_products_ordered" CHECK ("mm_catalog_products"."quantity_ordered" >= 0 and "mm_catalog_products"."quantity_ordered" <= "mm_catalog_products"."available");--> statement-breakpoint
-- Every change to a mass-market catalog line (stock ordered included), or to the bouquet it offers,
-- gives the line a new version, so the MM Products ETag is read from the (catalog_id, version) index.
CREATE OR REPLACE FUNCTION "mm_catalog_products_next_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('mm_catalog_product_versions');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mm_catalog_products_version" BEFORE UPDATE ON "mm_catalog_products" FOR EACH ROW EXECUTE FUNCTION "mm_catalog_products_next_version"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "mm_products_touch_catalog_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "mm_catalog_products" SET "version" = nextval('mm_catalog_product_versions') WHERE "product_id" = NEW."product_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mm_products_catalog_lines_version" AFTER UPDATE ON "mm_products" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "mm_products_touch_catalog_lines"();
