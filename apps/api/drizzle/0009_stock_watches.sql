CREATE TABLE "stock_watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"offer_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" text,
	"adults" integer NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"infants" integer DEFAULT 0 NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "stock_watches_people" CHECK ("stock_watches"."adults" >= 0 AND "stock_watches"."children" >= 0 AND "stock_watches"."infants" >= 0),
	CONSTRAINT "stock_watches_notified_closed" CHECK ("stock_watches"."notified_at" IS NULL OR "stock_watches"."closed_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "stock_watches" ADD CONSTRAINT "stock_watches_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_watches" ADD CONSTRAINT "stock_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_watches" ADD CONSTRAINT "stock_watches_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_watches_open_uq" ON "stock_watches" USING btree ("user_id","offer_id","date",coalesce("start_time", '')) WHERE "stock_watches"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_watches_open_slot_idx" ON "stock_watches" USING btree ("offer_id","date") WHERE "stock_watches"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_watches_agency_idx" ON "stock_watches" USING btree ("agency_id");