// A booking's pure rules: its ticket numbers and count, the pick-up time, the seats a hold takes, the statement line.
// No database, no clock of its own: the kernel's verbs (create-booking, pay-booking, card-payments, widget-sales,
// reseller-bookings) call these with what they read.
import type { People } from '@portal/contract';
import { HOLD_MINUTES, can } from '@portal/contract';
import type { AgencyActor } from '../../lib/context.ts';
import { t } from '../../lib/i18n.ts';
import type { BookingRow, Visibility } from './bookings.repo.ts';

// SPEC §6 by capability (contract roles.ts): who may view all the agency's bookings sees them; the others (a junior)
// see only their own. Every list, detail, document, payment page and cancellation reads this one rule.
export function visibilityOf(actor: AgencyActor): Visibility {
  return {
    agencyId: actor.agencyId,
    onlyCreatedBy: can(actor.role, 'viewAllBookings') ? null : actor.userId,
  };
}

export function ticketNumbers(reference: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${reference}-${String(i + 1).padStart(2, '0')}`);
}

function minutesToTime(total: number): string {
  const m = ((total % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export function pickUpTimeFor(startTime: string, leadMinutes: number): string {
  const [h = 0, m = 0] = startTime.split(':').map(Number);
  return minutesToTime(h * 60 + m - leadMinutes);
}

// A hold's seats (a card payment's, a reseller API reservation's): what it holds and what it took are the same
export function heldStock(need: { units: number; adults: number; children: number }) {
  return {
    heldAdults: need.adults,
    heldChildren: need.children,
    heldUnits: need.units,
    stockAdults: need.adults,
    stockChildren: need.children,
    stockUnits: need.units,
  };
}

// A test key's reservation holds its seats on paper only: it took nothing (stock_* 0, as a CHECK holds test bookings
// to), so nothing ever goes back
export function heldOnPaper(need: { units: number; adults: number; children: number }) {
  return { ...heldStock(need), stockUnits: 0, stockAdults: 0, stockChildren: 0 };
}

// A card booking's hold: its seats are kept for HOLD_MINUTES while the card is asked
export function cardHoldColumns(now: Date) {
  return {
    status: 'pending_payment' as const,
    paymentMethod: 'card' as const,
    holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
  };
}

export function ticketCount(
  offer: { pricingUnit: 'person' | 'trip'; isSameTicketForAdultsAndChildren: boolean },
  people: People,
): number {
  if (offer.pricingUnit === 'trip') return 1;
  return people.adults + people.children + (offer.isSameTicketForAdultsAndChildren ? 0 : people.infants);
}

export function bookingDescription(
  row: Pick<BookingRow, 'reference' | 'tourTitle' | 'offerName' | 'date' | 'startTime' | 'language'>,
): string {
  // in the booking's language: the statement shows it as written
  const when = `${row.date}${row.startTime ? ` ${row.startTime}` : ''}`;
  const what = `${row.tourTitle[row.language]} — ${row.offerName[row.language]}, ${when}`;
  return t(row.language, 'ledger:booking', { reference: row.reference, what });
}
