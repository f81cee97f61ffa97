import type { TelemetryEvent } from '@portal/contract';
import { env } from '@/config/env';
import { getAuthState } from './session';

export const PAGE_VIEW_DELAY_MS = 500;

// SPEC §5: telemetry user and account ids carry no , ; = space or |
export function sanitizeTelemetryId(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const clean = value.replace(/[,;=|\s]/g, '');
  return clean || undefined;
}

function identity(): Pick<TelemetryEvent, 'userId' | 'accountId'> {
  const auth = getAuthState();
  if (auth.status !== 'authenticated') return {};
  return { userId: sanitizeTelemetryId(auth.user.email), accountId: sanitizeTelemetryId(auth.user.agencyId) };
}

function send(event: TelemetryEvent) {
  // Telemetry must never surface errors to the user, so it bypasses the api client's toasts.
  void fetch(`${env.apiBase}/telemetry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(event),
    keepalive: true,
  }).catch(() => undefined);
}

function clip(value: string | undefined, max: number): string | undefined {
  return value === undefined ? undefined : value.slice(0, max);
}

export function trackPageView(path: string) {
  send({ type: 'pageview', path: path.slice(0, 500), ...identity() });
}

export function reportError(error: unknown, componentStack?: string | null) {
  const err = error instanceof Error ? error : new Error(String(error));
  send({
    type: 'error',
    path: window.location.pathname.slice(0, 500),
    message: clip(err.message || err.name, 2000),
    stack: clip(err.stack, 8000),
    componentStack: clip(componentStack ?? undefined, 8000),
    ...identity(),
  });
}
