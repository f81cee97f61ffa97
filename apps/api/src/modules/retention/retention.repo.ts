import { and, eq, inArray, lt, sql } from 'drizzle-orm';
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
// and on PostgreSQL a long DELETE would hold its locks). Each returns how many it deleted in this batch.

// An Idempotency-Key answers retries of its call; a finished one older than the retention answers nothing a client
// still retries. One still running is never deleted (its call may yet commit).
export async function deleteOldIdempotencyKeys(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const old = db
    .select({ agencyId: idempotencyKeys.agencyId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.state, 'done'), lt(idempotencyKeys.createdAt, before)))
    .limit(batch);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.agencyId}, ${idempotencyKeys.key}) IN (${old})`)
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

// A provider's webhook event id, kept to drop its redeliveries (providers retry for days, not months)
export async function deleteOldWebhookEvents(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const old = db
    .select({ provider: webhookEvents.provider, eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(lt(webhookEvents.receivedAt, before))
    .limit(batch);
  const deleted = await db
    .delete(webhookEvents)
    .where(sql`(${webhookEvents.provider}, ${webhookEvents.eventId}) IN (${old})`)
    .returning({ eventId: webhookEvents.eventId });
  return deleted.length;
}

// The web app's analytics (issue 31): events by when the server recorded them; a session once it began a day before
// that (it lasts 24 hours at most, so every event of it is older too), which its start's index finds
export async function deleteOldInsightEvents(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const old = db.select({ id: insightEvents.id }).from(insightEvents).where(lt(insightEvents.at, before)).limit(batch);
  const deleted = await db
    .delete(insightEvents)
    .where(inArray(insightEvents.id, old))
    .returning({ id: insightEvents.id });
  return deleted.length;
}

export async function deleteOldInsightSessions(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const old = db
    .select({ id: insightSessions.id })
    .from(insightSessions)
    .where(lt(insightSessions.startedAt, new Date(before.getTime() - INSIGHT_SESSION_MAX_MS)))
    .limit(batch);
  const deleted = await db
    .delete(insightSessions)
    .where(inArray(insightSessions.id, old))
    .returning({ id: insightSessions.id });
  return deleted.length;
}

// Support replay (issue 31): a recording by when the server received it
export async function deleteOldReplayRecordings(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const old = db
    .select({ id: replayRecordings.id })
    .from(replayRecordings)
    .where(lt(replayRecordings.createdAt, before))
    .limit(batch);
  const deleted = await db
    .delete(replayRecordings)
    .where(inArray(replayRecordings.id, old))
    .returning({ id: replayRecordings.id });
  return deleted.length;
}

export async function deleteOldJobFailures(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const old = db.select({ id: jobFailures.id }).from(jobFailures).where(lt(jobFailures.failedAt, before)).limit(batch);
  const deleted = await db.delete(jobFailures).where(inArray(jobFailures.id, old)).returning({ id: jobFailures.id });
  return deleted.length;
}

// The reseller API's webhooks (issue 30): an event already fanned out to its endpoints, and a delivery that is over
// (delivered, or out of tries) — a waiting one never
export async function deleteOldWebhookOutbox(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const old = db
    .select({ id: webhookOutbox.id })
    .from(webhookOutbox)
    .where(and(sql`${webhookOutbox.dispatchedAt} IS NOT NULL`, lt(webhookOutbox.createdAt, before)))
    .limit(batch);
  const deleted = await db
    .delete(webhookOutbox)
    .where(inArray(webhookOutbox.id, old))
    .returning({ id: webhookOutbox.id });
  return deleted.length;
}

export async function deleteOldWebhookDeliveries(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const old = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['succeeded', 'failed']), lt(webhookDeliveries.createdAt, before)))
    .limit(batch);
  const deleted = await db
    .delete(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, old))
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
