CREATE TABLE "low_balance_alerts" (
	"agency_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"deposit_entry_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "low_balance_alerts_agency_id_currency_pk" PRIMARY KEY("agency_id","currency"),
	CONSTRAINT "low_balance_alerts_stage" CHECK ("low_balance_alerts"."stage" IN (1, 2))
);
--> statement-breakpoint
ALTER TABLE "low_balance_alerts" ADD CONSTRAINT "low_balance_alerts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;