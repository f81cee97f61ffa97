import { minorToMajor, type Language } from '@portal/contract';
import type { AgencyActor } from '../../lib/context.ts';
import { t, type TranslationValues } from '../../lib/i18n.ts';
import { mailText, type MailName, type OutgoingMail } from '../mail/index.ts';
import type { BookingRow } from './bookings.repo.ts';

type MailBooking = Pick<
  BookingRow,
  | 'reference'
  | 'language'
  | 'tourTitle'
  | 'offerName'
  | 'date'
  | 'startTime'
  | 'guestName'
  | 'netTotalMinor'
  | 'currency'
>;

const when = (b: Pick<BookingRow, 'date' | 'startTime'>) => `${b.date}${b.startTime ? ` ${b.startTime}` : ''}`;
const money = (minor: number, currency: string) => `${minorToMajor(minor).toFixed(2)} ${currency.toUpperCase()}`;
// the tour, option and date as the booking's language names them
const service = (b: Pick<MailBooking, 'tourTitle' | 'offerName' | 'date' | 'startTime'>, language: Language) => ({
  tour: b.tourTitle[language],
  option: b.offerName[language],
  when: when(b),
});

type Recipient = { email: string; name: string };
// A mail about a booking to one person: its reference and their name in every one
function bookingMail(
  b: Pick<BookingRow, 'reference'>,
  to: Recipient,
  language: Language,
  name: MailName,
  values: TranslationValues = {},
): OutgoingMail {
  return { to: to.email, ...mailText(language, name, { reference: b.reference, name: to.name, ...values }) };
}

export function bookingConfirmedMail(b: MailBooking, actor: Pick<AgencyActor, 'email' | 'name'>): OutgoingMail {
  return bookingMail(b, actor, b.language, 'bookingConfirmed', {
    ...service(b, b.language),
    guest: b.guestName,
    amount: money(b.netTotalMinor, b.currency),
  });
}

export function requestReceivedMail(b: BookingRow, actor: Pick<AgencyActor, 'email' | 'name'>): OutgoingMail {
  return bookingMail(b, actor, b.language, 'requestReceived', service(b, b.language));
}

export function requestQuotedMail(b: BookingRow, to: Recipient): OutgoingMail {
  const amount = money(b.quotedNetMinor ?? b.netTotalMinor, b.currency);
  const until = b.quoteExpiresAt ? b.quoteExpiresAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '';
  return bookingMail(b, to, b.language, 'requestQuoted', { amount, until });
}

export function requestDeclinedMail(b: BookingRow, to: Recipient): OutgoingMail {
  return bookingMail(b, to, b.language, 'requestDeclined', { reason: b.declineReason ?? '' });
}

type SaleMail = MailBooking &
  Pick<BookingRow, 'saleTotalMinor' | 'saleCurrency' | 'customerUrl' | 'guestEmail' | 'pickUpTime' | 'hotel'>;
type Brand = { name: string; contacts: { phone: string; email: string } };

// A widget sale, to its customer: from the agency's shop (its name and contacts, never the portal's), in the shop's
// language, with the page that holds the voucher and tickets
export function widgetSaleCustomerMail(b: SaleMail, brand: Brand): OutgoingMail {
  const contacts = [brand.contacts.phone, brand.contacts.email].filter(Boolean).join(' · ');
  const pickUp = b.pickUpTime
    ? t(b.language, 'mail:widgetSaleCustomer.pickUp', { hotel: b.hotel, time: b.pickUpTime })
    : '';
  return bookingMail(b, { email: b.guestEmail, name: b.guestName }, b.language, 'widgetSaleCustomer', {
    ...service(b, b.language),
    shop: brand.name,
    pickUp,
    paid: money(b.saleTotalMinor ?? 0, b.saleCurrency ?? b.currency),
    link: b.customerUrl ?? '',
    signature: `${brand.name}${contacts ? `\n${contacts}` : ''}`,
  });
}

// A widget sale, to the agency's admins: the customer, what was paid, and the margin pending until the tour date
export function widgetSaleAgencyMail(
  b: SaleMail & Pick<BookingRow, 'publishedTotalMinor'>,
  brand: Pick<Brand, 'name'>,
  admin: Recipient,
  language: Language,
): OutgoingMail {
  return bookingMail(b, admin, language, 'widgetSaleAgency', {
    ...service(b, language),
    shop: brand.name,
    guest: b.guestName,
    guestEmail: b.guestEmail,
    paid: money(b.saleTotalMinor ?? 0, b.saleCurrency ?? b.currency),
    net: money(b.netTotalMinor, b.currency),
    margin: money(b.publishedTotalMinor - b.netTotalMinor, b.currency),
  });
}
