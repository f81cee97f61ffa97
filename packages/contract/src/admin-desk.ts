import { z } from 'zod';
import { pageOf, pagingQuery } from './paging.ts';
import { AdminAuditEntry } from './audit.ts';
import {
  BookingIdParams,
  BookingListRow,
  BookingStatus,
  BookingView,
  CancelBookingBody,
  CancellationPreview,
  PaymentProviderName,
  PaymentStatus,
} from './bookings.ts';
import { CatalogueDate } from './catalogue.ts';
import { CurrencyCode, Language } from './common.ts';
import { OPERATOR_ONLY, defineRoute } from './define-route.ts';
import { DESK_MESSAGES } from './messages.ts';
export { DESK_MESSAGES } from './messages.ts';

// The tours company's desk (issue 12 items 5 and 6): every agency's bookings, cancelling one on the agency's behalf,
// card payments and refunds with their provider status. Quotation requests and bank transfers keep their routes
// (bookings.ts adminRequests…, balance.ts adminTopUps…). Money in major units unless a name says minor.

const paged = pagingQuery(100, 20);
const AgencyId = z.uuid('Unknown agency');
const RANGE_ORDER = 'The start date must not be after the end date';

// ---------------------------------------------------------------------------------------------------------------
// Card payments and refunds
// ---------------------------------------------------------------------------------------------------------------
// none: nothing owed back; owed: owed, not asked yet; in_progress: the provider is being asked (a lease runs);
// failed: the last attempt failed and waits for its lease to end; needs_check: the provider refused it or (a
// provider without idempotency keys) did not confirm it, so nobody asks again until the operator has looked at the
// provider; refunded: everything owed went back
export const RefundState = z.enum(['none', 'owed', 'in_progress', 'failed', 'needs_check', 'refunded']);
export type RefundState = z.infer<typeof RefundState>;

export const DeskPayment = z.object({
  id: z.string(),
  provider: PaymentProviderName,
  providerRef: z.string().nullable(),
  status: PaymentStatus,
  amount: z.number(),
  currencyCode: CurrencyCode,
  createdAt: z.string(),
  agencyId: z.string(),
  agencyName: z.string(),
  paidFor: z.object({ kind: z.enum(['booking', 'topUp']), id: z.string(), reference: z.string() }),
  failureMessage: z.string().nullable(),
  refund: z.object({
    state: RefundState,
    refunded: z.number(),
    // owed and not confirmed yet (waiting or being asked)
    owed: z.number(),
    reason: z.string().nullable(),
    // when a failed attempt may be asked again (its lease ends)
    retryAfter: z.string().nullable(),
    canRetry: z.boolean(),
    // why it needs checking: the provider refused it, or did not confirm an attempt that may have been made
    hold: z.enum(['refused', 'unconfirmed']).nullable(),
    // the operator may record it as made at the provider (only while it needs checking)
    canRecordMade: z.boolean(),
  }),
});
export type DeskPayment = z.infer<typeof DeskPayment>;

export const DeskPaymentsQuery = z.object({
  // refunds: payments with a refund (owed, failed or done); failedRefunds: owed and not confirmed
  view: z.enum(['all', 'refunds', 'failedRefunds']).optional().default('all'),
  status: PaymentStatus.optional(),
  agencyId: AgencyId.optional(),
  ...paged,
});
export type DeskPaymentsQuery = z.input<typeof DeskPaymentsQuery>;
export const DeskPaymentsResponse = pageOf(DeskPayment);
export type DeskPaymentsResponse = z.infer<typeof DeskPaymentsResponse>;
export const DeskPaymentParams = z.object({ id: z.uuid(DESK_MESSAGES.unknownPayment) });

// ---------------------------------------------------------------------------------------------------------------
// Bookings of every agency
// ---------------------------------------------------------------------------------------------------------------
export const AdminBookingsQuery = z
  .object({
    // reference, guest name or e-mail, ticket number or the agency's name
    search: z.string().trim().max(100).optional(),
    status: BookingStatus.optional(),
    agencyId: AgencyId.optional(),
    // travel and creation date ranges, yyyy-MM-dd (Asia/Dubai)
    dateFrom: CatalogueDate.optional(),
    dateTo: CatalogueDate.optional(),
    createdFrom: CatalogueDate.optional(),
    createdTo: CatalogueDate.optional(),
    language: Language.optional(),
    ...paged,
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo)
      ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: RANGE_ORDER });
    if (q.createdFrom && q.createdTo && q.createdFrom > q.createdTo)
      ctx.addIssue({ code: 'custom', path: ['createdFrom'], message: RANGE_ORDER });
  });
export type AdminBookingsQuery = z.input<typeof AdminBookingsQuery>;

export const AdminBookingRow = BookingListRow.extend({ agencyId: z.string(), agencyName: z.string() });
export type AdminBookingRow = z.infer<typeof AdminBookingRow>;
export const AdminBookingsResponse = pageOf(AdminBookingRow);
export type AdminBookingsResponse = z.infer<typeof AdminBookingsResponse>;

export const AdminBookingDetail = z.object({
  booking: BookingView,
  agency: z.object({ id: z.string(), name: z.string(), currency: CurrencyCode, siteId: z.string() }),
  // every card attempt, newest first, with its refund
  payments: z.array(DeskPayment),
  // the operator's changes to the booking (quote, decline, cancellation with its fee and reason), newest first
  history: z.array(AdminAuditEntry),
});
export type AdminBookingDetail = z.infer<typeof AdminBookingDetail>;

// The agency's preview (the same rule) and what was paid, the most a fee can be
export const AdminCancellationPreview = CancellationPreview.extend({ isPaid: z.boolean(), paidTotal: z.number() });
export type AdminCancellationPreview = z.infer<typeof AdminCancellationPreview>;

export const AdminCancelBody = z
  .object({
    // the fee kept instead of the policy's, in minor units; the rest goes back
    feeOverride: z
      .number({ error: DESK_MESSAGES.feeAmount })
      .refine((v) => Number.isSafeInteger(v) && v >= 0 && v <= 10_000_000_000, DESK_MESSAGES.feeAmount)
      .optional(),
    reason: z.string().trim().max(500).optional().default(''),
    // the refund and destination the dialog showed (with the override, if any): other terms are a 409
    ...CancelBookingBody.shape,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.feeOverride !== undefined && body.reason === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: DESK_MESSAGES.overrideReasonRequired });
  });
export type AdminCancelBody = z.input<typeof AdminCancelBody>;

const tags = ['admin'] as const;

export const adminDeskRoutes = {
  payments: defineRoute({
    method: 'GET',
    path: '/admin/payments',
    summary: 'Card payments of every agency with their provider status and refunds, newest first (operator only)',
    tags,
    access: OPERATOR_ONLY,
    query: DeskPaymentsQuery,
    response: DeskPaymentsResponse,
  }),
  retryRefund: defineRoute({
    method: 'POST',
    path: '/admin/payments/{id}/refund/retry',
    summary:
      'Ask the provider again for a refund owed to a card, under the same attempt id as the sweeper (never a second refund); for one that needs checking, after the operator looked at the provider (operator only)',
    tags,
    access: OPERATOR_ONLY,
    params: DeskPaymentParams,
    response: DeskPayment,
  }),
  recordRefundMade: defineRoute({
    method: 'POST',
    path: '/admin/payments/{id}/refund/made',
    summary:
      'Record a refund that needs checking as made at the provider (found there, or made there by hand), once and audited (operator only)',
    tags,
    access: OPERATOR_ONLY,
    params: DeskPaymentParams,
    response: DeskPayment,
  }),
  bookings: defineRoute({
    method: 'GET',
    path: '/admin/bookings',
    summary: 'Bookings of every agency: search, filters, pages (operator only)',
    tags,
    access: OPERATOR_ONLY,
    query: AdminBookingsQuery,
    response: AdminBookingsResponse,
  }),
  booking: defineRoute({
    method: 'GET',
    path: '/admin/bookings/{id}',
    summary: 'A booking with its agency, agent, lines, payments, refunds and cancellation history (operator only)',
    tags,
    access: OPERATOR_ONLY,
    params: BookingIdParams,
    query: z.object({ language: Language.optional() }),
    response: AdminBookingDetail,
  }),
  cancellationPreview: defineRoute({
    method: 'GET',
    path: '/admin/bookings/{id}/cancellation',
    summary: "The fee and refund the agency's own cancellation would give now (operator only)",
    tags,
    access: OPERATOR_ONLY,
    params: BookingIdParams,
    response: AdminCancellationPreview,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/admin/bookings/{id}/cancel',
    summary:
      "Cancel on the agency's behalf: stock released, refunded once to the balance or card, optionally with another fee and its reason (operator only)",
    tags,
    access: OPERATOR_ONLY,
    params: BookingIdParams,
    body: AdminCancelBody,
    response: BookingView,
  }),
};
