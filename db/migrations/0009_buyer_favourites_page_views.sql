CREATE TABLE "favourites" (
	"customer_id" text NOT NULL,
	"retailer_id" integer DEFAULT 0 NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_customer_id_retailer_id_product_id_pk" PRIMARY KEY("customer_id","retailer_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"role" text NOT NULL,
	"product_id" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_path_role_product_id_pk" PRIMARY KEY("day","path","role","product_id"),
	CONSTRAINT "page_views_count_positive" CHECK ("page_views"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_views_product_idx" ON "page_views" USING btree ("product_id","day");