import type { FastifyRequest } from 'fastify';
import type { ErrorItem, SignupFields as SignupFieldsType } from '@portal/contract';
import { MESSAGES, SIGNUP_FILE_FIELDS, SignupFields, unsupportedFormatMessage } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { detectFileType } from '../../lib/file-type.ts';
import { checkInput } from '../../lib/input-guard.ts';
import { issuesToItems } from '../../lib/route.ts';
import type { SignupFile } from './account.service.ts';

type RawFile = { data: Buffer; filename: string; truncated: boolean };
type FileField = (typeof SIGNUP_FILE_FIELDS)[number];

function isFileField(name: string): name is FileField {
  return (SIGNUP_FILE_FIELDS as readonly string[]).includes(name);
}

function checkFile(field: FileField, raw: RawFile | undefined, errors: ErrorItem[]): SignupFile | null {
  if (!raw) return null;
  if (raw.truncated) {
    errors.push({ fieldName: field, errorMessage: MESSAGES.fileTooLarge });
    return null;
  }
  const type = detectFileType(raw.data);
  if (!type) {
    errors.push({ fieldName: field, errorMessage: unsupportedFormatMessage });
    return null;
  }
  return { data: raw.data, filename: raw.filename || `${field}.${type.extension}`, type };
}

// Reads the whole multipart form, then reports every problem at once (fields and files) as one 422.
export async function readSignupForm(request: FastifyRequest): Promise<{
  fields: SignupFieldsType;
  uploads: { tradeLicense: SignupFile; vatCertificate: SignupFile | null };
}> {
  const values: Record<string, string> = {};
  const rawFiles: Partial<Record<FileField, RawFile>> = {};
  // a form the multipart parser cannot read (no boundary, cut off) is the sender's mistake: 422, not a 500
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!isFileField(part.fieldname) || rawFiles[part.fieldname]) continue;
        if (data.length === 0 && !part.filename) continue;
        rawFiles[part.fieldname] = { data, filename: part.filename, truncated: part.file.truncated };
      } else if (typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw AppError.field('body', MESSAGES.malformedBody);
  }
  const errors: ErrorItem[] = [];
  const refused = checkInput(values, 'body');
  if (refused) throw AppError.validation([refused]);
  const parsed = SignupFields.safeParse(values);
  if (!parsed.success) errors.push(...issuesToItems(parsed.error.issues, 'body'));
  const tradeLicense = checkFile('tradeLicense', rawFiles.tradeLicense, errors);
  if (!rawFiles.tradeLicense) errors.push({ fieldName: 'tradeLicense', errorMessage: MESSAGES.tradeLicenceRequired });
  const vatCertificate = checkFile('vatCertificate', rawFiles.vatCertificate, errors);
  if (!parsed.success || !tradeLicense || errors.length > 0) throw AppError.validation(errors);
  return { fields: parsed.data, uploads: { tradeLicense, vatCertificate } };
}
