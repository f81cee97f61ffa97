import enBackOfficeCatalogue from '../locales/en/back-office-catalogue.json' with { type: 'json' };
import enBackOfficeDesk from '../locales/en/back-office-desk.json' with { type: 'json' };
import enBackOfficeInsight from '../locales/en/back-office-insight.json' with { type: 'json' };
import enBackOffice from '../locales/en/back-office.json' with { type: 'json' };
import enCatalogue from '../locales/en/catalogue.json' with { type: 'json' };
import enCore from '../locales/en/core.json' with { type: 'json' };
import enDocuments from '../locales/en/documents.json' with { type: 'json' };
import enLedger from '../locales/en/ledger.json' with { type: 'json' };
import enMail from '../locales/en/mail.json' with { type: 'json' };
import enSandbox from '../locales/en/sandbox.json' with { type: 'json' };
import enWidgets from '../locales/en/widgets.json' with { type: 'json' };
import ruBackOfficeCatalogue from '../locales/ru/back-office-catalogue.json' with { type: 'json' };
import ruBackOfficeDesk from '../locales/ru/back-office-desk.json' with { type: 'json' };
import ruBackOfficeInsight from '../locales/ru/back-office-insight.json' with { type: 'json' };
import ruBackOffice from '../locales/ru/back-office.json' with { type: 'json' };
import ruCatalogue from '../locales/ru/catalogue.json' with { type: 'json' };
import ruCore from '../locales/ru/core.json' with { type: 'json' };
import ruDocuments from '../locales/ru/documents.json' with { type: 'json' };
import ruLedger from '../locales/ru/ledger.json' with { type: 'json' };
import ruMail from '../locales/ru/mail.json' with { type: 'json' };
import ruSandbox from '../locales/ru/sandbox.json' with { type: 'json' };
import ruWidgets from '../locales/ru/widgets.json' with { type: 'json' };
import type { KeyOf, Language } from './index.ts';

// The web's parts that hold the contract's messages (messages.ts#MESSAGE_PARTS) side by side, as the web merges them:
// the server's `web` namespace, where it finds a message's words by findMessage's key. Each part has its own top-level
// keys (core, widgets, backOffice, boDesk…).
function webParts(...parts: object[]): object {
  const merged: Record<string, unknown> = {};
  for (const part of parts)
    for (const [key, value] of Object.entries(part)) {
      if (key in merged) throw new Error(`${key} is in two of the web's parts`);
      merged[key] = value;
    }
  return merged;
}

// What the API says, every language at once (the server preloads them; the build bundles them): the web's words for
// the contract's messages its pages show (`web`), and the server's own namespaces (ledger: the statement lines,
// written once in the agency's language; sandbox: the sandbox's hosted pay page; catalogue: the tour page's words its
// first HTML draws).
export const SERVER_RESOURCES = {
  en: {
    web: webParts(enCore, enWidgets, enBackOffice, enBackOfficeCatalogue, enBackOfficeDesk, enBackOfficeInsight),
    mail: enMail,
    documents: enDocuments,
    ledger: enLedger,
    sandbox: enSandbox,
    catalogue: enCatalogue,
  },
  ru: {
    web: webParts(ruCore, ruWidgets, ruBackOffice, ruBackOfficeCatalogue, ruBackOfficeDesk, ruBackOfficeInsight),
    mail: ruMail,
    documents: ruDocuments,
    ledger: ruLedger,
    sandbox: ruSandbox,
    catalogue: ruCatalogue,
  },
} as const satisfies Record<Language, Record<string, object>>;

export type ServerNamespace = keyof (typeof SERVER_RESOURCES)['en'];
// The keys the server's `t` takes, `namespace:dotted.key`: its own namespaces, and the web's core words (the home
// page's first HTML draws the web's hero); the rest of the web's words are read by message
export type ServerKey =
  | {
      [N in Exclude<ServerNamespace, 'web'>]: `${N}:${KeyOf<(typeof SERVER_RESOURCES)['en'][N]>}`;
    }[Exclude<ServerNamespace, 'web'>]
  | `web:${KeyOf<typeof enCore>}`;
