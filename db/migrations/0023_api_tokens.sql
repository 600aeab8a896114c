CREATE TABLE "api_change_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_changes" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"txid" "xid8" NOT NULL,
	CONSTRAINT "api_changes_kind_ref_id_pk" PRIMARY KEY("kind","ref_id"),
	CONSTRAINT "api_changes_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "api_idempotency" (
	"token_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_idempotency_token_id_key_pk" PRIMARY KEY("token_id","key")
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_changes_kind_seq_idx" ON "api_changes" USING btree ("kind","seq");--> statement-breakpoint
CREATE INDEX "api_idempotency_expires_idx" ON "api_idempotency" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "api_tokens_created_idx" ON "api_tokens" USING btree ("created_at");--> statement-breakpoint
-- The change sequence of the integration API (issue 28; docs/integration-api.md "Paging by change").
-- Every insert or update of an order, its lines, an invoice or a credit note queues a deferred
-- trigger; at commit it takes the next number from the one counter row (a row lock held until the
-- commit ends, so numbers are taken in commit order: a transaction that commits later always gets a
-- larger number, and no reader can see a number while a smaller one is still to come) and records it
-- against the document in api_changes. One number per document and transaction (txid): a burst of
-- line changes in one transaction is one change.
INSERT INTO "api_change_counter" ("id", "value") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "api_change_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := TG_ARGV[0];
  ref integer;
  n bigint;
BEGIN
  ref := ((CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[1])::integer;
  IF EXISTS (SELECT 1 FROM "api_changes" WHERE "kind" = k AND "ref_id" = ref AND "txid" = pg_current_xact_id()) THEN
    RETURN NULL;
  END IF;
  UPDATE "api_change_counter" SET "value" = "value" + 1 WHERE "id" = 1 RETURNING "value" INTO n;
  INSERT INTO "api_changes" ("kind", "ref_id", "seq", "changed_at", "txid")
    VALUES (k, ref, n, clock_timestamp(), pg_current_xact_id())
    ON CONFLICT ("kind", "ref_id") DO UPDATE SET "seq" = EXCLUDED."seq", "changed_at" = EXCLUDED."changed_at", "txid" = EXCLUDED."txid";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_api_change" AFTER INSERT OR UPDATE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "api_change_seq"('order', 'id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_lines_api_change" AFTER INSERT OR UPDATE OR DELETE ON "order_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "api_change_seq"('order', 'order_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_api_change" AFTER INSERT OR UPDATE ON "invoices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "api_change_seq"('invoice', 'id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credit_notes_api_change" AFTER INSERT OR UPDATE ON "credit_notes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "api_change_seq"('credit_note', 'id');--> statement-breakpoint
-- Documents written before this migration: one change each, in id order.
INSERT INTO "api_changes" ("kind", "ref_id", "seq", "changed_at", "txid")
  SELECT k, id, row_number() OVER (ORDER BY ord, id), now(), pg_current_xact_id() FROM (
    SELECT 'order' AS k, "id", 1 AS ord FROM "orders"
    UNION ALL SELECT 'invoice', "id", 2 FROM "invoices"
    UNION ALL SELECT 'credit_note', "id", 3 FROM "credit_notes"
  ) d;--> statement-breakpoint
UPDATE "api_change_counter" SET "value" = (SELECT coalesce(max("seq"), 0) FROM "api_changes") WHERE "id" = 1;
