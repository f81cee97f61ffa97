import { randomUUID } from 'node:crypto';
import type { TopUpFeeResponse, TopUpMethod, TopUpStatus, TopUpView } from '@portal/contract';
import {
  BOOKING_MESSAGES,
  MESSAGES,
  MONEY_MESSAGES,
  minorToMajor,
  percentOfMinor,
  toMinor,
  type CurrencyCode,
} from '@portal/contract';
import type { z } from 'zod';
import type { TopUpBody as TopUpBodySchema } from '@portal/contract';
import type { AppConfig } from '../../config/env.ts';
import { moneyOf, type SiteMoney } from '../../config/sites.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import type { IdempotencyClaim } from '../../lib/idempotency.ts';
import { requireActor, requireAgencyActor } from '../../lib/require-actor.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { dailyReference } from '../../lib/daily-reference.ts';
import { uploadDisplayName, type CheckedUpload } from '../../lib/upload.ts';
import { insertFile } from '../files/index.ts';
import { recordAudit } from '../audit/index.ts';
import { postLedgerEntry } from '../ledger/index.ts';
import {
  latestPaymentFor,
  publishableKeyFor,
  type PaymentOwner,
  type PaymentRecord,
  type PaymentsService,
} from '../payments/index.ts';
import {
  findAgency,
  findTopUp,
  insertTopUp,
  listTopUps,
  moveTopUp,
  staleCardTopUps,
  type TopUpRow,
} from './top-ups.repo.ts';

type TopUpInput = z.output<typeof TopUpBodySchema>;
type AgencyRow = NonNullable<Awaited<ReturnType<typeof findAgency>>>;

// how long a card top-up may wait for its charge to reach the provider before it is taken for failed
const CHARGE_START_GRACE_MS = 2 * 60_000;
// how long a card top-up's payment may stay open before it is closed at the provider and the top-up ends unpaid
export const TOP_UP_PAYMENT_MINUTES = 30;

async function requireAgency(ctx: ServiceContext, actor: AgencyActor): Promise<AgencyRow> {
  const agency = await findAgency(ctx.db, actor.agencyId);
  if (!agency) throw new AppError('forbidden', MESSAGES.forbidden);
  if (agency.status !== 'approved') throw new AppError('forbidden', MESSAGES.agencyNotApproved);
  return agency;
}

function siteMoney(ctx: ServiceContext, agency: AgencyRow): SiteMoney {
  return moneyOf(ctx.sites.byId(agency.siteId) ?? ctx.site, agency.currency);
}

// The rules every top-up amount meets (SPEC §5): the account's currency, whole cents, within the site's limits. The
// card fee is charged on top; a bank transfer has none.
function checkAmount(
  money: SiteMoney,
  agency: AgencyRow,
  input: { amount: number; currency: CurrencyCode; method: TopUpMethod },
  fields: { amount: string; currency: string },
) {
  if (input.currency !== agency.currency) throw AppError.field(fields.currency, MONEY_MESSAGES.wrongCurrency);
  const amountMinor = toMinor(input.amount);
  if (amountMinor < money.topUpMinimumMinor) throw AppError.field(fields.amount, MONEY_MESSAGES.amountBelowMinimum);
  if (amountMinor > money.topUpMaximumMinor) throw AppError.field(fields.amount, MONEY_MESSAGES.amountAboveMaximum);
  const feeMinor = input.method === 'card' ? percentOfMinor(amountMinor, money.cardTopUpFeePercent) : 0;
  return { amountMinor, feeMinor };
}

export async function quoteTopUp(
  ctx: ServiceContext,
  query: { amount: number; type: TopUpMethod; currency: CurrencyCode },
): Promise<TopUpFeeResponse> {
  const actor = requireAgencyActor(ctx);
  const agency = await requireAgency(ctx, actor);
  const money = siteMoney(ctx, agency);
  const { amountMinor, feeMinor } = checkAmount(
    money,
    agency,
    { amount: query.amount, currency: query.currency, method: query.type },
    { amount: 'amount', currency: 'currency' },
  );
  return {
    currencyCode: agency.currency,
    amount: minorToMajor(amountMinor),
    fee: minorToMajor(feeMinor),
    total: minorToMajor(amountMinor + feeMinor),
    feePercent: query.type === 'card' ? money.cardTopUpFeePercent : 0,
    minimum: minorToMajor(money.topUpMinimumMinor),
    maximum: minorToMajor(money.topUpMaximumMinor),
  };
}

function topUpView(
  row: TopUpRow & { agencyName?: string },
  payment: PaymentRecord | null,
  config?: AppConfig,
): TopUpView {
  return {
    id: row.id,
    reference: row.reference,
    method: row.method,
    status: row.status,
    currencyCode: row.currency,
    amount: minorToMajor(row.amountMinor),
    fee: minorToMajor(row.feeMinor),
    total: minorToMajor(row.amountMinor + row.feeMinor),
    transferDate: row.transferDate,
    bankReference: row.bankReference,
    rejectReason: row.rejectReason ?? row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    creditedAt: row.creditedAt?.toISOString() ?? null,
    proofFileId: row.proofFileId,
    payment: payment
      ? {
          id: payment.id,
          provider: payment.provider,
          status: payment.status,
          redirectUrl: payment.redirectUrl,
          clientSecret: payment.clientSecret,
          publishableKey: config ? publishableKeyFor(payment, config) : null,
          failureMessage: payment.failureMessage,
        }
      : null,
    ...(row.agencyName === undefined ? {} : { agencyName: row.agencyName }),
  };
}

// the open card payment is shown only while the top-up waits for it (the list asks once per pending card top-up)
async function viewOf(ctx: Pick<ServiceContext, 'db' | 'config'>, row: TopUpRow): Promise<TopUpView> {
  const isWaitingForCard = row.method === 'card' && row.status === 'pending';
  return topUpView(row, isWaitingForCard ? await latestPaymentFor(ctx.db, { topUpId: row.id }) : null, ctx.config);
}

export async function createTopUp(
  ctx: ServiceContext,
  payments: PaymentsService,
  body: TopUpInput,
  claim: IdempotencyClaim,
): Promise<TopUpView> {
  const actor = requireAgencyActor(ctx);
  const agency = await requireAgency(ctx, actor);
  if (body.method === 'card' && agency.isCreditCardTopupAllowed === 0)
    throw AppError.field('method', BOOKING_MESSAGES.creditCardDisabled);
  const money = siteMoney(ctx, agency);
  const { amountMinor, feeMinor } = checkAmount(
    money,
    agency,
    { amount: body.amount, currency: body.currencyCode, method: body.method },
    { amount: 'amount', currency: 'currencyCode' },
  );
  const now = new Date();
  if (body.method === 'bank_transfer' && body.transferDate > dubaiDate(now))
    throw AppError.field('transferDate', MONEY_MESSAGES.transferDateFuture);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertTopUp(tx, {
      agencyId: agency.id,
      reference: dailyReference('TU', now),
      method: body.method,
      currency: agency.currency,
      amountMinor,
      feeMinor,
      createdBy: actor.userId,
      ...(body.method === 'bank_transfer'
        ? { transferDate: body.transferDate, bankReference: body.bankReference, note: body.note }
        : {}),
    });
    await claim.record(tx, inserted.id);
    return inserted;
  });
  // the provider is called after the commit, never inside a transaction
  if (row.method === 'card') {
    await payments.startCharge(ctx, {
      owner: { topUpId: row.id },
      agencyId: row.agencyId,
      amountMinor: row.amountMinor + row.feeMinor,
      currency: row.currency,
      expiresAt: new Date(now.getTime() + TOP_UP_PAYMENT_MINUTES * 60_000),
      reference: row.reference,
      description: agency.language === 'ru' ? `Пополнение баланса ${row.reference}` : `Balance top-up ${row.reference}`,
      language: agency.language,
      customerEmail: actor.email,
      returnUrl: (paymentId) => `${siteUrl(ctx.site, ctx.config)}/top-up?topUp=${row.id}&payment=${paymentId}`,
    });
  }
  return viewOf(ctx, (await findTopUp(ctx.db, row.id, agency.id)) ?? row);
}

// A replayed call (same Idempotency-Key) answers with the top-up it made
export async function topUpResponse(ctx: ServiceContext, id: string): Promise<TopUpView> {
  const actor = requireAgencyActor(ctx);
  const row = await findTopUp(ctx.db, id, actor.agencyId);
  if (!row) throw AppError.notFound(MONEY_MESSAGES.unknownTopUp);
  return viewOf(ctx, row);
}

// One top-up; an open card payment is asked about first (the return from a pay page may beat the webhook)
export async function getTopUp(ctx: ServiceContext, payments: PaymentsService, id: string): Promise<TopUpView> {
  const actor = requireAgencyActor(ctx);
  const row = await findTopUp(ctx.db, id, actor.agencyId);
  if (!row) throw AppError.notFound(MONEY_MESSAGES.unknownTopUp);
  if (row.method === 'card' && row.status === 'pending') {
    const payment = await latestPaymentFor(ctx.db, { topUpId: row.id });
    if (payment?.providerRef) await payments.refreshCharge(ctx, payment);
    // the call that made it died before its charge reached the provider: nothing can be paid, say so now rather
    // than after the sweeper's 30 minutes
    else if (Date.now() - row.createdAt.getTime() > CHARGE_START_GRACE_MS)
      await moveTopUp(ctx.db, row.id, 'pending', { status: 'failed', failureMessage: BOOKING_MESSAGES.paymentFailed });
  }
  return topUpResponse(ctx, id);
}

export async function listAgencyTopUps(ctx: ServiceContext, status: TopUpStatus | undefined): Promise<TopUpView[]> {
  const actor = requireAgencyActor(ctx);
  const rows = await listTopUps(ctx.db, { agencyId: actor.agencyId, status });
  return Promise.all(rows.map(({ agencyName: _name, ...row }) => viewOf(ctx, row)));
}

export async function listAllTopUps(ctx: ServiceContext, status: TopUpStatus | undefined): Promise<TopUpView[]> {
  const rows = await listTopUps(ctx.db, { agencyId: null, status });
  return rows.map((row) => topUpView(row, null));
}

// in the agency's language: the statement shows it as written
function depositDescription(row: TopUpRow, language: 'en' | 'ru'): string {
  const bankReference = row.bankReference ?? '';
  if (language === 'ru')
    return row.method === 'card'
      ? `Пополнение картой ${row.reference}`
      : `Банковский перевод ${row.reference} (референс банка ${bankReference})`;
  return row.method === 'card'
    ? `Top-up by card ${row.reference}`
    : `Bank transfer ${row.reference} (bank reference ${bankReference})`;
}

// Credits a top-up once: the entry and the status change commit together, from the status the caller locked
async function credit(tx: DbOrTx, row: TopUpRow, changes: { decidedBy?: string }) {
  await postLedgerEntry(tx, {
    agencyId: row.agencyId,
    currency: row.currency,
    amountMinor: row.amountMinor,
    kind: 'deposit',
    description: depositDescription(row, (await findAgency(tx, row.agencyId))?.language ?? 'en'),
    reference: row.reference,
  });
  const moved = await moveTopUp(tx, row.id, row.status, {
    status: 'credited',
    creditedAt: new Date(),
    failureMessage: null,
    ...changes,
  });
  if (!moved) throw new Error(`top-up ${row.id} changed while it was being credited`);
  return moved;
}

// The agent attaches the proof of a declared transfer (their bank slip) while it waits for the tours company. The bytes
// are stored first and removed again if the transaction fails: no row ever names a missing file. A newer proof
// replaces the one shown (the older file is kept, as company documents are).
export async function attachTransferProof(
  ctx: ServiceContext,
  id: string,
  readUpload: () => Promise<CheckedUpload>,
): Promise<TopUpView> {
  const actor = requireAgencyActor(ctx);
  // another agency's id (or an unknown one) is a 404 before the file is even read
  if (!(await findTopUp(ctx.db, id, actor.agencyId))) throw AppError.notFound(MONEY_MESSAGES.unknownTopUp);
  const upload = await readUpload();
  const storageKey = `agency/${actor.agencyId}/transfer-proof/${randomUUID()}.${upload.type.extension}`;
  await ctx.storage.put(storageKey, upload.data);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const current = await findTopUp(tx, id, actor.agencyId, true);
      if (!current) throw AppError.notFound(MONEY_MESSAGES.unknownTopUp);
      if (current.method !== 'bank_transfer' || current.status !== 'pending')
        throw AppError.field('id', MONEY_MESSAGES.proofNotAllowed);
      const file = await insertFile(tx, {
        agencyId: actor.agencyId,
        kind: 'transferProof',
        originalName: uploadDisplayName(upload.filename, 'proof'),
        contentType: upload.type.mime,
        sizeBytes: upload.data.length,
        storageKey,
        uploadedBy: actor.userId,
      });
      const moved = await moveTopUp(tx, current.id, 'pending', { proofFileId: file.id });
      if (!moved) throw new Error(`top-up ${id} changed while it was locked`);
      await recordAudit(tx, actor, {
        agencyId: actor.agencyId,
        entity: 'topUp',
        entityId: current.id,
        subject: current.reference,
        action: 'topUp.proofAttached',
        changes: [{ field: 'proof', from: current.proofFileId, to: file.id }],
      });
      return moved;
    });
    return viewOf(ctx, row);
  } catch (error) {
    await ctx.storage.remove(storageKey).catch((removeError: unknown) => {
      ctx.log.warn({ err: loggableError(removeError), storageKey }, 'could not remove the file of a failed upload');
    });
    throw error;
  }
}

// A declared bank transfer still waiting for the operator, locked for the decision (the row lock and the status
// decide between two operators)
async function lockPendingTransfer(tx: DbOrTx, id: string): Promise<TopUpRow> {
  const current = await findTopUp(tx, id, null, true);
  if (!current) throw AppError.notFound(MONEY_MESSAGES.unknownTopUp);
  if (current.method !== 'bank_transfer' || current.status !== 'pending')
    throw AppError.field('id', MONEY_MESSAGES.notPending);
  return current;
}

// The operator's decision on a transfer, one audit row in its transaction
function auditTransfer(
  tx: DbOrTx,
  actor: ReturnType<typeof requireActor>,
  before: TopUpRow,
  after: TopUpRow,
  action: 'topUp.confirmed' | 'topUp.rejected',
) {
  return recordAudit(tx, actor, {
    agencyId: after.agencyId,
    entity: 'topUp',
    entityId: after.id,
    subject: `${after.reference} · ${minorToMajor(after.amountMinor).toFixed(2)} ${after.currency.toUpperCase()}`,
    action,
    changes: [
      { field: 'status', from: before.status, to: after.status },
      ...(after.rejectReason ? [{ field: 'rejectReason', from: null, to: after.rejectReason }] : []),
    ],
  });
}

// The operator confirms a declared bank transfer: credited once (the row lock and the status guard decide)
export async function confirmTransfer(ctx: ServiceContext, id: string): Promise<TopUpView> {
  const actor = requireActor(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockPendingTransfer(tx, id);
    const credited = await credit(tx, current, { decidedBy: actor.userId });
    await auditTransfer(tx, actor, current, credited, 'topUp.confirmed');
    return credited;
  });
  return topUpView(row, null);
}

export async function rejectTransfer(ctx: ServiceContext, id: string, reason: string): Promise<TopUpView> {
  const actor = requireActor(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockPendingTransfer(tx, id);
    const moved = await moveTopUp(tx, current.id, 'pending', {
      status: 'rejected',
      rejectReason: reason,
      decidedBy: actor.userId,
    });
    if (!moved) throw new Error(`top-up ${id} changed while it was locked`);
    await auditTransfer(tx, actor, current, moved, 'topUp.rejected');
    return moved;
  });
  return topUpView(row, null);
}

// A top-up as the owner of its card payment: money that arrives is credited once — also after the top-up was
// closed unpaid (the payment still went through); a second arrival for a credited top-up goes back to the card.
export function topUpPaymentOwner(): PaymentOwner {
  const locked = async (tx: DbOrTx, payment: PaymentRecord) => {
    const row = payment.topUpId === null ? null : await findTopUp(tx, payment.topUpId, null, true);
    if (!row) throw new Error(`payment ${payment.id} has no top-up`);
    return row;
  };
  return {
    paid: async (tx, payment) => {
      const row = await locked(tx, payment);
      if (row.status === 'credited' || row.status === 'rejected')
        return { kept: false, refundReason: `top-up ${row.reference} was already ${row.status}` };
      await credit(tx, row, {});
      return { kept: true };
    },
    closedUnpaid: async (tx, payment, closed) => {
      const row = await locked(tx, payment);
      if (row.status !== 'pending' || !closed.isLatest) return;
      await moveTopUp(tx, row.id, 'pending', { status: closed.status, failureMessage: closed.failureMessage });
    },
  };
}

// Card top-ups whose payment stayed open past its time: closed at the provider (a payment that went through is
// credited by that answer), and ended as cancelled when no charge is open any more. Returns how many ended.
export async function closeStaleCardTopUps(
  db: Db,
  payments: PaymentsService,
  log: ServiceContext['log'],
  now = new Date(),
): Promise<number> {
  let closed = 0;
  for (const id of await staleCardTopUps(db, new Date(now.getTime() - TOP_UP_PAYMENT_MINUTES * 60_000), 50)) {
    try {
      await payments.cancelOpenCharges(null, { topUpId: id });
      const payment = await latestPaymentFor(db, { topUpId: id });
      const stillOpen = payment?.providerRef && (payment.status === 'pending' || payment.status === 'requires_action');
      if (stillOpen) continue;
      // closed by the provider's answer above, or (no charge ever reached the provider) here
      await moveTopUp(db, id, 'pending', { status: 'cancelled', failureMessage: BOOKING_MESSAGES.paymentCancelled });
      if ((await findTopUp(db, id, null))?.status !== 'pending') closed++;
    } catch (error) {
      log.error({ err: error, topUpId: id }, 'could not close a stale card top-up');
    }
  }
  return closed;
}
