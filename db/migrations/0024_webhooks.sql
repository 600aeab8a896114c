CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"ok" boolean NOT NULL,
	"error" text,
	"response_excerpt" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"msg_id" text NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"tx_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_msg_id_unique" UNIQUE("msg_id")
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_events" CHECK (cardinality("webhooks"."events") >= 1)
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subject_idx" ON "webhook_deliveries" USING btree ("webhook_id","subject","id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhook_events_tx_idx" ON "webhook_events" USING btree ("tx_id","subject");--> statement-breakpoint
-- The outbox (docs/webhooks.md): events written by triggers, in the transaction of the change, so every
-- path that places, changes or cancels an order, issues an invoice or changes what is on offer (the
-- wholesale and mass-market stores, the order desk, the supply desk, the integration API, jobs) records
-- them without knowing about webhooks. Nothing is written while no webhook exists.
CREATE FUNCTION "webhooks_record"(p_type text, p_subject text, p_payload jsonb, p_merge boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ev bigint;
BEGIN
  -- An event of a transaction that already recorded one for the subject adds its lines to it (availability).
  IF p_merge THEN
    UPDATE webhook_events SET payload = jsonb_set(payload, '{lines}', (payload->'lines') || (p_payload->'lines'))
     WHERE tx_id = txid_current() AND subject = p_subject AND type = p_type AND jsonb_array_length(payload->'lines') < 5000
     RETURNING id INTO ev;
    IF FOUND THEN RETURN; END IF;
  END IF;
  INSERT INTO webhook_events (msg_id, type, subject, payload, tx_id)
  VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), p_type, p_subject, p_payload, txid_current())
  RETURNING id INTO ev;
  INSERT INTO webhook_deliveries (webhook_id, event_id, subject)
  SELECT w.id, ev, p_subject FROM webhooks w WHERE p_type = ANY (w.events) ORDER BY w.id;
END $$;
--> statement-breakpoint
-- Orders of both stores (one table) and their lines: a deferred row trigger, so it runs at commit and
-- describes the order as committed (with its lines). One event per order and transaction: placed or
-- cancelled when that happened, changed otherwise (never for an order cancelled by then).
CREATE FUNCTION "webhooks_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t text;
  oid integer;
  o record;
  subj text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks) THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'orders' THEN
    oid := NEW.id;
    IF TG_OP = 'INSERT' THEN t := 'order.placed';
    ELSIF NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled' THEN t := 'order.cancelled';
    ELSE t := 'order.changed';
    END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN oid := OLD.order_id; ELSE oid := NEW.order_id; END IF;
    t := 'order.changed';
  END IF;
  SELECT * INTO o FROM orders WHERE id = oid;
  IF NOT FOUND THEN RETURN NULL; END IF;
  subj := 'order:' || o.order_number;
  IF t = 'order.changed' AND o.status = 'cancelled' THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM webhook_events e WHERE e.tx_id = txid_current() AND e.subject = subj
              AND (e.type = t OR (t = 'order.changed' AND e.type IN ('order.placed', 'order.cancelled')))) THEN
    RETURN NULL;
  END IF;
  PERFORM webhooks_record(t, subj, jsonb_build_object(
    'orderNumber', o.order_number, 'store', o.store, 'status', o.status, 'customerId', o.customer_id,
    'userId', o.user_id, 'retailerId', o.retailer_id, 'shipDate', o.ship_date, 'receivingDate', o.receiving_date,
    'subtotalCents', o.subtotal_cents, 'discountCents', o.discount_cents, 'totalCents', o.total_cents,
    'voucherCode', o.voucher_code, 'placedAt', o.placed_at, 'shippedAt', o.shipped_at, 'cancelledAt', o.cancelled_at,
    'lines', coalesce((SELECT jsonb_agg(jsonb_build_object(
        'productId', l.product_id, 'description', l.description, 'quantity', l.quantity,
        'quantityConfirmed', l.quantity_confirmed, 'quantityPending', l.quantity_pending,
        'lineTotalCents', l.line_total_cents) ORDER BY l.position, l.id)
      FROM order_lines l WHERE l.order_id = o.id), '[]'::jsonb)), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_webhooks_insert" AFTER INSERT ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "webhooks_order_event"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_webhooks_update" AFTER UPDATE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "webhooks_order_event"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_lines_webhooks_insert_delete" AFTER INSERT OR DELETE ON "order_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "webhooks_order_event"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_lines_webhooks_update" AFTER UPDATE ON "order_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "webhooks_order_event"();--> statement-breakpoint
CREATE FUNCTION "webhooks_invoice_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  subj text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks) THEN RETURN NULL; END IF;
  SELECT 'order:' || o.order_number INTO subj FROM orders o WHERE o.id = NEW.order_id;
  PERFORM webhooks_record('invoice.issued', subj, jsonb_build_object(
    'invoiceNumber', i.invoice_number, 'orderNumber', o.order_number, 'store', o.store, 'customerId', i.customer_id,
    'invoiceDate', i.invoice_date, 'dueDate', i.due_date, 'terms', i.terms, 'subtotalCents', i.subtotal_cents,
    'taxRateBp', i.tax_rate_bp, 'taxCents', i.tax_cents, 'totalCents', i.total_cents), false)
   FROM invoices i JOIN orders o ON o.id = i.order_id WHERE i.id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_webhooks" AFTER INSERT ON "invoices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "webhooks_invoice_event"();--> statement-breakpoint
-- What is on offer: quantities and prices of wholesale offer lines and mass-market catalog lines (not what
-- orders and holds take: orders have their own events). A statement trigger with transition tables, so a
-- 5,000-line upload is one event (lines merged per transaction).
CREATE FUNCTION "webhooks_offer_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lines jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('store', 'wholesale', 'catalogId', n.catalog_id, 'catalogOrderId', c.order_id,
        'shipDateFrom', c.ship_date_from, 'shipDateTo', c.ship_date_to, 'productId', n.product_id,
        'quantity', n.original_quantity, 'ordered', n.quantity_ordered, 'priceCents', n.price_cents,
        'priceNoPailCents', n.price_no_pail_cents, 'removed', false) ORDER BY n.id)
      INTO lines FROM new_rows n JOIN catalogs c ON c.id = n.catalog_id;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(jsonb_build_object('store', 'wholesale', 'catalogId', n.catalog_id, 'catalogOrderId', c.order_id,
        'shipDateFrom', c.ship_date_from, 'shipDateTo', c.ship_date_to, 'productId', n.product_id,
        'quantity', n.original_quantity, 'ordered', n.quantity_ordered, 'priceCents', n.price_cents,
        'priceNoPailCents', n.price_no_pail_cents, 'removed', false) ORDER BY n.id)
      INTO lines FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN catalogs c ON c.id = n.catalog_id
     WHERE (o.original_quantity, o.price_cents, o.price_no_pail_cents, o.standard_price_cents, o.standard_price_no_pail_cents,
            o.discount_price_cents, o.discount_price_no_pail_cents, o.discount_price2_cents, o.discount_price_no_pail2_cents, o.show_store)
           IS DISTINCT FROM
           (n.original_quantity, n.price_cents, n.price_no_pail_cents, n.standard_price_cents, n.standard_price_no_pail_cents,
            n.discount_price_cents, n.discount_price_no_pail_cents, n.discount_price2_cents, n.discount_price_no_pail2_cents, n.show_store);
  ELSE
    SELECT jsonb_agg(jsonb_build_object('store', 'wholesale', 'catalogId', o.catalog_id, 'productId', o.product_id, 'removed', true) ORDER BY o.id)
      INTO lines FROM old_rows o;
  END IF;
  IF lines IS NOT NULL THEN PERFORM webhooks_record('availability.changed', 'availability', jsonb_build_object('lines', lines), true); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "offer_lines_webhooks_insert" AFTER INSERT ON "offer_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "webhooks_offer_event"();--> statement-breakpoint
CREATE TRIGGER "offer_lines_webhooks_update" AFTER UPDATE ON "offer_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "webhooks_offer_event"();--> statement-breakpoint
CREATE TRIGGER "offer_lines_webhooks_delete" AFTER DELETE ON "offer_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "webhooks_offer_event"();--> statement-breakpoint
CREATE FUNCTION "webhooks_mm_offer_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lines jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('store', 'mm', 'catalogId', n.catalog_id, 'catalogOrderId', c.order_id,
        'shipDateFrom', c.ship_date_from, 'shipDateTo', c.ship_date_to, 'productId', n.product_id,
        'quantity', n.available, 'ordered', n.quantity_ordered, 'priceCents', n.price_cents, 'removed', false) ORDER BY n.product_id)
      INTO lines FROM new_rows n JOIN catalogs c ON c.id = n.catalog_id;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(jsonb_build_object('store', 'mm', 'catalogId', n.catalog_id, 'catalogOrderId', c.order_id,
        'shipDateFrom', c.ship_date_from, 'shipDateTo', c.ship_date_to, 'productId', n.product_id,
        'quantity', n.available, 'ordered', n.quantity_ordered, 'priceCents', n.price_cents, 'removed', false) ORDER BY n.product_id)
      INTO lines FROM new_rows n JOIN old_rows o ON o.catalog_id = n.catalog_id AND o.product_id = n.product_id JOIN catalogs c ON c.id = n.catalog_id
     WHERE (o.available, o.price_cents, o.price_per_bouquet_cents, o.price_per_bouquet_no_box_cents)
           IS DISTINCT FROM (n.available, n.price_cents, n.price_per_bouquet_cents, n.price_per_bouquet_no_box_cents);
  ELSE
    SELECT jsonb_agg(jsonb_build_object('store', 'mm', 'catalogId', o.catalog_id, 'productId', o.product_id, 'removed', true) ORDER BY o.product_id)
      INTO lines FROM old_rows o;
  END IF;
  IF lines IS NOT NULL THEN PERFORM webhooks_record('availability.changed', 'availability', jsonb_build_object('lines', lines), true); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "mm_catalog_products_webhooks_insert" AFTER INSERT ON "mm_catalog_products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "webhooks_mm_offer_event"();--> statement-breakpoint
CREATE TRIGGER "mm_catalog_products_webhooks_update" AFTER UPDATE ON "mm_catalog_products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "webhooks_mm_offer_event"();--> statement-breakpoint
CREATE TRIGGER "mm_catalog_products_webhooks_delete" AFTER DELETE ON "mm_catalog_products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "webhooks_mm_offer_event"();
