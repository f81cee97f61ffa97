import { z } from 'zod';

export const ErrorItem = z.object({ fieldName: z.string(), errorMessage: z.string() });
export type ErrorItem = z.infer<typeof ErrorItem>;
export const ValidationErrorBody = z.array(ErrorItem);

// Every message the spec quotes, word for word (SPEC §5, §8). Russian translations live in the web locales.
export const MESSAGES = {
  loginIncorrect: 'Username or Password is incorrect',
  maintenance: 'Server is under maintenance',
  fileTooLarge: 'File is too large. Maximum size is 5MB.',
  validation: 'Validation error',
  companyForm: 'Check that the fields are filled in correctly',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  notFound: 'Not found',
  unauthorized: 'Unauthorized',
  forbidden: 'You do not have permission to do this',
  internal: 'Something went wrong on our side. Please try again.',
  required: 'This field is required',
  nameLettersOnly: 'Name must contain letters and spaces only',
  invalidEmail: 'Enter a valid email address',
  termsRequired: 'You must accept the terms of use',
  tradeLicenceRequired: 'Trade licence is required',
  emailTaken: 'An account with this email already exists',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  currentPasswordWrong: 'Current password is incorrect',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooWeak: 'Password must be at least 10 characters',
} as const;

export const ALLOWED_UPLOAD_FORMATS = ['PDF', 'JPG', 'PNG'] as const;
export const unsupportedFormatMessage = `Unsupported file format. Allowed formats: ${ALLOWED_UPLOAD_FORMATS.join(', ')}.`;
