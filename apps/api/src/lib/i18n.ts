import { createInstance } from 'i18next';
import type { Language } from '@portal/contract';
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
export type Translate<N extends Exclude<ServerNamespace, 'core'>> = (
  key: KeyIn<N>,
  values?: TranslationValues,
) => string;

// `t` for one language and namespace, for a document that asks for many of its words
export function translator<N extends Exclude<ServerNamespace, 'core'>>(language: Language, namespace: N): Translate<N> {
  // `${namespace}:${key}` is a ServerKey by KeyIn's construction
  return (key, values) => t(language, `${namespace}:${key}` as ServerKey, values);
}

// A contract message (English, as the server writes it) in a language: the words the web shows for it, kept in the
// core part under its group's key, so a message has one wording wherever it shows. `own`: a page's own messages,
// which the contract does not hold, in that language by their English. The message as it is when neither has it.
let messageKeys: Map<string, string> | null = null;
function keysOfMessages(): Map<string, string> {
  if (!messageKeys) {
    messageKeys = new Map();
    collectTexts(SERVER_RESOURCES.en.core, '', messageKeys);
  }
  return messageKeys;
}

type Tree = { readonly [key: string]: unknown };
function collectTexts(tree: Tree, prefix: string, into: Map<string, string>): void {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(value, `${prefix}${key}`);
    else if (value && typeof value === 'object') collectTexts(value as Tree, `${prefix}${key}.`, into);
  }
}

export function translateMessage(
  language: Language,
  message: string,
  own: Readonly<Record<string, string>> = {},
): string {
  if (Object.hasOwn(own, message)) return own[message] ?? message;
  if (language === 'en') return message;
  const key = keysOfMessages().get(message);
  return key === undefined ? message : i18n.t(`core:${key}`, { lng: language });
}
