import { z } from 'zod';
import { accountPagingQuery, pageOf } from './paging.ts';
import { AgentRole, AgentStatus, CurrencyCode } from './common.ts';
import { accessFor, defineRoute } from './define-route.ts';
import { COMPANY_MESSAGES, FIELD_MESSAGES } from './messages.ts';
import { Email, PersonName, Phone } from './validation.ts';
import { isWholeCents } from './money.ts';
import { AuditListResponse, AuditQuery } from './audit.ts';

// SPEC §2 /agents, §3 Agent, §4 agent statuses; DESIGN: GET/POST /api/b2b/agents, PUT/DELETE /api/b2b/agents/{id},
// POST /api/b2b/agents/{id}/restore. Admins only (roles.ts: manageUsers); another agency's agent is a 404.
// - A new agent gets an e-mail with a link to set their password (INVITE_TTL_HOURS); their status is
//   'emailNotVerified' until they use it; POST …/{id}/invite sends a fresh link (the old one stops working).
// - Delete is soft: the agent can no longer log in and an open session ends on its next request. Restore brings
//   them back as they were.
// - An admin cannot delete or change the role of their own user, and the agency always keeps one active admin.
// - A monthly spending cap (major units of the account currency, null: none) limits what the agent's bookings may
//   charge in a calendar month (Asia/Dubai); `spentThisMonth` is what they charged so far, less what came back.

const MonthlyCap = z
  .number({ error: COMPANY_MESSAGES.capAmount })
  .refine(isWholeCents, COMPANY_MESSAGES.capAmount)
  .nullable()
  .default(null);
const JobTitle = z.string().trim().max(100).default('');

export const CreateAgentBody = z
  .object({ name: PersonName, email: Email, phone: Phone, role: AgentRole, jobTitle: JobTitle, monthlyCap: MonthlyCap })
  .strict();
export type CreateAgentBody = z.input<typeof CreateAgentBody>;

export const UpdateAgentBody = z
  .object({ name: PersonName, phone: Phone, role: AgentRole, jobTitle: JobTitle, monthlyCap: MonthlyCap })
  .strict();
export type UpdateAgentBody = z.input<typeof UpdateAgentBody>;

export const Agent = z.object({
  id: z.string(),
  // SPEC §3 Agent: agencyId and userId (userId is the same as id, kept for the SPEC's shape)
  agencyId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: AgentRole,
  jobTitle: z.string(),
  status: AgentStatus,
  currencyCode: CurrencyCode,
  monthlyCap: z.number().nullable(),
  spentThisMonth: z.number(),
  // when the invitation link sent last stops working (emailNotVerified only)
  inviteExpiresAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  // the caller's own user (the page hides delete and role change for it)
  isSelf: z.boolean(),
});
export type Agent = z.infer<typeof Agent>;

export const AGENT_STATUS_FILTERS = ['all', 'normal', 'emailNotVerified', 'deleted'] as const;
export const AgentListQuery = z.object({
  search: z.string().trim().max(100).default(''),
  status: z.enum(AGENT_STATUS_FILTERS, { error: FIELD_MESSAGES.agentStatus }).default('all'),
  ...accountPagingQuery,
});
export type AgentListQuery = z.input<typeof AgentListQuery>;

export const AgentListResponse = pageOf(Agent);
export type AgentListResponse = z.infer<typeof AgentListResponse>;

// ids are uuids; anything else is simply not found (404), like another agency's agent
export const AgentIdParams = z.object({ id: z.string().max(64) });

const tags = ['agents'] as const;
const access = accessFor('manageUsers');

export const agentRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/b2b/agents',
    summary: "The agency's agents with search and status filter (admins)",
    tags,
    access,
    query: AgentListQuery,
    response: AgentListResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/b2b/agents',
    summary: 'Create an agent; they get an e-mail with a link to set their password',
    tags,
    access,
    body: CreateAgentBody,
    response: Agent,
  }),
  history: defineRoute({
    method: 'GET',
    path: '/b2b/agents/history',
    summary: "Who created, changed, deleted or restored the agency's agents, newest first",
    tags,
    access,
    query: AuditQuery,
    response: AuditListResponse,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/b2b/agents/{id}',
    summary: "Change an agent's name, phone, role, job title or monthly cap",
    tags,
    access,
    params: AgentIdParams,
    body: UpdateAgentBody,
    response: Agent,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/b2b/agents/{id}',
    summary: 'Delete an agent (soft: they can no longer log in; their sessions end)',
    tags,
    access,
    params: AgentIdParams,
    response: Agent,
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/b2b/agents/{id}/restore',
    summary: 'Restore a deleted agent',
    tags,
    access,
    params: AgentIdParams,
    response: Agent,
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/b2b/agents/{id}/invite',
    summary: 'Send a new invitation link to an agent who has not set a password yet',
    tags,
    access,
    params: AgentIdParams,
    response: Agent,
  }),
};

// What the server works with once the schemas have applied their defaults and trimming
export type CreateAgentInput = z.output<typeof CreateAgentBody>;
export type UpdateAgentInput = z.output<typeof UpdateAgentBody>;
export type AgentListFilters = z.output<typeof AgentListQuery>;
