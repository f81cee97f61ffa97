// The portal's words in English and Russian: one home for the web app and the API (docs/decisions/0131).
// locales/<language>/ holds the same files in each language:
// - the web app's parts, merged into its one `translation` namespace, each loaded with the pages that show it; a
//   contract message's words are in the part of the pages that show it, under its group's key (`bookingMessages.*`
//   in the core; messages.ts names them), and the API preloads those parts to say the messages in its own pages;
// - namespaces of their own: `legal` (the web's terms and privacy pages), `mail`, `documents`, `ledger` and `sandbox`
//   (the API's e-mails, PDFs and sheets, statement lines, and the sandbox's pay page).
// This file is what the web's first page may import: names and types only, no texts.
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export const WEB_PARTS = [
  'core',
  'auth',
  'account',
  'catalogue',
  'bookings',
  'balance',
  'commissions',
  'company',
  'agents',
  'widgets',
  'backOffice',
  'backOfficeCatalogue',
  'backOfficeDesk',
  'backOfficeInsight',
] as const;
export type WebPart = (typeof WEB_PARTS)[number];

export const OWN_NAMESPACES = ['legal', 'mail', 'documents', 'ledger', 'sandbox'] as const;
export type OwnNamespace = (typeof OWN_NAMESPACES)[number];

// A part's file is its name in kebab case (backOfficeDesk → back-office-desk.json)
export function localeFileOf(name: WebPart | OwnNamespace): string {
  return `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.json`;
}

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
type PluralBase<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;

// The keys of a resource tree, dotted, as `t` takes them: a text's plural forms (`days_one`, `days_other`) are one
// key (`days`, called with `count`)
export type KeyOf<Tree> = {
  [K in keyof Tree & string]: Tree[K] extends string ? PluralBase<K> : `${K}.${KeyOf<Tree[K]>}`;
}[keyof Tree & string];
