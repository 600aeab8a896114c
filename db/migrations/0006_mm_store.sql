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
ALTER TABLE "mm_barcodes" ADD CONSTRAINT "mm_barcodes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_barcodes" ADD CONSTRAINT "mm_barcodes_product_id_mm_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mm_products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_holds" ADD CONSTRAINT "mm_holds_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_holds" ADD CONSTRAINT "mm_holds_catalog_id_product_id_mm_catalog_products_catalog_id_product_id_fk" FOREIGN KEY ("catalog_id","product_id") REFERENCES "public"."mm_catalog_products"("catalog_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_order_line_labels" ADD CONSTRAINT "mm_order_line_labels_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mm_holds_line_expires_idx" ON "mm_holds" USING btree ("catalog_id","product_id","expires_at");--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD CONSTRAINT "mm_catalog_products_ordered" CHECK ("mm_catalog_products"."quantity_ordered" >= 0 and "mm_catalog_products"."quantity_ordered" <= "mm_catalog_products"."available");