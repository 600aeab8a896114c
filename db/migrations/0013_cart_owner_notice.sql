-- A cart made or removed names its owner in the change feed: "carts:<user id>|<customer id>|<retailer id>"
-- instead of the bare "carts" of migration 0011. Only that owner's answers depend on whether it has a
-- cart (the ETag of its Catalog/Products names the asking cart), so a buyer's first cart GET no longer
-- drops every instance's catalogue answers of every buyer.
DROP TRIGGER "carts_notify" ON "carts";--> statement-breakpoint
CREATE FUNCTION "notify_cart_owner_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('bloom_changes', 'carts:' || OLD."user_id" || '|' || OLD."customer_id" || '|' || OLD."retailer_id");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('bloom_changes', 'carts:' || NEW."user_id" || '|' || NEW."customer_id" || '|' || NEW."retailer_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "carts_owner_notify" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "customer_id", "retailer_id" ON "carts" FOR EACH ROW EXECUTE FUNCTION "notify_cart_owner_change"();--> statement-breakpoint
CREATE TRIGGER "carts_truncate_notify" AFTER TRUNCATE ON "carts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('*');
