import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { bigint53, createdAt, identityPk, integerRef, timestamptz, updatedAt } from './columns.ts';

// DESIGN "Catalogue model": country → city → tour (product) → offer (option) → units adult/child/infant.
// Texts are { en, ru }; money is AED minor units (fils); dates are Asia/Dubai business dates.
export type Localized<T = string> = { en: T; ru: T };
export type CancellationTierJson = { hours: number; percents: number };

export const catalogueImages = pgTable(
  'catalogue_images',
  {
    key: text('key').primaryKey(),
    // the source the endpoint resizes: vector artwork (the demo's), or an uploaded photo kept in file storage
    svg: text('svg'),
    // the uploaded JPEG or PNG's key in file storage (lib/storage.ts), null for vector artwork
    storageKey: text('storage_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: jsonb('alt').$type<Localized>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('catalogue_images_one_source', sql`(${t.svg} IS NULL) <> (${t.storageKey} IS NULL)`)],
);

// Countries, cities and categories share their display columns (a fresh set of builders for each table).
const placeColumns = () => ({
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>().notNull(),
  heroImageKey: text('hero_image_key')
    .notNull()
    .references(() => catalogueImages.key),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const countries = pgTable('countries', {
  id: identityPk(),
  url: text('url').notNull().unique(),
  ...placeColumns(),
});

export const cities = pgTable(
  'cities',
  {
    id: identityPk(),
    countryId: integerRef('country_id', () => countries.id),
    url: text('url').notNull(),
    ...placeColumns(),
  },
  (t) => [unique('cities_country_url_uq').on(t.countryId, t.url)],
);

export const categories = pgTable('categories', {
  id: identityPk(),
  url: text('url').notNull().unique(),
  ...placeColumns(),
});

export const ticketTypes = pgTable('ticket_types', {
  id: identityPk(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<Localized>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const tours = pgTable(
  'tours',
  {
    id: identityPk(),
    url: text('url').notNull().unique(),
    cityId: integerRef('city_id', () => cities.id),
    title: jsonb('title').$type<Localized>().notNull(),
    summary: jsonb('summary').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    highlights: jsonb('highlights').$type<Localized<string[]>>().notNull(),
    itinerary: jsonb('itinerary').$type<Localized<{ title: string; description: string }[]>>().notNull(),
    terms: jsonb('terms').$type<Localized<string[]>>().notNull(),
    notesToAgents: jsonb('notes_to_agents').$type<Localized<string[]>>().notNull(),
    faq: jsonb('faq').$type<Localized<{ question: string; answer: string }[]>>().notNull(),
    meetingPoint: jsonb('meeting_point').$type<Localized>().notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    durationText: jsonb('duration_text').$type<Localized>().notNull(),
    // a file shipped in apps/api/assets/videos (never hot-linked), or none
    videoKey: text('video_key'),
    similarTourIds: integer('similar_tour_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isPromo: boolean('is_promo').notNull().default(false),
    promoOrder: integer('promo_order').notNull().default(0),
    // null: not among the top tours of the home page
    topOrder: integer('top_order'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('tours_city_idx').on(t.cityId), check('tours_duration_positive', sql`${t.durationMinutes} > 0`)],
);

export const tourCategories = pgTable(
  'tour_categories',
  {
    tourId: integerRef('tour_id', () => tours.id, { onDelete: 'cascade' }),
    categoryId: integerRef('category_id', () => categories.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.categoryId] }), index('tour_categories_category_idx').on(t.categoryId)],
);

export const offers = pgTable(
  'offers',
  {
    id: identityPk(),
    tourId: integerRef('tour_id', () => tours.id),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    pricingUnit: text('pricing_unit', { enum: ['person', 'trip'] }).notNull(),
    availabilityType: text('availability_type', { enum: ['timeslots', 'openingHours'] }).notNull(),
    openingTime: text('opening_time'),
    closingTime: text('closing_time'),
    // the stock template: slots are generated from it for each open day
    startTimes: text('start_times')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    closedWeekdays: integer('closed_weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    slotCapacity: integer('slot_capacity').notNull(),
    adultCapacity: integer('adult_capacity'),
    childCapacity: integer('child_capacity'),
    isSameTicketForAdultsAndChildren: boolean('is_same_ticket_for_adults_and_children').notNull().default(false),
    minPeople: integer('min_people').notNull().default(1),
    maxPeople: integer('max_people').notNull(),
    cutOffHours: integer('cut_off_hours').notNull().default(0),
    isInstant: boolean('is_instant').notNull().default(true),
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationTierJson[]>().notNull(),
    hasPickUp: boolean('has_pick_up').notNull().default(false),
    pickUpCityIds: integer('pick_up_city_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ticketTypeId: integerRef('ticket_type_id', () => ticketTypes.id),
    infantMaxAge: integer('infant_max_age').notNull().default(2),
    childMaxAge: integer('child_max_age').notNull().default(11),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('offers_tour_idx').on(t.tourId),
    check('offers_people_range', sql`${t.minPeople} >= 1 AND ${t.maxPeople} >= ${t.minPeople}`),
    check('offers_cut_off_non_negative', sql`${t.cutOffHours} >= 0`),
    check('offers_slot_capacity_non_negative', sql`${t.slotCapacity} >= 0`),
    check(
      'offers_same_ticket_capacities',
      sql`NOT ${t.isSameTicketForAdultsAndChildren} OR (${t.adultCapacity} IS NOT NULL AND ${t.childCapacity} IS NOT NULL)`,
    ),
    check(
      'offers_schedule',
      sql`(${t.availabilityType} = 'timeslots' AND cardinality(${t.startTimes}) > 0) OR (${t.availabilityType} = 'openingHours' AND ${t.openingTime} IS NOT NULL AND ${t.closingTime} IS NOT NULL)`,
    ),
  ],
);

export const tourPhotos = pgTable(
  'tour_photos',
  {
    id: identityPk(),
    tourId: integerRef('tour_id', () => tours.id, { onDelete: 'cascade' }),
    // SPEC §3: an offer's heroImage is its matching photo, else the first category's hero image
    offerId: integer('offer_id').references(() => offers.id),
    imageKey: text('image_key')
      .notNull()
      .references(() => catalogueImages.key),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('tour_photos_tour_idx').on(t.tourId, t.sortOrder)],
);

// Net and recommended prices per date period, AED minor units. Overlaps resolve to the latest valid_from.
export const pricePeriods = pgTable(
  'price_periods',
  {
    id: identityPk(),
    offerId: integerRef('offer_id', () => offers.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    netAdultMinor: bigint53('net_adult_minor'),
    netChildMinor: bigint53('net_child_minor'),
    netTripMinor: bigint53('net_trip_minor'),
    recAdultMinor: bigint53('rec_adult_minor'),
    recChildMinor: bigint53('rec_child_minor'),
    recTripMinor: bigint53('rec_trip_minor'),
  },
  (t) => [
    index('price_periods_offer_idx').on(t.offerId, t.validFrom),
    check('price_periods_range', sql`${t.validFrom} <= ${t.validTo}`),
    check(
      'price_periods_non_negative',
      sql`coalesce(${t.netAdultMinor}, 0) >= 0 AND coalesce(${t.netChildMinor}, 0) >= 0 AND coalesce(${t.netTripMinor}, 0) >= 0 AND coalesce(${t.recAdultMinor}, 0) >= 0 AND coalesce(${t.recChildMinor}, 0) >= 0 AND coalesce(${t.recTripMinor}, 0) >= 0`,
    ),
  ],
);

// One row per (offer, date, start time): the booking engine decrements these under row locks.
// Same-ticket slots keep adult and child stock apart, and `left` is their sum.
export const slots = pgTable(
  'slots',
  {
    id: bigint53('id').primaryKey().generatedByDefaultAsIdentity(),
    offerId: integerRef('offer_id', () => offers.id),
    date: date('date', { mode: 'string' }).notNull(),
    // 'HH:mm' in Asia/Dubai; null for opening-hours offers
    startTime: text('start_time'),
    capacity: integer('capacity').notNull(),
    left: integer('left').notNull(),
    leftAdultsTickets: integer('left_adults_tickets'),
    leftChildrenTickets: integer('left_children_tickets'),
    // closed by an operator: not shown as available and not bookable, whatever is left (issue 12)
    isClosed: boolean('is_closed').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('slots_offer_date_time_uq').on(t.offerId, t.date, t.startTime).nullsNotDistinct(),
    check('slots_left_non_negative', sql`${t.left} >= 0`),
    check('slots_left_within_capacity', sql`${t.left} <= ${t.capacity}`),
    check('slots_left_adults_non_negative', sql`${t.leftAdultsTickets} IS NULL OR ${t.leftAdultsTickets} >= 0`),
    check('slots_left_children_non_negative', sql`${t.leftChildrenTickets} IS NULL OR ${t.leftChildrenTickets} >= 0`),
    check(
      'slots_same_ticket_sum',
      sql`(${t.leftAdultsTickets} IS NULL) = (${t.leftChildrenTickets} IS NULL) AND (${t.leftAdultsTickets} IS NULL OR ${t.left} = ${t.leftAdultsTickets} + ${t.leftChildrenTickets})`,
    ),
    check('slots_start_time_format', sql`${t.startTime} IS NULL OR ${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    // stored upper-case; codes are matched case-insensitively
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('promo_codes_percent_range', sql`${t.percent} BETWEEN 1 AND 100`),
    check('promo_codes_upper', sql`${t.code} = upper(${t.code})`),
  ],
);

// Version counters that cached catalogue reads compare against, so every node agrees when to refresh.
// Bumped at commit by triggers (see the migration): 'catalogue' for products and prices, 'stock' for slots.
export const catalogueVersions = pgTable('catalogue_versions', {
  scope: text('scope', { enum: ['catalogue', 'stock'] }).primaryKey(),
  version: bigint53('version').notNull().default(0),
  changedAt: timestamptz('changed_at').notNull().defaultNow(),
});

// Per-offer stock versions (DESIGN "Displayed availability may be cached"): a commit that changes an offer's slots
// stamps that offer with the next value of stock_change_seq, so a node drops only that offer's cached availability
// and reads just the offers changed since it last looked. Written by the deferred trigger of migration 0008.
export const offerStockVersions = pgTable(
  'offer_stock_versions',
  {
    offerId: integer('offer_id').primaryKey(),
    version: bigint53('version').notNull(),
  },
  (t) => [index('offer_stock_versions_version_idx').on(t.version)],
);
