CREATE TABLE "customer_logos" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"shop_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"city" text,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"retailer_id" integer
);
--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "customer_logos" ADD CONSTRAINT "customer_logos_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_requests_customer_idx" ON "referral_requests" USING btree ("customer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "retailers_code_lower_idx" ON "retailers" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
-- The audit log is append-only: the application (or anyone else) can add rows, never change or remove them.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- Writes made while a staff member acts for someone. The server opens every transaction of an
-- impersonated request with set_config('bloom.acting', '{"actor","as","route","ip"}', true); these
-- triggers then add one audit row per table and transaction, in that same transaction, so a write
-- made while acting can never commit without its audit row, nor the row without the write.
-- TG_ARGV names the columns copied into the row's detail (order number, ids).
CREATE FUNCTION "audit_acting_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ctx jsonb;
  flag text := 'bloom.audited_' || TG_TABLE_NAME;
  rec jsonb;
  keys jsonb := '{}'::jsonb;
  col text;
BEGIN
  ctx := nullif(current_setting('bloom.acting', true), '')::jsonb;
  IF ctx IS NULL THEN RETURN NULL; END IF;
  IF coalesce(current_setting(flag, true), '') = '1' THEN RETURN NULL; END IF;
  PERFORM set_config(flag, '1', true);
  IF TG_OP = 'DELETE' THEN rec := to_jsonb(OLD); ELSE rec := to_jsonb(NEW); END IF;
  FOREACH col IN ARRAY TG_ARGV LOOP
    keys := keys || jsonb_build_object(col, rec -> col);
  END LOOP;
  INSERT INTO "audit_log" ("actor_user_id", "action", "target_user_id", "detail", "ip")
  VALUES (
    ctx ->> 'actor',
    'acting.' || TG_TABLE_NAME || '.' || lower(TG_OP),
    ctx ->> 'as',
    jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'route', ctx ->> 'route', 'row', keys),
    ctx ->> 'ip'
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "carts_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "carts" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('id', 'customer_id', 'retailer_id', 'store');--> statement-breakpoint
CREATE TRIGGER "cart_lines_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "cart_lines" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('cart_id');--> statement-breakpoint
CREATE TRIGGER "orders_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('order_number', 'customer_id', 'retailer_id', 'sales_user_id', 'store');--> statement-breakpoint
CREATE TRIGGER "users_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('id', 'email');--> statement-breakpoint
CREATE TRIGGER "user_roles_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('user_id', 'role');--> statement-breakpoint
CREATE TRIGGER "user_claims_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "user_claims" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('user_id', 'claim', 'value');--> statement-breakpoint
CREATE TRIGGER "user_customers_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "user_customers" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('user_id', 'customer_id');--> statement-breakpoint
CREATE TRIGGER "retailers_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "retailers" FOR EACH ROW EXECUTE FUNCTION "audit_acting_write"('retailer_id', 'code');
