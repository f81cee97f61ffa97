import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';

// The first message of a failed call, for an alert beside the action
export function firstMessage(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && error.items[0]) return translateMessage(error.items[0].errorMessage);
  return error instanceof Error ? error.message : String(error);
}
