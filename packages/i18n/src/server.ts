import enCore from '../locales/en/core.json' with { type: 'json' };
import enDocuments from '../locales/en/documents.json' with { type: 'json' };
import enLedger from '../locales/en/ledger.json' with { type: 'json' };
import enMail from '../locales/en/mail.json' with { type: 'json' };
import ruCore from '../locales/ru/core.json' with { type: 'json' };
import ruDocuments from '../locales/ru/documents.json' with { type: 'json' };
import ruLedger from '../locales/ru/ledger.json' with { type: 'json' };
import ruMail from '../locales/ru/mail.json' with { type: 'json' };
import type { KeyOf, Language } from './index.ts';

// What the API says, every language at once (the server preloads them; the build bundles them): the core part for the
// contract's messages the shops show, and the server's own namespaces (ledger: the statement lines, written once in
// the agency's language).
export const SERVER_RESOURCES = {
  en: { core: enCore, mail: enMail, documents: enDocuments, ledger: enLedger },
  ru: { core: ruCore, mail: ruMail, documents: ruDocuments, ledger: ruLedger },
} as const satisfies Record<Language, Record<string, object>>;

export type ServerNamespace = keyof (typeof SERVER_RESOURCES)['en'];
// The keys the server's `t` takes, `namespace:dotted.key`: its own namespaces (the core is read whole, by message)
export type ServerKey = {
  [N in Exclude<ServerNamespace, 'core'>]: `${N}:${KeyOf<(typeof SERVER_RESOURCES)['en'][N]>}`;
}[Exclude<ServerNamespace, 'core'>];
