import { isApiError, markFieldShown } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';

type FormWithErrors = {
  setFieldError: (path: string, error: string) => void;
  getInputNode: (path: string) => HTMLElement | null;
};

// A 422's items onto the form's fields (shown there, not toasted); false when the error is not a 422
export function applyCatalogueErrors(form: FormWithErrors, error: unknown): boolean {
  if (!isApiError(error) || error.items.length === 0) return false;
  for (const item of error.items) {
    form.setFieldError(item.fieldName, translateMessage(item.errorMessage));
    if (form.getInputNode(item.fieldName)) markFieldShown(error, item.fieldName);
  }
  return true;
}

// The first message of a failed call, for an alert beside the action
export function firstMessage(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && error.items[0]) return translateMessage(error.items[0].errorMessage);
  return error instanceof Error ? error.message : String(error);
}
