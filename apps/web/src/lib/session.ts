import { useSyncExternalStore } from 'react';
import type { Role, SessionClaims, SiteKind } from '@portal/contract';
import { ACCESS_TOKEN_STORAGE_KEY } from '@portal/contract/plain';

export const TOKEN_KEY = ACCESS_TOKEN_STORAGE_KEY;

export type SessionUser = SessionClaims & { isCreditCardTopupAllowed: number };

export type AuthState =
  | { status: 'loading' }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; token: string; user: SessionUser };

const MAX_TIMEOUT_MS = 2_147_483_647;

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const ROLES: readonly Role[] = ['admin', 'senior', 'junior', 'operator'];
const SITE_KINDS: readonly SiteKind[] = ['general', 'ru', 'partner'];

// The claims of SessionClaims, checked by hand: this runs before the first paint, without zod
function readClaims(value: unknown): SessionClaims | null {
  if (typeof value !== 'object' || value === null) return null;
  const c = value as Record<string, unknown>;
  const isString = (v: unknown): v is string => typeof v === 'string';
  const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!isString(c.sub) || !isString(c.email) || !isString(c.name) || !isString(c.phone)) return null;
  if (!ROLES.some((role) => role === c.role)) return null;
  if (c.agencyId !== null && !isString(c.agencyId)) return null;
  if (!isNumber(c.isWidgetsCreationAllowed) || !isNumber(c.exp)) return null;
  if (c.isCreditCardTopupAllowed !== undefined && !isNumber(c.isCreditCardTopupAllowed)) return null;
  if (c.isApiAllowed !== undefined && !isNumber(c.isApiAllowed)) return null;
  if (!isString(c.aud) && !(Array.isArray(c.aud) && c.aud.every(isString))) return null;
  const siteKind = SITE_KINDS.find((kind) => kind === c.siteKind);
  return {
    sub: c.sub,
    email: c.email,
    name: c.name,
    phone: c.phone,
    role: c.role as Role,
    agencyId: c.agencyId,
    isWidgetsCreationAllowed: c.isWidgetsCreationAllowed,
    isCreditCardTopupAllowed: c.isCreditCardTopupAllowed,
    isApiAllowed: c.isApiAllowed,
    ...(siteKind ? { siteKind } : {}),
    exp: c.exp,
    aud: c.aud,
  };
}

// SPEC §4: the token payload is decoded on the client (no signature check: the server verifies every call).
export function decodeToken(token: string): SessionUser | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = readClaims(JSON.parse(base64UrlDecode(payload)));
    if (!claims) return null;
    // SPEC §3: isCreditCardTopupAllowed defaults to 1 if absent
    return { ...claims, isCreditCardTopupAllowed: claims.isCreditCardTopupAllowed ?? 1 };
  } catch {
    return null;
  }
}

export function isExpired(user: SessionUser, nowMs: number = Date.now()): boolean {
  return user.exp * 1000 <= nowMs;
}

function safeStorage<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

let state: AuthState = { status: 'loading' };
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setState(next: AuthState) {
  state = next;
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  if (next.status === 'authenticated') {
    const delay = Math.min(next.user.exp * 1000 - Date.now(), MAX_TIMEOUT_MS);
    expiryTimer = setTimeout(() => loadSession(), Math.max(delay, 0));
  }
  for (const listener of listeners) listener();
}

// SPEC §4: used only if not expired, otherwise removed; a decode failure removes the token.
function readStoredSession(): AuthState {
  const token = safeStorage(() => localStorage.getItem(TOKEN_KEY), null);
  if (!token) return { status: 'unauthenticated' };
  const user = decodeToken(token);
  if (!user || isExpired(user)) {
    safeStorage(() => localStorage.removeItem(TOKEN_KEY), undefined);
    return { status: 'unauthenticated' };
  }
  return { status: 'authenticated', token, user };
}

export function loadSession(): AuthState {
  setState(readStoredSession());
  return state;
}

export function saveToken(token: string): boolean {
  const user = decodeToken(token);
  if (!user || isExpired(user)) return false;
  safeStorage(() => localStorage.setItem(TOKEN_KEY, token), undefined);
  setState({ status: 'authenticated', token, user });
  return true;
}

// SPEC §4: logout or a 401 clears the token and session storage.
export function clearSession() {
  safeStorage(() => localStorage.removeItem(TOKEN_KEY), undefined);
  safeStorage(() => sessionStorage.clear(), undefined);
  if (state.status !== 'unauthenticated') setState({ status: 'unauthenticated' });
}

// SPEC §6: protected calls send the bearer token from local storage.
export function getAccessToken(): string | null {
  return safeStorage(() => localStorage.getItem(TOKEN_KEY), null);
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) loadSession();
  });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeToSession, getAuthState, getAuthState);
}

export function useSessionUser(): SessionUser | null {
  const auth = useAuth();
  return auth.status === 'authenticated' ? auth.user : null;
}
