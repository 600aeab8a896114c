-- The supply desk's mass-market half (issue 25): bouquets, packages and mass-market catalog lines.
-- 1. A package (box type or the RFLP1 pail fee) can be retired: no bouquet may take it any more, while
--    bouquets that have it and carts priced from it keep working.
-- 2. Never oversold, for mass-market lines too, checked by the database like migration 0016 does for
--    wholesale offer lines: for every mm_catalog_products row, quantity_ordered + active mm_holds (of
--    every cart) <= available. The CHECK mm_catalog_products_ordered (migration 0006) covers what is
--    ordered; these deferred constraint triggers cover holds too. They run at COMMIT of a transaction
--    that inserts or extends a hold, raises an ordered quantity or changes a line's available; they
--    take the line's row lock first (the lock every MM stock decision takes), so two such transactions
--    are checked one after the other. Violations raise SQLSTATE 23514 with the constraint named
--    mm_catalog_products_not_oversold.
-- 3. A package's price or size changes what MM carts and the Packages answer say: its writes notify
--    the change feed (topic "offers"), which drops every instance's MM Products ETags and answers.
ALTER TABLE "mm_packages" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE FUNCTION "assert_mm_line_not_oversold"(line_catalog integer, line_product text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  on_offer integer;
  ordered integer;
  held integer;
BEGIN
  SELECT l."available", l."quantity_ordered" INTO on_offer, ordered
    FROM "mm_catalog_products" l WHERE l."catalog_id" = line_catalog AND l."product_id" = line_product FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT coalesce(sum(h."quantity"), 0) INTO held
    FROM "mm_holds" h WHERE h."catalog_id" = line_catalog AND h."product_id" = line_product AND h."expires_at" > now();
  IF ordered + held > on_offer THEN
    RAISE EXCEPTION 'mass-market line %/% oversold: % ordered + % held > % on offer', line_catalog, line_product, ordered, held, on_offer
      USING ERRCODE = 'check_violation', CONSTRAINT = 'mm_catalog_products_not_oversold', TABLE = 'mm_catalog_products';
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "check_mm_hold_not_oversold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "assert_mm_line_not_oversold"(NEW."catalog_id", NEW."product_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "check_mm_line_not_oversold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "assert_mm_line_not_oversold"(NEW."catalog_id", NEW."product_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "mm_holds_not_oversold" AFTER INSERT OR UPDATE OF "quantity", "expires_at", "catalog_id", "product_id" ON "mm_holds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_mm_hold_not_oversold"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "mm_catalog_products_not_oversold" AFTER UPDATE OF "available", "quantity_ordered" ON "mm_catalog_products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."available" < OLD."available" OR NEW."quantity_ordered" > OLD."quantity_ordered")
  EXECUTE FUNCTION "check_mm_line_not_oversold"();--> statement-breakpoint
CREATE TRIGGER "mm_packages_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mm_packages" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('offers');
