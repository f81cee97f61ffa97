import type { Language } from '@portal/contract';
import type { ServerKey } from '@portal/i18n/server';
import type { AppConfig } from '../../config/env.ts';
import type { Site } from '../../config/sites.ts';
import { t, type TranslationValues } from '../../lib/i18n.ts';
import { siteUrl } from '../../lib/site-url.ts';
import type { OutgoingMail } from './mail.repo.ts';

type Brand = { siteName: string; loginUrl: string; supportEmail: string };

// Who a mail comes from: the site the addressee uses, its address and its support e-mail
export function brandOf(site: Site, config: AppConfig): Brand {
  return { siteName: site.name, loginUrl: `${siteUrl(site, config)}/`, supportEmail: site.hostData.email };
}

// A mail's words are `mail:<name>.subject` and `mail:<name>.text` (packages/i18n), in the addressee's language
export type MailName = ServerKey extends infer K ? (K extends `mail:${infer Name}.subject` ? Name : never) : never;

export function mailText(
  language: Language,
  name: MailName,
  values: TranslationValues,
): { subject: string; text: string } {
  return { subject: t(language, `mail:${name}.subject`, values), text: t(language, `mail:${name}.text`, values) };
}

export function temporaryPasswordMail(
  lang: Language,
  to: string,
  name: string,
  password: string,
  brand: Brand,
): OutgoingMail {
  return { to, ...mailText(lang, 'temporaryPassword', { ...brand, name, password }), secrets: [password] };
}

export function passwordResetMail(lang: Language, to: string, name: string, link: string, brand: Brand): OutgoingMail {
  return { to, ...mailText(lang, 'passwordReset', { ...brand, name, link }), secrets: [link] };
}

export function passwordChangedMail(lang: Language, to: string, name: string, brand: Brand): OutgoingMail {
  return { to, ...mailText(lang, 'passwordChanged', { ...brand, name }) };
}

// The agency's admins learn that booking is open (issue 9: an unapproved agency was told only at "Book and pay")
export function agencyApprovedMail(
  lang: Language,
  to: string,
  name: string,
  agencyName: string,
  brand: Brand,
): OutgoingMail {
  return { to, ...mailText(lang, 'agencyApproved', { ...brand, name, agencyName }) };
}

// The tours company declined a sign-up (issue "back office") or suspended an agency (its sessions ended): the
// admins learn why, in the operator's words
export function agencyDecisionMail(
  decision: 'agencyRejected' | 'agencySuspended',
  lang: Language,
  to: string,
  name: string,
  agencyName: string,
  reason: string,
  brand: Brand,
): OutgoingMail {
  return { to, ...mailText(lang, decision, { ...brand, name, agencyName, reason }) };
}

// Notify me (issue 9): seats for a watched option and date came back; sent once per request
export function seatsBackMail(
  lang: Language,
  to: string,
  name: string,
  what: { tour: string; option: string; when: string; link: string },
  brand: Brand,
): OutgoingMail {
  return { to, ...mailText(lang, 'seatsBack', { ...brand, ...what, name }) };
}

// Low-balance alert (issue "Agency money" 7): the available amount fell below 40 % (then 20 %) of what the last top-up
// left available; once per crossing, to each admin of the agency
export function lowBalanceMail(
  lang: Language,
  to: string,
  name: string,
  what: { agencyName: string; percent: number; available: string; level: string; date: string },
  brand: Brand,
): OutgoingMail {
  const topUp = new URL('/top-up', brand.loginUrl).toString();
  return { to, ...mailText(lang, 'lowBalance', { ...brand, ...what, name, topUp }) };
}

// Issue 30: a webhook endpoint that failed for a day is switched off; the agency's admins are told once
export function webhookDisabledMail(
  lang: Language,
  to: string,
  name: string,
  what: { url: string; since: string },
  brand: Brand,
): OutgoingMail {
  const page = new URL('/api-keys', brand.loginUrl).toString();
  return { to, ...mailText(lang, 'webhookDisabled', { ...brand, ...what, name, page }) };
}
