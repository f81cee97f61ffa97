import { z } from 'zod';
import { AgencyDetails } from './agency.ts';
import { AdminAuditListResponse, AdminAuditQuery } from './audit.ts';
import { StatementQuery, StatementResponse } from './balance.ts';
import { isWholeCents } from './money.ts';
import { AgencyStatus, AgentRole, AgentStatus, CurrencyCode, Language, OkResponse } from './common.ts';
import { AGENCY_ADMIN_MESSAGES } from './messages.ts';
export { AGENCY_ADMIN_MESSAGES, cannotApproveMessage, creditLimitBelowDebtMessage } from './messages.ts';
import { OPERATOR_ONLY, defineRoute } from './define-route.ts';

export const AdminAgencyRow = z.object({
  id: z.string(),
  name: z.string(),
  siteId: z.string(),
  status: AgencyStatus,
  currency: CurrencyCode,
  adminEmail: z.string().nullable(),
  tradeLicenseNumber: z.string(),
  createdAt: z.string(),
  // the account in the agency's currency, major units
  balance: z.number(),
  creditLimit: z.number(),
});
export type AdminAgencyRow = z.infer<typeof AdminAgencyRow>;

export const AdminAgenciesQuery = z.object({
  status: AgencyStatus.optional(),
  // part of the name, the trade licence number or an admin's e-mail
  q: z.string().trim().max(100).optional(),
});
export type AdminAgenciesQuery = z.infer<typeof AdminAgenciesQuery>;

export const AgencyIdParams = z.object({ id: z.uuid('Unknown agency') });

const Reason = z
  .string({ error: AGENCY_ADMIN_MESSAGES.reasonRequired })
  .trim()
  .min(1, AGENCY_ADMIN_MESSAGES.reasonRequired)
  .max(500);
export const AgencyReasonBody = z.object({ reason: Reason }).strict();
export type AgencyReasonBody = z.infer<typeof AgencyReasonBody>;

// What the tours company decides for an agency (SPEC §3 flags, §9 credit limit)
export const AgencySettingsBody = z
  .object({
    siteId: z.string().trim().min(1, AGENCY_ADMIN_MESSAGES.unknownSite).max(50),
    currency: CurrencyCode,
    creditLimit: z
      .number({ error: AGENCY_ADMIN_MESSAGES.creditLimitAmount })
      .refine(
        (v) => v === 0 || (v > 0 && v <= 100_000_000 && isWholeCents(v)),
        AGENCY_ADMIN_MESSAGES.creditLimitAmount,
      ),
    isWidgetsCreationAllowed: z.boolean(),
    isCreditCardTopupAllowed: z.boolean(),
    // the reseller API (issue 30); absent: unchanged
    isApiAllowed: z.boolean().optional(),
    // support replay records the agency's agents (issue 31); absent: unchanged
    isReplayRecorded: z.boolean().optional(),
  })
  .strict();
export type AgencySettingsBody = z.infer<typeof AgencySettingsBody>;

// A manual ledger entry: the reason is the statement's description, which the agency reads
export const AgencyAdjustmentBody = z
  .object({
    direction: z.enum(['credit', 'debit']),
    amount: z
      .number({ error: AGENCY_ADMIN_MESSAGES.adjustmentAmount })
      .refine((v) => v <= 100_000_000 && isWholeCents(v), AGENCY_ADMIN_MESSAGES.adjustmentAmount),
    reason: Reason,
  })
  .strict();
export type AgencyAdjustmentBody = z.infer<typeof AgencyAdjustmentBody>;
export const AgencyAdjustmentResponse = z.object({
  entryId: z.string(),
  currencyCode: CurrencyCode,
  amount: z.number(),
  balanceAfter: z.number(),
});
export type AgencyAdjustmentResponse = z.infer<typeof AgencyAdjustmentResponse>;

export const AdminAgencyAgent = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: AgentRole,
  status: AgentStatus,
  lastLoginAt: z.string().nullable(),
});

export const AdminAgencyDetail = z.object({
  id: z.string(),
  name: z.string(),
  status: AgencyStatus,
  statusReason: z.string(),
  siteId: z.string(),
  currency: CurrencyCode,
  language: Language,
  createdAt: z.string(),
  isWidgetsCreationAllowed: z.boolean(),
  isCreditCardTopupAllowed: z.boolean(),
  isApiAllowed: z.boolean(),
  isReplayRecorded: z.boolean(),
  balance: z.number(),
  creditLimit: z.number(),
  available: z.number(),
  overdue: z.number(),
  // the account has ledger entries, top-ups or bookings, each in its currency: then the currency is fixed
  isCurrencyFixed: z.boolean(),
  details: AgencyDetails,
  agents: z.array(AdminAgencyAgent),
  sites: z.array(z.object({ id: z.string(), name: z.string(), currency: CurrencyCode })),
});
export type AdminAgencyDetail = z.infer<typeof AdminAgencyDetail>;

// The operator's day at a glance (Asia/Dubai today); each figure links to its list
export const AdminDashboard = z.object({
  today: z.string(),
  bookingsToday: z.number().int(),
  // what today's bookings bring, per account currency (booked, not cancelled)
  revenueToday: z.array(z.object({ currencyCode: CurrencyCode, amount: z.number() })),
  pendingAgencies: z.number().int(),
  openRequests: z.number().int(),
  transfersToConfirm: z.number().int(),
  // agencies whose available balance is low (SPEC §9 alerts) or that owe an overdue amount
  agenciesLowOrOverdue: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      currencyCode: CurrencyCode,
      available: z.number(),
      overdue: z.number(),
    }),
  ),
  failedJobs: z.array(z.object({ job: z.string(), failures: z.number().int(), lastError: z.string(), at: z.string() })),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

export const adminRoutes = {
  listAgencies: defineRoute({
    method: 'GET',
    path: '/admin/agencies',
    summary: 'All agencies, newest first (operator only)',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    query: AdminAgenciesQuery,
    response: z.array(AdminAgencyRow),
  }),
  agency: defineRoute({
    method: 'GET',
    path: '/admin/agencies/{id}',
    summary: 'One agency: details, documents, account, flags and agents (operator only)',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: AgencyIdParams,
    response: AdminAgencyDetail,
  }),
  approveAgency: defineRoute({
    method: 'POST',
    path: '/admin/agencies/{id}/approve',
    summary: 'Approve a registered agency (operator only)',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: AgencyIdParams,
    response: OkResponse,
  }),
  rejectAgency: defineRoute({
    method: 'POST',
    path: '/admin/agencies/{id}/reject',
    summary: 'Reject a sign-up with a reason, e-mailed to its admins (operator only)',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: AgencyIdParams,
    body: AgencyReasonBody,
    response: OkResponse,
  }),
  suspendAgency: defineRoute({
    method: 'POST',
    path: '/admin/agencies/{id}/suspend',
    summary: "Suspend an approved agency with a reason: its users' sessions end at once (operator only)",
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: AgencyIdParams,
    body: AgencyReasonBody,
    response: OkResponse,
  }),
  reinstateAgency: defineRoute({
    method: 'POST',
    path: '/admin/agencies/{id}/reinstate',
    summary: 'Reinstate a suspended agency (operator only)',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: AgencyIdParams,
    response: OkResponse,
  }),
  agencySettings: defineRoute({
    method: 'PUT',
    path: '/admin/agencies/{id}/settings',
    summary: "An agency's site, currency, credit limit and permissions (operator only)",
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: AgencyIdParams,
    body: AgencySettingsBody,
    response: AdminAgencyDetail,
  }),
  adjustBalance: defineRoute({
    method: 'POST',
    path: '/admin/agencies/{id}/adjustments',
    summary: 'A manual credit or debit with a reason, shown on the statement; Idempotency-Key honoured (operator only)',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: AgencyIdParams,
    body: AgencyAdjustmentBody,
    response: AgencyAdjustmentResponse,
  }),
  agencyStatement: defineRoute({
    method: 'GET',
    path: '/admin/agencies/{id}/statement',
    summary: "An agency's statement, as its admins see it (operator only)",
    tags: ['admin'],
    access: OPERATOR_ONLY,
    params: AgencyIdParams,
    query: StatementQuery,
    response: StatementResponse,
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/admin/dashboard',
    summary: "Today's bookings and revenue and what waits for the tours company (operator only)",
    tags: ['admin'],
    access: OPERATOR_ONLY,
    response: AdminDashboard,
  }),
  auditLog: defineRoute({
    method: 'GET',
    path: '/admin/audit',
    summary: 'Every change by operators and agency admins, newest first, filtered by object, agency or operator',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    query: AdminAuditQuery,
    response: AdminAuditListResponse,
  }),
};
