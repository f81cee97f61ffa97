import { z } from 'zod';

export const ErrorItem = z.object({ fieldName: z.string(), errorMessage: z.string() });
export type ErrorItem = z.infer<typeof ErrorItem>;
export const ValidationErrorBody = z.array(ErrorItem);

export {
  ALLOWED_UPLOAD_FORMATS,
  FIELD_MESSAGES,
  MESSAGES,
  SANDBOX_CARD_MESSAGES,
  fillTemplate,
  readSpendingCapMessage,
  readTemplate,
  spendingCapMessage,
  unsupportedFormatMessage,
} from './messages.ts';
