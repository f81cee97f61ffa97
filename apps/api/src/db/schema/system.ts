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
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const telemetryEvents = pgTable('telemetry_events', {
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
});
