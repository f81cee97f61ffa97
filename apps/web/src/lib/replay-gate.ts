import { getAuthState } from './session';

// Support replay (issue 31): who is recorded — an agency's agent, never an operator, never a visitor, never in the
// back office — and when the recorder's work runs: in the browser's idle time
export function canRecordHere(): boolean {
  const auth = getAuthState();
  return (
    auth.status === 'authenticated' &&
    auth.user.role !== 'operator' &&
    auth.user.agencyId !== null &&
    !window.location.pathname.startsWith('/admin')
  );
}

// Safari has no requestIdleCallback: a short timer then
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3_000 });
  else setTimeout(run, 200);
}
