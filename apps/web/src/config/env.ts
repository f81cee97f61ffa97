import type { Language } from '@portal/contract';

// SPEC §7: the API host is chosen by host name; a partner (white-label) host may have its own API.
const API_BASE_BY_HOST: Record<string, string> = {
  'partner.localhost': '/api',
};

const DEFAULT_API_BASE = '/api';
const FALLBACK_SUPPORT_PHONE = '+971 4 555 0100';

function currentHostname(): string {
  return typeof window === 'undefined' ? 'localhost' : window.location.hostname.toLowerCase();
}

export function resolveApiBase(hostname: string): string {
  const override = import.meta.env.VITE_API_BASE;
  if (override) return override.replace(/\/$/, '');
  return (API_BASE_BY_HOST[hostname] ?? DEFAULT_API_BASE).replace(/\/$/, '');
}

// The language of a page without the server's layout info in it (the dev server's index.html): the served page
// names its site's own language (lib/locale.ts), which a host name need not tell (a Russian site on its own domain).
export function guessLanguageForHost(hostname: string): Language {
  return hostname === 'ru' || hostname.startsWith('ru.') ? 'ru' : 'en';
}

const hostname = currentHostname();

export const env = {
  hostname,
  apiBase: resolveApiBase(hostname),
  hostLanguage: guessLanguageForHost(hostname),
  supportPhone: import.meta.env.VITE_SUPPORT_PHONE ?? FALLBACK_SUPPORT_PHONE,
  isDevHost:
    import.meta.env.DEV || hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1',
} as const;
