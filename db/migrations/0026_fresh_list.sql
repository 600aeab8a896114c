-- The fresh list (issue 29 §2): a buyer's choice to receive the next ship date's availability by mail,
-- and one row per user and New York day it was sent (inserted in the sending transaction: once a day).
CREATE TABLE "fresh_list_preferences" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"customer_id" text NOT NULL REFERENCES "customers"("customer_id") ON DELETE CASCADE,
	"enabled" boolean NOT NULL DEFAULT false,
	"send_minute" integer NOT NULL DEFAULT 420,
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "fresh_list_preferences_pkey" PRIMARY KEY ("user_id"),
	CONSTRAINT "fresh_list_send_minute_range" CHECK ("send_minute" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "fresh_list_sends" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"customer_id" text NOT NULL,
	"ship_date" date,
	"lines" integer NOT NULL DEFAULT 0,
	"product_ids" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"sent_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "fresh_list_sends_pk" PRIMARY KEY ("user_id", "day")
);
