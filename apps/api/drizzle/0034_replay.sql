CREATE TABLE "replay_recordings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "is_replay_recorded" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "replay_recordings" ADD CONSTRAINT "replay_recordings_session_id_insight_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."insight_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "replay_recordings_session_sequence_idx" ON "replay_recordings" USING btree ("session_id","sequence");--> statement-breakpoint
CREATE INDEX "replay_recordings_created_idx" ON "replay_recordings" USING btree ("created_at");