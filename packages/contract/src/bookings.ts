import { firstPageRoute } from './paths.ts';
import { z } from 'zod';
import { pageOf, pagingQuery } from './paging.ts';
import { isWholeCents } from './money.ts';
import { CatalogueDate, CatalogueId, CancellationTier } from './catalogue.ts';
import { CurrencyCode, DbId, Language, PeopleCounts } from './common.ts';
import { accessFor, ANY_AGENT, OPERATOR_ONLY, PUBLIC, defineRoute } from './define-route.ts';
import { MESSAGES } from './errors.ts';
import { Email, PersonName, Phone, RequiredText } from './validation.ts';
import { BOOKING_MESSAGES } from './messages.ts';

// ---------------------------------------------------------------------------------------------------------------
// Messages (SPEC §8 word for word where it quotes them; the rest are ours)
// ---------------------------------------------------------------------------------------------------------------
export { BOOKING_MESSAGES } from './messages.ts';

// SPEC §4 display statuses; the stored status is the key, the label is what people see. SPEC §4 writes "pending
// payment" in lower case; it is capitalised like the other five so a badge reads the same beside them.
export const BookingStatus = z.enum([
  'request',
  'payment_required',
  'pending_payment',
  'completed',
  'cancelled',
  'payment_failed',
]);
export type BookingStatus = z.infer<typeof BookingStatus>;
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  request: 'Quotation Request',
  payment_required: 'Payment Required',
  pending_payment: 'Pending Payment',
  completed: 'Completed',
  cancelled: 'Cancelled',
  payment_failed: 'Payment Failed',
};

// where a booking was made: by an agent in the portal, in the agency's widget shop, or over the reseller API
export const BookingChannel = z.enum(['agent', 'widget', 'api']);
export type BookingChannel = z.infer<typeof BookingChannel>;

export const PaymentMethod = z.enum(['balance', 'card']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentProviderName = z.enum(['sandbox', 'stripe', 'tap']);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;
export const PaymentStatus = z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'refunded']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const HOLD_MINUTES = 15;
export const MAX_PEOPLE_PER_UNIT = 100;

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------
const PeopleCount = z.number({ error: MESSAGES.required }).int(MESSAGES.required).min(0).max(MAX_PEOPLE_PER_UNIT);
export const StartTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use the format HH:mm');
const OptionalText = (max: number) => z.string().trim().max(max).optional().default('');

export const GuestDetails = z
  .object({
    name: PersonName,
    email: Email,
    confirmEmail: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .transform((v) => v.toLowerCase()),
    phone: Phone,
    hotel: RequiredText(200),
    room: RequiredText(40),
    // chosen from /hotels/listbase; required when the offer has pick-up
    hotelId: DbId.nullable().optional().default(null),
  })
  .superRefine((guest, ctx) => {
    if (guest.confirmEmail !== guest.email)
      ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: BOOKING_MESSAGES.emailsDoNotMatch });
  });
export type GuestDetails = z.input<typeof GuestDetails>;

export const CreateBookingBody = z.object({
  offerId: DbId,
  date: CatalogueDate,
  // null for opening-hours offers
  time: StartTime.nullable().optional().default(null),
  adults: PeopleCount,
  children: PeopleCount.optional().default(0),
  infants: PeopleCount.optional().default(0),
  guest: GuestDetails,
  promoCode: z.string().trim().max(40).optional().default(''),
  notes: OptionalText(1000),
});
export type CreateBookingBody = z.input<typeof CreateBookingBody>;

export const PayBookingBody = z.object({ paymentMethod: PaymentMethod });
export type PayBookingBody = z.infer<typeof PayBookingBody>;

// What the agent saw in the cancellation preview, sent with the cancel: when the terms are not those any more (a
// card payment completed meanwhile, the policy's next tier began, an operator changed the booking) nothing is
// cancelled and the agent is asked to look again. Both may be left out (the cancel then takes the terms of the moment).
export const CancelBookingBody = z.object({
  expectedRefund: z.number().min(0).max(100_000_000).optional(),
  expectedRefundTo: PaymentMethod.nullable().optional(),
});
export type CancelBookingBody = z.infer<typeof CancelBookingBody>;

export const BookingIdParams = z.object({ id: z.string().uuid(BOOKING_MESSAGES.unknownBooking) });
export const PaymentIdParams = z.object({ id: z.string().uuid('Unknown payment') });

const paged = pagingQuery(200, 20);
// Texts (tour and option names) in this language; default: each booking's own language
export const BookingLanguageQuery = z.object({
  language: z.enum(['en', 'ru'], { error: 'Language must be en or ru' }).optional(),
});
export const BookingsPageQuery = BookingLanguageQuery.extend(paged);

export const BookingFilters = z
  .object({
    ...paged,
    status: BookingStatus.optional(),
    // travel date range and creation date range, yyyy-MM-dd (Asia/Dubai)
    dateFrom: CatalogueDate.optional(),
    dateTo: CatalogueDate.optional(),
    createdFrom: CatalogueDate.optional(),
    createdTo: CatalogueDate.optional(),
    tourId: DbId.optional(),
    agentId: z.string().uuid().optional(),
    // where it was booked: the portal, a widget shop or the reseller API (issue 30)
    channel: BookingChannel.optional(),
    // the reseller API's test bookings, kept apart: true lists only them, otherwise they are left out
    test: z.boolean().optional(),
    // reference, guest name or e-mail, ticket number
    search: z.string().trim().max(100).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.dateFrom && f.dateTo && f.dateFrom > f.dateTo)
      ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'The start date must not be after the end date' });
    if (f.createdFrom && f.createdTo && f.createdFrom > f.createdTo)
      ctx.addIssue({ code: 'custom', path: ['createdFrom'], message: 'The start date must not be after the end date' });
  });
export type BookingFilters = z.input<typeof BookingFilters>;

// ---------------------------------------------------------------------------------------------------------------
// Responses (money in major units of the booking's currency)
// ---------------------------------------------------------------------------------------------------------------
export const BookingAmounts = z.object({
  currencyCode: CurrencyCode,
  // what the agency pays (net, after promo, plus card surcharge)
  netTotal: z.number(),
  // the published (recommended) price for the guest
  publishedTotal: z.number(),
  netBeforeDiscount: z.number(),
  discount: z.number(),
  cardSurcharge: z.number(),
  // Russian site: the tax and fee parts of the total (SPEC §9), else null
  tax: z.number().nullable(),
  fee: z.number().nullable(),
  lines: z.array(
    z.object({
      unit: z.enum(['adult', 'child', 'infant', 'trip']),
      quantity: z.number().int(),
      net: z.number(),
      published: z.number(),
    }),
  ),
});
export type BookingAmounts = z.infer<typeof BookingAmounts>;

export const PaymentSession = z.object({
  id: z.string(),
  provider: PaymentProviderName,
  status: PaymentStatus,
  // hosted pay page (sandbox, Tap) to send the browser to; null when the card form is on our page (Stripe)
  redirectUrl: z.string().nullable(),
  clientSecret: z.string().nullable(),
  // with a Stripe charge: the account's publishable key, for Stripe.js's Payment Element on our page
  publishableKey: z.string().nullable(),
  amount: z.number(),
  currencyCode: CurrencyCode,
  expiresAt: z.string(),
  failureMessage: z.string().nullable(),
});
export type PaymentSession = z.infer<typeof PaymentSession>;

// A widget sale's margin (sale − net) on its way to the agency's balance: pending until the tour date has passed,
// then credited by a job; a cancellation before that reverses it
export const MarginStatus = z.enum(['pending', 'credited', 'reversed']);
export type MarginStatus = z.infer<typeof MarginStatus>;

export const BookingView = z.object({
  id: z.string(),
  reference: z.string(),
  status: BookingStatus,
  statusLabel: z.string(),
  isRequest: z.boolean(),
  tour: z.object({ id: z.number().int(), url: z.string(), title: z.string() }),
  offer: z.object({ id: z.number().int(), name: z.string() }),
  date: z.string(),
  time: z.string().nullable(),
  ...PeopleCounts.shape,
  guest: z.object({ name: z.string(), email: z.string(), phone: z.string(), hotel: z.string(), room: z.string() }),
  pickUpTime: z.string().nullable(),
  promoCode: z.string().nullable(),
  promoPercent: z.number().int().nullable(),
  amounts: BookingAmounts,
  paymentMethod: PaymentMethod.nullable(),
  cancellationPolicy: z.array(CancellationTier),
  ticketNumbers: z.array(z.string()),
  agent: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  notes: z.string(),
  language: Language,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundAmount: z.number().nullable(),
  cancellationFee: z.number().nullable(),
  holdExpiresAt: z.string().nullable(),
  quote: z.object({ netTotal: z.number(), expiresAt: z.string(), note: z.string() }).nullable(),
  declineReason: z.string().nullable(),
  payment: PaymentSession.nullable(),
  // a card attempt failed or was cancelled while the stock is still held: another card may be tried now
  canRetryCard: z.boolean(),
  // a card booking whose hold lapsed unpaid: nothing was charged, the stock is released, it can only be booked again
  isHoldExpired: z.boolean(),
  // relative API paths of the PDFs, present once the booking is completed
  // (no invoice for a widget sale: its customer paid the portal)
  documents: z.object({ voucher: z.string(), tickets: z.string(), invoice: z.string().nullable() }).nullable(),
  // the agency's balance right after this booking was paid from it
  balanceAfter: z.number().nullable(),
  channel: BookingChannel,
  // a widget sale: what the customer paid (in the widget's currency) and where the agency's margin stands
  sale: z.object({ total: z.number(), currencyCode: CurrencyCode, marginStatus: MarginStatus.nullable() }).nullable(),
});
export type BookingView = z.infer<typeof BookingView>;

export const CreateBookingResponse = z.object({ booking: BookingView, message: z.string().nullable() });
export type CreateBookingResponse = z.infer<typeof CreateBookingResponse>;

// SPEC §3 booking list columns
export const BookingListRow = z.object({
  id: z.string(),
  reference: z.string(),
  status: BookingStatus,
  statusLabel: z.string(),
  isRequest: z.boolean(),
  bookingDate: z.string(),
  time: z.string().nullable(),
  createdAt: z.string(),
  tourId: z.number().int(),
  tour: z.string(),
  offer: z.string(),
  ticketNumber: z.string(),
  guestName: z.string(),
  phone: z.string(),
  hotel: z.string(),
  room: z.string(),
  ...PeopleCounts.shape,
  pickUpTime: z.string().nullable(),
  publishedRate: z.number(),
  netRate: z.number(),
  currencyCode: CurrencyCode,
  paymentMethod: PaymentMethod.nullable(),
  finalBalance: z.number().nullable(),
  notes: z.string(),
  // the agent, or for a widget sale the widget's name
  agent: z.string(),
  channel: BookingChannel,
});
export type BookingListRow = z.infer<typeof BookingListRow>;
export const BookingListResponse = pageOf(BookingListRow);
export type BookingListResponse = z.infer<typeof BookingListResponse>;

export const BookingOptionsResponse = z.object({
  statuses: z.array(z.object({ value: BookingStatus, label: z.string() })),
  tours: z.array(z.object({ id: z.number().int(), title: z.string() })),
  // empty for juniors, who only see their own bookings
  agents: z.array(z.object({ id: z.string(), name: z.string() })),
  // the channels the agency's bookings came from (the filter is offered when there is more than one)
  channels: z.array(BookingChannel),
  // the agency has test bookings (made with a test API key): the lists offer a filter for them
  hasTestBookings: z.boolean(),
});
export type BookingOptionsResponse = z.infer<typeof BookingOptionsResponse>;

export const CancellationPreview = z.object({
  cancellable: z.boolean(),
  reason: z.string().nullable(),
  hoursBeforeStart: z.number(),
  refundPercent: z.number().int(),
  refundAmount: z.number(),
  cancellationFee: z.number(),
  currencyCode: CurrencyCode,
  refundTo: PaymentMethod.nullable(),
});
export type CancellationPreview = z.infer<typeof CancellationPreview>;

// Low-balance alerts: the shares of the last top-up's available amount whose crossing is mailed to the admins once
export const LOW_BALANCE_PERCENTS = [40, 20] as const;
export const BalanceQuery = z.object({ currencyCode: z.string().trim().toLowerCase().pipe(CurrencyCode).optional() });
export const BalanceResponse = z.object({
  currencyCode: CurrencyCode,
  balance: z.number(),
  creditLimit: z.number(),
  available: z.number(),
  // credit used in a month and not paid back within 30 days of its end (SPEC §9); blocks balance bookings
  overdue: z.number(),
  // the available amount is below 40 % (then 20 %) of what the last top-up left available (LOW_BALANCE_PERCENTS)
  lowBalance: z.object({ percent: z.number().int(), topUpLevel: z.number() }).nullable(),
});
export type BalanceResponse = z.infer<typeof BalanceResponse>;
export const BalanceCoversQuery = z.object({
  amount: z.coerce.number({ error: MESSAGES.required }).min(0).max(100_000_000),
  currencyCode: z.string().trim().toLowerCase().pipe(CurrencyCode).optional(),
});
export const BalanceCoversResponse = z.object({ currencyCode: CurrencyCode, covers: z.boolean() });
export type BalanceCoversResponse = z.infer<typeof BalanceCoversResponse>;

export const Hotel = z.object({
  id: z.number().int(),
  name: z.string(),
  area: z.string(),
  cityId: z.number().int(),
  cityName: z.string(),
});
export type Hotel = z.infer<typeof Hotel>;
export const HotelsQuery = z.object({
  countryId: CatalogueId.optional(),
  cityId: CatalogueId.optional(),
  q: z.string().trim().max(80).optional(),
});
export const PickUpTimeQuery = z.object({
  pickUpTimeId: CatalogueId,
  hotelId: CatalogueId,
  startTime: StartTime.optional(),
});
export const PickUpTimeResponse = z.object({ value: z.string().nullable() });

// Operator side of quotation requests (API only for now)
// The operator's inbox: open requests first; by status and agency; texts in the language on screen
export const AdminRequestsQuery = BookingLanguageQuery.extend({
  status: BookingStatus.optional(),
  agencyId: z.uuid('Unknown agency').optional(),
  ...paged,
});
export type AdminRequestsQuery = z.input<typeof AdminRequestsQuery>;
export type AdminRequestsFilter = z.output<typeof AdminRequestsQuery>;
export const AdminRequestRow = BookingListRow.extend({
  agencyId: z.string(),
  agencyName: z.string(),
  // the quote given (net total, until when, the note to the agent) and why a request was declined
  quote: z.object({ netTotal: z.number(), expiresAt: z.string(), note: z.string() }).nullable(),
  declineReason: z.string().nullable(),
});
export type AdminRequestRow = z.infer<typeof AdminRequestRow>;
// a page of the inbox (open requests first, then newest), with how many there are in all
export const AdminRequestsResponse = pageOf(AdminRequestRow);
export type AdminRequestsResponse = z.infer<typeof AdminRequestsResponse>;
export const QuoteBody = z.object({
  netTotal: z.number({ error: MESSAGES.required }).max(10_000_000).refine(isWholeCents, BOOKING_MESSAGES.amountCents),
  validHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .optional()
    .default(48),
  note: z.string().trim().max(1000).optional().default(''),
});
export const DeclineBody = z.object({ reason: RequiredText(1000) });

export const PaymentStatusResponse = z.object({ booking: BookingView });

// ---------------------------------------------------------------------------------------------------------------
// Routes (SPEC §7 and DESIGN "Calls the spec leaves open", under /api)
// ---------------------------------------------------------------------------------------------------------------
const tags = ['bookings'] as const;

export const bookingRoutes = {
  create: defineRoute({
    ...firstPageRoute('createBooking'),
    summary:
      'Book and pay from the company balance (Idempotency-Key header). Not instantly confirmable or past cut-off → a quotation request',
    tags,
    access: ANY_AGENT,
    body: CreateBookingBody,
    response: CreateBookingResponse,
  }),
  createWithPaymentIntent: defineRoute({
    ...firstPageRoute('createBookingWithCard'),
    summary: 'Book and pay by card (PaymentIntent / hosted page); stock is held for 15 minutes',
    tags,
    access: ANY_AGENT,
    body: CreateBookingBody,
    response: CreateBookingResponse,
  }),
  createWithTapCharge: defineRoute({
    method: 'POST',
    path: '/b2b/bookings/withtappaymentcharge',
    summary: 'Book and pay by card through a Tap charge; stock is held for 15 minutes',
    tags,
    access: ANY_AGENT,
    body: CreateBookingBody,
    response: CreateBookingResponse,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/b2b/bookings',
    summary: 'Bookings, newest first (junior: own; senior and admin: the agency)',
    tags,
    access: ANY_AGENT,
    query: BookingsPageQuery,
    response: BookingListResponse,
  }),
  filtered: defineRoute({
    method: 'POST',
    path: '/b2b/bookings/filtered',
    summary: 'Bookings with filters',
    tags,
    access: ANY_AGENT,
    query: BookingLanguageQuery,
    body: BookingFilters,
    response: BookingListResponse,
  }),
  requests: defineRoute({
    method: 'POST',
    path: '/b2b/bookings/requests',
    summary: 'Quotation requests with filters',
    tags,
    access: ANY_AGENT,
    query: BookingLanguageQuery,
    body: BookingFilters,
    response: BookingListResponse,
  }),
  download: defineRoute({
    method: 'POST',
    path: '/b2b/bookings/download',
    summary: 'Bookings with filters as an xlsx file (streamed)',
    tags,
    access: ANY_AGENT,
    query: BookingLanguageQuery,
    body: BookingFilters,
  }),
  options: defineRoute({
    method: 'GET',
    path: '/b2b/bookings/options',
    summary: 'Filter options: statuses, tours and agents',
    tags,
    access: ANY_AGENT,
    query: BookingLanguageQuery,
    response: BookingOptionsResponse,
  }),
  detail: defineRoute({
    ...firstPageRoute('bookingDetail'),
    summary: 'One booking',
    tags,
    access: ANY_AGENT,
    params: BookingIdParams,
    query: BookingLanguageQuery,
    response: BookingView,
  }),
  requestDetail: defineRoute({
    ...firstPageRoute('requestDetail'),
    summary: 'One quotation request',
    tags,
    access: ANY_AGENT,
    params: BookingIdParams,
    query: BookingLanguageQuery,
    response: BookingView,
  }),
  cancellationPreview: defineRoute({
    method: 'GET',
    path: '/b2b/bookings/{id}/cancellation',
    summary: 'What cancelling now refunds and costs, under the cancellation policy',
    tags,
    access: ANY_AGENT,
    params: BookingIdParams,
    response: CancellationPreview,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/b2b/bookings/{id}/cancel',
    summary: 'Cancel: refund by the tier of the policy, stock returned (409 when the previewed terms changed)',
    tags,
    access: ANY_AGENT,
    params: BookingIdParams,
    query: BookingLanguageQuery,
    body: CancelBookingBody,
    response: BookingView,
  }),
  pay: defineRoute({
    ...firstPageRoute('payBooking'),
    summary: 'Pay a quoted request, or try another card while the hold lasts (Idempotency-Key header)',
    tags,
    access: ANY_AGENT,
    params: BookingIdParams,
    body: PayBookingBody,
    response: CreateBookingResponse,
  }),
  document: defineRoute({
    method: 'GET',
    path: '/b2b/bookings/{id}/documents/{kind}',
    summary: 'Voucher, tickets (with QR codes) or tax invoice as PDF, in the agency language',
    tags,
    access: ANY_AGENT,
    params: BookingIdParams.extend({ kind: z.enum(['voucher', 'tickets', 'invoice'], { error: 'Unknown document' }) }),
  }),
  // SPEC §6: account balances are an admin's; other agents learn only whether the balance covers their booking
  balance: defineRoute({
    ...firstPageRoute('balance'),
    summary: "The agency's balance, credit limit and available amount (admins)",
    tags,
    access: accessFor('viewBalances'),
    query: BalanceQuery,
    response: BalanceResponse,
  }),
  balanceCovers: defineRoute({
    ...firstPageRoute('balanceCovers'),
    summary: 'Whether the available balance covers an amount (any agent; no figures)',
    tags,
    access: ANY_AGENT,
    query: BalanceCoversQuery,
    response: BalanceCoversResponse,
  }),
  hotels: defineRoute({
    method: 'GET',
    path: '/hotels/listbase',
    summary: 'Pick-up hotels of a country (optionally one city, or a name search)',
    tags,
    access: PUBLIC,
    query: HotelsQuery,
    response: z.array(Hotel),
  }),
  pickUpTime: defineRoute({
    method: 'GET',
    path: '/pickuptimes/value',
    summary: 'Pick-up time at a hotel for an offer (pickUpTimeId = offer id) and start time',
    tags,
    access: PUBLIC,
    query: PickUpTimeQuery,
    response: PickUpTimeResponse,
  }),
  paymentStatus: defineRoute({
    ...firstPageRoute('paymentStatus'),
    summary: 'A card payment and its booking, asking the provider when still open',
    tags,
    access: ANY_AGENT,
    params: PaymentIdParams,
    response: PaymentStatusResponse,
  }),
  adminRequests: defineRoute({
    method: 'GET',
    path: '/admin/requests',
    summary: 'Quotation requests of every agency, open ones first, a page at a time',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    query: AdminRequestsQuery,
    response: AdminRequestsResponse,
  }),
  adminQuote: defineRoute({
    method: 'POST',
    path: '/admin/requests/{id}/quote',
    summary: 'Quote a net price with an expiry → Payment Required',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: BookingIdParams,
    body: QuoteBody,
    response: BookingView,
  }),
  adminDecline: defineRoute({
    method: 'POST',
    path: '/admin/requests/{id}/decline',
    summary: 'Decline a request → Cancelled',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: BookingIdParams,
    body: DeclineBody,
    response: BookingView,
  }),
};
