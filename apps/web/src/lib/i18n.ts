import {
  Fragment,
  cloneElement,
  createElement,
  isValidElement,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { findMessage } from '@portal/i18n/messages';
import type { Language } from '@portal/contract';
import { LANGUAGE_STORAGE_KEY } from '@portal/contract/plain';
import type { WebPart } from '@portal/i18n';
import enCore from '@portal/i18n/locales/en/core.json';
import { Translator, type TFunction, type TOptions } from './translator';

export type { TFunction, TOptions };

export { LANGUAGE_STORAGE_KEY };
export const SUPPORTED_LANGUAGES: readonly Language[] = ['en', 'ru'];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ru';
}

export function readStoredLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

// a key found in no loaded language (a typo, or a page that did not ask for its locale part) is shown raw: say so
// where a developer and the browser tests look
const i18n = new Translator('en', 'en', (key) => console.error(`Missing translation: ${key}`));
i18n.addResourceBundle('en', 'translation', enCore);

// Texts come in parts (packages/i18n, shared with the API) that load with the code that shows them, like the pages
// themselves: the core (layout, home, login, messages) with the first page, the others with their routes. English core
// ships with the entry chunk (it is also the fallback); everything else loads on demand, in the language on screen.
export type LocalePart = WebPart;
type Resources = { default: Record<string, unknown> };

const loaders: Record<Language, Record<LocalePart, () => Promise<Resources>>> = {
  en: {
    core: async () => ({ default: enCore }),
    auth: () => import('@portal/i18n/locales/en/auth.json'),
    account: () => import('@portal/i18n/locales/en/account.json'),
    catalogue: () => import('@portal/i18n/locales/en/catalogue.json'),
    bookings: () => import('@portal/i18n/locales/en/bookings.json'),
    balance: () => import('@portal/i18n/locales/en/balance.json'),
    commissions: () => import('@portal/i18n/locales/en/commissions.json'),
    company: () => import('@portal/i18n/locales/en/company.json'),
    agents: () => import('@portal/i18n/locales/en/agents.json'),
    widgets: () => import('@portal/i18n/locales/en/widgets.json'),
    backOffice: () => import('@portal/i18n/locales/en/back-office.json'),
    backOfficeCatalogue: () => import('@portal/i18n/locales/en/back-office-catalogue.json'),
    backOfficeDesk: () => import('@portal/i18n/locales/en/back-office-desk.json'),
    backOfficeInsight: () => import('@portal/i18n/locales/en/back-office-insight.json'),
  },
  ru: {
    core: () => import('@portal/i18n/locales/ru/core.json'),
    auth: () => import('@portal/i18n/locales/ru/auth.json'),
    account: () => import('@portal/i18n/locales/ru/account.json'),
    catalogue: () => import('@portal/i18n/locales/ru/catalogue.json'),
    bookings: () => import('@portal/i18n/locales/ru/bookings.json'),
    balance: () => import('@portal/i18n/locales/ru/balance.json'),
    commissions: () => import('@portal/i18n/locales/ru/commissions.json'),
    company: () => import('@portal/i18n/locales/ru/company.json'),
    agents: () => import('@portal/i18n/locales/ru/agents.json'),
    widgets: () => import('@portal/i18n/locales/ru/widgets.json'),
    backOffice: () => import('@portal/i18n/locales/ru/back-office.json'),
    backOfficeCatalogue: () => import('@portal/i18n/locales/ru/back-office-catalogue.json'),
    backOfficeDesk: () => import('@portal/i18n/locales/ru/back-office-desk.json'),
    backOfficeInsight: () => import('@portal/i18n/locales/ru/back-office-insight.json'),
  },
};

// The parts some page has asked for: a language switch loads them all in the new language before it applies.
const wantedParts = new Set<LocalePart>(['core']);
const loadedParts = new Map<string, Promise<void>>([['en:core', Promise.resolve()]]);

function ensurePart(language: Language, part: LocalePart): Promise<void> {
  const id = `${language}:${part}`;
  let loading = loadedParts.get(id);
  if (!loading) {
    loading = loaders[language][part]().then(({ default: resources }) => {
      i18n.addResourceBundle(language, 'translation', resources);
    });
    // a failed download (offline, new deployment) is tried again by the next page or language switch that needs it
    loading.catch(() => loadedParts.delete(id));
    loadedParts.set(id, loading);
  }
  return loading;
}

export async function ensureLanguageLoaded(language: Language): Promise<void> {
  // a page may ask for another part while these load: go round until every wanted part is there
  for (;;) {
    const parts = [...wantedParts];
    await Promise.all(parts.map((part) => ensurePart(language, part)));
    if (parts.length === wantedParts.size) return;
  }
}

// Called by a route before it renders: its texts in the language on screen.
export async function loadLocaleParts(parts: readonly LocalePart[]): Promise<void> {
  for (const part of parts) wantedParts.add(part);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  await Promise.all(parts.map((part) => ensurePart(language, part)));
}

// Server and contract messages are English (SPEC quotes); packages/i18n/src/messages.ts finds each one's words (a
// template with the values it was written with), in the part of the pages that show it. A text that is no contract
// message, or whose part this page has not loaded, is shown as it came.
export function translateMessage(message: string): string {
  const found = findMessage(message);
  return found && i18n.exists(found.key) ? i18n.t(found.key, found.values) : message;
}

export { i18n };

// The words of a namespace ('translation' unless named) in the language on screen; the component draws again when
// the language changes or a part of its words arrives
export function useTranslation(ns?: string): { t: TFunction; i18n: Translator } {
  const version = useSyncExternalStore(i18n.subscribe, i18n.getVersion);
  // a new `t` whenever the words change (the version), so memoised components that take it draw again
  const t = useMemo<TFunction>(
    () => (key, options) => i18n.t(key, ns ? { ns, ...options } : options),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the version is the point: it changes with the words
    [ns, version],
  );
  return { t, i18n };
}

type TransProps = { i18nKey: string; values?: TOptions; components?: Record<string, ReactElement> };

// A text with marked-up parts, `<name>…</name>`, each drawn by the element of that name (a link, <strong>)
export function Trans({ i18nKey, values, components = {} }: TransProps): ReactNode {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>([\s\S]*?)<\/\1>/g)) {
    const [whole, name = '', inner = ''] = match;
    parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(isValidElement(element) ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}
