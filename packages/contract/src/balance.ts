import { z } from 'zod';
import { pageCounts, pagingQuery } from './paging.ts';
import { CurrencyCode, DateOnly, Language } from './common.ts';
import { accessFor, OPERATOR_ONLY, defineRoute } from './define-route.ts';
import { FIELD_MESSAGES, MONEY_MESSAGES } from './messages.ts';
import { isWholeCents } from './money.ts';

export { MONEY_MESSAGES };
import { PaymentProviderName } from './bookings.ts';
import { isCalendarDate } from './calendar.ts';

// SPEC §2 /balance, /top-up; §5 top-up rules; §6 balances are an admin's; §7 /b2b/balance*; §9 credit and invoices.

export const TopUpMethod = z.enum(['card', 'bank_transfer'], { error: FIELD_MESSAGES.topUpMethod });
export type TopUpMethod = z.infer<typeof TopUpMethod>;
// pending: waiting for the card payment or the operator's check; credited once; failed/cancelled: card not paid
export const TopUpStatus = z.enum(['pending', 'credited', 'failed', 'cancelled', 'rejected']);
export type TopUpStatus = z.infer<typeof TopUpStatus>;

// An amount in major units (1000.5 = 1,000.50), whole cents, more than zero; the limits are the site's. A JSON body
// carries a number (no text, array or boolean read as one); a query string is read as a number.
const TopUpAmount = z.number({ error: MONEY_MESSAGES.amountRequired }).refine(isWholeCents, MONEY_MESSAGES.amountCents);
const TopUpAmountQuery = z.coerce
  .number({ error: MONEY_MESSAGES.amountRequired })
  .refine(isWholeCents, MONEY_MESSAGES.amountCents);
// a yyyy-MM-dd that is a real day (2025-02-30 is not)
const CalendarDate = DateOnly.refine(isCalendarDate, 'Use the format yyyy-MM-dd');
const AccountCurrency = z
  .string({ error: MONEY_MESSAGES.wrongCurrency })
  .trim()
  .toLowerCase()
  .pipe(z.enum(['aed', 'usd'], { error: MONEY_MESSAGES.wrongCurrency }));

export const TopUpFeeQuery = z.object({
  amount: TopUpAmountQuery,
  type: TopUpMethod.optional().default('card'),
  currency: AccountCurrency,
});
export const TopUpFeeResponse = z.object({
  currencyCode: CurrencyCode,
  amount: z.number(),
  fee: z.number(),
  // what the agent pays: the amount credited to the balance plus the fee (invoiced apart, never credited)
  total: z.number(),
  feePercent: z.number(),
  minimum: z.number(),
  maximum: z.number(),
});
export type TopUpFeeResponse = z.infer<typeof TopUpFeeResponse>;

export const TopUpBody = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('card'), amount: TopUpAmount, currencyCode: AccountCurrency }),
    z.object({
      method: z.literal('bank_transfer'),
      amount: TopUpAmount,
      currencyCode: AccountCurrency,
      transferDate: z
        .string({ error: MONEY_MESSAGES.transferDateRequired })
        .refine((v) => v !== '', MONEY_MESSAGES.transferDateRequired)
        .pipe(CalendarDate),
      bankReference: z.string().trim().min(1, MONEY_MESSAGES.bankReferenceRequired).max(100),
      note: z.string().trim().max(500).optional().default(''),
    }),
  ],
  { error: FIELD_MESSAGES.topUpMethod },
);
export type TopUpBody = z.input<typeof TopUpBody>;

export const TopUpView = z.object({
  id: z.string(),
  reference: z.string(),
  method: TopUpMethod,
  status: TopUpStatus,
  currencyCode: CurrencyCode,
  amount: z.number(),
  fee: z.number(),
  total: z.number(),
  transferDate: z.string().nullable(),
  bankReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
  // a bank transfer's proof as the agent attached it: GET /b2b/files/{fileId} (the agency and operators)
  proofFileId: z.string().nullable(),
  // the open card payment: where to send the browser (hosted page) or the Payment Element's secret
  payment: z
    .object({
      id: z.string(),
      provider: PaymentProviderName,
      status: z.string(),
      redirectUrl: z.string().nullable(),
      clientSecret: z.string().nullable(),
      publishableKey: z.string().nullable(),
      failureMessage: z.string().nullable(),
    })
    .nullable(),
  // the operator's view adds the agency
  agencyName: z.string().optional(),
});
export type TopUpView = z.infer<typeof TopUpView>;
export const TopUpIdParams = z.object({ id: z.uuid(MONEY_MESSAGES.unknownTopUp) });

// The monthly summary (SPEC §3 "Balance table row"): one row per month with entries, in the account currency
export const BalanceSummaryQuery = z.object({
  year: z.coerce.number().int().min(2000, FIELD_MESSAGES.yearFrom).max(2100, FIELD_MESSAGES.yearUpTo).optional(),
});
// SPEC §9: the month's tax invoice. none: nothing was charged to the balance in the month; proforma: the month is not
// closed yet (a proforma now, the tax invoice from `availableFrom`); ready: closed, issued on first download (or by the
// issuing job); issued: numbered. `total` is what the invoice bills: the month's balance bookings less their refunds.
export const TaxInvoiceStatus = z.enum(['none', 'proforma', 'ready', 'issued']);
export type TaxInvoiceStatus = z.infer<typeof TaxInvoiceStatus>;
export const MonthTaxInvoice = z.object({
  status: TaxInvoiceStatus,
  number: z.string().nullable(),
  availableFrom: z.string(),
  total: z.number(),
});
export type MonthTaxInvoice = z.infer<typeof MonthTaxInvoice>;
export const BalanceSummaryRow = z.object({
  month: z.number().int(),
  year: z.number().int(),
  debit: z.number(),
  credit: z.number(),
  // the balance at the month's end (the running balance)
  runningBalance: z.number(),
  // the month's report is its statement (GET /b2b/balance/statement/pdf for the month's first and last day)
  taxInvoice: MonthTaxInvoice,
});
export const BalanceSummaryResponse = z.object({
  currencyCode: CurrencyCode,
  year: z.number().int(),
  openingBalance: z.number(),
  rows: z.array(BalanceSummaryRow),
});
export type BalanceSummaryResponse = z.infer<typeof BalanceSummaryResponse>;

// The daily statement: every ledger entry of a period (Asia/Dubai dates, both ends included)
export const StatementQuery = z
  .object({
    from: CalendarDate,
    to: CalendarDate,
    ...pagingQuery(500, 100),
  })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 365 * 86_400_000, {
    message: MONEY_MESSAGES.statementRange,
    path: ['to'],
  });
export const StatementEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  // the Dubai business date of the entry
  date: z.string(),
  kind: z.enum(['deposit', 'booking', 'refund', 'adjustment', 'commission']),
  description: z.string(),
  reference: z.string().nullable(),
  bookingId: z.string().nullable(),
  debit: z.number(),
  credit: z.number(),
  balanceAfter: z.number(),
});
export type StatementEntry = z.infer<typeof StatementEntry>;
export const StatementResponse = z.object({
  currencyCode: CurrencyCode,
  from: z.string(),
  to: z.string(),
  openingBalance: z.number(),
  closingBalance: z.number(),
  totalDebit: z.number(),
  totalCredit: z.number(),
  ...pageCounts,
  entries: z.array(StatementEntry),
});
export type StatementResponse = z.infer<typeof StatementResponse>;
export const StatementDownloadQuery = z
  .object({ from: CalendarDate, to: CalendarDate, language: Language.optional() })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 365 * 86_400_000, {
    message: MONEY_MESSAGES.statementRange,
    path: ['to'],
  });

// A month of the account: /b2b/balance/invoices/2026/10/pdf
// a path segment of digits within the bounds (a path parameter is always text)
const wholeBetween = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .refine((v) => v >= min && v <= max, message);
export const MonthParams = z.object({
  year: wholeBetween(2000, 2100, MONEY_MESSAGES.yearInvalid),
  month: wholeBetween(1, 12, MONEY_MESSAGES.monthInvalid),
});

// Where to send a bank transfer, and the reference to quote so the tours company can match it
export const DepositDetails = z.object({
  currencyCode: CurrencyCode,
  bankName: z.string(),
  accountName: z.string(),
  iban: z.string(),
  swift: z.string(),
  reference: z.string(),
});
export type DepositDetails = z.infer<typeof DepositDetails>;

export const TopUpsQuery = z.object({ status: TopUpStatus.optional() });

const tags = ['balance'];
export const balanceRoutes = {
  summary: defineRoute({
    method: 'GET',
    path: '/b2b/balance/summary',
    summary: 'Monthly summary of a year: debit, credit and the running balance at each month end (admins)',
    tags,
    access: accessFor('viewBalances'),
    query: BalanceSummaryQuery,
    response: BalanceSummaryResponse,
  }),
  statement: defineRoute({
    method: 'GET',
    path: '/b2b/balance/statement',
    summary: 'Every ledger entry of a period with the running balance (admins)',
    tags,
    access: accessFor('viewBalances'),
    query: StatementQuery,
    response: StatementResponse,
  }),
  statementXlsx: defineRoute({
    method: 'GET',
    path: '/b2b/balance/statement/xlsx',
    summary: 'The statement of a period as an xlsx file (admins)',
    tags,
    access: accessFor('viewBalances'),
    query: StatementDownloadQuery,
  }),
  statementPdf: defineRoute({
    method: 'GET',
    path: '/b2b/balance/statement/pdf',
    summary: "The statement of a period as a PDF; a month's statement is the summary's monthly report (admins)",
    tags,
    access: accessFor('viewBalances'),
    query: StatementDownloadQuery,
  }),
  taxInvoicePdf: defineRoute({
    method: 'GET',
    path: '/b2b/balance/invoices/{year}/{month}/pdf',
    summary:
      "The month's UAE tax invoice (numbered without gaps, issued once from the 3rd of the next month, Asia/Dubai), in the agency's language (admins)",
    tags,
    access: accessFor('viewBalances'),
    params: MonthParams,
  }),
  reconciliationXlsx: defineRoute({
    method: 'GET',
    path: '/b2b/balance/reconciliation/{year}/{month}/xlsx',
    summary:
      "The month's reconciliation: every ledger entry with its booking or top-up, published price, margin, VAT and running balance; totals equal the statement's (admins)",
    tags,
    access: accessFor('viewBalances'),
    params: MonthParams,
    query: z.object({ language: Language.optional() }),
  }),
  proformaPdf: defineRoute({
    method: 'GET',
    path: '/b2b/balance/proforma/{year}/{month}/pdf',
    summary: 'A proforma invoice of a month not closed yet: what its tax invoice will bill so far (admins)',
    tags,
    access: accessFor('viewBalances'),
    params: MonthParams,
    query: z.object({ language: Language.optional() }),
  }),
  depositDetails: defineRoute({
    method: 'GET',
    path: '/b2b/balance/deposit',
    summary: "The site's bank account for transfers and the reference to quote (admins)",
    tags,
    access: accessFor('viewBalances'),
    response: DepositDetails,
  }),
  topUpFee: defineRoute({
    method: 'GET',
    path: '/b2b/balance/topupfee',
    summary: 'The fee and the total to pay for a top-up amount, with the site limits (admins)',
    tags,
    access: accessFor('viewBalances'),
    query: TopUpFeeQuery,
    response: TopUpFeeResponse,
  }),
  topUp: defineRoute({
    method: 'POST',
    path: '/b2b/balance/topup',
    summary:
      'Top up by card (a payment at the provider; credited once by the confirmed payment) or declare a bank transfer (credited once an operator confirms it). Idempotency-Key header',
    tags,
    access: accessFor('viewBalances'),
    body: TopUpBody,
    response: TopUpView,
  }),
  topUps: defineRoute({
    method: 'GET',
    path: '/b2b/balance/topups',
    summary: "The agency's top-ups, newest first (admins)",
    tags,
    access: accessFor('viewBalances'),
    query: TopUpsQuery,
    response: z.array(TopUpView),
  }),
  topUpDetail: defineRoute({
    method: 'GET',
    path: '/b2b/balance/topups/{id}',
    summary: 'One top-up; an open card payment is checked with the provider first (the return from a pay page)',
    tags,
    access: accessFor('viewBalances'),
    params: TopUpIdParams,
    response: TopUpView,
  }),
  topUpProof: defineRoute({
    method: 'POST',
    path: '/b2b/balance/topups/{id}/proof',
    summary:
      'Attach the proof of a declared bank transfer (multipart `file`, PDF/JPG/PNG up to 5 MB) while it waits for confirmation; a newer one replaces it (admins)',
    tags,
    access: accessFor('viewBalances'),
    multipart: true,
    params: TopUpIdParams,
    response: TopUpView,
  }),
  adminTopUps: defineRoute({
    method: 'GET',
    path: '/admin/topups',
    summary: 'Top-ups of every agency, newest first (operator only)',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    query: TopUpsQuery,
    response: z.array(TopUpView),
  }),
  adminConfirmTopUp: defineRoute({
    method: 'POST',
    path: '/admin/topups/{id}/confirm',
    summary: "Confirm a declared bank transfer: the agency's balance is credited once (operator only)",
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: TopUpIdParams,
    response: TopUpView,
  }),
  adminRejectTopUp: defineRoute({
    method: 'POST',
    path: '/admin/topups/{id}/reject',
    summary: 'Reject a declared bank transfer with a reason; nothing is credited (operator only)',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: TopUpIdParams,
    body: z.object({
      reason: z
        .string({ error: MONEY_MESSAGES.rejectReasonRequired })
        .trim()
        .min(1, MONEY_MESSAGES.rejectReasonRequired)
        .max(500),
    }),
    response: TopUpView,
  }),
};
