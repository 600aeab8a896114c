CREATE TABLE "closed_days" (
	"date" date NOT NULL,
	"store" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closed_days_date_store_pk" PRIMARY KEY("date","store"),
	CONSTRAINT "closed_days_store" CHECK ("closed_days"."store" in ('wholesale', 'massMarket')),
	CONSTRAINT "closed_days_reason" CHECK (length("closed_days"."reason") between 1 and 80)
);
--> statement-breakpoint
CREATE TRIGGER "closed_days_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closed_days" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('calendar');
