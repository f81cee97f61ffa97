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

const hostname = currentHostname();

export const env = {
  hostname,
  apiBase: resolveApiBase(hostname),
  supportPhone: import.meta.env.VITE_SUPPORT_PHONE ?? FALLBACK_SUPPORT_PHONE,
  isDevHost:
    import.meta.env.DEV || hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1',
} as const;
