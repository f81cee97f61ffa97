import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id'),
    kind: text('kind').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    // who uploaded it (null: the sign-up form)
    uploadedBy: uuid('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_agency_idx').on(t.agencyId)],
);

// Transactional outbox: written in the same transaction as the change that causes the mail.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    path: text('path').notNull(),
    userId: text('user_id'),
    accountId: text('account_id'),
    message: text('message'),
    stack: text('stack'),
    componentStack: text('component_stack'),
    siteId: text('site_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // the retention job deletes by age
  (t) => [index('telemetry_events_created_idx').on(t.createdAt)],
);

// Background work (DESIGN "one job runner"): one row per recurring job. A node claims a due run by taking its lease
// in one UPDATE (the row lock decides between nodes), runs it, and sets the next run; a failure backs off.
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
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
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_failures_name_idx').on(t.name, t.failedAt), index('job_failures_failed_idx').on(t.failedAt)],
);
