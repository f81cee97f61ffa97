ALTER TABLE "idempotency_keys" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "attempt" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "resource_id" uuid;