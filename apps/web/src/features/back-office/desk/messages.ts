import type { TFunction } from '@/lib/i18n';
import { DESK_MESSAGES } from '@portal/contract';
import { translateMessage } from '@/lib/i18n';

// A desk message named by its key (the forms' own checks), or a server message, in the language on screen
export function deskMessage(t: TFunction, messageOrKey: string): string {
  return messageOrKey in DESK_MESSAGES ? t(`boDesk.messages.${messageOrKey}`) : translateMessage(messageOrKey);
}
