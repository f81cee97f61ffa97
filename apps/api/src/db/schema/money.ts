import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bigint53, currency, language, timestamps, timestamptz, updatedAt, uuidRef } from './columns.ts';
import { agencies, agencyOwned, users } from './accounts.ts';
import { files } from './system.ts';

// An agency's top-up (issue "Agency money"): by card — credited once, by the payment the provider confirms — or a
// declared bank transfer, credited once an operator confirms it. `amount_minor` is what reaches the balance; the card
// fee is charged on top, invoiced apart and never credited.
export const topUps = pgTable(
  'top_ups',
  {
    ...agencyOwned(),
    reference: text('reference').notNull(),
    method: text('method', { enum: ['card', 'bank_transfer'] }).notNull(),
    status: text('status', { enum: ['pending', 'credited', 'failed', 'cancelled', 'rejected'] })
      .notNull()
      .default('pending'),
    currency: currency(),
    amountMinor: bigint53('amount_minor').notNull(),
    feeMinor: bigint53('fee_minor').notNull().default(0),
    transferDate: date('transfer_date', { mode: 'string' }),
    bankReference: text('bank_reference'),
    note: text('note').notNull().default(''),
    failureMessage: text('failure_message'),
    rejectReason: text('reject_reason'),
    // a bank transfer's proof (the agent's bank slip), in files; replaced by a newer one while the transfer waits
    proofFileId: uuid('proof_file_id').references(() => files.id),
    createdBy: uuidRef('created_by', () => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    creditedAt: timestamptz('credited_at'),
    ...timestamps(),
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
    ...agencyOwned(),
    currency: currency(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    issuerKey: text('issuer_key').notNull(),
    number: integer('number').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    language: language(),
    issuer: jsonb('issuer').$type<TaxInvoicePartyJson>().notNull(),
    customer: jsonb('customer').$type<TaxInvoicePartyJson>().notNull(),
    lines: jsonb('lines').$type<TaxInvoiceLineJson[]>().notNull(),
    totalMinor: bigint53('total_minor').notNull(),
    vatMinor: bigint53('vat_minor').notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
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
    agencyId: uuidRef('agency_id', () => agencies.id),
    currency: currency(),
    depositEntryId: uuid('deposit_entry_id').notNull(),
    stage: integer('stage').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.currency] }),
    check('low_balance_alerts_stage', sql`${t.stage} IN (1, 2)`),
  ],
);
