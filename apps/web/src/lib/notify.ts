import { notifications } from '@mantine/notifications';

type NotifyKind = 'success' | 'error' | 'info';

const COLORS: Record<NotifyKind, string> = { success: 'teal', error: 'red', info: 'brand' };
const DEDUPE_WINDOW_MS = 3000;
const recent = new Map<string, number>();

// The toast container (components/toaster.tsx, @mantine/notifications' component and styles) mounts with the first
// toast: a page that shows none never loads it. Toasts shown before it mounts wait in Mantine's store.
let toastShown = false;
const toastListeners = new Set<() => void>();
export const toastsWanted = () => toastShown;
export function subscribeToToasts(listener: () => void): () => void {
  toastListeners.add(listener);
  return () => toastListeners.delete(listener);
}

// The only way the app shows toasts (top-right, auto-close 5000 ms are set on <Notifications />).
function show(kind: NotifyKind, message: string, title?: string) {
  const key = `${kind}:${title ?? ''}:${message}`;
  const now = Date.now();
  const last = recent.get(key);
  if (last !== undefined && now - last < DEDUPE_WINDOW_MS) return;
  recent.set(key, now);
  if (!toastShown) {
    toastShown = true;
    for (const listener of toastListeners) listener();
  }
  notifications.show({
    color: COLORS[kind],
    title,
    message,
    style: { whiteSpace: 'pre-line' },
  });
}

export const notify = {
  success: (message: string, title?: string) => show('success', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  info: (message: string, title?: string) => show('info', message, title),
};

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-right' as const;
