import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies, users } from './accounts.ts';
import { offers, tours } from './catalogue.ts';

export type WidgetContactsValue = {
  address: string;
  mapLink: string;
  email: string;
  telegram: string;
  phone: string;
  whatsapp: string;
  viber: string;
};
export type WidgetPartnerValue = { name: string; url: string };

// An agency's images for its widgets (logos, hero image): uploaded first, then named by a widget. Served publicly
// (the shop shows them) by id, under our own type read from the content.
export const widgetImages = pgTable(
  'widget_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('widget_images_agency_idx').on(t.agencyId)],
);

// SPEC §3 Widget: one agency's shop. Soft-deleted (deleted_at): bookings made through it will point at it and its
// slug is never reused. The domain is one live widget's; its status is only stored for now (SPEC §4).
export const widgets = pgTable(
  'widgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    type: text('type', {
      enum: ['singleTour', 'multipleTours', 'offersOnly', 'embedded', 'multiTourEmbedded'],
    }).notNull(),
    currency: text('currency', { enum: ['aed', 'usd'] }).notNull(),
    language: text('language', { enum: ['en', 'ru'] }).notNull(),
    domain: text('domain').notNull().default(''),
    domainStatus: text('domain_status', { enum: ['pendingVerification', 'verified', 'verificationFailed'] }),
    // the code the agency puts in the domain's TXT record (contract widget-domains.ts), and the last check's outcome
    domainToken: text('domain_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    domainReason: text('domain_reason'),
    domainCheckedAt: timestamp('domain_checked_at', { withTimezone: true }),
    offersSectionTitle: text('offers_section_title').notNull().default(''),
    footerText: text('footer_text').notNull().default(''),
    googleConversionActionId: text('google_conversion_action_id').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    description: text('description').notNull().default(''),
    noIndex: boolean('no_index').notNull().default(false),
    heroVideoUrl: text('hero_video_url').notNull().default(''),
    isHeroVideoDisabled: boolean('is_hero_video_disabled').notNull().default(false),
    logoImageId: uuid('logo_image_id').references(() => widgetImages.id),
    footerLogoImageId: uuid('footer_logo_image_id').references(() => widgetImages.id),
    heroImageId: uuid('hero_image_id').references(() => widgetImages.id),
    contacts: jsonb('contacts').$type<WidgetContactsValue>().notNull(),
    partners: jsonb('partners').$type<WidgetPartnerValue[]>().notNull(),
    socialLinks: jsonb('social_links').$type<Record<string, string>>().notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('widgets_slug_uq').on(t.slug),
    uniqueIndex('widgets_domain_uq')
      .on(t.domain)
      .where(sql`${t.domain} <> '' AND ${t.deletedAt} IS NULL`),
    index('widgets_agency_idx').on(t.agencyId, t.createdAt),
    check('widgets_discount_range', sql`${t.discountPercent} BETWEEN 0 AND 100`),
    check('widgets_domain_status', sql`(${t.domain} = '') = (${t.domainStatus} IS NULL)`),
  ],
);

// The options a widget sells, at the agency's sale prices (minor units of the widget's currency)
export const widgetOffers = pgTable(
  'widget_offers',
  {
    widgetId: uuid('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id),
    position: integer('position').notNull(),
    saleAdultMinor: bigint('sale_adult_minor', { mode: 'number' }),
    saleChildMinor: bigint('sale_child_minor', { mode: 'number' }),
    saleTripMinor: bigint('sale_trip_minor', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.widgetId, t.offerId] }),
    index('widget_offers_offer_idx').on(t.offerId),
    check(
      'widget_offers_positive',
      sql`coalesce(${t.saleAdultMinor}, 1) > 0 AND coalesce(${t.saleChildMinor}, 1) > 0 AND coalesce(${t.saleTripMinor}, 1) > 0`,
    ),
  ],
);
