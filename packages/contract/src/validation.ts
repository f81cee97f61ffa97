import { z } from 'zod';
import { MESSAGES } from './errors.ts';

// SPEC §5: letters and spaces only, not blank
export const NAME_PATTERN = /^[\p{L}][\p{L} ]*$/u;
// SPEC §5: a standard pattern plus a looser second one (kept for legacy addresses, e.g. with + tags and long TLDs)
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const EMAIL_LOOSE_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number');

export const NewPassword = z.string({ error: MESSAGES.required }).min(10, MESSAGES.passwordTooWeak).max(200);

export const RequiredText = (max = 200) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max);
