CREATE VIEW "public"."audit_log_read" AS (select "id", "at", "actor_user_id", "action", "target_user_id", "detail", "ip" from "audit_log");--> statement-breakpoint
CREATE VIEW "public"."carts_read" AS (select "id", "user_id", "customer_id", "retailer_id", "store" from "carts");--> statement-breakpoint
CREATE VIEW "public"."catalogs_read" AS (select "id", "order_id", "kind", "title", "ship_date_from", "ship_date_to" from "catalogs");--> statement-breakpoint
CREATE VIEW "public"."combo_special_products_read" AS (select "combo_special_id", "product_id" from "combo_special_products");--> statement-breakpoint
CREATE VIEW "public"."combo_specials_read" AS (select "id", "title", "description", "discount_percent", "starts_on", "ends_on" from "combo_specials");--> statement-breakpoint
CREATE VIEW "public"."credit_note_lines_read" AS (select "id", "credit_note_id", "invoice_line_id", "description", "quantity", "unit_price_cents", "line_total_cents" from "credit_note_lines");--> statement-breakpoint
CREATE VIEW "public"."credit_notes_read" AS (select "id", "credit_note_number", "invoice_id", "customer_id", "credit_date", "reason", "subtotal_cents", "tax_rate_bp", "tax_cents", "total_cents", "created_by", "created_at" from "credit_notes");--> statement-breakpoint
CREATE VIEW "public"."customers_read" AS (select "customer_id", "company_name", "kind", "email", "address", "city", "state", "zip", "payment_terms_days" from "customers");--> statement-breakpoint
CREATE VIEW "public"."holds_read" AS (select "offer_line_id", "quantity", "expires_at" from "holds");--> statement-breakpoint
CREATE VIEW "public"."interactive_image_hotspots_read" AS (select "id", "image_id", "label", "product_id", "variety", "href", "x_pct", "y_pct" from "interactive_image_hotspots");--> statement-breakpoint
CREATE VIEW "public"."interactive_images_read" AS (select "id", "key", "title", "alt", "scene" from "interactive_images");--> statement-breakpoint
CREATE VIEW "public"."invoice_lines_read" AS (select "id", "invoice_id", "product_id", "description", "pails", "quantity", "unit_price_cents", "line_total_cents" from "invoice_lines");--> statement-breakpoint
CREATE VIEW "public"."invoices_read" AS (select "id", "invoice_number", "order_id", "customer_id", "invoice_date", "due_date", "terms", "subtotal_cents", "tax_rate_bp", "tax_cents", "total_cents", "paid", "paid_at" from "invoices");--> statement-breakpoint
CREATE VIEW "public"."mail_outbox_read" AS (select "id", "to", "subject", "text", "html", "attachments", "kind", "status", "attempts", "last_error", "created_at", "sent_at" from "mail_outbox");--> statement-breakpoint
CREATE VIEW "public"."mm_catalog_products_read" AS (select "catalog_id", "product_id", "available", "quantity_ordered" from "mm_catalog_products");--> statement-breakpoint
CREATE VIEW "public"."mm_holds_read" AS (select "catalog_id", "product_id", "quantity", "expires_at" from "mm_holds");--> statement-breakpoint
CREATE VIEW "public"."mm_order_line_labels_read" AS (select "order_line_id", "barcode_number", "barcode_top", "barcode_left", "barcode_bottom" from "mm_order_line_labels");--> statement-breakpoint
CREATE VIEW "public"."mm_products_read" AS (select "product_id", "description", "active" from "mm_products");--> statement-breakpoint
CREATE VIEW "public"."offer_lines_read" AS (select "id", "catalog_id", "product_id", "original_quantity", "quantity_ordered", "is_final_product", "special", "standard_price_cents", "price_cents", "standard_price_no_pail_cents", "price_no_pail_cents", "show_store" from "offer_lines");--> statement-breakpoint
CREATE VIEW "public"."order_lines_read" AS (select "id", "order_id", "position", "product_id", "offer_line_id", "offer_order_number", "description", "category", "quantity", "pails", "loose_bunches", "pail_price_cents", "bunch_price_cents", "quantity_confirmed", "quantity_pending", "line_total_cents", "box_type", "unit_of_measure" from "order_lines");--> statement-breakpoint
CREATE VIEW "public"."orders_read" AS (select "id", "order_number", "store", "customer_id", "user_id", "retailer_id", "sales_user_id", "ship_date", "receiving_date", "boxed", "status", "subtotal_cents", "total_cents", "voucher_code", "discount_cents", "idempotency_key", "placed_at", "notes", "po_number", "delivery_notes", "packed_at", "shipped_at", "cancelled_at" from "orders");--> statement-breakpoint
CREATE VIEW "public"."products_read" AS (select "product_id", "description", "variety", "colour", "colour_hex", "grade", "stem_length_cm", "unit_of_measure_qty", "stems_per_bunch", "bunches_per_box", "show_store", "active" from "products");--> statement-breakpoint
CREATE VIEW "public"."retailer_customers_read" AS (select "retailer_id", "customer_id" from "retailer_customers");--> statement-breakpoint
CREATE VIEW "public"."retailers_read" AS (select "retailer_id", "name", "active" from "retailers");--> statement-breakpoint
CREATE VIEW "public"."ship_times_read" AS (select "customer_id", "weekday", "cutoff_ship_time" from "ship_times");--> statement-breakpoint
CREATE VIEW "public"."user_claims_read" AS (select "id", "user_id", "claim", "value" from "user_claims");--> statement-breakpoint
CREATE VIEW "public"."user_customers_read" AS (select "user_id", "customer_id" from "user_customers");--> statement-breakpoint
CREATE VIEW "public"."user_roles_read" AS (select "user_id", "role" from "user_roles");--> statement-breakpoint
CREATE VIEW "public"."users_read" AS (select "id", "email", "first_name", "last_name", "active", "created_at" from "users");--> statement-breakpoint
CREATE VIEW "public"."voucher_redemptions_read" AS (select "id", "voucher_id", "customer_id", "user_id", "order_id" from "voucher_redemptions");--> statement-breakpoint
CREATE VIEW "public"."vouchers_read" AS (select "id", "code", "user_id", "customer_id", "description", "percent_off", "amount_off_cents", "starts_at", "expires_at", "redeemed_at", "uses_per_customer" from "vouchers");