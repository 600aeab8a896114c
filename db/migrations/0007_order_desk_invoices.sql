CREATE TABLE "credit_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"invoice_line_id" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	CONSTRAINT "credit_note_lines_quantity" CHECK ("credit_note_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_number" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"credit_date" date NOT NULL,
	"reason" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_credit_note_number_unique" UNIQUE("credit_note_number"),
	CONSTRAINT "credit_notes_amounts" CHECK ("credit_notes"."subtotal_cents" > 0 and "credit_notes"."total_cents" = "credit_notes"."subtotal_cents" + "credit_notes"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "pails" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "packed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_lines_note_idx" ON "credit_note_lines" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "credit_note_lines_invoice_line_idx" ON "credit_note_lines" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_paid_idx" ON "invoices" USING btree ("paid","invoice_date");--> statement-breakpoint
CREATE INDEX "orders_status_ship_date_idx" ON "orders" USING btree ("status","ship_date");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_payment_terms" CHECK ("customers"."payment_terms_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('submitted', 'confirmed', 'shipped', 'invoiced', 'cancelled'));--> statement-breakpoint
-- Hand-written: the document counters start after any invoice already issued.
INSERT INTO "document_counters" ("name", "last_value") VALUES
  ('invoice', coalesce((SELECT max("invoice_number") FROM "invoices"), 500000)),
  ('credit_note', 900000)
ON CONFLICT ("name") DO NOTHING;
