import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bigint53, createdAt, timestamptz, uuidRef } from './columns.ts';
import { agencies, agencyOwned } from './accounts.ts';

// Issue 30: an agency's webhook endpoints. `secret` signs every message (Standard Webhooks: whsec_ + base64 key); it
// is kept as it is because signing needs it, and shown to the agency's admins only. An endpoint failing for a day is
// switched off (`is_enabled` false, `disabled_reason`) and its admins get one e-mail.
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...agencyOwned(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    events: text('events').array().notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    // the first failure since the last success; null while it answers
    failingSince: timestamptz('failing_since'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('webhook_endpoints_agency_idx').on(t.agencyId)],
);

// What happened, written by the transaction that made it happen (a trigger on bookings made over the API, the
// low-balance job): the job fans each one out to the agency's endpoints once and marks it dispatched.
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agencyId: uuidRef('agency_id', () => agencies.id),
    eventType: text('event_type').notNull(),
    bookingId: uuid('booking_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    dispatchedAt: timestamptz('dispatched_at'),
  },
  (t) => [
    index('webhook_outbox_pending_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} IS NULL`),
  ],
);

// One message to one endpoint: its id is the `webhook-id` header (the receiver's de-duplication key), its payload
// fixed when it was made; tried on the retry schedule until answered 2xx or out of tries.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: uuidRef('endpoint_id', () => webhookEndpoints.id),
    agencyId: uuid('agency_id').notNull(),
    outboxId: bigint53('outbox_id'),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lockedUntil: timestamptz('locked_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.endpointId, t.outboxId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
