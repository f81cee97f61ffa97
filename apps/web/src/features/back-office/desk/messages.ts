import type { TFunction } from 'i18next';
import { DESK_MESSAGES } from '@portal/contract';
import { translateMessage } from '@/lib/i18n';

const KEYS = new Map<string, string>(Object.entries(DESK_MESSAGES).map(([key, message]) => [message, key]));

// The desk's server messages (or one named by its key) in the language on screen; others as every page shows them
export function deskMessage(t: TFunction, messageOrKey: string): string {
  const key = KEYS.get(messageOrKey) ?? (messageOrKey in DESK_MESSAGES ? messageOrKey : null);
  return key ? t(`boDesk.messages.${key}`) : translateMessage(messageOrKey);
}
