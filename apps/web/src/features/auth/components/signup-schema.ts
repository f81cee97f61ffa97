import { z } from 'zod';
import { DateOnly, MESSAGES, SignupFields, UPLOAD_LIMIT_BYTES, unsupportedFormatMessage } from '@portal/contract';
import type { Language } from '@portal/contract';

export const ACCEPTED_UPLOAD_TYPES = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
const ALLOWED_MIME = new Set(['application/pdf', 'image/jpeg', 'image/png']);
const ALLOWED_EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

// SPEC §5: PDF/JPG/PNG up to 5MB; the server checks the magic bytes again.
export function fileProblem(file: File): string | null {
  if (file.size > UPLOAD_LIMIT_BYTES) return MESSAGES.fileTooLarge;
  const isAllowedType = file.type ? ALLOWED_MIME.has(file.type) : ALLOWED_EXTENSIONS.test(file.name);
  if (!isAllowedType || !ALLOWED_EXTENSIONS.test(file.name)) return unsupportedFormatMessage;
  return null;
}

const uploadedFile = (isRequired: boolean) =>
  z
    .custom<File | null>((value) => value === null || value instanceof File)
    .superRefine((file, ctx) => {
      if (!file) {
        if (isRequired) ctx.addIssue({ code: 'custom', message: MESSAGES.tradeLicenceRequired });
        return;
      }
      const problem = fileProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

// The server's multipart schema, with the checkbox and the two files as the form holds them.
export const SignupFormSchema = SignupFields.omit({ acceptTerms: true, language: true }).extend({
  tradeLicenseExpiry: z.string().trim().min(1, MESSAGES.required).pipe(DateOnly),
  acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }),
  tradeLicense: uploadedFile(true),
  vatCertificate: uploadedFile(false),
});

export type SignupFormValues = {
  companyName: string;
  tradeLicenseNumber: string;
  tradeLicenseExpiry: string;
  trnNumber: string;
  address: string;
  country: string;
  city: string;
  name: string;
  jobTitle: string;
  email: string;
  phone: string;
  acceptTerms: boolean;
  tradeLicense: File | null;
  vatCertificate: File | null;
};

export const initialSignupValues: SignupFormValues = {
  companyName: '',
  tradeLicenseNumber: '',
  tradeLicenseExpiry: '',
  trnNumber: '',
  address: '',
  country: '',
  city: '',
  name: '',
  jobTitle: '',
  email: '',
  phone: '',
  acceptTerms: false,
  tradeLicense: null,
  vatCertificate: null,
};

export function toSignupFormData(values: SignupFormValues, language: Language): FormData {
  const { tradeLicense, vatCertificate, acceptTerms: _acceptTerms, ...text } = values;
  const fields = SignupFields.parse({ ...text, language, acceptTerms: 'true' });
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') data.append(key, String(value));
  }
  if (tradeLicense) data.append('tradeLicense', tradeLicense, tradeLicense.name);
  if (vatCertificate) data.append('vatCertificate', vatCertificate, vatCertificate.name);
  return data;
}
