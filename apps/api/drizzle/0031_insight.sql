CREATE TABLE "insight_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" text,
	"agency_id" uuid,
	"user_id" uuid,
	"channel" text DEFAULT 'portal' NOT NULL,
	"path" text,
	"tour_id" integer,
	"offer_id" integer,
	"date" date,
	"seats" integer,
	"reason" text,
	"booking_id" uuid,
	"props" jsonb
);
--> statement-breakpoint
CREATE TABLE "insight_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"user_id" uuid,
	"agency_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_recorded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insight_events_at_idx" ON "insight_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "insight_events_kind_at_idx" ON "insight_events" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "insight_events_session_idx" ON "insight_events" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "insight_events_agency_at_idx" ON "insight_events" USING btree ("agency_id","at");--> statement-breakpoint
CREATE INDEX "insight_events_unserved_idx" ON "insight_events" USING btree ("tour_id","offer_id","date") WHERE kind = 'availability' AND reason IS NOT NULL;--> statement-breakpoint
CREATE INDEX "insight_sessions_agency_idx" ON "insight_sessions" USING btree ("agency_id","started_at");--> statement-breakpoint
CREATE INDEX "insight_sessions_started_idx" ON "insight_sessions" USING btree ("started_at");