import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidRef } from './columns.ts';
import { agencyOwned, users } from './accounts.ts';

// An agency's key for the reseller API (issue 30, OCTO at /octo/v1). The secret is shown once at creation; only its
// SHA-256 is kept (a key is 32 random bytes: a slow hash adds nothing against guessing). `prefix` is what the pages
// show afterwards. The key acts as `user_id` (the admin who created it: the bookings' "booked by", their spending
// cap) with the rights of `role`. Revoked keys stay for the bookings and the audit that name them.
export const apiKeys = pgTable(
  'api_keys',
  {
    ...agencyOwned(),
    userId: uuidRef('user_id', () => users.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    role: text('role', { enum: ['senior', 'junior'] })
      .notNull()
      .default('senior'),
    // a test key (issue 30): its bookings follow the same rules and answers but take no real stock and move no real
    // money (the agency's test balance), are never sent to operations and are kept apart from the real ones
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
    index('api_keys_agency_idx').on(t.agencyId, t.createdAt),
    check('api_keys_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);
