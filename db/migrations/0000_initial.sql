CREATE TABLE "customers" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"img_src" text,
	"kind" text NOT NULL,
	"always_boxed" boolean DEFAULT false NOT NULL,
	"referral_approved" boolean DEFAULT false NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_discount_range" CHECK ("customers"."discount_percent" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "retailer_customers" (
	"retailer_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	CONSTRAINT "retailer_customers_retailer_id_customer_id_pk" PRIMARY KEY("retailer_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "retailers" (
	"retailer_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retailers_retailer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"name" text NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"pickup_monday" boolean DEFAULT false NOT NULL,
	"pickup_tuesday" boolean DEFAULT false NOT NULL,
	"pickup_wednesday" boolean DEFAULT false NOT NULL,
	"pickup_thursday" boolean DEFAULT false NOT NULL,
	"pickup_friday" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ship_times" (
	"customer_id" text NOT NULL,
	"weekday" integer NOT NULL,
	"cutoff_ship_time" text NOT NULL,
	CONSTRAINT "ship_times_customer_id_weekday_pk" PRIMARY KEY("customer_id","weekday"),
	CONSTRAINT "ship_times_weekday" CHECK ("ship_times"."weekday" between 1 and 7),
	CONSTRAINT "ship_times_cutoff" CHECK ("ship_times"."cutoff_ship_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "user_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"claim" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_customers" (
	"user_id" text NOT NULL,
	"customer_id" text NOT NULL,
	CONSTRAINT "user_customers_user_id_customer_id_pk" PRIMARY KEY("user_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"target_user_id" text,
	"detail" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text DEFAULT 'reset' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"original_user_id" text,
	"current_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_customers" (
	"catalog_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	CONSTRAINT "catalog_customers_catalog_id_customer_id_pk" PRIMARY KEY("catalog_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"ship_date_from" date NOT NULL,
	"ship_date_to" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogs_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "catalogs_date_order" CHECK ("catalogs"."ship_date_from" <= "catalogs"."ship_date_to")
);
--> statement-breakpoint
CREATE TABLE "offer_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalog_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"original_quantity" integer NOT NULL,
	"quantity_ordered" integer DEFAULT 0 NOT NULL,
	"is_final_product" boolean DEFAULT false NOT NULL,
	"special" boolean DEFAULT false NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"discount_quantity" integer DEFAULT 0 NOT NULL,
	"discount_quantity2" integer DEFAULT 0 NOT NULL,
	"standard_price_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"standard_price_no_pail_cents" integer NOT NULL,
	"price_no_pail_cents" integer NOT NULL,
	"discount_price_cents" integer NOT NULL,
	"discount_price_no_pail_cents" integer NOT NULL,
	"discount_price2_cents" integer NOT NULL,
	"discount_price_no_pail2_cents" integer NOT NULL,
	"show_store" boolean DEFAULT true NOT NULL,
	"next_available_date" date,
	CONSTRAINT "offer_lines_quantities" CHECK ("offer_lines"."original_quantity" >= 0 and "offer_lines"."quantity_ordered" >= 0),
	CONSTRAINT "offer_lines_prices" CHECK ("offer_lines"."standard_price_cents" >= 0 and "offer_lines"."price_cents" >= 0 and "offer_lines"."standard_price_no_pail_cents" >= 0 and "offer_lines"."price_no_pail_cents" >= 0 and "offer_lines"."discount_price_cents" >= 0 and "offer_lines"."discount_price_no_pail_cents" >= 0 and "offer_lines"."discount_price2_cents" >= 0 and "offer_lines"."discount_price_no_pail2_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_id" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"variety" text NOT NULL,
	"category" text NOT NULL,
	"colour" text NOT NULL,
	"colour_hex" text DEFAULT '#999999' NOT NULL,
	"grade" text DEFAULT '' NOT NULL,
	"stem_length_cm" integer,
	"unit_of_measure" text NOT NULL,
	"unit_of_measure_qty" integer NOT NULL,
	"stems_per_bunch" integer NOT NULL,
	"bunches_per_box" integer NOT NULL,
	"stems_per_box" integer NOT NULL,
	"image" text NOT NULL,
	"show_store" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_uom_qty_positive" CHECK ("products"."unit_of_measure_qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" text NOT NULL,
	"offer_line_id" integer,
	"offer_order_number" integer,
	"description" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"quantity_confirmed" integer DEFAULT 0 NOT NULL,
	"quantity_pending" integer DEFAULT 0 NOT NULL,
	"is_pending" boolean DEFAULT false NOT NULL,
	"is_final_product" boolean DEFAULT false NOT NULL,
	"unit_of_measure" text DEFAULT '' NOT NULL,
	"unit_of_measure_qty" integer DEFAULT 1 NOT NULL,
	"box_type" text,
	"boxed" boolean DEFAULT false NOT NULL,
	"available" integer,
	"barcode_bottom" text,
	"barcode_left" text,
	"barcode_top" text,
	"barcode_number" text,
	"bought_in" boolean DEFAULT false NOT NULL,
	"bouquet" boolean DEFAULT false NOT NULL,
	"pack_size" integer,
	CONSTRAINT "cart_lines_quantity" CHECK ("cart_lines"."quantity" > 0 and "cart_lines"."quantity_confirmed" >= 0 and "cart_lines"."quantity_pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"retailer_id" integer DEFAULT 0 NOT NULL,
	"store" text NOT NULL,
	"ship_date" date,
	"receiving_date" date,
	"boxed" boolean DEFAULT false NOT NULL,
	"fresh" boolean DEFAULT true NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holds" (
	"cart_id" integer NOT NULL,
	"offer_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "holds_cart_id_offer_line_id_pk" PRIMARY KEY("cart_id","offer_line_id"),
	CONSTRAINT "holds_quantity_positive" CHECK ("holds"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "invoices_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 500001 CACHE 1),
	"order_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"terms" text DEFAULT 'Net 30' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" text NOT NULL,
	"offer_line_id" integer,
	"offer_order_number" integer,
	"description" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"pails" integer DEFAULT 0 NOT NULL,
	"loose_bunches" integer DEFAULT 0 NOT NULL,
	"pail_price_cents" integer DEFAULT 0 NOT NULL,
	"bunch_price_cents" integer DEFAULT 0 NOT NULL,
	"quantity_confirmed" integer DEFAULT 0 NOT NULL,
	"quantity_pending" integer DEFAULT 0 NOT NULL,
	"line_total_cents" integer NOT NULL,
	"box_type" text,
	"unit_of_measure" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"store" text NOT NULL,
	"customer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"retailer_id" integer DEFAULT 0 NOT NULL,
	"sales_user_id" text,
	"ship_date" date NOT NULL,
	"receiving_date" date,
	"boxed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"idempotency_key" text,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "combo_special_products" (
	"combo_special_id" integer NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "combo_special_products_combo_special_id_product_id_pk" PRIMARY KEY("combo_special_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "combo_specials" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"discount_percent" numeric(5, 2) NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interactive_image_hotspots" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" integer NOT NULL,
	"label" text NOT NULL,
	"product_id" text,
	"variety" text,
	"href" text,
	"x_pct" numeric(5, 2) NOT NULL,
	"y_pct" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interactive_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"alt" text NOT NULL,
	"scene" text NOT NULL,
	CONSTRAINT "interactive_images_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"opening_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"cover_letter" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" text,
	"customer_id" text,
	"description" text NOT NULL,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"amount_off_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_percent" CHECK ("vouchers"."percent_off" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "mm_catalog_products" (
	"catalog_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"available" integer NOT NULL,
	CONSTRAINT "mm_catalog_products_catalog_id_product_id_pk" PRIMARY KEY("catalog_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "mm_packages" (
	"type" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"size" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "mm_packages_price" CHECK ("mm_packages"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mm_products" (
	"product_id" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"colour" text NOT NULL,
	"colour_hex" text DEFAULT '#999999' NOT NULL,
	"image_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"price_per_bouquet_cents" integer NOT NULL,
	"price_per_bouquet_no_box_cents" integer NOT NULL,
	"box_type" text,
	"unit_of_measure" text NOT NULL,
	"pack_size" integer NOT NULL,
	"bouquet" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retailer_customers" ADD CONSTRAINT "retailer_customers_retailer_id_retailers_retailer_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("retailer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_customers" ADD CONSTRAINT "retailer_customers_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_times" ADD CONSTRAINT "ship_times_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_claims" ADD CONSTRAINT "user_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_original_user_id_users_id_fk" FOREIGN KEY ("original_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_customers" ADD CONSTRAINT "catalog_customers_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_customers" ADD CONSTRAINT "catalog_customers_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_offer_line_id_offer_lines_id_fk" FOREIGN KEY ("offer_line_id") REFERENCES "public"."offer_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_offer_line_id_offer_lines_id_fk" FOREIGN KEY ("offer_line_id") REFERENCES "public"."offer_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_offer_line_id_offer_lines_id_fk" FOREIGN KEY ("offer_line_id") REFERENCES "public"."offer_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sales_user_id_users_id_fk" FOREIGN KEY ("sales_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_special_products" ADD CONSTRAINT "combo_special_products_combo_special_id_combo_specials_id_fk" FOREIGN KEY ("combo_special_id") REFERENCES "public"."combo_specials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_special_products" ADD CONSTRAINT "combo_special_products_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactive_image_hotspots" ADD CONSTRAINT "interactive_image_hotspots_image_id_interactive_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."interactive_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactive_image_hotspots" ADD CONSTRAINT "interactive_image_hotspots_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD CONSTRAINT "mm_catalog_products_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_catalog_products" ADD CONSTRAINT "mm_catalog_products_product_id_mm_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mm_products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mm_products" ADD CONSTRAINT "mm_products_box_type_mm_packages_type_fk" FOREIGN KEY ("box_type") REFERENCES "public"."mm_packages"("type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_name");--> statement-breakpoint
CREATE INDEX "retailer_customers_customer_idx" ON "retailer_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "retailers_name_idx" ON "retailers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "user_claims_user_idx" ON "user_claims" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_claims_unique" ON "user_claims" USING btree ("user_id","claim","value");--> statement-breakpoint
CREATE INDEX "user_customers_customer_idx" ON "user_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "catalogs_dates_idx" ON "catalogs" USING btree ("kind","ship_date_from","ship_date_to");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_lines_catalog_product" ON "offer_lines" USING btree ("catalog_id","product_id");--> statement-breakpoint
CREATE INDEX "offer_lines_product_idx" ON "offer_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_variety_idx" ON "products" USING btree ("variety");--> statement-breakpoint
CREATE INDEX "cart_lines_cart_idx" ON "cart_lines" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_owner_unique" ON "carts" USING btree ("user_id","customer_id","retailer_id","store");--> statement-breakpoint
CREATE INDEX "holds_offer_line_expires_idx" ON "holds" USING btree ("offer_line_id","expires_at");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","invoice_date");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_ship_date_idx" ON "orders" USING btree ("ship_date");--> statement-breakpoint
CREATE INDEX "hotspots_image_idx" ON "interactive_image_hotspots" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "vouchers_user_idx" ON "vouchers" USING btree ("user_id","expires_at");