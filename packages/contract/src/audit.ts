import { z } from 'zod';
import { accountPagingQuery, pageOf } from './paging.ts';
import { FIELD_MESSAGES } from './messages.ts';

// The history of an agency's company data, agents and roles, shown to its admins (issue "Company settings, agents
// and roles"). `field` names a form field ('companyName', 'bank.iban', 'role', 'monthlyCap', 'files.contract', …) so
// the web shows it under the form's own label; values are as stored (dates yyyy-MM-dd, money in major units).
export const AuditChange = z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export type AuditChange = z.infer<typeof AuditChange>;

// What a change is about: an agency's own history lists 'agency' and 'agent'; the operator's audit log all of them.
export const AUDIT_ENTITIES = [
  'agency',
  'agent',
  'tour',
  'offer',
  'slot',
  'promoCode',
  'topUp',
  'booking',
  'apiKey',
  'webhook',
] as const;
export const AuditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof AuditEntity>;

export const AUDIT_ACTIONS = [
  'agency.updated',
  'agency.fileUploaded',
  // the tours company's operators (issue "back office")
  'agency.approved',
  'agency.rejected',
  'agency.suspended',
  'agency.reinstated',
  'agency.settingsChanged',
  'agency.adjusted',
  'tour.created',
  'tour.updated',
  'offer.created',
  'offer.updated',
  'slot.generated',
  'slot.updated',
  'slot.closed',
  'slot.opened',
  'promoCode.created',
  'promoCode.updated',
  'topUp.confirmed',
  'topUp.rejected',
  'topUp.proofAttached',
  'booking.quoted',
  'booking.declined',
  'booking.cancelled',
  // a card refund recorded as made at the provider by an operator (on the booking or top-up it paid for)
  'payment.refundRecorded',
  'agent.created',
  'agent.updated',
  'agent.deleted',
  'agent.restored',
  'agent.invited',
  'agent.activated',
  // the reseller API's keys (issue 30): an agency's admin creates and revokes; the operator may revoke too
  'apiKey.created',
  'apiKey.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  action: AuditAction,
  // what was changed: the agent's name and e-mail, or the company's name
  subject: z.string(),
  changes: z.array(AuditChange),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object(accountPagingQuery);
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditListResponse = pageOf(AuditEntry);
export type AuditListResponse = z.infer<typeof AuditListResponse>;

// The operator's audit log: every change, filterable by object and by who made it
export const AdminAuditEntry = AuditEntry.extend({
  entity: AuditEntity,
  entityId: z.string(),
  agencyId: z.string().nullable(),
  actorUserId: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;

export const AdminAuditQuery = AuditQuery.extend({
  entity: AuditEntity.optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  agencyId: z.uuid('Unknown agency').optional(),
  actorId: z.uuid(FIELD_MESSAGES.unknownOperator).optional(),
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;

export const AdminAuditListResponse = AuditListResponse.extend({ items: z.array(AdminAuditEntry) });
export type AdminAuditListResponse = z.infer<typeof AdminAuditListResponse>;
