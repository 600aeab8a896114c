-- The change feed (issue 14): every instance keeps the hot reads (sessions, CheckToken,
-- Catalog/Products, the cart) in memory and LISTENs on "bloom_changes"; these triggers NOTIFY what
-- changed, in the writing transaction, so the notice goes out exactly when the change commits (and
-- never for a rolled-back one). PostgreSQL folds identical notices of one transaction into one.
-- Topics: "offers" (catalogs, their lines and products), "holds:<catalog id>", "carts" (a cart made
-- or removed), "cart:<cart id>", "session:<session id>", "accounts" (users, customers, retailers and
-- what CheckToken and the buyer profile read).
CREATE FUNCTION "notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bloom_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "offer_lines_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer_lines" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('offers');--> statement-breakpoint
CREATE TRIGGER "catalogs_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalogs" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('offers');--> statement-breakpoint
CREATE TRIGGER "catalog_customers_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_customers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('offers');--> statement-breakpoint
CREATE TRIGGER "products_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('offers');--> statement-breakpoint
CREATE TRIGGER "carts_notify" AFTER INSERT OR DELETE OR TRUNCATE ON "carts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('carts');--> statement-breakpoint
CREATE TRIGGER "customers_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('accounts');--> statement-breakpoint
CREATE TRIGGER "ship_times_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ship_times" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('accounts');--> statement-breakpoint
CREATE TRIGGER "retailers_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "retailers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('accounts');--> statement-breakpoint
CREATE TRIGGER "retailer_customers_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "retailer_customers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('accounts');--> statement-breakpoint
CREATE TRIGGER "users_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('accounts');--> statement-breakpoint
CREATE TRIGGER "user_roles_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('accounts');--> statement-breakpoint
CREATE TRIGGER "user_claims_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_claims" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('accounts');--> statement-breakpoint
CREATE TRIGGER "user_customers_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_customers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('accounts');--> statement-breakpoint
CREATE TRIGGER "customer_logos_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_logos" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('accounts');--> statement-breakpoint
-- Holds, cart lines and sessions name the row they touched: a save invalidates one catalog's
-- availability and one cart, a sign-out one session.
CREATE FUNCTION "notify_hold_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('bloom_changes', 'holds:' || coalesce((SELECT "catalog_id" FROM "offer_lines" WHERE "id" = OLD."offer_line_id")::text, '*'));
    PERFORM pg_notify('bloom_changes', 'cart:' || OLD."cart_id");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('bloom_changes', 'holds:' || coalesce((SELECT "catalog_id" FROM "offer_lines" WHERE "id" = NEW."offer_line_id")::text, '*'));
    PERFORM pg_notify('bloom_changes', 'cart:' || NEW."cart_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_cart_line_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('bloom_changes', 'cart:' || OLD."cart_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('bloom_changes', 'cart:' || NEW."cart_id"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_cart_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bloom_changes', 'cart:' || OLD."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bloom_changes', 'session:' || OLD."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "holds_notify" AFTER INSERT OR UPDATE OR DELETE ON "holds" FOR EACH ROW EXECUTE FUNCTION "notify_hold_change"();--> statement-breakpoint
CREATE TRIGGER "holds_truncate_notify" AFTER TRUNCATE ON "holds" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('*');--> statement-breakpoint
CREATE TRIGGER "cart_lines_notify" AFTER INSERT OR UPDATE OR DELETE ON "cart_lines" FOR EACH ROW EXECUTE FUNCTION "notify_cart_line_change"();--> statement-breakpoint
CREATE TRIGGER "carts_row_notify" AFTER UPDATE OR DELETE ON "carts" FOR EACH ROW EXECUTE FUNCTION "notify_cart_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_notify" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncate_notify" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('*');
