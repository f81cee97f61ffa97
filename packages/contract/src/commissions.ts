import { z } from 'zod';
import { pageShape } from './paging.ts';
import { BookingChannel, BookingFilters, BookingLanguageQuery, MarginStatus } from './bookings.ts';
import { CurrencyCode, PeopleCounts } from './common.ts';
import { ANY_AGENT, defineRoute } from './define-route.ts';

// SPEC §2 /my-commissions, §7 POST /b2b/bookings/commissions; DESIGN "Money decisions": for a booking an agent makes,
// the commission is published − net, what the agency earns selling at the recommended price.
// - Only completed bookings count: a request, an unpaid card hold or a cancelled booking earns nothing. The body is the
//   bookings list's filters; a status in it narrows further (any status but completed finds nothing).
// - Published: the recommended price of the booking as sold. Net: what the agency paid for the tour — after a promo
//   code's discount (or the operator's quote), without the Russian site's card surcharge, which is the cost of paying
//   by card and not part of the tour's price (the published price carries none). The two are comparable figures.
// - Months: the travel date's month (a booking's date is its Asia/Dubai calendar day), newest first. The filters'
//   travel-date range selects the same months; the list itself runs in the bookings list's order (newest first).
// - Money in major units of each booking's currency; every total is per currency (an account has one in practice).
// - Visibility as in the bookings list: a junior sees their own bookings, senior and admin the agency's.
// - A widget sale's row is its margin: `published` is what the customer paid (in the account's currency), so the
//   commission is sale − net; `marginStatus` says whether it is still pending (until the tour date), credited to the
//   balance, or reversed. An agent's booking has none (the agency earns it when it sells at the published price).

export const CommissionRow = z.object({
  id: z.string(),
  reference: z.string(),
  // the travel date (yyyy-MM-dd, Asia/Dubai) and its time, if the offer has start times
  travelDate: z.string(),
  time: z.string().nullable(),
  createdAt: z.string(),
  tour: z.string(),
  offer: z.string(),
  guestName: z.string(),
  ...PeopleCounts.shape,
  agent: z.string(),
  currencyCode: CurrencyCode,
  published: z.number(),
  net: z.number(),
  commission: z.number(),
  channel: BookingChannel,
  marginStatus: MarginStatus.nullable(),
});
export type CommissionRow = z.infer<typeof CommissionRow>;

export const CommissionTotal = z.object({
  currencyCode: CurrencyCode,
  bookings: z.number().int(),
  published: z.number(),
  net: z.number(),
  commission: z.number(),
});
export type CommissionTotal = z.infer<typeof CommissionTotal>;

// yyyy-MM of the travel date
export const CommissionMonthTotal = CommissionTotal.extend({ month: z.string() });
export type CommissionMonthTotal = z.infer<typeof CommissionMonthTotal>;

export const CommissionListResponse = z.object({
  ...pageShape(CommissionRow),
  // over every booking the filters select, not only this page
  months: z.array(CommissionMonthTotal),
  totals: z.array(CommissionTotal),
});
export type CommissionListResponse = z.infer<typeof CommissionListResponse>;

const tags = ['bookings'] as const;

export const commissionRoutes = {
  list: defineRoute({
    method: 'POST',
    path: '/b2b/bookings/commissions',
    summary:
      'Commissions (published − net) of completed bookings with the list filters, totals per travel month and overall',
    tags,
    access: ANY_AGENT,
    query: BookingLanguageQuery,
    body: BookingFilters,
    response: CommissionListResponse,
  }),
  download: defineRoute({
    method: 'POST',
    path: '/b2b/bookings/commissions/download',
    summary: 'Commissions with the list filters as an xlsx file with monthly and grand totals (streamed)',
    tags,
    access: ANY_AGENT,
    query: BookingLanguageQuery,
    body: BookingFilters,
  }),
};
