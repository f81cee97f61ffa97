import { z } from 'zod';
import { CurrencyCode } from './common.ts';
import { ADMIN_ONLY, OPERATOR_ONLY, defineRoute } from './define-route.ts';
import { MESSAGES } from './errors.ts';
import { API_KEY_MESSAGES, FIELD_MESSAGES } from './messages.ts';
export { API_KEY_MESSAGES } from './messages.ts';

// Issue 30: an agency's keys for the reseller API (OCTO at /octo/v1). Admins of agencies the tours company allowed
// (agencies.is_api_allowed) create a named key and see its secret once; afterwards only its prefix.
export const MAX_ACTIVE_API_KEYS = 20;
// what a secret starts with: the prefix shown afterwards is this plus the secret's first 8 characters
export const API_KEY_SECRET_PREFIX = 'gfk_';

export const ApiKeyRole = z.enum(['senior', 'junior']);
export type ApiKeyRole = z.infer<typeof ApiKeyRole>;

export const CreateApiKeyBody = z.object({
  name: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(60, FIELD_MESSAGES.nameTooLong),
  role: ApiKeyRole.optional().default('senior'),
  // a test key: the same rules and answers, no real stock or money (the agency's test balance)
  isTest: z.boolean().optional().default(false),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  role: ApiKeyRole,
  isTest: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;
// the only answer that carries the secret
export const CreatedApiKey = ApiKey.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
// what test keys pay with (major units of the agency's currency); a refill sets it to TEST_BALANCE_REFILL
export const TestBalance = z.object({ amount: z.number(), currencyCode: CurrencyCode });
export type TestBalance = z.infer<typeof TestBalance>;
export const TEST_BALANCE_REFILL_MINOR = 1_000_000;
export const ApiKeyListResponse = z.object({ keys: z.array(ApiKey), baseUrl: z.string(), testBalance: TestBalance });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;
export const ApiKeyParams = z.object({ id: z.uuid({ error: API_KEY_MESSAGES.unknownKey }) });
export const AgencyApiKeyParams = z.object({
  id: z.uuid({ error: 'Unknown agency' }),
  keyId: z.uuid({ error: API_KEY_MESSAGES.unknownKey }),
});
export const AgencyApiKeysResponse = z.object({ keys: z.array(ApiKey) });

const tags = ['API keys'] as const;
export const apiKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/b2b/api-keys',
    summary: "The agency's API keys for the reseller API (admins of agencies allowed to use it)",
    tags,
    access: ADMIN_ONLY,
    response: ApiKeyListResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/b2b/api-keys',
    summary: 'Create a key; the answer is the only time its secret is sent',
    tags,
    access: ADMIN_ONLY,
    body: CreateApiKeyBody,
    response: CreatedApiKey,
  }),
  refillTestBalance: defineRoute({
    method: 'POST',
    path: '/b2b/api-keys/test-balance',
    summary: 'Refill the test balance test keys pay with (to 10,000.00 in the account currency); no real money',
    tags,
    access: ADMIN_ONLY,
    response: TestBalance,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/b2b/api-keys/{id}',
    summary: 'Revoke a key: the next call with it is answered 401 on every node',
    tags,
    access: ADMIN_ONLY,
    params: ApiKeyParams,
    response: ApiKey,
  }),
  // the tours company's operator: every agency's keys, and revoking any of them
  agencyKeys: defineRoute({
    method: 'GET',
    path: '/admin/agencies/{id}/api-keys',
    summary: "An agency's API keys (operators)",
    tags,
    access: OPERATOR_ONLY,
    params: z.object({ id: z.uuid({ error: 'Unknown agency' }) }),
    response: AgencyApiKeysResponse,
  }),
  revokeAgencyKey: defineRoute({
    method: 'DELETE',
    path: '/admin/agencies/{id}/api-keys/{keyId}',
    summary: "Revoke an agency's API key (operators)",
    tags,
    access: OPERATOR_ONLY,
    params: AgencyApiKeyParams,
    response: ApiKey,
  }),
};
