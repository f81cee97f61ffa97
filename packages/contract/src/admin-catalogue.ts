import { z } from 'zod';
import { isWholeCents } from './money.ts';
import { CatalogueDate, CatalogueId, TimeOfDay } from './catalogue.ts';
import { daysBetween, isCalendarDate } from './calendar.ts';
import { DbId, Language, OkResponse } from './common.ts';
import { OPERATOR_ONLY, defineRoute } from './define-route.ts';
import { MESSAGES } from './errors.ts';
import { CATALOGUE_ADMIN_MESSAGES as M } from './messages.ts';
export { CATALOGUE_ADMIN_MESSAGES, stockBelowTakenMessage } from './messages.ts';

// The tours company's back office, catalogue and stock (issue 12): tours with their texts in English and Russian,
// photos and video; options (offers) with their rules, price periods and time slots; promo codes. Money is in major
// units of AED here (whole cents), minor units in the database.

export const MAX_GENERATE_DAYS = 366;
export const MAX_SLOT_CAPACITY = 10_000;
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const Text = (max: number) => z.string({ error: MESSAGES.required }).trim().max(max);
const Required = (max: number) => Text(max).min(1, MESSAGES.required);
const both = <T extends z.ZodType>(schema: T) => z.object({ en: schema, ru: schema }).strict();
const listOf = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);

export const LocalizedRequired = both(Required(200));
export const LocalizedText = (max: number) => both(Text(max));
const LocalizedLines = both(listOf(Required(500), 40));
const ItineraryStep = z.object({ title: Required(200), description: Text(2000) }).strict();
const FaqItem = z.object({ question: Required(300), answer: Required(2000) }).strict();

// an id picked from a list the form offers: one message, whatever is wrong with it (none picked sends 0)
const choice = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

export const TOUR_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const AdminTourBody = z
  .object({
    url: Required(120).regex(TOUR_URL_PATTERN, M.urlFormat),
    cityId: choice(M.unknownCity),
    categoryIds: z.array(choice(M.unknownCategory)).min(1, M.unknownCategory).max(10),
    title: LocalizedRequired,
    summary: both(Required(500)),
    description: both(Required(10_000)),
    // what the tour page lists with check marks: the inclusions and highlights
    inclusions: LocalizedLines,
    itinerary: both(listOf(ItineraryStep, 30)),
    terms: LocalizedLines,
    notesToAgents: LocalizedLines,
    faq: both(listOf(FaqItem, 30)),
    meetingPoint: LocalizedText(500),
    durationMinutes: z.number({ error: MESSAGES.required }).int(M.capacityRange).min(1, MESSAGES.required).max(10_080),
    durationText: LocalizedText(100),
    // one of the videos shipped with the server (GET /admin/catalogue/reference), or none
    videoKey: z.string().trim().min(1).max(100).nullable(),
    isActive: z.boolean(),
  })
  .strict();
export type AdminTourBody = z.infer<typeof AdminTourBody>;

const Amount = z
  .number({ error: M.amount })
  .refine((v) => v >= 0 && v <= 10_000_000 && isWholeCents(v), M.amount)
  .nullable();

export const PricePeriodInput = z
  .object({
    validFrom: CatalogueDate,
    validTo: CatalogueDate,
    netAdult: Amount,
    netChild: Amount,
    netTrip: Amount,
    recAdult: Amount,
    recChild: Amount,
    recTrip: Amount,
  })
  .strict();
export type PricePeriodInput = z.infer<typeof PricePeriodInput>;
export const PricePeriod = PricePeriodInput.extend({ id: z.number().int() });
export type PricePeriod = z.infer<typeof PricePeriod>;

export const CancellationTierInput = z
  .object({
    hours: z.number({ error: M.tiersOrder }).int(M.tiersOrder).min(0, M.tiersOrder).max(8760, M.tiersOrder),
    percents: z.number({ error: M.percentRange }).int(M.percentRange).min(0, M.percentRange).max(100, M.percentRange),
  })
  .strict();

const Capacity = z
  .number({ error: M.capacityRange })
  .int(M.capacityRange)
  .min(0, M.capacityRange)
  .max(MAX_SLOT_CAPACITY, M.capacityRange);

export const AdminOfferBody = z
  .object({
    name: LocalizedRequired,
    description: LocalizedText(2000),
    pricingUnit: z.enum(['person', 'trip']),
    availabilityType: z.enum(['timeslots', 'openingHours']),
    startTimes: z.array(TimeOfDay).max(48),
    openingTime: TimeOfDay.nullable(),
    closingTime: TimeOfDay.nullable(),
    // the stock a generated slot starts with; a shared adult and child ticket keeps the two apart
    slotCapacity: Capacity,
    isSameTicketForAdultsAndChildren: z.boolean(),
    adultCapacity: Capacity.nullable(),
    childCapacity: Capacity.nullable(),
    minPeople: z.number({ error: M.peopleRange }).int(M.peopleRange).min(1, M.peopleRange).max(999, M.peopleRange),
    maxPeople: z.number({ error: M.peopleRange }).int(M.peopleRange).min(1, M.peopleRange).max(999, M.peopleRange),
    cutOffHours: z.number({ error: M.capacityRange }).int(M.capacityRange).min(0, M.capacityRange).max(720),
    isInstant: z.boolean(),
    cancellationPolicy: z.array(CancellationTierInput).max(10),
    ticketTypeId: choice(M.unknownTicketType),
    infantMaxAge: z.number().int().min(0).max(17),
    childMaxAge: z.number().int().min(0).max(17),
    isActive: z.boolean(),
  })
  .strict()
  .superRefine((offer, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (offer.availabilityType === 'timeslots') {
      if (offer.startTimes.length === 0) issue('startTimes', M.startTimesRequired);
      else if (new Set(offer.startTimes).size !== offer.startTimes.length) issue('startTimes', M.startTimesUnique);
    } else {
      if (offer.startTimes.length > 0) issue('startTimes', M.noTimesForOpeningHours);
      if (!offer.openingTime || !offer.closingTime) issue('openingTime', M.openingHoursRequired);
      else if (offer.closingTime <= offer.openingTime) issue('closingTime', M.closingBeforeOpening);
    }
    if (offer.maxPeople < offer.minPeople) issue('maxPeople', M.peopleRange);
    if (offer.isSameTicketForAdultsAndChildren) {
      if (offer.adultCapacity === null) issue('adultCapacity', M.sameTicketCapacities);
      if (offer.childCapacity === null) issue('childCapacity', M.sameTicketCapacities);
    }
    if (new Set(offer.cancellationPolicy.map((t) => t.hours)).size !== offer.cancellationPolicy.length)
      issue('cancellationPolicy', M.tiersOrder);
    if (offer.childMaxAge < offer.infantMaxAge) issue('childMaxAge', M.peopleRange);
  });
export type AdminOfferBody = z.infer<typeof AdminOfferBody>;

export const AdminPricesBody = z
  .object({ periods: z.array(PricePeriodInput).max(100) })
  .strict()
  .superRefine((body, ctx) => {
    body.periods.forEach((p, i) => {
      if (isCalendarDate(p.validFrom) && isCalendarDate(p.validTo) && p.validFrom > p.validTo)
        ctx.addIssue({ code: 'custom', path: ['periods', i, 'validTo'], message: M.rangeOrder });
    });
    const sorted = body.periods
      .map((p, i) => ({ ...p, i }))
      .sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0));
    for (let k = 1; k < sorted.length; k += 1) {
      const prev = sorted[k - 1];
      const next = sorted[k];
      if (prev && next && next.validFrom <= prev.validTo)
        ctx.addIssue({ code: 'custom', path: ['periods', next.i, 'validFrom'], message: M.periodsOverlap });
    }
  });
export type AdminPricesBody = z.infer<typeof AdminPricesBody>;

export const AdminOffer = z.object({
  id: z.number().int(),
  tourId: z.number().int(),
  name: z.object({ en: z.string(), ru: z.string() }),
  description: z.object({ en: z.string(), ru: z.string() }),
  pricingUnit: z.enum(['person', 'trip']),
  availabilityType: z.enum(['timeslots', 'openingHours']),
  startTimes: z.array(z.string()),
  openingTime: z.string().nullable(),
  closingTime: z.string().nullable(),
  slotCapacity: z.number().int(),
  isSameTicketForAdultsAndChildren: z.boolean(),
  adultCapacity: z.number().int().nullable(),
  childCapacity: z.number().int().nullable(),
  minPeople: z.number().int(),
  maxPeople: z.number().int(),
  cutOffHours: z.number().int(),
  isInstant: z.boolean(),
  cancellationPolicy: z.array(z.object({ hours: z.number().int(), percents: z.number().int() })),
  ticketTypeId: z.number().int(),
  infantMaxAge: z.number().int(),
  childMaxAge: z.number().int(),
  isActive: z.boolean(),
  periods: z.array(PricePeriod),
});
export type AdminOffer = z.infer<typeof AdminOffer>;

export const AdminPhoto = z.object({ id: z.number().int(), imageKey: z.string(), width: z.number().int() });
export type AdminPhoto = z.infer<typeof AdminPhoto>;

const LocalizedOut = z.object({ en: z.string(), ru: z.string() });
const LinesOut = z.object({ en: z.array(z.string()), ru: z.array(z.string()) });
export const AdminTour = z.object({
  id: z.number().int(),
  url: z.string(),
  cityId: z.number().int(),
  categoryIds: z.array(z.number().int()),
  title: LocalizedOut,
  summary: LocalizedOut,
  description: LocalizedOut,
  inclusions: LinesOut,
  itinerary: z.object({
    en: z.array(z.object({ title: z.string(), description: z.string() })),
    ru: z.array(z.object({ title: z.string(), description: z.string() })),
  }),
  terms: LinesOut,
  notesToAgents: LinesOut,
  faq: z.object({
    en: z.array(z.object({ question: z.string(), answer: z.string() })),
    ru: z.array(z.object({ question: z.string(), answer: z.string() })),
  }),
  meetingPoint: LocalizedOut,
  durationMinutes: z.number().int(),
  durationText: LocalizedOut,
  videoKey: z.string().nullable(),
  isActive: z.boolean(),
  photos: z.array(AdminPhoto),
  offers: z.array(AdminOffer),
});
export type AdminTour = z.infer<typeof AdminTour>;

export const AdminTourRow = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  city: z.string(),
  offers: z.number().int(),
  isActive: z.boolean(),
});
export type AdminTourRow = z.infer<typeof AdminTourRow>;

export const AdminToursQuery = z.object({
  q: z.string().trim().max(100).optional(),
  active: z.enum(['all', 'active', 'inactive']).optional(),
  language: Language.optional(),
});
export type AdminToursQuery = z.infer<typeof AdminToursQuery>;

const Named = z.object({ id: z.number().int(), name: z.object({ en: z.string(), ru: z.string() }) });
export const AdminCatalogueReference = z.object({
  cities: z.array(Named),
  categories: z.array(Named),
  ticketTypes: z.array(Named),
  videos: z.array(z.string()),
});
export type AdminCatalogueReference = z.infer<typeof AdminCatalogueReference>;

// ---------------------------------------------------------------------------------------------------------------
// Time slots and stock
// ---------------------------------------------------------------------------------------------------------------
type Range = { from: string; to: string };
function checkRange(range: Range, ctx: z.core.$RefinementCtx<Range>) {
  if (!isCalendarDate(range.from) || !isCalendarDate(range.to)) return;
  if (range.from > range.to) ctx.addIssue({ code: 'custom', path: ['from'], message: M.rangeOrder });
  else if (daysBetween(range.from, range.to) + 1 > MAX_GENERATE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeTooLong });
}

export const AdminSlotsQuery = z.object({ from: CatalogueDate, to: CatalogueDate }).superRefine(checkRange);
export type AdminSlotsQuery = z.infer<typeof AdminSlotsQuery>;

// Seats per slot: `sold` by bookings that took them, `held` by card payments still running, `left` to sell
export const AdminSlot = z.object({
  id: z.number().int(),
  date: z.string(),
  time: z.string().nullable(),
  capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  left: z.number().int(),
  // a shared adult and child ticket's stock, apart (null otherwise)
  leftAdults: z.number().int().nullable(),
  leftChildren: z.number().int().nullable(),
  isClosed: z.boolean(),
});
export type AdminSlot = z.infer<typeof AdminSlot>;
// the option the slots belong to, for the calendar's title, generator and stock inputs
export const AdminSlotsOffer = z.object({
  id: z.number().int(),
  tourId: z.number().int(),
  tourTitle: z.object({ en: z.string(), ru: z.string() }),
  name: z.object({ en: z.string(), ru: z.string() }),
  availabilityType: z.enum(['timeslots', 'openingHours']),
  startTimes: z.array(z.string()),
  slotCapacity: z.number().int(),
  isSameTicketForAdultsAndChildren: z.boolean(),
  adultCapacity: z.number().int().nullable(),
  childCapacity: z.number().int().nullable(),
});
export const AdminSlotsResponse = z.object({ offer: AdminSlotsOffer, slots: z.array(AdminSlot) });
export type AdminSlotsResponse = z.infer<typeof AdminSlotsResponse>;

export const GenerateSlotsBody = z
  .object({
    from: CatalogueDate,
    to: CatalogueDate,
    // ISO weekdays: 1 Monday … 7 Sunday
    weekdays: z
      .array(z.number().int().min(1, M.weekdaysRequired).max(7, M.weekdaysRequired))
      .min(1, M.weekdaysRequired)
      .max(7),
    // a timeslot option's start times (empty: the option's own); none for opening hours
    startTimes: z.array(TimeOfDay).max(48),
    capacity: Capacity.nullable(),
    adultCapacity: Capacity.nullable(),
    childCapacity: Capacity.nullable(),
  })
  .strict()
  .superRefine(checkRange);
export type GenerateSlotsBody = z.infer<typeof GenerateSlotsBody>;
export const GenerateSlotsResponse = z.object({ created: z.number().int(), kept: z.number().int() });
export type GenerateSlotsResponse = z.infer<typeof GenerateSlotsResponse>;

export const UpdateSlotsBody = z
  .object({
    slotIds: z.array(DbId).min(1, M.slotsRequired).max(1000),
    // a new stock for each (a shared ticket: adult and child stock apart), and/or close or open them
    capacity: Capacity.nullable(),
    adultCapacity: Capacity.nullable(),
    childCapacity: Capacity.nullable(),
    isClosed: z.boolean().nullable(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.capacity === null && body.adultCapacity === null && body.childCapacity === null && body.isClosed === null)
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: M.changeRequired });
  });
export type UpdateSlotsBody = z.infer<typeof UpdateSlotsBody>;

// ---------------------------------------------------------------------------------------------------------------
// Promo codes
// ---------------------------------------------------------------------------------------------------------------
export const PromoCodeInput = z
  .object({
    percent: z.number({ error: M.percentRange }).int(M.percentRange).min(1, M.percentRange).max(100, M.percentRange),
    validFrom: CatalogueDate,
    validTo: CatalogueDate,
    isActive: z.boolean(),
  })
  .strict();
const checkPromoRange = <T extends { validFrom: string; validTo: string }>(body: T, ctx: z.core.$RefinementCtx<T>) => {
  if (isCalendarDate(body.validFrom) && isCalendarDate(body.validTo) && body.validFrom > body.validTo)
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: M.rangeOrder });
};
export const CreatePromoCodeBody = PromoCodeInput.extend({
  code: z
    .string({ error: M.codeFormat })
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,30}$/, M.codeFormat),
})
  .strict()
  .superRefine(checkPromoRange);
export type CreatePromoCodeBody = z.infer<typeof CreatePromoCodeBody>;
export const UpdatePromoCodeBody = PromoCodeInput.superRefine(checkPromoRange);
export type UpdatePromoCodeBody = z.infer<typeof UpdatePromoCodeBody>;
export const AdminPromoCode = z.object({
  code: z.string(),
  percent: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  isActive: z.boolean(),
});
export type AdminPromoCode = z.infer<typeof AdminPromoCode>;
export const AdminPromoCodeParams = z.object({ code: z.string().trim().min(1).max(30) });

const IdParams = z.object({ id: CatalogueId });
const tags = ['admin', 'catalogue'] as const;

export const adminCatalogueRoutes = {
  reference: defineRoute({
    method: 'GET',
    path: '/admin/catalogue/reference',
    summary: 'Cities, categories, ticket types and videos a tour can use',
    tags,
    access: OPERATOR_ONLY,
    response: AdminCatalogueReference,
  }),
  listTours: defineRoute({
    method: 'GET',
    path: '/admin/tours',
    summary: 'Tours, active or not, by title or address',
    tags,
    access: OPERATOR_ONLY,
    query: AdminToursQuery,
    response: z.array(AdminTourRow),
  }),
  tour: defineRoute({
    method: 'GET',
    path: '/admin/tours/{id}',
    summary: 'A tour with its texts, photos and options',
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    response: AdminTour,
  }),
  createTour: defineRoute({
    method: 'POST',
    path: '/admin/tours',
    summary: 'Create a tour',
    tags,
    access: OPERATOR_ONLY,
    body: AdminTourBody,
    response: AdminTour,
  }),
  updateTour: defineRoute({
    method: 'PUT',
    path: '/admin/tours/{id}',
    summary: 'Change a tour',
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    body: AdminTourBody,
    response: AdminTour,
  }),
  uploadPhoto: defineRoute({
    method: 'POST',
    path: '/admin/tours/{id}/photos',
    summary: "Add a photo (JPEG or PNG, 5 MB at most; multipart field 'file')",
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    multipart: true,
    response: AdminTour,
  }),
  deletePhoto: defineRoute({
    method: 'DELETE',
    path: '/admin/photos/{id}',
    summary: "Remove a tour's photo",
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    response: OkResponse,
  }),
  createOffer: defineRoute({
    method: 'POST',
    path: '/admin/tours/{id}/offers',
    summary: 'Add an option to a tour',
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    body: AdminOfferBody,
    response: AdminOffer,
  }),
  updateOffer: defineRoute({
    method: 'PUT',
    path: '/admin/offers/{id}',
    summary: "Change an option's rules",
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    body: AdminOfferBody,
    response: AdminOffer,
  }),
  updatePrices: defineRoute({
    method: 'PUT',
    path: '/admin/offers/{id}/prices',
    summary: "Replace an option's price periods (bookings keep the prices they were made at)",
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    body: AdminPricesBody,
    response: AdminOffer,
  }),
  slots: defineRoute({
    method: 'GET',
    path: '/admin/offers/{id}/slots',
    summary: "An option's time slots with the seats sold, held and left",
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    query: AdminSlotsQuery,
    response: AdminSlotsResponse,
  }),
  generateSlots: defineRoute({
    method: 'POST',
    path: '/admin/offers/{id}/slots/generate',
    summary: 'Add time slots by weekday over a date range (existing slots are kept)',
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    body: GenerateSlotsBody,
    response: GenerateSlotsResponse,
  }),
  updateSlots: defineRoute({
    method: 'PUT',
    path: '/admin/offers/{id}/slots',
    summary: 'Set the stock of time slots, or close or open them (never below what is sold and held)',
    tags,
    access: OPERATOR_ONLY,
    params: IdParams,
    body: UpdateSlotsBody,
    response: AdminSlotsResponse,
  }),
  listPromoCodes: defineRoute({
    method: 'GET',
    path: '/admin/promo-codes',
    summary: 'Promo codes',
    tags,
    access: OPERATOR_ONLY,
    response: z.array(AdminPromoCode),
  }),
  createPromoCode: defineRoute({
    method: 'POST',
    path: '/admin/promo-codes',
    summary: 'Create a promo code',
    tags,
    access: OPERATOR_ONLY,
    body: CreatePromoCodeBody,
    response: AdminPromoCode,
  }),
  updatePromoCode: defineRoute({
    method: 'PUT',
    path: '/admin/promo-codes/{code}',
    summary: 'Change a promo code',
    tags,
    access: OPERATOR_ONLY,
    params: AdminPromoCodeParams,
    body: UpdatePromoCodeBody,
    response: AdminPromoCode,
  }),
};
