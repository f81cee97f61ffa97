CREATE TABLE "replay_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"next_sequence" integer NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "replay_sessions" ADD CONSTRAINT "replay_sessions_session_id_insight_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."insight_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- what each session uploaded before this table existed
INSERT INTO "replay_sessions" ("session_id", "next_sequence", "size")
SELECT "session_id", max("sequence") + 1, sum("size") FROM "replay_recordings" GROUP BY "session_id";
