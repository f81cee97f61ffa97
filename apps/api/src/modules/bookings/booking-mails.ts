import type { AgencyActor } from '../../lib/context.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
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
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function bookingConfirmedMail(b: MailBooking, actor: Pick<AgencyActor, 'email' | 'name'>): OutgoingMail {
  if (b.language === 'ru') {
    return {
      to: actor.email,
      subject: `Бронирование ${b.reference} подтверждено`,
      text:
        `Здравствуйте, ${actor.name}!\n\nБронирование ${b.reference} подтверждено: ${b.tourTitle.ru} — ${b.offerName.ru}, ${when(b)}.\n` +
        `Гость: ${b.guestName}. Сумма нетто: ${money(b.netTotalMinor, b.currency)}.\n` +
        `Ваучер, билеты и счёт доступны в разделе «Бронирования».\n`,
    };
  }
  return {
    to: actor.email,
    subject: `Booking ${b.reference} confirmed`,
    text:
      `Hello ${actor.name},\n\nBooking ${b.reference} is confirmed: ${b.tourTitle.en} — ${b.offerName.en}, ${when(b)}.\n` +
      `Guest: ${b.guestName}. Net amount: ${money(b.netTotalMinor, b.currency)}.\n` +
      `The voucher, tickets and invoice are under Bookings.\n`,
  };
}

export function requestReceivedMail(b: BookingRow, actor: Pick<AgencyActor, 'email' | 'name'>): OutgoingMail {
  if (b.language === 'ru') {
    return {
      to: actor.email,
      subject: `Запрос ${b.reference} получен`,
      text:
        `Здравствуйте, ${actor.name}!\n\nАвтоматическое бронирование для ${b.tourTitle.ru} — ${b.offerName.ru}, ${when(b)} невозможно.\n` +
        `Мы получили ваш запрос ${b.reference}; оператор свяжется с вами и пришлёт цену.\n`,
    };
  }
  return {
    to: actor.email,
    subject: `Request ${b.reference} received`,
    text:
      `Hello ${actor.name},\n\nNo automatic booking is possible for ${b.tourTitle.en} — ${b.offerName.en}, ${when(b)}.\n` +
      `We have received your quotation request ${b.reference}; an operator will contact you with a price.\n`,
  };
}

export function requestQuotedMail(b: BookingRow, to: { email: string; name: string }): OutgoingMail {
  const amount = money(b.quotedNetMinor ?? b.netTotalMinor, b.currency);
  const until = b.quoteExpiresAt ? b.quoteExpiresAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '';
  if (b.language === 'ru') {
    return {
      to: to.email,
      subject: `Запрос ${b.reference}: цена ${amount}`,
      text: `Здравствуйте, ${to.name}!\n\nПо запросу ${b.reference} предложена цена ${amount}, действует до ${until}.\nОплатите в разделе «Запросы».\n`,
    };
  }
  return {
    to: to.email,
    subject: `Request ${b.reference}: quoted ${amount}`,
    text: `Hello ${to.name},\n\nRequest ${b.reference} is quoted at ${amount}, valid until ${until}.\nPay for it under Requests.\n`,
  };
}

export function requestDeclinedMail(b: BookingRow, to: { email: string; name: string }): OutgoingMail {
  if (b.language === 'ru') {
    return {
      to: to.email,
      subject: `Запрос ${b.reference} отклонён`,
      text: `Здравствуйте, ${to.name}!\n\nЗапрос ${b.reference} отклонён: ${b.declineReason ?? ''}\n`,
    };
  }
  return {
    to: to.email,
    subject: `Request ${b.reference} declined`,
    text: `Hello ${to.name},\n\nRequest ${b.reference} was declined: ${b.declineReason ?? ''}\n`,
  };
}
