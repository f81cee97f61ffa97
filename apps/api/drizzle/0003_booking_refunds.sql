ALTER TABLE "bookings" ADD COLUMN "stock_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stock_adults" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stock_children" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."refund_due_minor" > 0;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunds_within_amount" CHECK ("payments"."refunded_minor" >= 0 AND "payments"."refund_due_minor" >= 0 AND "payments"."refunded_minor" + "payments"."refund_due_minor" <= "payments"."amount_minor");--> statement-breakpoint
-- Aborts the statement it is called from (a one-statement booking whose balance would pass the credit limit).
CREATE OR REPLACE FUNCTION portal_abort(code text) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', code USING ERRCODE = 'P0001';
END
$$;
