import type { BookingListRow, BookingView, Language, PaymentSession } from '@portal/contract';
import type { SiteCharges } from '@portal/contract';
import {
  BOOKING_MESSAGES,
  BOOKING_STATUS_LABELS,
  buildPath,
  bookingRoutes,
  minorToMajor,
  minorToMajorOrNull,
  siteCharges,
} from '@portal/contract';
import type { SiteRegistry } from '../../config/sites.ts';
import type { AppConfig } from '../../config/env.ts';
import { publishableKeyFor, type PaymentRecord as PaymentRow } from '../payments/index.ts';
import type { BookingRow } from './bookings.repo.ts';
import type { BookingListSource } from './bookings-list.repo.ts';
import { amountsView } from './pricing.ts';

const major = minorToMajorOrNull;
const iso = (at: Date | null) => (at ? at.toISOString() : null);

// what the booking's site adds to a net price and shows included (the contract's one rule)
export function chargesOfSite(sites: SiteRegistry, siteId: string): SiteCharges {
  return siteCharges(sites.byId(siteId)?.kind ?? 'general');
}

export function paymentSession(payment: PaymentRow, config: AppConfig): PaymentSession {
  return {
    id: payment.id,
    provider: payment.provider,
    status: payment.status,
    redirectUrl: payment.redirectUrl,
    clientSecret: payment.clientSecret,
    publishableKey: publishableKeyFor(payment, config),
    amount: minorToMajor(payment.amountMinor),
    currencyCode: payment.currency,
    expiresAt: payment.expiresAt.toISOString(),
    failureMessage: payment.failureMessage,
  };
}

// The message that comes with a booking answer: a request went to the operators, or the card was declined.
export function bookingMessage(
  row: Pick<BookingRow, 'status'>,
  payment: Pick<PaymentRow, 'status'> | null,
): string | null {
  if (row.status === 'request') return BOOKING_MESSAGES.noAutomaticBooking;
  if (payment?.status === 'failed' && row.status !== 'completed' && row.status !== 'cancelled')
    return BOOKING_MESSAGES.paymentFailed;
  return null;
}

export function isHoldValid(
  row: Pick<BookingRow, 'heldUnits' | 'heldAdults' | 'heldChildren' | 'holdExpiresAt'>,
  now: Date,
): boolean {
  const holds = row.heldUnits > 0 || row.heldAdults > 0 || row.heldChildren > 0;
  return holds && row.holdExpiresAt !== null && row.holdExpiresAt > now;
}

// A card booking left unpaid past its hold (a quote goes back to Payment Required instead): only booking again helps
export function isHoldExpired(row: BookingRow, now: Date): boolean {
  return row.isRequest === 0 && row.status === 'payment_failed' && !isHoldValid(row, now);
}

// "Try another card" (SPEC §4): the last attempt failed or was cancelled and the hold still runs; payBooking agrees
export function canRetryCard(row: BookingRow, payment: Pick<PaymentRow, 'status'> | null, now: Date): boolean {
  const isUnpaid =
    row.status === 'payment_failed' ||
    (row.status === 'pending_payment' && (payment?.status === 'failed' || payment?.status === 'cancelled'));
  return isUnpaid && isHoldValid(row, now);
}

// What a booking's card is charged (and what its refunds are a part of): an agent's card booking its net, with any
// card surcharge, in the account's currency; a widget sale what its customer pays, in the widget's currency
export function cardChargeOf(
  row: Pick<BookingRow, 'channel' | 'paymentMethod' | 'saleTotalMinor' | 'saleCurrency' | 'netTotalMinor' | 'currency'>,
): { amountMinor: number; currency: BookingRow['currency'] } {
  if (
    row.channel === 'widget' &&
    row.paymentMethod === 'card' &&
    row.saleTotalMinor !== null &&
    row.saleCurrency !== null
  )
    return { amountMinor: row.saleTotalMinor, currency: row.saleCurrency };
  return { amountMinor: row.netTotalMinor, currency: row.currency };
}

function documentPath(id: string, kind: 'voucher' | 'tickets' | 'invoice') {
  return `/api${buildPath(bookingRoutes.document.path, { id, kind })}`;
}

export function bookingView(
  row: BookingRow,
  extras: {
    agent: { id: string; name: string; email: string };
    config: AppConfig;
    payment: PaymentRow | null;
    sites: SiteRegistry;
    language?: Language;
    // the balance after the booking is shown only to those who may see balances (canViewBalances)
    showBalance: boolean;
  },
): BookingView {
  const language = extras.language ?? row.language;
  const now = new Date();
  const sorted = [...row.cancellationPolicy].sort((a, b) => b.hours - a.hours);
  return withIdentity<BookingView>(row, {
    tour: { id: row.tourId, url: row.tourUrl, title: row.tourTitle[language] },
    offer: { id: row.offerId, name: row.offerName[language] },
    date: row.date,
    time: row.startTime,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    guest: { name: row.guestName, email: row.guestEmail, phone: row.guestPhone, hotel: row.hotel, room: row.room },
    pickUpTime: row.pickUpTime,
    promoCode: row.promoCode,
    promoPercent: row.promoPercent,
    amounts: amountsView(row, chargesOfSite(extras.sites, row.siteId)),
    paymentMethod: row.paymentMethod,
    cancellationPolicy: sorted,
    ticketNumbers: row.ticketNumbers,
    agent: extras.agent,
    notes: row.notes,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    cancelledAt: iso(row.cancelledAt),
    refundAmount: major(row.refundMinor),
    cancellationFee: major(row.cancellationFeeMinor),
    holdExpiresAt: row.heldUnits > 0 || row.heldAdults > 0 ? iso(row.holdExpiresAt) : null,
    quote:
      row.quotedNetMinor !== null && row.quoteExpiresAt
        ? {
            netTotal: minorToMajor(row.quotedNetMinor),
            expiresAt: row.quoteExpiresAt.toISOString(),
            note: row.quoteNote ?? '',
          }
        : null,
    declineReason: row.declineReason,
    payment: extras.payment ? paymentSession(extras.payment, extras.config) : null,
    canRetryCard: canRetryCard(row, extras.payment, now),
    isHoldExpired: isHoldExpired(row, now),
    documents:
      row.status === 'completed'
        ? {
            voucher: documentPath(row.id, 'voucher'),
            tickets: documentPath(row.id, 'tickets'),
            // a widget sale's customer paid the portal, not the agency: the agency gets no invoice for it
            invoice: row.channel === 'widget' ? null : documentPath(row.id, 'invoice'),
          }
        : null,
    balanceAfter: extras.showBalance ? major(row.balanceAfterMinor) : null,
    channel: row.channel,
    sale:
      row.channel === 'widget' && row.saleTotalMinor !== null && row.saleCurrency !== null
        ? { total: minorToMajor(row.saleTotalMinor), currencyCode: row.saleCurrency, marginStatus: row.marginStatus }
        : null,
  });
}

// What a booking is called in every view of it: its id, reference, status (with its label) and whether it is a
// request, followed by the view's own fields. Not `{ ...identity, ...fields }`: V8 builds a literal that starts with
// a spread property by property, about 1 µs each, and the list rows were half of a 50,000-row export (decision 0165)
type Identity = Pick<BookingView, 'id' | 'reference' | 'status' | 'statusLabel' | 'isRequest'>;
function withIdentity<V extends Identity>(
  row: Pick<BookingRow, 'id' | 'reference' | 'status' | 'isRequest'>,
  view: Omit<V, keyof Identity>,
): V {
  const identity: Identity = {
    id: row.id,
    reference: row.reference,
    status: row.status,
    statusLabel: BOOKING_STATUS_LABELS[row.status],
    isRequest: row.isRequest === 1,
  };
  return Object.assign(identity, view) as V;
}

export function bookingListRow(
  row: BookingListSource,
  agentName: string,
  language: Language,
  showBalance: boolean,
): BookingListRow {
  return withIdentity<BookingListRow>(row, {
    bookingDate: row.date,
    time: row.startTime,
    createdAt: row.createdAt.toISOString(),
    tourId: row.tourId,
    tour: row.tourTitle[language],
    offer: row.offerName[language],
    ticketNumber: row.ticketNumbers.join(', '),
    guestName: row.guestName,
    phone: row.guestPhone,
    hotel: row.hotel,
    room: row.room,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    pickUpTime: row.pickUpTime,
    publishedRate: minorToMajor(row.publishedTotalMinor),
    netRate: minorToMajor(row.quotedNetMinor ?? row.netTotalMinor),
    currencyCode: row.currency,
    paymentMethod: row.paymentMethod,
    finalBalance: showBalance ? major(row.balanceAfterMinor) : null,
    notes: row.notes,
    agent: agentName,
    channel: row.channel,
  });
}
