import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigint53, createdAt, currency, integerRef, language, timestamps, timestamptz, uuidRef } from './columns.ts';
import { agencyOwned, users } from './accounts.ts';
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
    ...agencyOwned(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuidRef('uploaded_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('widget_images_agency_idx').on(t.agencyId)],
);

// SPEC §3 Widget: one agency's shop. Soft-deleted (deleted_at): bookings made through it will point at it and its
// slug is never reused. The domain is one live widget's; its status is only stored for now (SPEC §4).
export const widgets = pgTable(
  'widgets',
  {
    ...agencyOwned(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    type: text('type', {
      enum: ['singleTour', 'multipleTours', 'offersOnly', 'embedded', 'multiTourEmbedded'],
    }).notNull(),
    currency: currency(),
    language: language(),
    domain: text('domain').notNull().default(''),
    domainStatus: text('domain_status', { enum: ['pendingVerification', 'verified', 'verificationFailed'] }),
    // the code the agency puts in the domain's TXT record (contract widget-domains.ts), and the last check's outcome
    domainToken: text('domain_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    domainReason: text('domain_reason'),
    domainCheckedAt: timestamptz('domain_checked_at'),
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
    createdBy: uuidRef('created_by', () => users.id),
    ...timestamps(),
    deletedAt: timestamptz('deleted_at'),
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
    widgetId: uuidRef('widget_id', () => widgets.id, { onDelete: 'cascade' }),
    offerId: integerRef('offer_id', () => offers.id),
    tourId: integerRef('tour_id', () => tours.id),
    position: integer('position').notNull(),
    saleAdultMinor: bigint53('sale_adult_minor'),
    saleChildMinor: bigint53('sale_child_minor'),
    saleTripMinor: bigint53('sale_trip_minor'),
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
