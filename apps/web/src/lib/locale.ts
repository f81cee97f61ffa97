import { useSyncExternalStore } from 'react';
import { currencyForLanguage } from '@portal/contract/plain';
import type { CurrencyCode, Language } from '@portal/contract';
import { LANGUAGE_STORAGE_KEY, ensureLanguageLoaded, i18n, readStoredLanguage } from './i18n';
import { inlineLayoutInfo } from './inline-layout-info';

// SPEC §3: a language option has an id (0-2), a label, a value (all, en, ru) and a short label.
export type LanguageOption = { id: 0 | 1 | 2; label: string; value: Language | 'all'; shortLabel: string };

export const LANGUAGE_OPTIONS: readonly LanguageOption[] = [
  { id: 0, label: 'All', value: 'all', shortLabel: 'ALL' },
  { id: 1, label: 'English', value: 'en', shortLabel: 'EN' },
  { id: 2, label: 'Русский', value: 'ru', shortLabel: 'RU' },
];

export type LocaleState = { language: Language; currency: CurrencyCode; isUserChoice: boolean };

const listeners = new Set<() => void>();
const stored = readStoredLanguage();
// the visitor's choice, else the site's language as the server wrote it into the page (what its first HTML is drawn
// in; a host name need not tell it: a Russian site on a domain of its own). A page without it (the dev server's
// index.html) starts in English, and the site's language applies when its layout info arrives (RootLayout).
let state: LocaleState = createState(stored ?? inlineLayoutInfo?.site.defaultLanguage ?? 'en', stored !== null);

function createState(language: Language, isUserChoice: boolean): LocaleState {
  // SPEC §4: currency resets with language (ru → usd, otherwise aed)
  return { language, currency: currencyForLanguage(language), isUserChoice };
}

let pending = 0;

async function apply(next: LocaleState) {
  const ticket = ++pending;
  try {
    await ensureLanguageLoaded(next.language);
  } catch {
    return;
  }
  if (ticket !== pending) return;
  state = next;
  await i18n.changeLanguage(next.language);
  if (typeof document !== 'undefined') document.documentElement.lang = next.language;
  for (const listener of listeners) listener();
}

// Resolves once the first language's texts are ready (main.tsx waits for it before the first render).
export const localeReady = apply(state);

export function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode); the choice still applies to this page
  }
  void apply(createState(language, true));
}

// The site's default language applies only until the user picks one.
export function applySiteDefaultLanguage(language: Language) {
  if (state.isUserChoice || state.language === language) return;
  void apply(createState(language, false));
}

export function getLocale(): LocaleState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale(): LocaleState {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}
