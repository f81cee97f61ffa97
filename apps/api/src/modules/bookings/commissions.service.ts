import type {
  BookingFilters,
  CommissionListResponse,
  CommissionRow,
  CommissionTotal,
  CurrencyCode,
  Language,
} from '@portal/contract';
import { minorToMajor } from '@portal/contract';
import type { ServiceContext } from '../../lib/context.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { type BookingRow } from './bookings.repo.ts';
import { iterateBookings, listBookings } from './bookings-list.repo.ts';
import { commissionConditions, commissionSumsByMonth, type CommissionSums } from './commissions.repo.ts';
import { visibilityOf } from './booking-rules.ts';

// what a commission row is made of (a list page's rows and an export's narrower rows both have it)
type CommissionSource = Pick<
  BookingRow,
  | 'id'
  | 'reference'
  | 'date'
  | 'startTime'
  | 'createdAt'
  | 'tourTitle'
  | 'offerName'
  | 'guestName'
  | 'adults'
  | 'children'
  | 'infants'
  | 'currency'
  | 'publishedTotalMinor'
  | 'netTotalMinor'
  | 'cardSurchargeMinor'
  | 'channel'
  | 'marginStatus'
>;
type StoredAmounts = Pick<CommissionSource, 'publishedTotalMinor' | 'netTotalMinor' | 'cardSurchargeMinor'>;
type Commission = { publishedMinor: number; netMinor: number; commissionMinor: number };

// DESIGN "Money decisions": the commission is published − net, what the agency earns selling at the recommended
// price. The net is compared as the tour's price: what the agency paid after a promo code (or the quoted net), less
// the Russian site's card surcharge — the cost of paying by card, which the published price does not carry either.
// A quote above the published price gives a negative commission, shown as it is.
export function commissionOf(amounts: StoredAmounts): Commission {
  const netMinor = amounts.netTotalMinor - amounts.cardSurchargeMinor;
  return {
    publishedMinor: amounts.publishedTotalMinor,
    netMinor,
    commissionMinor: amounts.publishedTotalMinor - netMinor,
  };
}

function commissionRow(row: CommissionSource, agentName: string, language: Language): CommissionRow {
  const amounts = commissionOf(row);
  return {
    id: row.id,
    reference: row.reference,
    travelDate: row.date,
    time: row.startTime,
    createdAt: row.createdAt.toISOString(),
    tour: row.tourTitle[language],
    offer: row.offerName[language],
    guestName: row.guestName,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    agent: agentName,
    currencyCode: row.currency,
    published: minorToMajor(amounts.publishedMinor),
    net: minorToMajor(amounts.netMinor),
    commission: minorToMajor(amounts.commissionMinor),
    channel: row.channel,
    marginStatus: row.marginStatus,
  };
}

function totalOf(currency: CurrencyCode, count: number, amounts: StoredAmounts): CommissionTotal {
  const { publishedMinor, netMinor, commissionMinor } = commissionOf(amounts);
  return {
    currencyCode: currency,
    bookings: count,
    published: minorToMajor(publishedMinor),
    net: minorToMajor(netMinor),
    commission: minorToMajor(commissionMinor),
  };
}

function addSums(a: CommissionSums, b: CommissionSums): CommissionSums {
  return {
    ...a,
    count: a.count + b.count,
    publishedTotalMinor: a.publishedTotalMinor + b.publishedTotalMinor,
    netTotalMinor: a.netTotalMinor + b.netTotalMinor,
    cardSurchargeMinor: a.cardSurchargeMinor + b.cardSurchargeMinor,
  };
}

// An agent's booking and a widget sale are rows of one list: a widget sale stores what its customer paid as its
// published total (in the account's currency), so its margin is the same rule, published − net.
export async function listCommissions(
  ctx: ServiceContext,
  filters: BookingFilters & { page: number; onPage: number },
  language: Language,
): Promise<CommissionListResponse> {
  const actor = requireAgencyActor(ctx);
  const conditions = commissionConditions(visibilityOf(actor), filters);
  const [{ rows, total }, sums] = await Promise.all([
    listBookings(ctx.db, conditions, { limit: filters.onPage, offset: (filters.page - 1) * filters.onPage }),
    commissionSumsByMonth(ctx.db, conditions),
  ]);
  // the overall totals per currency are the months' sums added up
  const overall = new Map<CurrencyCode, CommissionSums>();
  for (const sum of sums) {
    const seen = overall.get(sum.currency);
    overall.set(sum.currency, seen ? addSums(seen, sum) : sum);
  }
  return {
    items: rows.map((r) => commissionRow(r.booking, r.agentName, language)),
    total,
    page: filters.page,
    onPage: filters.onPage,
    months: sums.map((sum) => ({ month: sum.month, ...totalOf(sum.currency, sum.count, sum) })),
    totals: [...overall].map(([currency, sum]) => totalOf(currency, sum.count, sum)),
  };
}

// The export's rows, in the list's order, in batches (memory stays flat whatever the filters select)
export async function* commissionRows(
  ctx: ServiceContext,
  filters: BookingFilters,
  language: Language,
): AsyncGenerator<CommissionRow> {
  const actor = requireAgencyActor(ctx);
  const conditions = commissionConditions(visibilityOf(actor), filters);
  for await (const { booking, agentName } of iterateBookings(ctx.db, conditions))
    yield commissionRow(booking, agentName, language);
}
