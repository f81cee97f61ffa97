ALTER TABLE "bookings" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel" text DEFAULT 'agent' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "widget_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sale_currency" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sale_total_minor" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "margin_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_token" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_url" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_customer_token_uq" ON "bookings" USING btree ("customer_token");--> statement-breakpoint
CREATE INDEX "bookings_margin_due_idx" ON "bookings" USING btree ("date") WHERE "bookings"."margin_status" = 'pending';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel_fields" CHECK (CASE WHEN "bookings"."channel" = 'widget' THEN "bookings"."widget_id" IS NOT NULL AND "bookings"."sale_currency" IS NOT NULL AND "bookings"."sale_total_minor" > 0 AND "bookings"."customer_token" IS NOT NULL AND "bookings"."created_by" IS NULL ELSE "bookings"."created_by" IS NOT NULL AND "bookings"."widget_id" IS NULL AND "bookings"."margin_status" IS NULL END);