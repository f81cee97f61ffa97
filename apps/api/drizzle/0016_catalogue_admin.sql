ALTER TABLE "catalogue_images" ALTER COLUMN "svg" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_images" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "is_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_images" ADD CONSTRAINT "catalogue_images_one_source" CHECK (("catalogue_images"."svg" IS NULL) <> ("catalogue_images"."storage_key" IS NULL));