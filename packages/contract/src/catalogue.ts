import { z } from 'zod';
import { CurrencyCode, Language, MAX_DB_ID, MIN_DATE } from './common.ts';
import { ANY_AGENT, ANY_USER, PUBLIC, defineRoute } from './define-route.ts';
import { MESSAGES } from './errors.ts';
import { BOOKING_MESSAGES, CATALOGUE_MESSAGES } from './messages.ts';
import { firstPageRoute } from './paths.ts';
import { daysBetween, isCalendarDate } from './calendar.ts';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, type ImageWidth } from './images.ts';

// ---------------------------------------------------------------------------------------------------------------
// Messages (SPEC §5, §8 word for word; the rest are ours)
// ---------------------------------------------------------------------------------------------------------------
export { CATALOGUE_MESSAGES } from './messages.ts';

export const MAX_RANGE_DAYS = 366;
export const MAX_PRICE_IDS = 50;

export { PEOPLE_MESSAGES } from './messages.ts';

// ---------------------------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------------------------
export const CatalogueDate = z.string({ error: MESSAGES.required }).superRefine((value, ctx) => {
  if (!isCalendarDate(value)) ctx.addIssue({ code: 'custom', message: CATALOGUE_MESSAGES.dateFormat });
  else if (value < MIN_DATE) ctx.addIssue({ code: 'custom', message: CATALOGUE_MESSAGES.dateBeforeMin });
});

type DateRange = { from: string; to: string };
function checkRange(range: DateRange, ctx: z.core.$RefinementCtx<DateRange>) {
  // a malformed date already has its own message
  if (!isCalendarDate(range.from) || !isCalendarDate(range.to)) return;
  if (range.from > range.to) ctx.addIssue({ code: 'custom', path: ['from'], message: CATALOGUE_MESSAGES.fromAfterTo });
  else if (daysBetween(range.from, range.to) + 1 > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: CATALOGUE_MESSAGES.rangeTooLong });
}

// ---------------------------------------------------------------------------------------------------------------
// Query and path parameters
// ---------------------------------------------------------------------------------------------------------------
export const CatalogueId = z
  .string({ error: MESSAGES.required })
  .regex(/^[1-9]\d{0,9}$/, CATALOGUE_MESSAGES.wholeNumber)
  .transform(Number)
  .refine((n) => n <= MAX_DB_ID, CATALOGUE_MESSAGES.wholeNumber);

const QueryLanguage = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['en', 'ru'], { error: CATALOGUE_MESSAGES.language }));
const QueryCurrency = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['aed', 'usd'], { error: CATALOGUE_MESSAGES.currency }));

// Every catalogue call takes the language and currency; missing → the site's language, and the currency that goes
// with it (SPEC §4). `Language` (the spelling of /b2b/tours/promo) and `currencycode` are accepted as aliases.
export const CatalogueLocaleQuery = z.object({
  language: QueryLanguage.optional(),
  Language: QueryLanguage.optional(),
  currencyCode: QueryCurrency.optional(),
  currencycode: QueryCurrency.optional(),
});
export type CatalogueLocaleQuery = z.infer<typeof CatalogueLocaleQuery>;

export const TourIdParams = z.object({ id: z.string().trim().min(1, MESSAGES.required).max(120) });
export const OfferIdParams = z.object({ id: CatalogueId });
export const CountryParams = z.object({ url: z.string().trim().min(1).max(80) });
export const CityParams = z.object({ a: z.string().trim().min(1).max(80), b: z.string().trim().min(1).max(80) });
export const CategoryParams = z.object({ category: z.string().trim().min(1).max(80) });
export const PromoCodeParams = z.object({
  code: z.string().trim().min(1, CATALOGUE_MESSAGES.wrongPromoCode).max(40, CATALOGUE_MESSAGES.wrongPromoCode),
});

export const AvailabilityQuery = z
  .object({ from: CatalogueDate, to: CatalogueDate, id: CatalogueId, language: QueryLanguage.optional() })
  .superRefine(checkRange);
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

const IdsList = z
  .union([z.string(), z.array(z.string())], { error: MESSAGES.required })
  .transform((v) => (Array.isArray(v) ? v.join(',') : v))
  .pipe(
    z.string().superRefine((value, ctx) => {
      const parts = value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const isValid =
        parts.length > 0 &&
        parts.length <= MAX_PRICE_IDS &&
        parts.every((p) => /^[1-9]\d{0,9}$/.test(p) && Number(p) <= MAX_DB_ID);
      if (!isValid) ctx.addIssue({ code: 'custom', message: CATALOGUE_MESSAGES.idsList });
    }),
  )
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((p) => Number(p.trim()))
        .filter((n) => n > 0),
    ),
  ]);

export const OffersPricesQuery = z
  .object({
    ids: IdsList,
    from: CatalogueDate,
    to: CatalogueDate,
    currencycode: QueryCurrency.optional(),
    currencyCode: QueryCurrency.optional(),
    language: QueryLanguage.optional(),
  })
  .superRefine(checkRange);
export type OffersPricesQuery = z.infer<typeof OffersPricesQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Images (SPEC §9: device widths 640–3840)
// ---------------------------------------------------------------------------------------------------------------
export { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, imageSrcSet, imageUrl, type ImageWidth } from './images.ts';

// any other key is a 404, not a 422
export const ImageKeyParams = z.object({ key: z.string().min(1).max(200) });
export const ImageQuery = z.object({
  w: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || (IMAGE_WIDTHS as readonly number[]).includes(Number(v)),
      `Width must be one of ${IMAGE_WIDTHS.join(', ')}`,
    )
    .transform((v): ImageWidth => (v === undefined ? DEFAULT_IMAGE_WIDTH : (Number(v) as ImageWidth))),
});

// ---------------------------------------------------------------------------------------------------------------
// Response shapes
// ---------------------------------------------------------------------------------------------------------------
export const ImageRef = z.object({
  key: z.string(),
  // without ?w=: add one of IMAGE_WIDTHS (imageUrl / imageSrcSet)
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type ImageRef = z.infer<typeof ImageRef>;

export const PlaceRef = z.object({ id: z.number().int(), url: z.string(), name: z.string() });
export type PlaceRef = z.infer<typeof PlaceRef>;

export const PricingUnit = z.enum(['person', 'trip']);
export type PricingUnit = z.infer<typeof PricingUnit>;
export const AvailabilityType = z.enum(['timeslots', 'openingHours']);
export type AvailabilityType = z.infer<typeof AvailabilityType>;

// SPEC §3 Price info, in major units of the response's currency. Net prices (pricePer*) are null when logged out;
// per-person offers have null trip prices and per-trip offers null adult/child prices.
export const PriceInfo = z.object({
  pricePerAdult: z.number().nullable(),
  pricePerChild: z.number().nullable(),
  pricePerTrip: z.number().nullable(),
  recPricePerAdult: z.number().nullable(),
  recPricePerChild: z.number().nullable(),
  recPricePerTrip: z.number().nullable(),
});
export type PriceInfo = z.infer<typeof PriceInfo>;

// The cheapest offer today, for cards: recommended (published) and net (null when logged out)
export const FromPrice = z.object({ unit: PricingUnit, recommended: z.number(), net: z.number().nullable() });
export type FromPrice = z.infer<typeof FromPrice>;

export const TourCard = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  summary: z.string(),
  city: PlaceRef,
  country: PlaceRef,
  categories: z.array(PlaceRef),
  heroImage: ImageRef,
  durationMinutes: z.number().int(),
  durationText: z.string(),
  isPromo: z.boolean(),
  hasInstantConfirmation: z.boolean(),
  hasPickUp: z.boolean(),
  fromPrice: FromPrice.nullable(),
});
export type TourCard = z.infer<typeof TourCard>;

export const CityCard = PlaceRef.extend({ countryUrl: z.string(), heroImage: ImageRef, toursCount: z.number().int() });
export type CityCard = z.infer<typeof CityCard>;
export const CategoryCard = PlaceRef.extend({ heroImage: ImageRef, toursCount: z.number().int() });
export type CategoryCard = z.infer<typeof CategoryCard>;
export const PlaceDetails = PlaceRef.extend({ description: z.string(), heroImage: ImageRef });
export type PlaceDetails = z.infer<typeof PlaceDetails>;

const LocaleEcho = { language: Language, currencyCode: CurrencyCode };

export const HomepageResponse = z.object({
  ...LocaleEcho,
  promoTours: z.array(TourCard),
  topTours: z.array(TourCard),
  countries: z.array(PlaceDetails),
  cities: z.array(CityCard),
  categories: z.array(CategoryCard),
});
export type HomepageResponse = z.infer<typeof HomepageResponse>;

export const CountryPageResponse = z.object({
  ...LocaleEcho,
  country: PlaceDetails,
  cities: z.array(CityCard),
  categories: z.array(CategoryCard),
  topTours: z.array(TourCard),
  tours: z.array(TourCard),
});
export type CountryPageResponse = z.infer<typeof CountryPageResponse>;

export const CityPageResponse = z.object({
  ...LocaleEcho,
  country: PlaceRef,
  city: PlaceDetails,
  categories: z.array(CategoryCard),
  tours: z.array(TourCard),
});
export type CityPageResponse = z.infer<typeof CityPageResponse>;

export const CategoryPageResponse = z.object({
  ...LocaleEcho,
  country: PlaceRef,
  category: PlaceDetails,
  cities: z.array(CityCard),
  tours: z.array(TourCard),
});
export type CategoryPageResponse = z.infer<typeof CategoryPageResponse>;

export const CancellationTier = z.object({ hours: z.number().int(), percents: z.number().int() });
export type CancellationTier = z.infer<typeof CancellationTier>;

export const TicketType = z.object({ id: z.number().int(), name: z.string(), offerIds: z.array(z.number().int()) });
export type TicketType = z.infer<typeof TicketType>;

export const Offer = z.object({
  id: z.number().int(),
  tourId: z.number().int(),
  name: z.string(),
  description: z.string(),
  pricingUnit: PricingUnit,
  availabilityType: AvailabilityType,
  // 'HH:mm' in Asia/Dubai; startTimes empty for opening-hours offers
  openingHours: z.object({ from: z.string(), to: z.string() }).nullable(),
  startTimes: z.array(z.string()),
  isSameTicketForAdultsAndChildren: z.boolean(),
  minPeople: z.number().int(),
  maxPeople: z.number().int(),
  cutOffHours: z.number().int(),
  isInstant: z.boolean(),
  // SPEC §9: sorted by hours descending; `percents` is the refund when cancelled at least `hours` before the start
  cancellationPolicy: z.array(CancellationTier),
  hasPickUp: z.boolean(),
  validPickUpCities: z.array(PlaceRef),
  ticketType: z.object({ id: z.number().int(), name: z.string() }),
  ages: z.object({ infantMaxAge: z.number().int(), childMaxAge: z.number().int() }),
  heroImage: ImageRef,
  // prices for `priceDate` (today in Dubai, or the first date with a price)
  priceDate: z.string().nullable(),
  price: PriceInfo,
});
export type Offer = z.infer<typeof Offer>;

export const TourPhoto = ImageRef.extend({ offerId: z.number().int().nullable() });
export type TourPhoto = z.infer<typeof TourPhoto>;

export const TourDetails = TourCard.extend({
  currencyCode: CurrencyCode,
  language: Language,
  // today in Asia/Dubai: nothing before it can be booked
  today: z.string(),
  description: z.string(),
  highlights: z.array(z.string()),
  itinerary: z.array(z.object({ title: z.string(), description: z.string() })),
  terms: z.array(z.string()),
  notesToAgents: z.array(z.string()),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  meetingPoint: z.string(),
  photos: z.array(TourPhoto),
  video: z.object({ url: z.string(), contentType: z.string(), poster: ImageRef }).nullable(),
  categories: z.array(PlaceRef.extend({ heroImage: ImageRef })),
  offers: z.array(Offer),
  ticketTypes: z.array(TicketType),
  similarTours: z.array(TourCard),
});
export type TourDetails = z.infer<typeof TourDetails>;

// SPEC §3 Availability, one row per offer, date and start time
export const AvailabilityRow = z.object({
  offerId: z.number().int(),
  date: z.string(),
  // 'HH:mm' start time; null for opening-hours offers (any time that day)
  time: z.string().nullable(),
  left: z.number().int(),
  isSameTicketForAdultsAndChildren: z.boolean(),
  // set when isSameTicketForAdultsAndChildren (adults and children each have their own stock), else null
  leftAdultsTickets: z.number().int().nullable(),
  leftChildrenTickets: z.number().int().nullable(),
  isSoldOut: z.boolean(),
  // SPEC §5: past the cut-off (Asia/Dubai) → no automatic booking, it becomes a quotation request
  isPastCutOff: z.boolean(),
  isInstant: z.boolean(),
});
export type AvailabilityRow = z.infer<typeof AvailabilityRow>;
export const AvailabilityResponse = z.array(AvailabilityRow);

export const OfferPriceRow = PriceInfo.extend({
  offerId: z.number().int(),
  date: z.string(),
  currencyCode: CurrencyCode,
});
export type OfferPriceRow = z.infer<typeof OfferPriceRow>;
export const OffersPricesResponse = z.array(OfferPriceRow);

export const PromoCodeResponse = z.object({ code: z.string(), percent: z.number().int() });
export type PromoCodeResponse = z.infer<typeof PromoCodeResponse>;

// ---------------------------------------------------------------------------------------------------------------
// The next best thing when sold out (issue 9): nearby dates and times of the same option, the tour's other options
// ---------------------------------------------------------------------------------------------------------------
// Bookable dates: from today in Asia/Dubai for a year (the tour page's calendar and these calls)
export const BOOKING_WINDOW_DAYS = 365;
// how many dates with seats on each side of the chosen one, and how far to look for them
export const ALTERNATIVE_DATES_EACH_SIDE = 3;
export const ALTERNATIVES_SEARCH_DAYS = 30;
export const MAX_PEOPLE_PER_QUERY = 99;

export const TimeOfDay = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, CATALOGUE_MESSAGES.timeFormat);

const PeopleCount = z
  .string()
  .regex(/^\d{1,2}$/, CATALOGUE_MESSAGES.peopleCount)
  .transform(Number)
  .refine((n) => n <= MAX_PEOPLE_PER_QUERY, CATALOGUE_MESSAGES.peopleCount);

export const AlternativesQuery = z
  .object({
    tourId: CatalogueId,
    offerId: CatalogueId,
    date: CatalogueDate,
    time: TimeOfDay.optional(),
    adults: PeopleCount,
    children: PeopleCount.default(0),
    infants: PeopleCount.default(0),
  })
  .superRefine((query, ctx) => {
    if (query.adults + query.children === 0)
      ctx.addIssue({ code: 'custom', path: ['adults'], message: BOOKING_MESSAGES.noPeople });
  });
export type AlternativesQuery = z.infer<typeof AlternativesQuery>;

// A time of one option with enough seats for the people asked about (null: opening hours, any time that day)
export const AlternativeTime = z.object({ time: z.string().nullable(), left: z.number().int() });
export type AlternativeTime = z.infer<typeof AlternativeTime>;

export const AlternativesResponse = z.object({
  offerId: z.number().int(),
  date: z.string(),
  time: z.string().nullable(),
  // the chosen option, date (and time) has seats for these people, before its cut-off
  isAvailable: z.boolean(),
  // other times of the same option on the chosen date
  sameDate: z.array(AlternativeTime),
  // the nearest dates before and after with seats for the same option, by date
  nearestDates: z.array(z.object({ date: z.string(), times: z.array(AlternativeTime) })),
  // the tour's other options with seats on the chosen date, in the tour's order
  otherOffers: z.array(z.object({ offerId: z.number().int(), times: z.array(AlternativeTime) })),
});
export type AlternativesResponse = z.infer<typeof AlternativesResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Rules shared by the tour page and the booking engine
// ---------------------------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------------------------
// Routes (SPEC §7, under /api)
// ---------------------------------------------------------------------------------------------------------------
const tags = ['catalogue'] as const;

export const catalogueRoutes = {
  homepage: defineRoute({
    ...firstPageRoute('homepage'),
    summary: 'Home: promo and top tours, countries, cities and categories (recommended prices only)',
    tags,
    access: PUBLIC,
    query: CatalogueLocaleQuery,
    response: HomepageResponse,
  }),
  countryPage: defineRoute({
    method: 'GET',
    path: '/countries/homepagebyurl/{url}',
    summary: 'Country page by its url, e.g. uae (recommended prices only)',
    tags,
    access: PUBLIC,
    params: CountryParams,
    query: CatalogueLocaleQuery,
    response: CountryPageResponse,
  }),
  cityPage: defineRoute({
    method: 'GET',
    path: '/cities/homepage/{a}/{b}',
    summary: 'City page: country url, city url (recommended prices only)',
    tags,
    access: PUBLIC,
    params: CityParams,
    query: CatalogueLocaleQuery,
    response: CityPageResponse,
  }),
  categoryPage: defineRoute({
    method: 'GET',
    path: '/tourscategories/homepage/uae/{category}',
    summary: 'Category page by its url (recommended prices only)',
    tags,
    access: PUBLIC,
    params: CategoryParams,
    query: CatalogueLocaleQuery,
    response: CategoryPageResponse,
  }),
  tours: defineRoute({
    ...firstPageRoute('tours'),
    summary: 'Every tour as a card with net and recommended from-prices',
    tags,
    access: ANY_USER,
    query: CatalogueLocaleQuery,
    response: z.array(TourCard),
  }),
  promoTours: defineRoute({
    ...firstPageRoute('promoTours'),
    summary: 'Promoted tours, in promo order',
    tags,
    access: ANY_USER,
    query: CatalogueLocaleQuery,
    response: z.array(TourCard),
  }),
  tour: defineRoute({
    ...firstPageRoute('tour'),
    summary: 'One tour (by numeric id or url) with offers, photos, categories and similar tours',
    tags,
    access: ANY_USER,
    params: TourIdParams,
    query: CatalogueLocaleQuery,
    response: TourDetails,
  }),
  ticketsForOffer: defineRoute({
    method: 'GET',
    path: '/b2b/tickets/foroffer/{id}',
    summary: "An offer's ticket type",
    tags,
    access: ANY_USER,
    params: OfferIdParams,
    query: CatalogueLocaleQuery,
    response: z.array(TicketType),
  }),
  // SPEC §7 public widget call: the same ticket type, for a widget's customer (no login)
  publicTicketsForOffer: defineRoute({
    method: 'GET',
    path: '/tickets/foroffer/{id}',
    summary: "An offer's ticket type, for a widget's shop (public)",
    tags,
    access: PUBLIC,
    params: OfferIdParams,
    query: CatalogueLocaleQuery,
    response: z.array(TicketType),
  }),
  ticketsForTour: defineRoute({
    ...firstPageRoute('ticketsForTour'),
    summary: "The ticket types of a tour's offers (the tour page's filter)",
    tags,
    access: ANY_USER,
    params: OfferIdParams,
    query: CatalogueLocaleQuery,
    response: z.array(TicketType),
  }),
  availabilityByOffer: defineRoute({
    ...firstPageRoute('availabilityByOffer'),
    summary: 'Stock of one offer per date and start time (from..to, at most 366 days)',
    tags,
    access: ANY_USER,
    query: AvailabilityQuery,
    response: AvailabilityResponse,
  }),
  availabilityByTour: defineRoute({
    ...firstPageRoute('availabilityByTour'),
    summary: 'Stock of every offer of a tour per date and start time',
    tags,
    access: ANY_USER,
    query: AvailabilityQuery,
    response: AvailabilityResponse,
  }),
  offersPrices: defineRoute({
    ...firstPageRoute('offersPrices'),
    summary: 'Net and recommended prices per offer per date',
    tags,
    access: ANY_USER,
    query: OffersPricesQuery,
    response: OffersPricesResponse,
  }),
  alternatives: defineRoute({
    ...firstPageRoute('alternatives'),
    summary:
      'When a choice is sold out or short of seats: the nearest dates and times of the same option, and the other options on that date, with seats for the people asked about',
    tags,
    access: ANY_AGENT,
    query: AlternativesQuery,
    response: AlternativesResponse,
  }),
  promoCode: defineRoute({
    ...firstPageRoute('promoCode'),
    summary: "Check a promo code: its discount percent, or 422 'You entered the wrong promo code'",
    tags,
    access: ANY_USER,
    params: PromoCodeParams,
    response: PromoCodeResponse,
  }),
  image: defineRoute({
    method: 'GET',
    path: '/images/{key}',
    summary: 'A catalogue image resized to a device width (webp, or jpeg when webp is not accepted)',
    tags,
    access: PUBLIC,
    params: ImageKeyParams,
    query: ImageQuery,
  }),
  video: defineRoute({
    method: 'GET',
    path: '/videos/{key}',
    summary: 'A tour video (served from the server, byte ranges supported)',
    tags,
    access: PUBLIC,
    params: ImageKeyParams,
  }),
};
