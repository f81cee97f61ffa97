import type { TFunction } from 'i18next';
import { CATALOGUE_ADMIN_MESSAGES } from '@portal/contract';
import { isApiError, markFieldShown } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';

const KEYS = new Map<string, string>(
  Object.entries(CATALOGUE_ADMIN_MESSAGES).map(([key, message]) => [message, `boCatalogue.messages.${key}`]),
);
const STOCK = /^Stock cannot be lower than the (\d+) seats already sold or held on (.+)$/;

// The server's catalogue messages in the language on screen (the rest as every page translates them)
export function catalogueMessage(t: TFunction, message: string): string {
  const stock = STOCK.exec(message);
  if (stock) return t('boCatalogue.messages.stockBelowTaken', { taken: stock[1], slot: stock[2] });
  const key = KEYS.get(message);
  return key ? t(key) : translateMessage(message);
}

type FormWithErrors = {
  setFieldError: (path: string, error: string) => void;
  getInputNode: (path: string) => HTMLElement | null;
};

// A 422's items onto the form's fields (shown there, not toasted); false when the error is not a 422
export function applyCatalogueErrors(form: FormWithErrors, error: unknown, t: TFunction): boolean {
  if (!isApiError(error) || error.items.length === 0) return false;
  for (const item of error.items) {
    form.setFieldError(item.fieldName, catalogueMessage(t, item.errorMessage));
    if (form.getInputNode(item.fieldName)) markFieldShown(error, item.fieldName);
  }
  return true;
}

// The first message of a failed call, for an alert beside the action
export function firstMessage(t: TFunction, error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && error.items[0]) return catalogueMessage(t, error.items[0].errorMessage);
  return error instanceof Error ? error.message : String(error);
}
