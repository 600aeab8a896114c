ALTER TABLE "standing_orders" ADD COLUMN "sales_user_id" text;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_sales_user_id_users_id_fk" FOREIGN KEY ("sales_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Issue 23: writes to standing orders and favourites made while acting for someone are audited like
-- carts and orders (migration 0008's audit_acting_write: one row per table and transaction, in the
-- writing transaction). A standing order names who set it up (sales_user_id) and its mode, since
-- mode "order" places real orders later.
CREATE TRIGGER "standing_orders_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "standing_orders" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('id', 'customer_id', 'retailer_id', 'mode', 'sales_user_id');--> statement-breakpoint
CREATE TRIGGER "standing_order_lines_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "standing_order_lines" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('standing_order_id');--> statement-breakpoint
CREATE TRIGGER "favourites_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "favourites" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('customer_id', 'retailer_id', 'product_id');
