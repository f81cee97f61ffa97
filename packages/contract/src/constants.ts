// Constants and helpers without zod: the web app's first route loads these (see plain.ts)

// SPEC §9: fixed conversion and limits
export const AED_PER_USD = 3.65;
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
export const MIN_DATE = '2020-02-01';

// SPEC §4: currency resets with language
export function currencyForLanguage(language: 'en' | 'ru'): 'aed' | 'usd' {
  return language === 'ru' ? 'usd' : 'aed';
}
