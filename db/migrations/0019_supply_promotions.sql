-- Promotions on the supply desk (issue 25 item 4): combo specials are part of what the store offers,
-- so a combo made, changed or ended tells every instance (change feed topic "offers", as the offer
-- tables do since 0011): the hot caches drop what they hold and the live availability streams read
-- the catalog again, so a buyer's open store learns of the new combo without a reload.
CREATE TRIGGER "combo_specials_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "combo_specials" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('offers');--> statement-breakpoint
CREATE TRIGGER "combo_special_products_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "combo_special_products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('offers');--> statement-breakpoint
-- A combo's last day is never before its first, and its discount is a real one (above 0, at most 90%).
ALTER TABLE "combo_specials" ADD CONSTRAINT "combo_specials_days" CHECK ("ends_on" >= "starts_on");--> statement-breakpoint
ALTER TABLE "combo_specials" ADD CONSTRAINT "combo_specials_percent" CHECK ("discount_percent" > 0 AND "discount_percent" <= 90);
