// Who may book now: an approved agency with a valid trade licence, and nothing overdue when it pays from the balance
import { COMPANY_MESSAGES, MESSAGES, MONEY_MESSAGES, licenceState } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { overdueMinor } from '../ledger/index.ts';
import { loadAgency, type AgencyRow } from './bookings.repo.ts';

// An agency books while it is approved and its trade licence has not expired (Asia/Dubai: valid through its day)
export function assertAgencyCanBook(agency: AgencyRow): void {
  if (agency.status !== 'approved') throw new AppError('forbidden', MESSAGES.agencyNotApproved);
  if (licenceState(agency.tradeLicenseExpiry, dubaiDate()) === 'expired')
    throw new AppError('forbidden', COMPANY_MESSAGES.licenceExpired);
}

// SPEC §9: while anything is overdue, nothing more is booked from the balance. Only an account below zero can owe,
// so the usual booking pays no extra query for it.
export async function assertNothingOverdue(ctx: ServiceContext, agency: AgencyRow, balanceMinor: number) {
  if (balanceMinor >= 0) return;
  const account = { agencyId: agency.id, currency: agency.currency };
  if ((await overdueMinor(ctx.db, account, dubaiDate())) > 0)
    throw AppError.field('paymentMethod', MONEY_MESSAGES.overdue);
}

export async function requireBookingAgency(ctx: ServiceContext, actor: AgencyActor): Promise<AgencyRow> {
  const agency = await loadAgency(ctx.db, actor.agencyId);
  if (!agency) throw new AppError('forbidden', MESSAGES.forbidden);
  assertAgencyCanBook(agency);
  return agency;
}
