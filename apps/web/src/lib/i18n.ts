import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BOOKING_MESSAGES, CATALOGUE_MESSAGES, MESSAGES, unsupportedFormatMessage } from '@portal/contract/plain';
import type { Language } from '@portal/contract';
import en from '@/locales/en.json';

export const LANGUAGE_STORAGE_KEY = 'language';
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

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: SUPPORTED_LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

// English ships with the entry chunk (it is also the fallback); other languages load on demand.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  ru: () => import('@/locales/ru.json'),
};

export async function ensureLanguageLoaded(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const { default: resources } = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', resources, true, true);
}

// Server and contract messages are English (SPEC quotes); their Russian twins live in the locale files.
const MESSAGE_KEYS = new Map<string, string>([
  ...Object.entries(MESSAGES).map(([key, value]): [string, string] => [value, `messages.${key}`]),
  ...Object.entries(CATALOGUE_MESSAGES)
    .filter(([key]) => key !== 'dateFormat')
    .map(([key, value]): [string, string] => [value, `catalogueMessages.${key}`]),
  ...Object.entries(BOOKING_MESSAGES).map(([key, value]): [string, string] => [value, `bookingMessages.${key}`]),
  [unsupportedFormatMessage, 'messages.unsupportedFormat'],
  ['TRN must contain digits only', 'messages.trnDigits'],
  ['Enter a valid phone number', 'messages.invalidPhone'],
  ['Use the format yyyy-MM-dd', 'messages.dateFormat'],
  ['Error', 'messages.error'],
]);

export function translateMessage(message: string): string {
  const key = MESSAGE_KEYS.get(message);
  return key ? i18n.t(key) : message;
}

export { i18n };
