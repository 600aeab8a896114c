-- Never oversold (issue 25), checked by the database itself and not only by the code that writes:
-- for every wholesale offer line, ordered + active holds (of every cart) <= original quantity.
-- The CHECK covers what is ordered; the deferred constraint trigger below covers holds too, which a
-- CHECK cannot see (they are rows of another table). It runs at COMMIT for every transaction that
-- inserts or extends a hold, raises an ordered quantity, or changes a line's quantity; it takes the
-- line's row lock first (the lock every stock decision takes), so two such transactions are checked
-- one after the other, the second seeing the first's committed holds. A hold only ever lapses with
-- time, which can only make the sum smaller. Violations raise SQLSTATE 23514 (check_violation) with
-- the constraint named offer_lines_not_oversold.
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_ordered_within_quantity" CHECK ("offer_lines"."original_quantity" is null or "offer_lines"."quantity_ordered" <= "offer_lines"."original_quantity");--> statement-breakpoint
CREATE FUNCTION "assert_offer_line_not_oversold"(line_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  available integer;
  ordered integer;
  held integer;
BEGIN
  SELECT coalesce(ol."original_quantity", 0), ol."quantity_ordered" INTO available, ordered
    FROM "offer_lines" ol WHERE ol."id" = line_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT coalesce(sum(h."quantity"), 0) INTO held
    FROM "holds" h WHERE h."offer_line_id" = line_id AND h."expires_at" > now();
  IF ordered + held > available THEN
    RAISE EXCEPTION 'offer line % oversold: % ordered + % held > % on offer', line_id, ordered, held, available
      USING ERRCODE = 'check_violation', CONSTRAINT = 'offer_lines_not_oversold', TABLE = 'offer_lines';
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "check_hold_not_oversold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "assert_offer_line_not_oversold"(NEW."offer_line_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "check_offer_line_not_oversold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "assert_offer_line_not_oversold"(NEW."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "holds_not_oversold" AFTER INSERT OR UPDATE OF "quantity", "expires_at", "offer_line_id" ON "holds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_hold_not_oversold"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "offer_lines_not_oversold" AFTER UPDATE OF "original_quantity", "quantity_ordered" ON "offer_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."original_quantity" IS DISTINCT FROM OLD."original_quantity" OR NEW."quantity_ordered" > OLD."quantity_ordered")
  EXECUTE FUNCTION "check_offer_line_not_oversold"();
