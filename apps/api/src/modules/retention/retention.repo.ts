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

// One batch of a table keyed by `id`: the ids of the first `batch` rows that match, then those rows deleted
async function deleteBatchById(db: DbOrTx, table: PgTable, id: AnyPgColumn, where: SQL | undefined, batch: number) {
  const old = db.select({ id }).from(table).where(where).limit(batch);
  const deleted = await db.delete(table).where(inArray(id, old)).returning({ id });
  return deleted.length;
}

// The same for a table keyed by two columns
async function deleteBatchByPair(
  db: DbOrTx,
  table: PgTable,
  [first, second]: [AnyPgColumn, AnyPgColumn],
  where: SQL | undefined,
  batch: number,
) {
  const old = db.select({ first, second }).from(table).where(where).limit(batch);
  const deleted = await db
    .delete(table)
    .where(sql`(${first}, ${second}) IN (${old})`)
    .returning({ second });
  return deleted.length;
}

// Rows whose use has passed, deleted in short batches (PGlite runs one transaction at a time for the whole database,
// and on PostgreSQL a long DELETE would hold its locks). Each returns how many it deleted in this batch.

// An Idempotency-Key answers retries of its call; a finished one older than the retention answers nothing a client
// still retries. One still running is never deleted (its call may yet commit).
export async function deleteOldIdempotencyKeys(db: DbOrTx, before: Date, batch: number): Promise<number> {
  return deleteBatchByPair(
    db,
    idempotencyKeys,
    [idempotencyKeys.agencyId, idempotencyKeys.key],
    and(eq(idempotencyKeys.state, 'done'), lt(idempotencyKeys.createdAt, before)),
    batch,
  );
}

// A provider's webhook event id, kept to drop its redeliveries (providers retry for days, not months)
export async function deleteOldWebhookEvents(db: DbOrTx, before: Date, batch: number): Promise<number> {
  return deleteBatchByPair(
    db,
    webhookEvents,
    [webhookEvents.provider, webhookEvents.eventId],
    lt(webhookEvents.receivedAt, before),
    batch,
  );
}

// The web app's analytics (issue 31): events by when the server recorded them; a session once it began a day before
// that (it lasts 24 hours at most, so every event of it is older too), which its start's index finds
export async function deleteOldInsightEvents(db: DbOrTx, before: Date, batch: number): Promise<number> {
  return deleteBatchById(db, insightEvents, insightEvents.id, lt(insightEvents.at, before), batch);
}

export async function deleteOldInsightSessions(db: DbOrTx, before: Date, batch: number): Promise<number> {
  return deleteBatchById(
    db,
    insightSessions,
    insightSessions.id,
    lt(insightSessions.startedAt, new Date(before.getTime() - INSIGHT_SESSION_MAX_MS)),
    batch,
  );
}

// Support replay (issue 31): a recording by when the server received it
export async function deleteOldReplayRecordings(db: DbOrTx, before: Date, batch: number): Promise<number> {
  return deleteBatchById(db, replayRecordings, replayRecordings.id, lt(replayRecordings.createdAt, before), batch);
}

export async function deleteOldJobFailures(db: DbOrTx, before: Date, batch: number): Promise<number> {
  return deleteBatchById(db, jobFailures, jobFailures.id, lt(jobFailures.failedAt, before), batch);
}

// The reseller API's webhooks (issue 30): an event already fanned out to its endpoints, and a delivery that is over
// (delivered, or out of tries) — a waiting one never
export async function deleteOldWebhookOutbox(db: DbOrTx, before: Date, batch: number): Promise<number> {
  return deleteBatchById(
    db,
    webhookOutbox,
    webhookOutbox.id,
    and(sql`${webhookOutbox.dispatchedAt} IS NOT NULL`, lt(webhookOutbox.createdAt, before)),
    batch,
  );
}

export async function deleteOldWebhookDeliveries(db: DbOrTx, before: Date, batch: number): Promise<number> {
  return deleteBatchById(
    db,
    webhookDeliveries,
    webhookDeliveries.id,
    and(inArray(webhookDeliveries.status, ['succeeded', 'failed']), lt(webhookDeliveries.createdAt, before)),
    batch,
  );
}
