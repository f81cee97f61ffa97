CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"outbox_id" bigint,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"booking_id" uuid,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_outbox" ADD CONSTRAINT "webhook_outbox_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_uq" ON "webhook_deliveries" USING btree ("endpoint_id","outbox_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_agency_idx" ON "webhook_endpoints" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "webhook_outbox_pending_idx" ON "webhook_outbox" USING btree ("id") WHERE "webhook_outbox"."dispatched_at" IS NULL;--> statement-breakpoint
-- Issue 30: what happens to a booking made over the reseller API is recorded for the agency's webhooks in the same
-- transaction that changes it, whichever path changes it (the API, the portal, the operator, the sweeper):
-- confirmed; cancelled (and refunded when money went back); updated (a confirmed booking's guest, notes or reference)
CREATE OR REPLACE FUNCTION bookings_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.channel <> 'api' THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'completed' AND OLD.status <> 'completed' THEN
    INSERT INTO webhook_outbox (agency_id, event_type, booking_id) VALUES (NEW.agency_id, 'booking.confirmed', NEW.id);
  ELSIF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    INSERT INTO webhook_outbox (agency_id, event_type, booking_id) VALUES (NEW.agency_id, 'booking.cancelled', NEW.id);
    IF coalesce(NEW.refund_minor, 0) > 0 THEN
      INSERT INTO webhook_outbox (agency_id, event_type, booking_id) VALUES (NEW.agency_id, 'booking.refunded', NEW.id);
    END IF;
  ELSIF NEW.status = 'completed' AND (
      NEW.guest_name IS DISTINCT FROM OLD.guest_name OR NEW.guest_email IS DISTINCT FROM OLD.guest_email
      OR NEW.guest_phone IS DISTINCT FROM OLD.guest_phone OR NEW.notes IS DISTINCT FROM OLD.notes
      OR NEW.reseller_reference IS DISTINCT FROM OLD.reseller_reference OR NEW.hotel_id IS DISTINCT FROM OLD.hotel_id) THEN
    INSERT INTO webhook_outbox (agency_id, event_type, booking_id) VALUES (NEW.agency_id, 'booking.updated', NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bookings_webhook_events AFTER UPDATE ON bookings FOR EACH ROW EXECUTE FUNCTION bookings_webhook_events();
