ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_notes" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_po_number_length" CHECK ("po_number" IS NULL OR char_length("po_number") <= 40);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_notes_length" CHECK ("delivery_notes" IS NULL OR char_length("delivery_notes") <= 500);
