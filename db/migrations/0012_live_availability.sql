-- Live availability (issue 14): the mass-market store's stock and holds join the change feed of
-- migration 0011, so open store pages of any instance hear of them. Both name the catalog they
-- touched: "mm:<catalog id>" (a bouquet line's stock or ordered quantity, or a hold on it). Wholesale
-- already notices "holds:<catalog id>" and "offers". PostgreSQL folds identical notices of one
-- transaction into one, so a cart save or an import sends one notice per catalog.
CREATE FUNCTION "notify_mm_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('bloom_changes', 'mm:' || OLD."catalog_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('bloom_changes', 'mm:' || NEW."catalog_id"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mm_holds_notify" AFTER INSERT OR UPDATE OR DELETE ON "mm_holds" FOR EACH ROW EXECUTE FUNCTION "notify_mm_change"();--> statement-breakpoint
CREATE TRIGGER "mm_holds_truncate_notify" AFTER TRUNCATE ON "mm_holds" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('*');--> statement-breakpoint
CREATE TRIGGER "mm_catalog_products_notify" AFTER INSERT OR UPDATE OR DELETE ON "mm_catalog_products" FOR EACH ROW EXECUTE FUNCTION "notify_mm_change"();--> statement-breakpoint
CREATE TRIGGER "mm_catalog_products_truncate_notify" AFTER TRUNCATE ON "mm_catalog_products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('*');
