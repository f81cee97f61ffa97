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
import { moneyOf, type SiteMoney } from '../../config/sites.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { t } from '../../lib/i18n.ts';
import type { IdempotencyClaim } from '../../lib/idempotency.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { dailyReference } from '../../lib/daily-reference.ts';
import { latestPaymentFor, type PaymentsService } from '../payments/index.ts';
import { TOP_UP_PAYMENT_MINUTES } from './top-up-card-payments.ts';
import { findAgency, findTopUp, insertTopUp, listTopUps, moveTopUp, type TopUpRow } from './top-ups.repo.ts';
import { topUpView, viewOf } from './top-ups.views.ts';

// The agency's top-ups (SPEC §5): the fee quote, the request (by card: the charge starts after the commit; by bank
// transfer: declared, then decided by the operator in top-up-transfers.service.ts), and the agency's and the
// operator's lists.

type TopUpInput = z.output<typeof TopUpBodySchema>;
type AgencyRow = NonNullable<Awaited<ReturnType<typeof findAgency>>>;

// how long a card top-up may wait for its charge to reach the provider before it is taken for failed
const CHARGE_START_GRACE_MS = 2 * 60_000;

// The calling agency, approved, with the money rules of its site and currency
async function agencyMoney(ctx: ServiceContext) {
  const actor = requireAgencyActor(ctx);
  const agency = await findAgency(ctx.db, actor.agencyId);
  if (!agency) throw new AppError('forbidden', MESSAGES.forbidden);
  if (agency.status !== 'approved') throw new AppError('forbidden', MESSAGES.agencyNotApproved);
  const money: SiteMoney = moneyOf(ctx.sites.byId(agency.siteId) ?? ctx.site, agency.currency);
  return { actor, agency, money };
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
  const { agency, money } = await agencyMoney(ctx);
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

export async function createTopUp(
  ctx: ServiceContext,
  payments: PaymentsService,
  body: TopUpInput,
  claim: IdempotencyClaim,
): Promise<TopUpView> {
  const { actor, agency, money } = await agencyMoney(ctx);
  if (body.method === 'card' && agency.isCreditCardTopupAllowed === 0)
    throw AppError.field('method', BOOKING_MESSAGES.creditCardDisabled);
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
      description: t(agency.language, 'ledger:topUpCharge', { reference: row.reference }),
      language: agency.language,
      customerEmail: actor.email,
      returnUrl: (paymentId) => `${siteUrl(ctx.site, ctx.config)}/top-up?topUp=${row.id}&payment=${paymentId}`,
    });
  }
  return viewOf(ctx, (await findTopUp(ctx.db, row.id, agency.id)) ?? row);
}

// One of the caller's top-ups (any agency's for the operator: `agencyId` null), locked when asked; else the 404
export async function requireTopUp(db: DbOrTx, id: string, agencyId: string | null, lock = false): Promise<TopUpRow> {
  const row = await findTopUp(db, id, agencyId, lock);
  if (!row) throw AppError.notFound(MONEY_MESSAGES.unknownTopUp);
  return row;
}

// A replayed call (same Idempotency-Key) answers with the top-up it made
export async function topUpResponse(ctx: ServiceContext, id: string): Promise<TopUpView> {
  const actor = requireAgencyActor(ctx);
  return viewOf(ctx, await requireTopUp(ctx.db, id, actor.agencyId));
}

// One top-up; an open card payment is asked about first (the return from a pay page may beat the webhook)
export async function getTopUp(ctx: ServiceContext, payments: PaymentsService, id: string): Promise<TopUpView> {
  const actor = requireAgencyActor(ctx);
  const row = await requireTopUp(ctx.db, id, actor.agencyId);
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
