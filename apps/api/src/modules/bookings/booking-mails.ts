import type { AgencyActor } from '../../lib/context.ts';
import type { OutgoingMail } from '../mail/index.ts';
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

type SaleMail = MailBooking &
  Pick<BookingRow, 'saleTotalMinor' | 'saleCurrency' | 'customerUrl' | 'guestEmail' | 'pickUpTime' | 'hotel'>;
type Brand = { name: string; contacts: { phone: string; email: string } };

// A widget sale, to its customer: from the agency's shop (its name and contacts, never the portal's), in the shop's
// language, with the page that holds the voucher and tickets
export function widgetSaleCustomerMail(b: SaleMail, brand: Brand): OutgoingMail {
  const paid = money(b.saleTotalMinor ?? 0, b.saleCurrency ?? b.currency);
  const contacts = [brand.contacts.phone, brand.contacts.email].filter(Boolean).join(' · ');
  if (b.language === 'ru') {
    return {
      to: b.guestEmail,
      subject: `${brand.name}: бронирование ${b.reference} подтверждено`,
      text:
        `Здравствуйте, ${b.guestName}!\n\nВаше бронирование ${b.reference} подтверждено: ${b.tourTitle.ru} — ${b.offerName.ru}, ${when(b)}.\n` +
        (b.pickUpTime ? `Трансфер: ${b.hotel}, в ${b.pickUpTime}.\n` : '') +
        `Оплачено: ${paid}.\nВаучер и билеты: ${b.customerUrl ?? ''}\n\n${brand.name}${contacts ? `\n${contacts}` : ''}\n`,
    };
  }
  return {
    to: b.guestEmail,
    subject: `${brand.name}: booking ${b.reference} confirmed`,
    text:
      `Hello ${b.guestName},\n\nYour booking ${b.reference} is confirmed: ${b.tourTitle.en} — ${b.offerName.en}, ${when(b)}.\n` +
      (b.pickUpTime ? `Pick-up: ${b.hotel} at ${b.pickUpTime}.\n` : '') +
      `Paid: ${paid}.\nYour voucher and tickets: ${b.customerUrl ?? ''}\n\n${brand.name}${contacts ? `\n${contacts}` : ''}\n`,
  };
}

// A widget sale, to the agency's admins: the customer, what was paid, and the margin pending until the tour date
export function widgetSaleAgencyMail(
  b: SaleMail & Pick<BookingRow, 'publishedTotalMinor'>,
  brand: Pick<Brand, 'name'>,
  admin: { email: string; name: string },
  language: 'en' | 'ru',
): OutgoingMail {
  const paid = money(b.saleTotalMinor ?? 0, b.saleCurrency ?? b.currency);
  const margin = money(b.publishedTotalMinor - b.netTotalMinor, b.currency);
  if (language === 'ru') {
    return {
      to: admin.email,
      subject: `Продажа через виджет «${brand.name}»: ${b.reference}`,
      text:
        `Здравствуйте, ${admin.name}!\n\nКлиент ${b.guestName} (${b.guestEmail}) купил ${b.tourTitle.ru} — ${b.offerName.ru}, ${when(b)}.\n` +
        `Оплачено клиентом: ${paid}. Нетто: ${money(b.netTotalMinor, b.currency)}.\n` +
        `Ваша маржа ${margin} будет зачислена на баланс после даты тура (раздел «Комиссии»).\n`,
    };
  }
  return {
    to: admin.email,
    subject: `Widget sale in "${brand.name}": ${b.reference}`,
    text:
      `Hello ${admin.name},\n\n${b.guestName} (${b.guestEmail}) bought ${b.tourTitle.en} — ${b.offerName.en}, ${when(b)}.\n` +
      `Paid by the customer: ${paid}. Net: ${money(b.netTotalMinor, b.currency)}.\n` +
      `Your margin of ${margin} is credited to your balance once the tour date has passed (see Commissions).\n`,
  };
}
