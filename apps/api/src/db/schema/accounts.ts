import { sql } from 'drizzle-orm';
import { AUDIT_ENTITIES } from '@portal/contract';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  bigint53,
  createdAt,
  currency,
  language,
  timestamps,
  timestamptz,
  updatedAt,
  uuidPk,
  uuidRef,
} from './columns.ts';

export type ContactBlockValue = { name: string; email: string; phone: string };
export type AgencyContacts = Partial<Record<'operations' | 'accounts' | 'support', ContactBlockValue>>;

export const agencies = pgTable(
  'agencies',
  {
    id: uuidPk(),
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    tradeLicenseNumber: text('trade_license_number').notNull(),
    tradeLicenseExpiry: date('trade_license_expiry', { mode: 'string' }).notNull(),
    trnNumber: text('trn_number').notNull().default(''),
    address: text('address').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    currency: currency(),
    language: language(),
    status: text('status', { enum: ['pending', 'approved', 'suspended', 'rejected'] })
      .notNull()
      .default('pending'),
    // why the operator rejected the sign-up or suspended the agency (issue "back office"); '' otherwise
    statusReason: text('status_reason').notNull().default(''),
    isWidgetsCreationAllowed: integer('is_widgets_creation_allowed').notNull().default(0),
    isCreditCardTopupAllowed: integer('is_credit_card_topup_allowed').notNull().default(1),
    // the reseller API (issue 30): its admins may create API keys; off by default, the operator switches it
    isApiAllowed: integer('is_api_allowed').notNull().default(0),
    // support replay (issue 31): its agents' pages are recorded for support; on by default, the operator switches it
    isReplayRecorded: boolean('is_replay_recorded').notNull().default(true),
    // what the reseller API's test keys pay with, in the agency's currency (minor units); refilled by its admins
    testBalanceMinor: bigint53('test_balance_minor').notNull().default(0),
    tradeLicenseFileId: uuid('trade_license_file_id'),
    vatCertificateFileId: uuid('vat_certificate_file_id'),
    // SPEC §3 bank details, contracting and contact blocks (company settings, issue "Company settings")
    bankName: text('bank_name').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    iban: text('iban').notNull().default(''),
    swift: text('swift').notNull().default(''),
    bankNotes: text('bank_notes').notNull().default(''),
    signatoryName: text('signatory_name').notNull().default(''),
    contractValidFrom: date('contract_valid_from', { mode: 'string' }),
    contractValidTo: date('contract_valid_to', { mode: 'string' }),
    contractFileId: uuid('contract_file_id'),
    signatoryPassportFileId: uuid('signatory_passport_file_id'),
    // { operations, accounts, support }: each { name, email, phone }
    contacts: jsonb('contacts').$type<AgencyContacts>().notNull().default({}),
    // the licence expiry date the admins were last warned about (one e-mail per expiry date)
    licenceWarnedFor: date('licence_warned_for', { mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    index('agencies_status_idx').on(t.status, t.createdAt),
    check('agencies_test_balance_non_negative', sql`${t.testBalanceMinor} >= 0`),
  ],
);

// The first columns of a row an agency owns: its own uuid and the agency's (a function: a builder is one column's)
export function agencyOwned() {
  return { id: uuidPk(), agencyId: uuidRef('agency_id', () => agencies.id) };
}

export const users = pgTable(
  'users',
  {
    id: uuidPk(),
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
    // issue "Company settings, agents and roles": what the agent may spend a month (account currency); null: no cap
    monthlyCapMinor: bigint53('monthly_cap_minor'),
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamptz('last_login_at'),
    // An invitation to an address that already has an account (in another agency): the agency sees it like any
    // invitation, the address's owner is told by e-mail, and this row can never log in or set a password
    // (issue 28: answering 422 told any admin whether an address is a customer of the portal). Null for real users.
    existingAccountId: uuid('existing_account_id'),
    ...timestamps(),
  },
  (t) => [
    // one real account per address; an agency invites an address once
    uniqueIndex('users_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.existingAccountId} IS NULL`),
    uniqueIndex('users_agency_email_uq').on(t.agencyId, sql`lower(${t.email})`),
    index('users_agency_idx').on(t.agencyId),
    check('users_operator_has_no_agency', sql`(${t.role} = 'operator') = (${t.agencyId} IS NULL)`),
    check('users_monthly_cap_positive', sql`${t.monthlyCapMinor} IS NULL OR ${t.monthlyCapMinor} > 0`),
  ],
);

// What each agent spent in a month (Asia/Dubai 'yyyy-MM', the agency's account currency): raised in the transaction
// that takes the money (balance booking, card hold, quote paid) by a conditional upsert that refuses to pass the
// agent's cap, lowered by what a cancellation or an unpaid hold gives back. The row lock orders one agent's bookings.
export const agentMonthSpend = pgTable(
  'agent_month_spend',
  {
    userId: uuidRef('user_id', () => users.id),
    month: text('month').notNull(),
    spentMinor: bigint53('spent_minor').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

// Who changed what: an agency's company data, agents and roles (issue "Company settings, agents and roles") and every
// operator change (issue "back office": agencies, catalogue, stock, requests, money). Written in the transaction of
// the change, never updated or deleted (trigger, migration 0014). agency_id: the agency the change belongs to, if any
// (an agency's own history reads its rows; a tour or a slot belongs to none).
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agencyId: uuid('agency_id').references(() => agencies.id),
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name').notNull(),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text('entity_id').notNull(),
    subject: text('subject').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<{ field: string; from: string | null; to: string | null }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_agency_idx').on(t.agencyId, t.entity, t.id),
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_events_actor_idx').on(t.actorUserId, t.id),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuidPk(),
    userId: uuidRef('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    // 'invite': the link a new agent sets their first password with (it also verifies the e-mail)
    purpose: text('purpose', { enum: ['reset', 'invite'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

// Forgot-password requests waiting for the job that answers them: the request is only written here, the same way
// for known and unknown addresses, so its answer takes the same time either way (issue 28); the job looks the
// address up and writes the reset link's mail, or nothing.
export const passwordResetRequests = pgTable('password_reset_requests', {
  id: uuidPk(),
  email: text('email').notNull(),
  // the site the request came from: its address goes in the link, its language where the user has none
  siteId: text('site_id').notNull(),
  createdAt: createdAt(),
});

// Failed-login counters, shared by every API node (no in-memory state).
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull(),
  lockedUntil: timestamptz('locked_until'),
});

// Addresses a user has logged in from successfully; a flood against the account cannot lock these out.
export const trustedLogins = pgTable(
  'trusted_logins',
  {
    userId: uuidRef('user_id', () => users.id),
    ipHash: text('ip_hash').notNull(),
    lastSuccessAt: timestamptz('last_success_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ipHash] })],
);

// Ledger core (SPEC §9 credit limit; DESIGN "Balance is a ledger"): append-only entries, balance row per agency and currency.
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    ...agencyOwned(),
    currency: currency(),
    amountMinor: bigint53('amount_minor').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    bookingId: uuid('booking_id'),
    // the balance right after this entry, for running-balance statements
    balanceAfterMinor: bigint53('balance_after_minor'),
    // The order the agency's balance changed in: taken when the entry is inserted, after the statement locked the
    // agency's balance row, so per agency it follows the balance (created_at is the transaction's start and may not).
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_agency_seq_idx').on(t.agencyId, t.currency, t.seq),
    index('ledger_entries_agency_idx').on(t.agencyId, t.currency, t.createdAt),
    // what is overdue subtracts the credits since a month end: few among the debits of every booking
    index('ledger_entries_credits_idx')
      .on(t.agencyId, t.currency, t.createdAt)
      .where(sql`${t.amountMinor} > 0`),
    // a refund's booking debit, found by the booking's reference (the refund entry names it the same way)
    index('ledger_entries_booking_reference_idx')
      .on(t.agencyId, t.currency, t.reference)
      .where(sql`${t.kind} = 'booking'`),
    index('ledger_entries_booking_idx').on(t.bookingId),
  ],
);

export const agencyBalances = pgTable(
  'agency_balances',
  {
    agencyId: uuidRef('agency_id', () => agencies.id),
    currency: currency(),
    balanceMinor: bigint53('balance_minor').notNull().default(0),
    creditLimitMinor: bigint53('credit_limit_minor').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.currency] }),
    check('agency_balances_within_credit', sql`${t.balanceMinor} >= -${t.creditLimitMinor}`),
  ],
);
