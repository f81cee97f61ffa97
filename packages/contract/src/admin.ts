import { z } from 'zod';
import { AdminAuditListResponse, AdminAuditQuery } from './audit.ts';
import { CurrencyCode, OkResponse } from './common.ts';
import { OPERATOR_ONLY, defineRoute } from './define-route.ts';

export const AgencyStatus = z.enum(['pending', 'approved', 'suspended', 'rejected']);
export type AgencyStatus = z.infer<typeof AgencyStatus>;

export const AdminAgencyRow = z.object({
  id: z.string(),
  name: z.string(),
  siteId: z.string(),
  status: AgencyStatus,
  currency: CurrencyCode,
  adminEmail: z.string().nullable(),
  tradeLicenseNumber: z.string(),
  createdAt: z.string(),
});
export type AdminAgencyRow = z.infer<typeof AdminAgencyRow>;

export const AgencyIdParams = z.object({ id: z.uuid('Unknown agency') });

export const adminRoutes = {
  listAgencies: defineRoute({
    method: 'GET',
    path: '/admin/agencies',
    summary: 'All agencies, newest first (operator only)',
    tags: ['admin'],
    access: OPERATOR_ONLY,
    query: z.object({ status: AgencyStatus.optional() }),
    response: z.array(AdminAgencyRow),
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
