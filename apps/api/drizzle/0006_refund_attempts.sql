ALTER TABLE "payments" DROP CONSTRAINT "payments_refunds_within_amount";--> statement-breakpoint
DROP INDEX "payments_refund_due_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempt_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempt_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "refund_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."refund_due_minor" > 0 OR "payments"."refund_attempt_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunds_within_amount" CHECK ("payments"."refunded_minor" >= 0 AND "payments"."refund_due_minor" >= 0 AND "payments"."refund_attempt_minor" >= 0 AND "payments"."refunded_minor" + "payments"."refund_due_minor" + "payments"."refund_attempt_minor" <= "payments"."amount_minor");