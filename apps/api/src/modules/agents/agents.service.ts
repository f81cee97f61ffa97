import {
  COMPANY_MESSAGES,
  INVITATIONS_PER_ADMIN_PER_HOUR,
  INVITE_TTL_HOURS,
  isUuid,
  MESSAGES,
  can,
  minorToMajor,
  toMinor,
  type Agent,
  type AgentListFilters,
  type AgentListResponse,
  type AuditAction,
  type AuditChange,
  type AuditListResponse,
  type AuditQuery,
  type CreateAgentInput,
  type UpdateAgentInput,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { withTransaction } from '../../lib/context.ts';
import { databaseError } from '../../lib/database-error.ts';
import { dubaiMonth } from '../../lib/dubai-time.ts';
import { siteUrl } from '../../lib/site-url.ts';
import * as accountRepo from '../account/index.ts';
import { hasUnusablePassword, newResetToken, unusablePasswordHash } from '../account/index.ts';
import { auditHistory, changesBetween, recordAudit } from '../audit/index.ts';
import { brandOf, insertMail } from '../mail/index.ts';
import { accountElsewhereMail, agentInvitationMail } from './agent-mails.ts';
import * as repo from './agents.repo.ts';

// SPEC §2 /agents, §4 agent statuses (issue "Company settings, agents and roles"):
// - every change of an agent (role, status, details) runs under the agency row's lock, taken first; the last-admin
//   rule is checked under it: the agency keeps at least one admin with status 'normal' — one who has set a password
//   and can log in (an invited admin who never did cannot act, so they do not count);
// - delete is soft: status 'deleted', the token version bumped (open sessions end, and a restore never revives them),
//   unused links retired; deleting a deleted agent answers the agent unchanged (a retried call);
// - restore: 'normal' for an agent who has set a password, else 'emailNotVerified' (the admin sends a new invitation);
//   nothing new is stored for this: an invited agent's password hash is unusable until they set one;
// - each change writes its audit entry in its own transaction, the invitation mail goes through the outbox.

const INVITE_TTL_MINUTES = INVITE_TTL_HOURS * 60;

type Agency = NonNullable<Awaited<ReturnType<typeof accountRepo.lockAgency>>>;
type Audited = Pick<repo.AgentRow, 'name' | 'phone' | 'role' | 'jobTitle' | 'monthlyCapMinor' | 'status'>;

const capMinorOf = (cap: number | null) => (cap === null ? null : toMinor(cap));
const subjectOf = (user: { name: string; email: string }) => `${user.name} <${user.email}>`;

// What the history shows of an agent; the cap in major units, as the form has it
function auditedFields(user: Audited) {
  return {
    name: user.name,
    phone: user.phone,
    role: user.role,
    jobTitle: user.jobTitle,
    monthlyCap: user.monthlyCapMinor === null ? null : minorToMajor(user.monthlyCapMinor).toFixed(2),
    status: user.status,
  };
}

function toView(row: repo.AgentViewRow, actor: AgencyActor): Agent {
  return {
    id: row.id,
    agencyId: row.agencyId,
    userId: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    // an agency's users are never operators (the CHECK on users); the cast is for the column's wider enum
    role: row.role === 'operator' ? 'junior' : row.role,
    jobTitle: row.jobTitle,
    status: row.status,
    currencyCode: row.currency,
    monthlyCap: row.monthlyCapMinor === null ? null : minorToMajor(row.monthlyCapMinor),
    spentThisMonth: minorToMajor(row.spentMinor),
    inviteExpiresAt:
      row.status === 'emailNotVerified' && row.inviteExpiresAt ? row.inviteExpiresAt.toISOString() : null,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    isSelf: row.id === actor.userId,
  };
}

async function agentView(ctx: ServiceContext, actor: AgencyActor, id: string): Promise<Agent> {
  const row = await repo.findAgentView(ctx.db, actor.agencyId, dubaiMonth(), id);
  if (!row) throw AppError.notFound(COMPANY_MESSAGES.unknownAgent);
  return toView(row, actor);
}

// The agency row's lock, then the agent (of this agency only: any other id is simply not found)
async function lockForChange(tx: DbOrTx, actor: AgencyActor, id: string) {
  const agency = await accountRepo.lockAgency(tx, actor.agencyId);
  if (!agency) throw new AppError('forbidden', MESSAGES.forbidden);
  const agent = isUuid(id) ? await repo.findAgent(tx, actor.agencyId, id) : null;
  if (!agent) throw AppError.notFound(COMPANY_MESSAGES.unknownAgent);
  return { agency, agent };
}

// Under the agency's lock: the change leaves another admin who can act, and the caller still is one (a role taken
// away by a change that committed while this request waited for the lock counts)
async function assertAdminsRemain(tx: DbOrTx, actor: AgencyActor, agent: repo.AgentRow, field: string) {
  const isActiveAdmin = agent.role === 'admin' && agent.status === 'normal';
  if (isActiveAdmin && (await repo.countActiveAdminsBesides(tx, actor.agencyId, agent.id)) === 0)
    throw AppError.field(field, COMPANY_MESSAGES.lastAdmin);
}

async function assertStillManager(tx: DbOrTx, actor: AgencyActor) {
  const self = await repo.findAgent(tx, actor.agencyId, actor.userId);
  if (!self || self.status !== 'normal' || !can(self.role, 'manageUsers'))
    throw new AppError('forbidden', MESSAGES.forbidden);
}

async function audit(
  tx: DbOrTx,
  actor: AgencyActor,
  agent: repo.AgentRow,
  action: AuditAction,
  changes: AuditChange[],
) {
  await recordAudit(tx, actor, { entity: 'agent', entityId: agent.id, subject: subjectOf(agent), action, changes });
}

// A new invitation link (the older ones stop working) and its mail, in the caller's transaction. The mail speaks the
// agency's language and comes from the agency's site, whichever site the admin used.
async function sendInvitation(
  ctx: ServiceContext,
  tx: DbOrTx,
  actor: AgencyActor,
  agency: Agency,
  agent: repo.AgentRow,
) {
  const site = ctx.sites.byId(agency.siteId) ?? ctx.site;
  const { token, tokenHash } = newResetToken();
  await accountRepo.invalidateResets(tx, agent.id, 'invite');
  await accountRepo.insertPasswordReset(tx, agent.id, tokenHash, 'invite', INVITE_TTL_MINUTES);
  if (agent.existingAccountId) {
    // the address has an account elsewhere: its owner is told, in their own site's words; the link is never sent
    // (the row above only keeps this invitation's dates like any other's), and it could not be used anyway
    const owner = await accountRepo.findUserById(tx, agent.existingAccountId);
    const ownerSite = (owner?.agency && ctx.sites.byId(owner.agency.siteId)) || site;
    await insertMail(
      tx,
      accountElsewhereMail(
        owner?.agency?.language ?? ownerSite.defaultLanguage,
        agent.email,
        { agencyName: agency.name, invitedBy: actor.name },
        brandOf(ownerSite, ctx.config),
      ),
    );
    return;
  }
  const link = `${siteUrl(site, ctx.config)}/reset-password?token=${token}&invite=1`;
  await insertMail(
    tx,
    agentInvitationMail(
      agency.language,
      agent.email,
      { name: agent.name, agencyName: agency.name, invitedBy: actor.name, link },
      brandOf(site, ctx.config),
    ),
  );
}

export async function listAgents(
  ctx: ServiceContext,
  actor: AgencyActor,
  query: AgentListFilters,
): Promise<AgentListResponse> {
  const { rows, total } = await repo.listAgents(ctx.db, actor.agencyId, dubaiMonth(), {
    search: query.search,
    status: query.status,
    limit: query.onPage,
    offset: (query.page - 1) * query.onPage,
  });
  return { items: rows.map((row) => toView(row, actor)), total, page: query.page, onPage: query.onPage };
}

// Issue 28: an admin may not use invitations to probe addresses in bulk
async function assertInvitationBudget(db: DbOrTx, actor: AgencyActor) {
  const since = new Date(Date.now() - 3600_000);
  const sent = await accountRepo.invitationsSentSince(db, actor.agencyId, actor.userId, since);
  if (sent >= INVITATIONS_PER_ADMIN_PER_HOUR)
    throw new AppError('too_many_requests', COMPANY_MESSAGES.tooManyInvitations, [], 3600);
}

// An address this agency already has is refused on its field (the admin sees their own agents anyway). An address
// with an account elsewhere is answered like any other: the agency gets an invitation that can never be used, and
// the address's owner an e-mail saying so — whether an address is a customer of the portal is nobody's business.
export async function createAgent(ctx: ServiceContext, actor: AgencyActor, input: CreateAgentInput): Promise<Agent> {
  await assertInvitationBudget(ctx.db, actor);
  // a second try when the address got its account between the look-up and the insert (another agency, a sign-up)
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertAgent(ctx, actor, input);
    } catch (error) {
      if (attempt === 1 && databaseError(error)?.constraint === 'users_email_uq') continue;
      throw error;
    }
  }
}

async function insertAgent(ctx: ServiceContext, actor: AgencyActor, input: CreateAgentInput): Promise<Agent> {
  if (await accountRepo.agencyHasEmail(ctx.db, actor.agencyId, input.email))
    throw AppError.field('email', MESSAGES.emailTaken);
  const elsewhere = await accountRepo.findUserByEmail(ctx.db, input.email);
  let id: string;
  try {
    id = await withTransaction(ctx.db, async (tx) => {
      const agency = await accountRepo.lockAgency(tx, actor.agencyId);
      if (!agency) throw new AppError('forbidden', MESSAGES.forbidden);
      await assertStillManager(tx, actor);
      const agent = await accountRepo.insertUser(tx, {
        agencyId: actor.agencyId,
        email: input.email,
        name: input.name,
        phone: input.phone,
        role: input.role,
        jobTitle: input.jobTitle,
        monthlyCapMinor: capMinorOf(input.monthlyCap),
        status: 'emailNotVerified',
        passwordHash: unusablePasswordHash(),
        existingAccountId: elsewhere?.user.id ?? null,
      });
      await sendInvitation(ctx, tx, actor, agency, agent);
      await audit(tx, actor, agent, 'agent.created', [
        { field: 'email', from: null, to: agent.email },
        ...changesBetween({}, auditedFields(agent)),
      ]);
      return agent.id;
    });
  } catch (error) {
    // two admins of this agency adding the same e-mail at once: the unique index decides, the loser hears it like
    // the first check; the address's account made elsewhere meanwhile is the caller's second try
    const violated = databaseError(error);
    if (violated?.code === '23505' && violated.constraint !== 'users_email_uq')
      throw AppError.field('email', MESSAGES.emailTaken);
    throw error;
  }
  ctx.kickMail();
  return agentView(ctx, actor, id);
}

export async function updateAgent(
  ctx: ServiceContext,
  actor: AgencyActor,
  id: string,
  input: UpdateAgentInput,
): Promise<Agent> {
  await withTransaction(ctx.db, async (tx) => {
    const { agent } = await lockForChange(tx, actor, id);
    if (agent.status === 'deleted') throw AppError.field('id', COMPANY_MESSAGES.agentDeleted);
    if (input.role !== agent.role) {
      if (agent.id === actor.userId) throw AppError.field('role', COMPANY_MESSAGES.cannotChangeOwnRole);
      if (input.role !== 'admin') await assertAdminsRemain(tx, actor, agent, 'role');
    }
    await assertStillManager(tx, actor);
    const next = {
      name: input.name,
      phone: input.phone,
      role: input.role,
      jobTitle: input.jobTitle,
      monthlyCapMinor: capMinorOf(input.monthlyCap),
    };
    const changes = changesBetween(auditedFields(agent), auditedFields({ ...agent, ...next }));
    if (changes.length === 0) return;
    await repo.updateAgent(tx, agent.id, next);
    await audit(tx, actor, { ...agent, ...next }, 'agent.updated', changes);
  });
  return agentView(ctx, actor, id);
}

export async function deleteAgent(ctx: ServiceContext, actor: AgencyActor, id: string): Promise<Agent> {
  await withTransaction(ctx.db, async (tx) => {
    const { agent } = await lockForChange(tx, actor, id);
    if (agent.id === actor.userId) throw AppError.field('id', COMPANY_MESSAGES.cannotDeleteSelf);
    if (agent.status === 'deleted') return;
    await assertAdminsRemain(tx, actor, agent, 'id');
    await assertStillManager(tx, actor);
    await repo.markDeleted(tx, agent.id);
    await accountRepo.invalidateResets(tx, agent.id);
    await audit(tx, actor, agent, 'agent.deleted', [{ field: 'status', from: agent.status, to: 'deleted' }]);
  });
  return agentView(ctx, actor, id);
}

export async function restoreAgent(ctx: ServiceContext, actor: AgencyActor, id: string): Promise<Agent> {
  await withTransaction(ctx.db, async (tx) => {
    const { agent } = await lockForChange(tx, actor, id);
    if (agent.status !== 'deleted') throw AppError.field('id', COMPANY_MESSAGES.notDeleted);
    await assertStillManager(tx, actor);
    const status = hasUnusablePassword(agent.passwordHash) ? 'emailNotVerified' : 'normal';
    await repo.setStatus(tx, agent.id, status);
    await audit(tx, actor, agent, 'agent.restored', [{ field: 'status', from: 'deleted', to: status }]);
  });
  return agentView(ctx, actor, id);
}

export async function inviteAgent(ctx: ServiceContext, actor: AgencyActor, id: string): Promise<Agent> {
  await assertInvitationBudget(ctx.db, actor);
  await withTransaction(ctx.db, async (tx) => {
    const { agency, agent } = await lockForChange(tx, actor, id);
    if (agent.status === 'deleted') throw AppError.field('id', COMPANY_MESSAGES.agentDeleted);
    if (agent.status !== 'emailNotVerified') throw AppError.field('id', COMPANY_MESSAGES.alreadyVerified);
    await assertStillManager(tx, actor);
    await sendInvitation(ctx, tx, actor, agency, agent);
    await audit(tx, actor, agent, 'agent.invited', []);
  });
  ctx.kickMail();
  return agentView(ctx, actor, id);
}

export function agentsHistory(ctx: ServiceContext, actor: AgencyActor, query: AuditQuery): Promise<AuditListResponse> {
  return auditHistory(ctx, actor, 'agent', query);
}
