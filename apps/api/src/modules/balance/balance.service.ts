import type {
  BalanceResponse,
  BalanceSummaryResponse,
  CurrencyCode,
  DepositDetails,
  StatementResponse,
} from '@portal/contract';
import { MESSAGES, minorToMajor, toMinor } from '@portal/contract';
import { moneyOf } from '../../config/sites.ts';
import type { Db } from '../../db/client.ts';
import { keysetBatches } from '../../db/snapshot.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { monthInvoices, proformaPdf, taxInvoicePdf, type Month } from '../invoices/index.ts';
import {
  balanceBefore,
  monthlyTotals,
  overdueMinor,
  periodTotals,
  readBalance,
  statementEntries,
} from '../ledger/index.ts';
import { lowBalanceOf } from './low-balance.service.ts';
import { reconciliationBatch } from './reconciliation.repo.ts';
import { findAgency } from './top-ups.repo.ts';

async function accountOf(ctx: ServiceContext, currencyCode?: CurrencyCode) {
  const actor = requireAgencyActor(ctx);
  const agency = await findAgency(ctx.db, actor.agencyId);
  if (!agency) throw new AppError('forbidden', MESSAGES.forbidden);
  return { agency, account: { agencyId: agency.id, currency: currencyCode ?? agency.currency } };
}

// the agency's balance in the currency asked for (else its own)
export async function balanceOf(ctx: ServiceContext, currencyCode?: CurrencyCode): Promise<BalanceResponse> {
  const { account } = await accountOf(ctx, currencyCode);
  const { balanceMinor, creditLimitMinor } = await readBalance(ctx.db, account.agencyId, account.currency);
  const availableMinor = balanceMinor + creditLimitMinor;
  return {
    currencyCode: account.currency,
    balance: minorToMajor(balanceMinor),
    creditLimit: minorToMajor(creditLimitMinor),
    available: minorToMajor(availableMinor),
    overdue: minorToMajor(balanceMinor < 0 ? await overdueMinor(ctx.db, account, dubaiDate()) : 0),
    lowBalance: await lowBalanceOf(ctx.db, account, availableMinor),
  };
}

// Any agent may learn whether the available balance covers an amount; only admins see the figures (SPEC §6)
export async function balanceCovers(ctx: ServiceContext, amount: number, currencyCode?: CurrencyCode) {
  const { account } = await accountOf(ctx, currencyCode);
  const { balanceMinor, creditLimitMinor } = await readBalance(ctx.db, account.agencyId, account.currency);
  return { currencyCode: account.currency, covers: balanceMinor + creditLimitMinor >= toMinor(amount) };
}

export async function monthlySummary(ctx: ServiceContext, year?: number): Promise<BalanceSummaryResponse> {
  const { account } = await accountOf(ctx);
  const shownYear = year ?? Number(dubaiDate().slice(0, 4));
  const [opening, months, invoiceOf] = await Promise.all([
    balanceBefore(ctx.db, account, `${shownYear}-01-01`),
    monthlyTotals(ctx.db, account, shownYear),
    monthInvoices(ctx.db, account, shownYear),
  ]);
  return {
    currencyCode: account.currency,
    year: shownYear,
    openingBalance: minorToMajor(opening),
    rows: months.map((m) => ({
      month: m.month,
      year: shownYear,
      debit: minorToMajor(m.debitMinor),
      credit: minorToMajor(m.creditMinor),
      runningBalance: minorToMajor(m.closingMinor),
      taxInvoice: invoiceOf(m.month),
    })),
  };
}

export async function statement(
  ctx: ServiceContext,
  query: { from: string; to: string; page: number; onPage: number },
): Promise<StatementResponse> {
  const { account } = await accountOf(ctx);
  return accountStatement(ctx.db, account, query);
}

// One account's statement page: the agency's own, or any agency's for the tours company's operators
export async function accountStatement(
  db: Db,
  account: Account,
  query: { from: string; to: string; page: number; onPage: number },
): Promise<StatementResponse> {
  const period = { from: query.from, to: query.to };
  const [opening, totals, entries] = await Promise.all([
    balanceBefore(db, account, query.from),
    periodTotals(db, account, query.from, query.to),
    statementEntries(db, account, period, { limit: query.onPage, offset: (query.page - 1) * query.onPage }),
  ]);
  return {
    currencyCode: account.currency,
    from: query.from,
    to: query.to,
    openingBalance: minorToMajor(opening),
    closingBalance: minorToMajor(opening + totals.creditMinor - totals.debitMinor),
    totalDebit: minorToMajor(totals.debitMinor),
    totalCredit: minorToMajor(totals.creditMinor),
    total: totals.count,
    page: query.page,
    onPage: query.onPage,
    entries: entries.map((e) => ({
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      date: e.date,
      kind: e.kind,
      description: e.description,
      reference: e.reference,
      bookingId: e.bookingId,
      debit: e.amountMinor < 0 ? minorToMajor(-e.amountMinor) : 0,
      credit: e.amountMinor > 0 ? minorToMajor(e.amountMinor) : 0,
      balanceAfter: minorToMajor(e.balanceAfterMinor),
    })),
  };
}

type Account = { agencyId: string; currency: CurrencyCode };
type Period = { from: string; to: string };
const EXPORT_BATCH = 1000;

// The statement's entries for an export, in keyset batches by `seq`: memory stays flat whatever the period holds
export function statementRows(db: Db, account: Account, period: Period) {
  return keysetBatches(
    (afterSeq: number | null, limit) => statementEntries(db, account, period, { limit, afterSeq: afterSeq ?? 0 }),
    (entry) => entry.seq,
    EXPORT_BATCH,
  );
}

// The month's reconciliation rows for its export, likewise
export function reconciliationRows(db: Db, account: Account, period: Period) {
  return keysetBatches(
    (afterSeq: number | null, limit) => reconciliationBatch(db, account, period, afterSeq ?? 0, limit),
    (row) => row.seq,
    EXPORT_BATCH,
  );
}

// What the statement export needs before its rows: the agency, its language and the period's opening balance
export async function statementExportHead(ctx: ServiceContext, period: { from: string; to: string }) {
  const { agency, account } = await accountOf(ctx);
  return {
    agency,
    head: {
      agencyName: agency.name,
      currency: account.currency,
      ...period,
      openingBalanceMinor: await balanceBefore(ctx.db, account, period.from),
    },
  };
}

// SPEC §9 the month's tax invoice, and the proforma of a month not closed yet, for the agency's account
export async function monthTaxInvoice(ctx: ServiceContext, month: Month) {
  const { agency, account } = await accountOf(ctx);
  return taxInvoicePdf(ctx.db, ctx.sites.byId(agency.siteId) ?? ctx.site, account, month);
}

export async function monthProforma(ctx: ServiceContext, month: Month, language?: 'en' | 'ru') {
  const { agency, account } = await accountOf(ctx);
  return proformaPdf(ctx.db, ctx.sites.byId(agency.siteId) ?? ctx.site, account, month, language);
}

// The site's bank account in the agency's currency, and the reference that lets the tours company match a transfer
export async function depositDetails(ctx: ServiceContext): Promise<DepositDetails> {
  const { agency } = await accountOf(ctx);
  const site = ctx.sites.byId(agency.siteId) ?? ctx.site;
  const { bank } = moneyOf(site, agency.currency);
  return { currencyCode: agency.currency, ...bank, reference: depositReference(agency.id) };
}

export function depositReference(agencyId: string): string {
  return `GF-${agencyId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
