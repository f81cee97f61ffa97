import { MESSAGES, UPLOAD_LIMIT_BYTES, unsupportedFormatMessage } from '@portal/contract';

// SPEC §5: documents are PDF, JPG or PNG up to 5 MB. The file picker offers these; the server checks the bytes again.
export const ACCEPTED_UPLOAD_TYPES = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
const ALLOWED_MIME = new Set(['application/pdf', 'image/jpeg', 'image/png']);
const ALLOWED_EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

// What is wrong with a chosen file before it is sent (the contract's words), or null
export function fileProblem(file: File): string | null {
  if (file.size > UPLOAD_LIMIT_BYTES) return MESSAGES.fileTooLarge;
  const isAllowedType = file.type ? ALLOWED_MIME.has(file.type) : ALLOWED_EXTENSIONS.test(file.name);
  if (!isAllowedType || !ALLOWED_EXTENSIONS.test(file.name)) return unsupportedFormatMessage;
  return null;
}
