import { z } from 'zod';
import { pageShape, pagingQuery } from './paging.ts';
import { addDays } from './calendar.ts';
import { CatalogueDate } from './catalogue.ts';
import { daysBetween } from './calendar.ts';
import { AgencyStatus, CurrencyCode, DbId, Language } from './common.ts';
import { OPERATOR_ONLY, defineRoute } from './define-route.ts';
import { FUNNEL_STEPS, INSIGHT_CHANNELS, UNSERVED_REASONS } from './insight-events.ts';
import { INSIGHT_MESSAGES } from './messages.ts';

// Issue 31 item 2: the tours company's Insight pages (operators only) over what insight-events.ts records and the
// bookings themselves: the funnel, agencies' activity, demand not served and sales by channel, each also as CSV and
// xlsx with the same filters. Money in major units unless a name says minor.

export { INSIGHT_MESSAGES };

// A period shows at most a year (and compares with the year before it)
export const INSIGHT_MAX_PERIOD_DAYS = 366;
// Without dates a page shows the last 30 days, today included
export const INSIGHT_DEFAULT_PERIOD_DAYS = 30;

// the vocabulary's lists as schemas (insight-events.ts names their types)
const InsightChannel = z.enum(INSIGHT_CHANNELS);
const UnservedReason = z.enum(UNSERVED_REASONS);
const FunnelStep = z.enum(FUNNEL_STEPS);

// The filters every page takes (each page picks those that mean something for it). Dates are Asia/Dubai calendar
// days, both included; either may be left out (insightPeriod fills it in).
const filterShape = {
  from: CatalogueDate.optional(),
  to: CatalogueDate.optional(),
  siteId: z.string().trim().min(1, INSIGHT_MESSAGES.unknownSite).max(50, INSIGHT_MESSAGES.unknownSite).optional(),
  agencyId: z.uuid(INSIGHT_MESSAGES.unknownAgency).optional(),
  tourId: z.coerce.number().pipe(DbId).optional(),
  channel: InsightChannel.optional(),
};

type PeriodInput = { from?: string | undefined; to?: string | undefined };
function checkPeriod(q: PeriodInput, ctx: z.core.$RefinementCtx<PeriodInput>) {
  if (!q.from || !q.to) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: INSIGHT_MESSAGES.rangeOrder });
  else if (daysBetween(q.from, q.to) + 1 > INSIGHT_MAX_PERIOD_DAYS)
    ctx.addIssue({ code: 'custom', path: ['from'], message: INSIGHT_MESSAGES.periodTooLong });
}

const { from, to, siteId, agencyId, tourId, channel } = filterShape;
const funnelShape = { from, to, siteId, agencyId, tourId, channel };
// Searches and sessions are the portal's; the channel narrows the bookings counted. `dormant`: those alone.
const agencyShape = { from, to, siteId, agencyId, channel, view: z.enum(['all', 'dormant']).optional() };
const demandShape = { from, to, siteId, agencyId, tourId, reason: UnservedReason.optional() };
const salesShape = { from, to, siteId, agencyId, tourId, channel };
const paged = pagingQuery(100, 50);
const exported = { format: z.enum(['csv', 'xlsx']), language: Language.optional() };

export const FunnelQuery = z.object(funnelShape).superRefine(checkPeriod);
export type FunnelQuery = z.input<typeof FunnelQuery>;
export const AgencyActivityQuery = z.object({ ...agencyShape, ...paged }).superRefine(checkPeriod);
export type AgencyActivityQuery = z.input<typeof AgencyActivityQuery>;
export const UnservedDemandQuery = z.object({ ...demandShape, ...paged }).superRefine(checkPeriod);
export type UnservedDemandQuery = z.input<typeof UnservedDemandQuery>;
export const SalesQuery = z.object(salesShape).superRefine(checkPeriod);
export type SalesQuery = z.input<typeof SalesQuery>;

// The exports take the page's filters (every row, no pages), the format and the language of the headers
export const FunnelExportQuery = z.object({ ...funnelShape, ...exported }).superRefine(checkPeriod);
export type FunnelExportQuery = z.input<typeof FunnelExportQuery>;
export const AgencyActivityExportQuery = z.object({ ...agencyShape, ...exported }).superRefine(checkPeriod);
export type AgencyActivityExportQuery = z.input<typeof AgencyActivityExportQuery>;
export const UnservedDemandExportQuery = z.object({ ...demandShape, ...exported }).superRefine(checkPeriod);
export type UnservedDemandExportQuery = z.input<typeof UnservedDemandExportQuery>;
export const SalesExportQuery = z.object({ ...salesShape, ...exported }).superRefine(checkPeriod);
export type SalesExportQuery = z.input<typeof SalesExportQuery>;
export type InsightExportFormat = z.output<typeof FunnelExportQuery>['format'];

// The period a page shows, and the one before it of the same length (the agencies' trend)
export const InsightPeriod = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
});
export type InsightPeriod = z.infer<typeof InsightPeriod>;

// The dates left out filled in: `to` today (or `from`, when that is later), `from` 30 days before `to`
export function insightPeriod(query: PeriodInput, today: string): InsightPeriod {
  const end = query.to ?? (query.from && query.from > today ? query.from : today);
  const start = query.from ?? addDays(end, 1 - INSIGHT_DEFAULT_PERIOD_DAYS);
  const days = daysBetween(start, end) + 1;
  return { from: start, to: end, previousFrom: addDays(start, -days), previousTo: addDays(start, -1) };
}

// A share of a whole, 0..1 to four places; null when there is no whole to take it of
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

// The change against the previous period: +0.5 is half as much again; null when the previous period had none
export function trendOf(current: number, previous: number): number | null {
  return previous > 0 ? Math.round(((current - previous) / previous) * 10_000) / 10_000 : null;
}

const Count = z.number().int();
const Localized = z.object({ en: z.string(), ru: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// The funnel
// ---------------------------------------------------------------------------------------------------------------
// The portal's sessions that reached each step having reached every step before it (a session that booked without
// searching counts at no step); booked and paid from the bookings made in the session
export const FunnelStepRow = z.object({
  step: FunnelStep,
  sessions: Count,
  fromPrevious: z.number().nullable(),
  fromFirst: z.number().nullable(),
});
export type FunnelStepRow = z.infer<typeof FunnelStepRow>;

// Bookings made in the period per channel, with or without a session (the widget shop and the API have none)
export const ChannelBookings = z.object({ channel: InsightChannel, booked: Count, paid: Count });
export type ChannelBookings = z.infer<typeof ChannelBookings>;

export const FunnelResponse = z.object({
  period: InsightPeriod,
  // empty when the channel filter names the widget or the API (no sessions there)
  steps: z.array(FunnelStepRow),
  channels: z.array(ChannelBookings),
});
export type FunnelResponse = z.infer<typeof FunnelResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Agencies' activity
// ---------------------------------------------------------------------------------------------------------------
export const AgencyActivityRow = z.object({
  agencyId: z.string(),
  name: z.string(),
  siteId: z.string(),
  status: AgencyStatus,
  // the latest login of any of its users, whenever it was
  lastLoginAt: z.string().nullable(),
  sessions: Count,
  searches: Count,
  bookings: Count,
  previousSearches: Count,
  previousBookings: Count,
  // approved, and neither a session nor a booking in the period
  isDormant: z.boolean(),
});
export type AgencyActivityRow = z.infer<typeof AgencyActivityRow>;

export const AgencyActivityResponse = z.object({
  period: InsightPeriod,
  ...pageShape(AgencyActivityRow),
  // dormant agencies under these filters (the page can list them alone)
  dormant: Count,
});
export type AgencyActivityResponse = z.infer<typeof AgencyActivityResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Demand not served
// ---------------------------------------------------------------------------------------------------------------
// A tour, option and day agents asked for and could not book, most seats first. `seats`: each session's largest
// ask, summed (an agent asking again for the same four seats wants four, not eight); `asked`: every time it was asked
export const UnservedDemandRow = z.object({
  tourId: z.number().int(),
  tourTitle: Localized,
  offerId: z.number().int().nullable(),
  offerName: Localized.nullable(),
  date: z.string().nullable(),
  reasons: z.array(UnservedReason),
  seats: Count,
  asked: Count,
  agencies: Count,
  agencyNames: z.array(z.string()),
});
export type UnservedDemandRow = z.infer<typeof UnservedDemandRow>;

export const UnservedDemandResponse = z.object({
  period: InsightPeriod,
  ...pageShape(UnservedDemandRow),
});
export type UnservedDemandResponse = z.infer<typeof UnservedDemandResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Sales by channel
// ---------------------------------------------------------------------------------------------------------------
// Bookings made in the period and paid, not cancelled since (as the dashboard counts them), per channel and account
// currency; test bookings of the reseller API are no sale
export const SalesRow = z.object({
  channel: InsightChannel,
  currencyCode: CurrencyCode,
  bookings: Count,
  net: z.number(),
});
export type SalesRow = z.infer<typeof SalesRow>;
export const SalesResponse = z.object({ period: InsightPeriod, rows: z.array(SalesRow) });
export type SalesResponse = z.infer<typeof SalesResponse>;

// What the filters offer: the sites and the tours
export const InsightOptionsResponse = z.object({
  sites: z.array(z.object({ id: z.string(), name: z.string() })),
  tours: z.array(z.object({ id: z.number().int(), title: Localized })),
});
export type InsightOptionsResponse = z.infer<typeof InsightOptionsResponse>;

const tags = ['insight'] as const;
const access = OPERATOR_ONLY;

export const insightAdminRoutes = {
  options: defineRoute({
    method: 'GET',
    path: '/admin/insight/options',
    summary: "The Insight pages' filter choices: sites and tours (operator only)",
    tags,
    access,
    response: InsightOptionsResponse,
  }),
  funnel: defineRoute({
    method: 'GET',
    path: '/admin/insight/funnel',
    summary:
      'Sessions per step search → tour view → checkout → booked → paid with conversions, and bookings per channel (operator only)',
    tags,
    access,
    query: FunnelQuery,
    response: FunnelResponse,
  }),
  funnelExport: defineRoute({
    method: 'GET',
    path: '/admin/insight/funnel/export',
    summary: 'The funnel as CSV or xlsx (operator only)',
    tags,
    access,
    query: FunnelExportQuery,
  }),
  agencies: defineRoute({
    method: 'GET',
    path: '/admin/insight/agencies',
    summary:
      "Agencies' activity: last login, sessions, searches and bookings against the previous period, dormant agencies (operator only)",
    tags,
    access,
    query: AgencyActivityQuery,
    response: AgencyActivityResponse,
  }),
  agenciesExport: defineRoute({
    method: 'GET',
    path: '/admin/insight/agencies/export',
    summary: "Agencies' activity as CSV or xlsx, every row (operator only)",
    tags,
    access,
    query: AgencyActivityExportQuery,
  }),
  demand: defineRoute({
    method: 'GET',
    path: '/admin/insight/demand',
    summary: 'Demand not served: tours, options and dates asked for and not bookable, most seats first (operator only)',
    tags,
    access,
    query: UnservedDemandQuery,
    response: UnservedDemandResponse,
  }),
  demandExport: defineRoute({
    method: 'GET',
    path: '/admin/insight/demand/export',
    summary: 'Demand not served as CSV or xlsx, every row (operator only)',
    tags,
    access,
    query: UnservedDemandExportQuery,
  }),
  sales: defineRoute({
    method: 'GET',
    path: '/admin/insight/sales',
    summary: 'Paid bookings and their net amount per channel and currency (operator only)',
    tags,
    access,
    query: SalesQuery,
    response: SalesResponse,
  }),
  salesExport: defineRoute({
    method: 'GET',
    path: '/admin/insight/sales/export',
    summary: 'Sales by channel as CSV or xlsx (operator only)',
    tags,
    access,
    query: SalesExportQuery,
  }),
};
