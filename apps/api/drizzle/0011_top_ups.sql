CREATE TABLE "top_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"transfer_date" date,
	"bank_reference" text,
	"note" text DEFAULT '' NOT NULL,
	"failure_message" text,
	"reject_reason" text,
	"created_by" uuid NOT NULL,
	"decided_by" uuid,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_ups_amount_positive" CHECK ("top_ups"."amount_minor" > 0 AND "top_ups"."fee_minor" >= 0),
	CONSTRAINT "top_ups_transfer_details" CHECK ("top_ups"."method" = 'card' OR ("top_ups"."transfer_date" IS NOT NULL AND "top_ups"."bank_reference" IS NOT NULL)),
	CONSTRAINT "top_ups_credited_at" CHECK (("top_ups"."status" = 'credited') = ("top_ups"."credited_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "top_up_id" uuid;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_reference_uq" ON "top_ups" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "top_ups_agency_idx" ON "top_ups" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "top_ups_pending_idx" ON "top_ups" USING btree ("created_at") WHERE "top_ups"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_top_up_id_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."top_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_agency_seq_idx" ON "ledger_entries" USING btree ("agency_id","currency","seq");--> statement-breakpoint
CREATE INDEX "payments_top_up_idx" ON "payments" USING btree ("top_up_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_owner" CHECK (num_nonnulls("payments"."booking_id", "payments"."top_up_id") = 1);