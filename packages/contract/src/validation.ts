import { z } from 'zod';
import { MESSAGES } from './errors.ts';

// SPEC §5: letters and spaces only, not blank
export const NAME_PATTERN = /^[\p{L}][\p{L} ]*$/u;
// SPEC §5: a standard pattern plus a looser second one (kept for legacy addresses, e.g. with + tags and long TLDs)
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const EMAIL_LOOSE_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value) && EMAIL_LOOSE_PATTERN.test(value);
}

export const PersonName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(100)
  .regex(NAME_PATTERN, MESSAGES.nameLettersOnly);

export const Email = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(254)
  .refine(isValidEmail, MESSAGES.invalidEmail)
  .transform((v) => v.toLowerCase());

export const Phone = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .regex(PHONE_PATTERN, 'Enter a valid phone number');

// The same fields where a form may leave them empty: '' then, checked only when filled in
export const OptionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || isValidEmail(v), MESSAGES.invalidEmail)
  .transform((v) => v.toLowerCase())
  .default('');
export const optionalPhone = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), message)
    .default('');

export const NewPassword = z.string({ error: MESSAGES.required }).min(10, MESSAGES.passwordTooWeak).max(200);

export const RequiredText = (max = 200) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max);
