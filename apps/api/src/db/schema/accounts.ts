import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const agencies = pgTable(
  'agencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    tradeLicenseNumber: text('trade_license_number').notNull(),
    tradeLicenseExpiry: date('trade_license_expiry', { mode: 'string' }).notNull(),
    trnNumber: text('trn_number').notNull().default(''),
    address: text('address').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    currency: text('currency', { enum: ['aed', 'usd'] }).notNull(),
    language: text('language', { enum: ['en', 'ru'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'suspended'] })
      .notNull()
      .default('pending'),
    isWidgetsCreationAllowed: integer('is_widgets_creation_allowed').notNull().default(0),
    isCreditCardTopupAllowed: integer('is_credit_card_topup_allowed').notNull().default(1),
    tradeLicenseFileId: uuid('trade_license_file_id'),
    vatCertificateFileId: uuid('vat_certificate_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agencies_status_idx').on(t.status, t.createdAt)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // null for the tours company's operators
    agencyId: uuid('agency_id').references(() => agencies.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    role: text('role', { enum: ['admin', 'senior', 'junior', 'operator'] }).notNull(),
    status: text('status', { enum: ['normal', 'emailNotVerified', 'deleted'] })
      .notNull()
      .default('normal'),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_agency_idx').on(t.agencyId),
    check('users_operator_has_no_agency', sql`(${t.role} = 'operator') = (${t.agencyId} IS NULL)`),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

// Failed-login counters, shared by every API node (no in-memory state).
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

// Addresses a user has logged in from successfully; a flood against the account cannot lock these out.
export const trustedLogins = pgTable(
  'trusted_logins',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ipHash: text('ip_hash').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ipHash] })],
);

// Ledger core (SPEC §9 credit limit; DESIGN "Balance is a ledger"): append-only entries, balance row per agency and currency.
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    currency: text('currency', { enum: ['aed', 'usd'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    bookingId: uuid('booking_id'),
    // the balance right after this entry, for running-balance statements
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }),
    // The order the agency's balance changed in: taken when the entry is inserted, after the statement locked the
    // agency's balance row, so per agency it follows the balance (created_at is the transaction's start and may not).
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_agency_seq_idx').on(t.agencyId, t.currency, t.seq),
    index('ledger_entries_agency_idx').on(t.agencyId, t.currency, t.createdAt),
    index('ledger_entries_booking_idx').on(t.bookingId),
  ],
);

export const agencyBalances = pgTable(
  'agency_balances',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    currency: text('currency', { enum: ['aed', 'usd'] }).notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    creditLimitMinor: bigint('credit_limit_minor', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.currency] }),
    check('agency_balances_within_credit', sql`${t.balanceMinor} >= -${t.creditLimitMinor}`),
  ],
);
