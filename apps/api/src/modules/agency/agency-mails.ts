import type { Language } from '@portal/contract';
import type { brandOf, OutgoingMail } from '../mail/index.ts';

type Brand = ReturnType<typeof brandOf>;

// The trade licence expires within LICENCE_WARNING_DAYS: once per expiry date, to each admin of the agency, with the
// page where the renewed licence and its new expiry date go
export function licenceExpiringMail(
  lang: Language,
  to: string,
  name: string,
  what: { agencyName: string; licenceNumber: string; expiry: string; daysLeft: number },
  brand: Brand,
): OutgoingMail {
  const settings = new URL('/my-agencies', brand.loginUrl).toString();
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: торговая лицензия «${what.agencyName}» истекает ${what.expiry}`,
      text:
        `Здравствуйте, ${name}!\n\nТорговая лицензия № ${what.licenceNumber} агентства «${what.agencyName}» ` +
        `действует до ${what.expiry} (осталось дней: ${what.daysLeft}). После этой даты новые бронирования ` +
        `будут недоступны, пока не загружена продлённая лицензия.\n\n` +
        `Загрузите копию новой лицензии и укажите новую дату окончания в настройках компании: ${settings}\n` +
        `Вопросы: ${brand.supportEmail}\n`,
    };
  }
  return {
    to,
    subject: `${brand.siteName}: the trade licence of ${what.agencyName} expires on ${what.expiry}`,
    text:
      `Hello ${name},\n\nTrade licence no. ${what.licenceNumber} of ${what.agencyName} is valid until ${what.expiry} ` +
      `(${what.daysLeft} ${what.daysLeft === 1 ? 'day' : 'days'} left). After that date no new bookings can be made ` +
      `until the renewed licence is uploaded.\n\n` +
      `Upload a copy of the renewed licence and enter its new expiry date in Company Settings: ${settings}\n` +
      `Questions: ${brand.supportEmail}\n`,
  };
}
