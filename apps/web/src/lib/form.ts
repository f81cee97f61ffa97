import type { ReactNode } from 'react';
import type { z } from 'zod';
import { i18n, translateMessage } from './i18n';
import { isApiError, markFieldShown } from './api-client';

type FormWithErrors = {
  setFieldError: (path: string, error: ReactNode) => void;
  getInputNode: (path: string) => HTMLElement | null;
};

// Puts the server's 422 items ({ fieldName, errorMessage }) onto the Mantine form's fields. A field with an input on
// screen shows its message there, so the toast leaves it out; the rest still reach the agent as a toast.
export function applyServerErrors(form: FormWithErrors, error: unknown): boolean {
  if (!isApiError(error) || error.items.length === 0) return false;
  for (const item of error.items) {
    form.setFieldError(item.fieldName, translateMessage(item.errorMessage));
    if (form.getInputNode(item.fieldName)) markFieldShown(error, item.fieldName);
  }
  return true;
}

// For an input outside a Mantine form: the translated message of one field, now shown there (and not toasted).
export function takeFieldError(error: unknown, fieldName: string): string | null {
  if (!isApiError(error)) return null;
  const item = error.items.find((candidate) => candidate.fieldName === fieldName);
  if (!item) return null;
  markFieldShown(error, fieldName);
  return translateMessage(item.errorMessage);
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number')
    return i18n.t('messages.tooLong', { max: issue.maximum });
  return translateMessage(issue.message);
}

// Client validation with the contract's own schema pieces; messages are translated like the server's.
export function zodValidate(schema: z.ZodType) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = issueMessage(issue);
    }
    return errors;
  };
}
