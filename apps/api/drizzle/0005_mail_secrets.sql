ALTER TABLE "mail_outbox" ADD COLUMN "redacted_text_body" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "redacted_html_body" text;