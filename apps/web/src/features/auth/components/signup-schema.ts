import { z } from 'zod';
import { DateOnly, MESSAGES, SignupFields } from '@portal/contract';
import type { Language } from '@portal/contract';
import { fileProblem } from '@/lib/upload-file';

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
