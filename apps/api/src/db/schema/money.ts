import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies, users } from './accounts.ts';
import { files } from './system.ts';

// An agency's top-up (issue "Agency money"): by card — credited once, by the payment the provider confirms — or a
// declared bank transfer, credited once an operator confirms it. `amount_minor` is what reaches the balance; the card
// fee is charged on top, invoiced apart and never credited.
export const topUps = pgTable(
  'top_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    reference: text('reference').notNull(),
    method: text('method', { enum: ['card', 'bank_transfer'] }).notNull(),
    status: text('status', { enum: ['pending', 'credited', 'failed', 'cancelled', 'rejected'] })
      .notNull()
      .default('pending'),
    currency: text('currency', { enum: ['aed', 'usd'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    transferDate: date('transfer_date', { mode: 'string' }),
    bankReference: text('bank_reference'),
    note: text('note').notNull().default(''),
    failureMessage: text('failure_message'),
    rejectReason: text('reject_reason'),
    // a bank transfer's proof (the agent's bank slip), in files; replaced by a newer one while the transfer waits
    proofFileId: uuid('proof_file_id').references(() => files.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('top_ups_reference_uq').on(t.reference),
    index('top_ups_agency_idx').on(t.agencyId, t.createdAt),
    index('top_ups_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('top_ups_amount_positive', sql`${t.amountMinor} > 0 AND ${t.feeMinor} >= 0`),
    check(
      'top_ups_transfer_details',
      sql`${t.method} = 'card' OR (${t.transferDate} IS NOT NULL AND ${t.bankReference} IS NOT NULL)`,
    ),
    check('top_ups_credited_at', sql`(${t.status} = 'credited') = (${t.creditedAt} IS NOT NULL)`),
  ],
);

export type TaxInvoiceLineJson = {
  // the ledger entry the line comes from: a booking charged to the balance, or its refund (a negative line)
  entryId: string;
  bookingId: string | null;
  reference: string;
  kind: 'booking' | 'refund';
  entryDate: string;
  serviceDate: string | null;
  tour: string;
  option: string;
  guest: string;
  pax: string;
  amountMinor: number;
};
export type TaxInvoicePartyJson = {
  name: string;
  address: string;
  trn: string;
  tradeLicence?: string;
  contacts?: string;
};

// SPEC §9 "a single tax invoice per month": one per agency account and month, issued from the 3rd of the next month
// (Asia/Dubai) and never changed (a trigger refuses UPDATE and DELETE). `number` runs without gaps per issuing company
// (`issuer_key`): taken from `tax_invoice_counters` in the transaction that inserts the invoice, so a rollback gives
// the number back.
export const taxInvoiceCounters = pgTable('tax_invoice_counters', {
  issuerKey: text('issuer_key').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    currency: text('currency', { enum: ['aed', 'usd'] }).notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    issuerKey: text('issuer_key').notNull(),
    number: integer('number').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    language: text('language', { enum: ['en', 'ru'] }).notNull(),
    issuer: jsonb('issuer').$type<TaxInvoicePartyJson>().notNull(),
    customer: jsonb('customer').$type<TaxInvoicePartyJson>().notNull(),
    lines: jsonb('lines').$type<TaxInvoiceLineJson[]>().notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_invoices_month_uq').on(t.agencyId, t.currency, t.year, t.month),
    uniqueIndex('tax_invoices_number_uq').on(t.issuerKey, t.number),
    check('tax_invoices_month_valid', sql`${t.month} BETWEEN 1 AND 12`),
  ],
);

// Low-balance alerts (issue "Agency money" 7): the stage of the last alert sent for an account, against the level its
// last deposit left (`deposit_entry_id`): 1 once the available amount fell below 40 % of it, 2 below 20 %. A new
// deposit starts again from 0. Advanced by a conditional upsert in the transaction that queues the mail: once per
// crossing, whichever node runs the job.
export const lowBalanceAlerts = pgTable(
  'low_balance_alerts',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    currency: text('currency', { enum: ['aed', 'usd'] }).notNull(),
    depositEntryId: uuid('deposit_entry_id').notNull(),
    stage: integer('stage').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.currency] }),
    check('low_balance_alerts_stage', sql`${t.stage} IN (1, 2)`),
  ],
);
