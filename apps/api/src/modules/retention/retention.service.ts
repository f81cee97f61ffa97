import type { AppConfig } from '../../config/env.ts';
import type { AppDeps } from '../../lib/context.ts';
import {
  deleteOldIdempotencyKeys,
  deleteOldInsightEvents,
  deleteOldInsightSessions,
  deleteOldJobFailures,
  deleteOldReplayRecordings,
  deleteOldWebhookDeliveries,
  deleteOldWebhookEvents,
  deleteOldWebhookOutbox,
  type Deleter,
} from './retention.repo.ts';

// Housekeeping for a long-running deployment (issue 29): rows that only serve for a while are deleted once they are
// older than their retention (days, AppConfig.retention; 0 keeps them for ever). The ledger, bookings, payments,
// audit events, invoices and mails are records and are never deleted here.
export type RetentionDays = AppConfig['retention'];

// 0 for every kind of row: as retention days, keep them all; as counts, none deleted yet
export const zeroPerKind = (): Record<keyof RetentionDays, number> => ({
  idempotencyKeys: 0,
  webhookEvents: 0,
  insight: 0,
  replay: 0,
  jobFailures: 0,
  webhookLog: 0,
});

const BATCH = 2_000;
const DAY_MS = 86_400_000;

const TABLES: [keyof RetentionDays, Deleter][] = [
  ['idempotencyKeys', deleteOldIdempotencyKeys],
  ['webhookEvents', deleteOldWebhookEvents],
  ['insight', deleteOldInsightEvents],
  ['insight', deleteOldInsightSessions],
  ['replay', deleteOldReplayRecordings],
  ['jobFailures', deleteOldJobFailures],
  ['webhookLog', deleteOldWebhookOutbox],
  ['webhookLog', deleteOldWebhookDeliveries],
];

// One run: each table in batches until nothing older is left, giving the event loop a turn between batches
export async function deleteExpiredRows(
  deps: Pick<AppDeps, 'db' | 'log'>,
  days: RetentionDays,
  now: Date = new Date(),
): Promise<Record<keyof RetentionDays, number>> {
  const counts = zeroPerKind();
  for (const [table, deleteOld] of TABLES) {
    if (days[table] <= 0) continue;
    const before = new Date(now.getTime() - days[table] * DAY_MS);
    for (;;) {
      const deleted = await deleteOld(deps.db, before, BATCH);
      counts[table] += deleted;
      if (deleted < BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (Object.values(counts).some((n) => n > 0)) deps.log.info({ deleted: counts }, 'retention: old rows deleted');
  return counts;
}
