import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { INSIGHT_SESSION_MAX_MS } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  idempotencyKeys,
  insightEvents,
  insightSessions,
  jobFailures,
  replayRecordings,
  webhookDeliveries,
  webhookEvents,
  webhookOutbox,
} from '../../db/schema/index.ts';

// Rows whose use has passed, deleted in short batches (PGlite runs one transaction at a time for the whole database,
// and on PostgreSQL a long DELETE would hold its locks). Each deleter returns how many it deleted in this batch.
export type Deleter = (db: DbOrTx, before: Date, batch: number) => Promise<number>;
type Over = (before: Date) => SQL | undefined;

// A table keyed by `id`: the ids of the first `batch` rows that are over, then those rows deleted
function byId(table: PgTable & { id: AnyPgColumn }, over: Over): Deleter {
  return async (db, before, batch) => {
    const old = db.select({ id: table.id }).from(table).where(over(before)).limit(batch);
    const deleted = await db.delete(table).where(inArray(table.id, old)).returning({ id: table.id });
    return deleted.length;
  };
}

// The same for a table keyed by two columns
function byPair(table: PgTable, [first, second]: [AnyPgColumn, AnyPgColumn], over: Over): Deleter {
  return async (db, before, batch) => {
    const old = db.select({ first, second }).from(table).where(over(before)).limit(batch);
    const deleted = await db
      .delete(table)
      .where(sql`(${first}, ${second}) IN (${old})`)
      .returning({ second });
    return deleted.length;
  };
}

// An Idempotency-Key answers retries of its call; a finished one older than the retention answers nothing a client
// still retries. One still running is never deleted (its call may yet commit).
export const deleteOldIdempotencyKeys = byPair(
  idempotencyKeys,
  [idempotencyKeys.agencyId, idempotencyKeys.key],
  (before) => and(eq(idempotencyKeys.state, 'done'), lt(idempotencyKeys.createdAt, before)),
);

// A provider's webhook event id, kept to drop its redeliveries (providers retry for days, not months)
export const deleteOldWebhookEvents = byPair(webhookEvents, [webhookEvents.provider, webhookEvents.eventId], (before) =>
  lt(webhookEvents.receivedAt, before),
);

// The web app's analytics (issue 31): events by when the server recorded them; a session once it began a day before
// that (it lasts 24 hours at most, so every event of it is older too), which its start's index finds
export const deleteOldInsightEvents = byId(insightEvents, (before) => lt(insightEvents.at, before));

export const deleteOldInsightSessions = byId(insightSessions, (before) =>
  lt(insightSessions.startedAt, new Date(before.getTime() - INSIGHT_SESSION_MAX_MS)),
);

// Support replay (issue 31): a recording by when the server received it
export const deleteOldReplayRecordings = byId(replayRecordings, (before) => lt(replayRecordings.createdAt, before));

export const deleteOldJobFailures = byId(jobFailures, (before) => lt(jobFailures.failedAt, before));

// The reseller API's webhooks (issue 30): an event already fanned out to its endpoints, and a delivery that is over
// (delivered, or out of tries) — a waiting one never
export const deleteOldWebhookOutbox = byId(webhookOutbox, (before) =>
  and(sql`${webhookOutbox.dispatchedAt} IS NOT NULL`, lt(webhookOutbox.createdAt, before)),
);

export const deleteOldWebhookDeliveries = byId(webhookDeliveries, (before) =>
  and(inArray(webhookDeliveries.status, ['succeeded', 'failed']), lt(webhookDeliveries.createdAt, before)),
);
