import { createInstance } from 'i18next';
import type { Language } from '@portal/contract';
import { findMessage } from '@portal/i18n/messages';
import { SERVER_RESOURCES, type ServerKey, type ServerNamespace } from '@portal/i18n/server';

export type TranslationValues = Record<string, string | number>;

// The server's one i18next instance over the shared words (packages/i18n): every language preloaded, so it is ready
// when this module has run and `t` never waits. Plain text out: mails, PDFs and sheets take the words as they are,
// and a server-rendered page escapes what it inserts (lib/html.ts).
const i18n = createInstance({
  resources: SERVER_RESOURCES,
  ns: Object.keys(SERVER_RESOURCES.en),
  supportedLngs: ['en', 'ru'],
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
void i18n.init();

// `values` fill the text's {{placeholders}}; `count` also picks the plural form
export function t(language: Language, key: ServerKey, values: TranslationValues = {}): string {
  return i18n.t(key, { ...values, lng: language });
}

type KeyIn<N extends string> = ServerKey extends infer K ? (K extends `${N}:${infer Rest}` ? Rest : never) : never;
export type Translate<N extends Exclude<ServerNamespace, 'web'>> = (
  key: KeyIn<N>,
  values?: TranslationValues,
) => string;

// `t` for one language and namespace, for a document that asks for many of its words
export function translator<N extends Exclude<ServerNamespace, 'web'>>(language: Language, namespace: N): Translate<N> {
  // `${namespace}:${key}` is a ServerKey by KeyIn's construction
  return (key, values) => t(language, `${namespace}:${key}` as ServerKey, values);
}

// A contract message (English, as the server writes it; a template with its values) in a language: the words the web
// shows for it (packages/i18n/src/messages.ts finds its key), so a message has one wording wherever it shows. A text
// that is no contract message (a provider's own words) comes back as it is, and so does English (the contract's own).
export function translateMessage(language: Language, message: string): string {
  const found = language === 'en' ? null : findMessage(message);
  return found ? i18n.t(found.key, { ...found.values, ns: 'web', lng: language }) : message;
}
