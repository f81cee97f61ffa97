CREATE TABLE "tax_invoice_counters" (
	"issuer_key" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"issuer_key" text NOT NULL,
	"number" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"language" text NOT NULL,
	"issuer" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_month_valid" CHECK ("tax_invoices"."month" BETWEEN 1 AND 12)
);
--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_month_uq" ON "tax_invoices" USING btree ("agency_id","currency","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_number_uq" ON "tax_invoices" USING btree ("issuer_key","number");--> statement-breakpoint
-- SPEC §9: an issued tax invoice is never changed; a correction is a new document.
CREATE OR REPLACE FUNCTION tax_invoices_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax_invoices are never changed once issued';
END
$$;--> statement-breakpoint
CREATE TRIGGER tax_invoices_no_change BEFORE UPDATE OR DELETE ON tax_invoices FOR EACH ROW EXECUTE FUNCTION tax_invoices_unchangeable();
