import { z } from 'zod';
import { MESSAGES } from './messages.ts';

export const Language = z.enum(['en', 'ru']);
export type Language = z.infer<typeof Language>;

export const CurrencyCode = z.enum(['aed', 'usd']);
export type CurrencyCode = z.infer<typeof CurrencyCode>;

export const AgencyStatus = z.enum(['pending', 'approved', 'suspended', 'rejected']);
export type AgencyStatus = z.infer<typeof AgencyStatus>;
export const AgentRole = z.enum(['admin', 'senior', 'junior']);
export type AgentRole = z.infer<typeof AgentRole>;

export const Role = z.enum(['admin', 'senior', 'junior', 'operator']);
export type Role = z.infer<typeof Role>;

export const AgentStatus = z.enum(['normal', 'emailNotVerified', 'deleted']);
export type AgentStatus = z.infer<typeof AgentStatus>;

export { AED_PER_USD, MIN_DATE, UPLOAD_LIMIT_BYTES, currencyForLanguage, isUuid } from './constants.ts';

// The database's integer ids stop at 2^31 − 1: a larger one is a 422 on its field, never a database error
export const MAX_DB_ID = 2_147_483_647;
export const DbId = z
  .number({ error: MESSAGES.required })
  .int(MESSAGES.idOutOfRange)
  .positive(MESSAGES.idOutOfRange)
  .max(MAX_DB_ID, MESSAGES.idOutOfRange);

export const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format yyyy-MM-dd');

// How many people a booking or a request is for, as every answer reports them
export const PeopleCounts = z.object({
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
});

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;
