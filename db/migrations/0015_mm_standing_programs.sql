ALTER TABLE "standing_order_lines" ADD COLUMN "barcode_number" text;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD COLUMN "barcode_top" text;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD COLUMN "barcode_left" text;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD COLUMN "barcode_bottom" text;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN "store" text DEFAULT 'wholesale' NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN "weekdays" integer[];--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN "boxed" boolean;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN "paused_from" text;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN "paused_until" text;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_store" CHECK ("standing_orders"."store" in ('wholesale', 'mm'));