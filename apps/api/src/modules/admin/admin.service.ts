import { randomUUID } from 'node:crypto';
import type {
  AdminAgencyDetail,
  AdminDashboard,
  AgencyAdjustmentBody,
  AgencyAdjustmentResponse,
  AgencySettingsBody,
  AuditChange,
  StatementResponse,
} from '@portal/contract';
import {
  AGENCY_ADMIN_MESSAGES,
  cannotApproveMessage,
  creditLimitBelowDebtMessage,
  minorToMajor,
  toMinor,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { withTransaction, type ServiceContext } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { IDEMPOTENCY_HEADER, withIdempotency } from '../../lib/idempotency.ts';
import { requireActor } from '../../lib/require-actor.ts';
import { mailAgencyAdmins } from '../account/index.ts';
import { agencyDetailsView, agencyDocuments, findAgency, lockAgency } from '../agency/index.ts';
import { changesBetween, recordAudit } from '../audit/index.ts';
import { accountStatement, lowBalanceOf } from '../balance/index.ts';
import { findLedgerEntry, overdueMinor, postLedgerEntry, readBalance } from '../ledger/index.ts';
import { agencyApprovedMail, agencyDecisionMail, brandOf, type OutgoingMail } from '../mail/index.ts';
import * as repo from './admin.repo.ts';

// The tours company's decisions about agencies (issue "back office"): approval, rejection, suspension, the account's
// settings and manual adjustments. Each change, its audit row and its e-mails commit together.

type Moved = NonNullable<Awaited<ReturnType<typeof repo.moveAgencyStatus>>>;
type MailFor = (
  agency: Moved,
  admin: { email: string; name: string },
  brand: ReturnType<typeof brandOf>,
) => OutgoingMail;

const STATUS_ACTIONS = {
  approved: 'agency.approved',
  rejected: 'agency.rejected',
  suspended: 'agency.suspended',
  reinstated: 'agency.reinstated',
} as const;

async function moveStatus(
  ctx: ServiceContext,
  id: string,
  move: { from: repo.AgencyStatus; to: repo.AgencyStatus; reason: string; action: keyof typeof STATUS_ACTIONS },
  mailFor: MailFor | null,
): Promise<boolean> {
  const actor = requireActor(ctx);
  const moved = await withTransaction(ctx.db, async (tx) => {
    const agency = await repo.moveAgencyStatus(tx, id, move.from, move.to, move.reason);
    if (!agency) return false;
    const changes: AuditChange[] = [{ field: 'status', from: move.from, to: move.to }];
    if (move.reason) changes.push({ field: 'statusReason', from: null, to: move.reason });
    await recordAudit(tx, actor, {
      agencyId: agency.id,
      entity: 'agency',
      entityId: agency.id,
      subject: agency.name,
      action: STATUS_ACTIONS[move.action],
      changes,
    });
    if (mailFor) {
      const brand = brandOf(ctx.sites.byId(agency.siteId) ?? ctx.site, ctx.config);
      await mailAgencyAdmins(tx, agency.id, (admin) => mailFor(agency, admin, brand));
    }
    return true;
  });
  if (moved && mailFor) ctx.kickMail();
  return moved;
}

async function refuseMove(ctx: ServiceContext, id: string, allowedAgain: repo.AgencyStatus, message: string) {
  const status = await repo.agencyStatus(ctx.db, id);
  if (!status) throw AppError.notFound();
  // asking again for what is already done answers ok and changes nothing (a retry, two operators)
  if (status === allowedAgain) return;
  throw AppError.field('id', message);
}

// pending → approved, e-mailing each admin in the agency's language under its own site's name; approving an approved
// agency again changes and sends nothing
export async function approveAgency(ctx: ServiceContext, id: string): Promise<void> {
  const mail: MailFor = (agency, admin, brand) =>
    agencyApprovedMail(agency.language, admin.email, admin.name, agency.name, brand);
  if (await moveStatus(ctx, id, { from: 'pending', to: 'approved', reason: '', action: 'approved' }, mail)) return;
  const status = await repo.agencyStatus(ctx.db, id);
  if (!status) throw AppError.notFound();
  if (status !== 'approved') throw AppError.field('id', cannotApproveMessage(status));
}

export async function rejectAgency(ctx: ServiceContext, id: string, reason: string): Promise<void> {
  const mail: MailFor = (agency, admin, brand) =>
    agencyDecisionMail('agencyRejected', agency.language, admin.email, admin.name, agency.name, reason, brand);
  if (await moveStatus(ctx, id, { from: 'pending', to: 'rejected', reason, action: 'rejected' }, mail)) return;
  await refuseMove(ctx, id, 'rejected', AGENCY_ADMIN_MESSAGES.notPending);
}

export async function suspendAgency(ctx: ServiceContext, id: string, reason: string): Promise<void> {
  const mail: MailFor = (agency, admin, brand) =>
    agencyDecisionMail('agencySuspended', agency.language, admin.email, admin.name, agency.name, reason, brand);
  if (await moveStatus(ctx, id, { from: 'approved', to: 'suspended', reason, action: 'suspended' }, mail)) return;
  await refuseMove(ctx, id, 'suspended', AGENCY_ADMIN_MESSAGES.notApproved);
}

export async function reinstateAgency(ctx: ServiceContext, id: string): Promise<void> {
  if (await moveStatus(ctx, id, { from: 'suspended', to: 'approved', reason: '', action: 'reinstated' }, null)) return;
  await refuseMove(ctx, id, 'approved', AGENCY_ADMIN_MESSAGES.notSuspended);
}

export async function listAgencies(ctx: ServiceContext, query: { status?: repo.AgencyStatus; q?: string }) {
  const rows = await repo.listAgencies(ctx.db, query);
  return rows.map(({ balanceMinor, creditLimitMinor, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    balance: minorToMajor(balanceMinor),
    creditLimit: minorToMajor(creditLimitMinor),
  }));
}

export async function agencyDetail(ctx: ServiceContext, id: string): Promise<AdminAgencyDetail> {
  const agency = await findAgency(ctx.db, id);
  if (!agency) throw AppError.notFound();
  const account = { agencyId: agency.id, currency: agency.currency };
  const [documents, agents, balance, hasHistory] = await Promise.all([
    agencyDocuments(ctx.db, id),
    repo.agencyAgents(ctx.db, id),
    readBalance(ctx.db, id, agency.currency),
    repo.hasMoneyHistory(ctx.db, id),
  ]);
  const overdue = balance.balanceMinor < 0 ? await overdueMinor(ctx.db, account, dubaiDate()) : 0;
  return {
    id: agency.id,
    name: agency.name,
    status: agency.status,
    statusReason: agency.statusReason,
    siteId: agency.siteId,
    currency: agency.currency,
    language: agency.language,
    createdAt: agency.createdAt.toISOString(),
    isWidgetsCreationAllowed: agency.isWidgetsCreationAllowed === 1,
    isCreditCardTopupAllowed: agency.isCreditCardTopupAllowed === 1,
    isApiAllowed: agency.isApiAllowed === 1,
    isReplayRecorded: agency.isReplayRecorded,
    balance: minorToMajor(balance.balanceMinor),
    creditLimit: minorToMajor(balance.creditLimitMinor),
    available: minorToMajor(balance.balanceMinor + balance.creditLimitMinor),
    overdue: minorToMajor(overdue),
    isCurrencyFixed: hasHistory,
    details: agencyDetailsView(agency, documents, { canEdit: false, today: dubaiDate() }),
    agents: agents.map((agent) => ({
      ...agent,
      role: agent.role === 'operator' ? 'junior' : agent.role,
      lastLoginAt: agent.lastLoginAt?.toISOString() ?? null,
    })),
    sites: ctx.sites.all.map((site) => ({ id: site.id, name: site.name, currency: site.defaultCurrency })),
  };
}

// Site, currency, credit limit, the permissions and support replay's switch, under the agency's row lock with one audit
// row. The currency is fixed once the account has money history (entries, top-ups, bookings); the credit limit never
// drops below what the agency owes.
export async function updateAgencySettings(
  ctx: ServiceContext,
  id: string,
  body: AgencySettingsBody,
): Promise<AdminAgencyDetail> {
  const actor = requireActor(ctx);
  if (!ctx.sites.byId(body.siteId)) throw AppError.field('siteId', AGENCY_ADMIN_MESSAGES.unknownSite);
  const limitMinor = toMinor(body.creditLimit);
  await withTransaction(ctx.db, async (tx) => {
    const agency = await lockAgency(tx, id);
    if (!agency) throw AppError.notFound();
    if (body.currency !== agency.currency && (await repo.hasMoneyHistory(tx, id)))
      throw AppError.field('currency', AGENCY_ADMIN_MESSAGES.currencyLocked);
    const before = await readBalance(tx, id, body.currency);
    const previousLimit = (await readBalance(tx, id, agency.currency)).creditLimitMinor;
    if (limitMinor !== before.creditLimitMinor || body.currency !== agency.currency) {
      if (!(await repo.setCreditLimit(tx, { agencyId: id, currency: body.currency }, limitMinor))) {
        const owed = `${minorToMajor(-before.balanceMinor).toFixed(2)} ${body.currency.toUpperCase()}`;
        throw AppError.field('creditLimit', creditLimitBelowDebtMessage(owed));
      }
    }
    const values = {
      siteId: body.siteId,
      currency: body.currency,
      isWidgetsCreationAllowed: body.isWidgetsCreationAllowed ? 1 : 0,
      isCreditCardTopupAllowed: body.isCreditCardTopupAllowed ? 1 : 0,
      isApiAllowed: (body.isApiAllowed ?? agency.isApiAllowed === 1) ? 1 : 0,
      isReplayRecorded: body.isReplayRecorded ?? agency.isReplayRecorded,
    };
    const changes = changesBetween(
      {
        siteId: agency.siteId,
        currency: agency.currency,
        creditLimit: minorToMajor(previousLimit).toFixed(2),
        isWidgetsCreationAllowed: agency.isWidgetsCreationAllowed === 1,
        isCreditCardTopupAllowed: agency.isCreditCardTopupAllowed === 1,
        isApiAllowed: agency.isApiAllowed === 1,
        isReplayRecorded: agency.isReplayRecorded,
      },
      {
        siteId: body.siteId,
        currency: body.currency,
        creditLimit: minorToMajor(limitMinor).toFixed(2),
        isWidgetsCreationAllowed: body.isWidgetsCreationAllowed,
        isCreditCardTopupAllowed: body.isCreditCardTopupAllowed,
        isApiAllowed: values.isApiAllowed === 1,
        isReplayRecorded: values.isReplayRecorded,
      },
    );
    if (changes.length === 0) return;
    await repo.saveAgencySettings(tx, id, values);
    await recordAudit(tx, actor, {
      agencyId: id,
      entity: 'agency',
      entityId: id,
      subject: agency.name,
      action: 'agency.settingsChanged',
      changes,
    });
  });
  return agencyDetail(ctx, id);
}

async function adjustmentView(db: Db | DbOrTx, entryId: string): Promise<AgencyAdjustmentResponse> {
  const entry = await findLedgerEntry(db, entryId);
  if (!entry) throw AppError.notFound();
  return {
    entryId: entry.id,
    currencyCode: entry.currency,
    amount: minorToMajor(entry.amountMinor),
    balanceAfter: minorToMajor(entry.balanceAfterMinor ?? 0),
  };
}

// A manual credit or debit in the agency's currency: the ledger entry (its description is the reason the agency reads
// on its statement) and the audit row commit together; a debit past the credit limit changes nothing. The operator's
// Idempotency-Key makes a double click or a retry post it once.
export async function adjustBalance(
  ctx: ServiceContext,
  request: { headers: Record<string, string | string[] | undefined>; body: unknown },
  id: string,
  body: AgencyAdjustmentBody,
): Promise<AgencyAdjustmentResponse> {
  const actor = requireActor(ctx);
  const agency = await findAgency(ctx.db, id);
  if (!agency) throw AppError.notFound();
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  const amountMinor = toMinor(body.amount) * (body.direction === 'debit' ? -1 : 1);
  return withIdempotency(
    ctx.db,
    { agencyId: id, userId: actor.userId, key, scope: 'admin-adjustment', body: request.body },
    (claim) =>
      withTransaction(ctx.db, async (tx) => {
        const locked = await lockAgency(tx, id);
        if (!locked) throw AppError.notFound();
        const before = await readBalance(tx, id, locked.currency);
        const posted = await postLedgerEntry(tx, {
          agencyId: id,
          currency: locked.currency,
          amountMinor,
          kind: 'adjustment',
          description: body.reason,
          reference: `ADJ-${randomUUID().slice(0, 8).toUpperCase()}`,
        });
        if (!posted) throw AppError.field('amount', AGENCY_ADMIN_MESSAGES.adjustmentPastCredit);
        await claim.record(tx, posted.id);
        const money = (minor: number) => `${minorToMajor(minor).toFixed(2)} ${locked.currency.toUpperCase()}`;
        await recordAudit(tx, actor, {
          agencyId: id,
          entity: 'agency',
          entityId: id,
          subject: locked.name,
          action: 'agency.adjusted',
          changes: [
            { field: body.direction, from: null, to: money(Math.abs(amountMinor)) },
            { field: 'reason', from: null, to: body.reason },
            { field: 'balance', from: money(before.balanceMinor), to: money(posted.balanceAfterMinor) },
          ],
        });
        return adjustmentView(tx, posted.id);
      }),
    (entryId) => adjustmentView(ctx.db, entryId),
  );
}

export async function agencyStatement(
  ctx: ServiceContext,
  id: string,
  query: { from: string; to: string; page: number; onPage: number },
): Promise<StatementResponse> {
  const agency = await findAgency(ctx.db, id);
  if (!agency) throw AppError.notFound();
  return accountStatement(ctx.db, { agencyId: id, currency: agency.currency }, query);
}

// Today in Dubai, and each queue with what is in it; low and overdue accounts by the balance module's own rules
export async function dashboard(ctx: ServiceContext): Promise<AdminDashboard> {
  const today = dubaiDate();
  const [sales, pendingAgencies, openRequests, transfersToConfirm, accounts, jobs] = await Promise.all([
    repo.bookingsCreatedOn(ctx.db, today),
    repo.countAgencies(ctx.db, 'pending'),
    repo.countOpenRequests(ctx.db),
    repo.countTransfersToConfirm(ctx.db),
    repo.approvedAccounts(ctx.db),
    repo.failingJobs(ctx.db),
  ]);
  const agenciesLowOrOverdue: AdminDashboard['agenciesLowOrOverdue'] = [];
  for (const account of accounts) {
    const availableMinor = account.balanceMinor + account.creditLimitMinor;
    const ref = { agencyId: account.agencyId, currency: account.currency };
    const overdue = account.balanceMinor < 0 ? await overdueMinor(ctx.db, ref, today) : 0;
    const low = overdue > 0 ? null : await lowBalanceOf(ctx.db, ref, availableMinor);
    if (overdue > 0 || low)
      agenciesLowOrOverdue.push({
        id: account.agencyId,
        name: account.name,
        currencyCode: account.currency,
        available: minorToMajor(availableMinor),
        overdue: minorToMajor(overdue),
      });
  }
  return {
    today,
    bookingsToday: sales.reduce((n, row) => n + row.n, 0),
    revenueToday: sales.map((row) => ({ currencyCode: row.currency, amount: minorToMajor(row.totalMinor) })),
    pendingAgencies,
    openRequests,
    transfersToConfirm,
    agenciesLowOrOverdue,
    failedJobs: jobs.map((job) => ({
      job: job.name,
      failures: job.failures,
      lastError: job.lastError ?? '',
      at: (job.at ?? job.startedAt ?? new Date(0)).toISOString(),
    })),
  };
}
