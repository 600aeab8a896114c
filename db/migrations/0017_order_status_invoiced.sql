-- One status everywhere (issue 26): shipping issues the invoice in the same transaction, so an order
-- with an invoice is "invoiced". Orders written as "shipped" beside their invoice (older demo data)
-- read "Shipped" on one screen and had an invoice on another; they are invoiced.
UPDATE "orders" SET "status" = 'invoiced'
 WHERE "status" = 'shipped' AND EXISTS (SELECT 1 FROM "invoices" i WHERE i."order_id" = "orders"."id");
--> statement-breakpoint
-- The audit log in words (issue 26): a cart save while acting for someone deletes and re-inserts the
-- cart's lines, so the generic trigger's one row ("acting.cart_lines.delete" with the cart id) said
-- nothing of what changed. Now each changed line adds its quantity change per product to a
-- transaction-local setting, and at commit a deferred trigger writes one row with the net changes:
-- "acting.cart_lines.change", detail.changes = [{productId, description, quantity (+ added, - removed)}].
-- Still in the write's own transaction: the row commits with the write or not at all.
DROP TRIGGER "cart_lines_acting_audit" ON "cart_lines";--> statement-breakpoint
CREATE FUNCTION "acting_cart_lines_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acc jsonb;
  k text;
  prev jsonb;
BEGIN
  IF nullif(current_setting('bloom.acting', true), '') IS NULL THEN RETURN NULL; END IF;
  acc := coalesce(nullif(current_setting('bloom.cart_delta', true), ''), '{}')::jsonb;
  IF TG_OP <> 'INSERT' THEN
    k := OLD.cart_id::text || ':' || OLD.product_id;
    prev := coalesce(acc -> k, jsonb_build_object('cart_id', OLD.cart_id, 'product_id', OLD.product_id, 'description', OLD.description, 'delta', 0));
    acc := acc || jsonb_build_object(k, jsonb_set(prev, '{delta}', to_jsonb((prev ->> 'delta')::int - OLD.quantity)));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    k := NEW.cart_id::text || ':' || NEW.product_id;
    prev := coalesce(acc -> k, jsonb_build_object('cart_id', NEW.cart_id, 'product_id', NEW.product_id, 'description', NEW.description, 'delta', 0));
    acc := acc || jsonb_build_object(k, jsonb_set(prev, '{delta}', to_jsonb((prev ->> 'delta')::int + NEW.quantity)));
  END IF;
  PERFORM set_config('bloom.cart_delta', acc::text, true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "acting_cart_lines_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ctx jsonb;
  acc jsonb;
  changes jsonb;
  cart jsonb;
BEGIN
  ctx := nullif(current_setting('bloom.acting', true), '')::jsonb;
  IF ctx IS NULL THEN RETURN NULL; END IF;
  IF coalesce(current_setting('bloom.audited_cart_lines', true), '') = '1' THEN RETURN NULL; END IF;
  PERFORM set_config('bloom.audited_cart_lines', '1', true);
  acc := coalesce(nullif(current_setting('bloom.cart_delta', true), ''), '{}')::jsonb;
  SELECT coalesce(jsonb_agg(jsonb_build_object('productId', v ->> 'product_id', 'description', v ->> 'description', 'quantity', (v ->> 'delta')::int) ORDER BY v ->> 'description'), '[]'::jsonb)
    INTO changes FROM jsonb_each(acc) AS e(k, v) WHERE (v ->> 'delta')::int <> 0;
  SELECT jsonb_build_object('cart_id', c.id, 'customer_id', c.customer_id, 'store', c.store) INTO cart
    FROM "carts" c WHERE c.id = (SELECT (v ->> 'cart_id')::int FROM jsonb_each(acc) AS e(k, v) LIMIT 1);
  INSERT INTO "audit_log" ("actor_user_id", "action", "target_user_id", "detail", "ip")
  VALUES (
    ctx ->> 'actor',
    'acting.cart_lines.change',
    ctx ->> 'as',
    jsonb_build_object('table', 'cart_lines', 'op', 'CHANGE', 'route', ctx ->> 'route', 'row', coalesce(cart, '{}'::jsonb), 'changes', changes),
    ctx ->> 'ip'
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cart_lines_acting_delta" AFTER INSERT OR UPDATE OR DELETE ON "cart_lines" FOR EACH ROW EXECUTE FUNCTION "acting_cart_lines_delta"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cart_lines_acting_audit" AFTER INSERT OR UPDATE OR DELETE ON "cart_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "acting_cart_lines_audit"();
