ALTER TABLE "agencies" ADD COLUMN "test_balance_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_test_balance_non_negative" CHECK ("agencies"."test_balance_minor" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_test_took_nothing" CHECK (NOT "bookings"."is_test" OR ("bookings"."channel" = 'api' AND "bookings"."stock_units" = 0 AND "bookings"."stock_adults" = 0 AND "bookings"."stock_children" = 0));