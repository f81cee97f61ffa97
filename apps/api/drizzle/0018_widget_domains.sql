ALTER TABLE "widgets" ADD COLUMN "domain_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "domain_reason" text;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "domain_checked_at" timestamp with time zone;