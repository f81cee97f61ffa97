import { bigserial, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPk } from './columns.ts';

export const files = pgTable(
  'files',
  {
    id: uuidPk(),
    agencyId: uuid('agency_id'),
    kind: text('kind').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    // who uploaded it (null: the sign-up form)
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('files_agency_idx').on(t.agencyId)],
);

// Transactional outbox: written in the same transaction as the change that causes the mail.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidPk(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // the bodies without their secrets (a temporary password, a reset link): they replace the bodies once the mail
    // is sent or has failed for good, so no secret stays readable in the outbox
    redactedTextBody: text('redacted_text_body'),
    redactedHtmlBody: text('redacted_html_body'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

// Background work (DESIGN "one job runner"): one row per recurring job. A node claims a due run by taking its lease
// in one UPDATE (the row lock decides between nodes), runs it, and sets the next run; a failure backs off.
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamptz('next_run_at').notNull().defaultNow(),
  lockedBy: text('locked_by'),
  lockedUntil: timestamptz('locked_until'),
  lastStartedAt: timestamptz('last_started_at'),
  lastFinishedAt: timestamptz('last_finished_at'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
});

// Every failed run, kept for the back office to show
export const jobFailures = pgTable(
  'job_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    node: text('node').notNull(),
    error: text('error').notNull(),
    failedAt: timestamptz('failed_at').notNull().defaultNow(),
  },
  (t) => [index('job_failures_name_idx').on(t.name, t.failedAt), index('job_failures_failed_idx').on(t.failedAt)],
);
