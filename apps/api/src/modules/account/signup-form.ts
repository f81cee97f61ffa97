import type { FastifyRequest } from 'fastify';
import type { ErrorItem, SignupFields as SignupFieldsType } from '@portal/contract';
import { MESSAGES, SIGNUP_FILE_FIELDS, SignupFields } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { checkInput } from '../../lib/input-guard.ts';
import { issuesToItems } from '../../lib/route.ts';
import { checkUpload, readMultipartForm, type RawUpload } from '../../lib/upload.ts';
import type { SignupFile } from './account.service.ts';

type FileField = (typeof SIGNUP_FILE_FIELDS)[number];

function checkFile(field: FileField, raw: RawUpload | undefined, errors: ErrorItem[]): SignupFile | null {
  if (!raw) return null;
  const checked = checkUpload(field, raw);
  if (checked.error) errors.push(checked.error);
  return checked.upload;
}

// Reads the whole multipart form, then reports every problem at once (fields and files) as one 422.
export async function readSignupForm(request: FastifyRequest): Promise<{
  fields: SignupFieldsType;
  uploads: { tradeLicense: SignupFile; vatCertificate: SignupFile | null };
}> {
  const { values, files: rawFiles } = await readMultipartForm(request, SIGNUP_FILE_FIELDS);
  const errors: ErrorItem[] = [];
  const refused = checkInput(values, 'body');
  if (refused) throw AppError.validation([refused]);
  const parsed = SignupFields.safeParse(values, { reportInput: true });
  if (!parsed.success) errors.push(...issuesToItems(parsed.error.issues, 'body'));
  const tradeLicense = checkFile('tradeLicense', rawFiles.tradeLicense, errors);
  if (!rawFiles.tradeLicense) errors.push({ fieldName: 'tradeLicense', errorMessage: MESSAGES.tradeLicenceRequired });
  const vatCertificate = checkFile('vatCertificate', rawFiles.vatCertificate, errors);
  if (!parsed.success || !tradeLicense || errors.length > 0) throw AppError.validation(errors);
  return { fields: parsed.data, uploads: { tradeLicense, vatCertificate } };
}
