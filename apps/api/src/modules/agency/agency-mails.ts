import type { Language } from '@portal/contract';
import { mailText, type brandOf, type OutgoingMail } from '../mail/index.ts';
import { t } from '../../lib/i18n.ts';

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
  const daysLeft = t(lang, 'mail:licenceExpiring.daysLeft', { count: what.daysLeft });
  return { to, ...mailText(lang, 'licenceExpiring', { ...brand, ...what, name, daysLeft, settings }) };
}
