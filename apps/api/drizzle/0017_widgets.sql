CREATE TABLE "widget_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_offers" (
	"widget_id" uuid NOT NULL,
	"offer_id" integer NOT NULL,
	"tour_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sale_adult_minor" bigint,
	"sale_child_minor" bigint,
	"sale_trip_minor" bigint,
	CONSTRAINT "widget_offers_widget_id_offer_id_pk" PRIMARY KEY("widget_id","offer_id"),
	CONSTRAINT "widget_offers_positive" CHECK (coalesce("widget_offers"."sale_adult_minor", 1) > 0 AND coalesce("widget_offers"."sale_child_minor", 1) > 0 AND coalesce("widget_offers"."sale_trip_minor", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"language" text NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"domain_status" text,
	"offers_section_title" text DEFAULT '' NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"google_conversion_action_id" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"no_index" boolean DEFAULT false NOT NULL,
	"hero_video_url" text DEFAULT '' NOT NULL,
	"is_hero_video_disabled" boolean DEFAULT false NOT NULL,
	"logo_image_id" uuid,
	"footer_logo_image_id" uuid,
	"hero_image_id" uuid,
	"contacts" jsonb NOT NULL,
	"partners" jsonb NOT NULL,
	"social_links" jsonb NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "widgets_discount_range" CHECK ("widgets"."discount_percent" BETWEEN 0 AND 100),
	CONSTRAINT "widgets_domain_status" CHECK (("widgets"."domain" = '') = ("widgets"."domain_status" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "widget_images" ADD CONSTRAINT "widget_images_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_images" ADD CONSTRAINT "widget_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_offers" ADD CONSTRAINT "widget_offers_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_offers" ADD CONSTRAINT "widget_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_offers" ADD CONSTRAINT "widget_offers_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_logo_image_id_widget_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."widget_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_footer_logo_image_id_widget_images_id_fk" FOREIGN KEY ("footer_logo_image_id") REFERENCES "public"."widget_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_hero_image_id_widget_images_id_fk" FOREIGN KEY ("hero_image_id") REFERENCES "public"."widget_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_images_agency_idx" ON "widget_images" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "widget_offers_offer_idx" ON "widget_offers" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_slug_uq" ON "widgets" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_domain_uq" ON "widgets" USING btree ("domain") WHERE "widgets"."domain" <> '' AND "widgets"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "widgets_agency_idx" ON "widgets" USING btree ("agency_id","created_at");