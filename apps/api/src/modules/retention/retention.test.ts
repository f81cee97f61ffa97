import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { loadConfig } from '../../config/env.ts';
import {
  idempotencyKeys,
  insightEvents,
  insightSessions,
  jobFailures,
  replayRecordings,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  webhookOutbox,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import { createAgency } from '../../../test/factories.ts';
import { deleteExpiredRows, zeroPerKind } from './retention.service.ts';

// Issue 29: a long-running deployment deletes the rows that only serve for a while, and nothing else
const t = useTestApp();

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const DAYS = { idempotencyKeys: 30, webhookEvents: 90, insight: 730, replay: 30, jobFailures: 30, webhookLog: 30 };
// each seed's recorded session (support replay, issue 31)
const replaySessions = new Map<string, string>();

async function seed(marker: string) {
  const db = t.database.db;
  const agency = await createAgency(db);
  const key = (name: string, state: 'running' | 'done', age: number) => ({
    agencyId: agency.id,
    key: `${marker}-${name}`,
    scope: 'booking',
    requestHash: 'h',
    state,
    lockedUntil: daysAgo(age),
    createdAt: daysAgo(age),
  });
  await db
    .insert(idempotencyKeys)
    .values([key('old-done', 'done', 31), key('new-done', 'done', 29), key('old-running', 'running', 31)]);
  await db.insert(webhookEvents).values([
    { provider: 'stripe', eventId: `${marker}-old`, receivedAt: daysAgo(91) },
    { provider: 'stripe', eventId: `${marker}-new`, receivedAt: daysAgo(89) },
  ]);
  await db.insert(insightEvents).values([
    { kind: 'page_view', path: `/${marker}/old`, at: daysAgo(731) },
    { kind: 'page_view', path: `/${marker}/new`, at: daysAgo(729) },
  ]);
  const sessionId = randomUUID();
  replaySessions.set(marker, sessionId);
  await db.insert(insightSessions).values({ id: sessionId, siteId: 'general', agencyId: agency.id, isRecorded: true });
  await db.insert(replayRecordings).values([
    { sessionId, sequence: 0, bytes: Buffer.from('old'), size: 3, createdAt: daysAgo(31) },
    { sessionId, sequence: 1, bytes: Buffer.from('new'), size: 3, createdAt: daysAgo(29) },
  ]);
  await db.insert(jobFailures).values([
    { name: `${marker}-old`, node: 'n1', error: 'boom', failedAt: daysAgo(31) },
    { name: `${marker}-new`, node: 'n1', error: 'boom', failedAt: daysAgo(29) },
  ]);
  const event = (name: string, age: number, dispatched: boolean) => ({
    agencyId: agency.id,
    eventType: `${marker}-${name}`,
    createdAt: daysAgo(age),
    dispatchedAt: dispatched ? daysAgo(age) : null,
  });
  await db
    .insert(webhookOutbox)
    .values([event('old', 31, true), event('new', 29, true), event('old-waiting', 31, false)]);
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ agencyId: agency.id, url: 'https://example.com/h', secret: 'whsec_eA==', events: ['booking.confirmed'] })
    .returning({ id: webhookEndpoints.id });
  const delivery = (name: string, age: number, status: 'pending' | 'succeeded' | 'failed') => ({
    id: `msg_${marker.replace(/[^a-z0-9]/gi, '')}${name.replace(/[^a-z0-9]/gi, '')}`,
    endpointId: endpoint?.id ?? '',
    agencyId: agency.id,
    eventType: `${marker}-${name}`,
    payload: {},
    status,
    createdAt: daysAgo(age),
  });
  await db
    .insert(webhookDeliveries)
    .values([delivery('old', 31, 'succeeded'), delivery('new', 29, 'failed'), delivery('old-waiting', 31, 'pending')]);
  return agency;
}

// the rest of each value of `column` that starts with `prefix`, sorted
async function after(prefix: string, table: PgTable, column: AnyPgColumn) {
  const rows = await t.database.db
    .select({ value: column })
    .from(table)
    .where(like(column, `${prefix}%`));
  return rows.map((r) => String(r.value ?? '').slice(prefix.length)).sort();
}

async function left(marker: string) {
  const db = t.database.db;
  const sessionId = replaySessions.get(marker);
  const replays = sessionId
    ? await db
        .select({ bytes: replayRecordings.bytes })
        .from(replayRecordings)
        .where(eq(replayRecordings.sessionId, sessionId))
    : [];
  const outbox = await after(`${marker}-`, webhookOutbox, webhookOutbox.eventType);
  const deliveries = await after(`${marker}-`, webhookDeliveries, webhookDeliveries.eventType);
  return {
    replays: replays.map((r) => r.bytes.toString()).sort(),
    webhookLog: [...outbox, ...deliveries].sort(),
    keys: await after(`${marker}-`, idempotencyKeys, idempotencyKeys.key),
    events: await after(`${marker}-`, webhookEvents, webhookEvents.eventId),
    views: await after(`/${marker}/`, insightEvents, insightEvents.path),
    failures: await after(`${marker}-`, jobFailures, jobFailures.name),
  };
}

describe('retention: rows that only serve for a while', () => {
  it('deletes what is older than its retention, keeps the rest and every key still running', async () => {
    const marker = `ret-${randomUUID().slice(0, 8)}`;
    await seed(marker);
    const counts = await deleteExpiredRows(t.app.deps, DAYS);
    for (const n of Object.values(counts)) expect(n).toBeGreaterThanOrEqual(1);
    expect(await left(marker)).toEqual({
      replays: ['new'],
      webhookLog: ['new', 'new', 'old-waiting', 'old-waiting'],
      keys: ['new-done', 'old-running'],
      events: ['new'],
      views: ['new'],
      failures: ['new'],
    });
    // a second run has nothing of these left to delete
    await deleteExpiredRows(t.app.deps, DAYS);
    expect((await left(marker)).keys).toEqual(['new-done', 'old-running']);
  });

  it('keeps everything of a kind whose retention is 0', async () => {
    const marker = `keep-${randomUUID().slice(0, 8)}`;
    await seed(marker);
    await deleteExpiredRows(t.app.deps, zeroPerKind());
    expect(await left(marker)).toEqual({
      replays: ['new', 'old'],
      webhookLog: ['new', 'new', 'old', 'old', 'old-waiting', 'old-waiting'],
      keys: ['new-done', 'old-done', 'old-running'],
      events: ['new', 'old'],
      views: ['new', 'old'],
      failures: ['new', 'old'],
    });
  });

  it('deletes a backlog larger than one batch, batch after batch', async () => {
    const marker = `many-${randomUUID().slice(0, 8)}`;
    const rows = Array.from({ length: 4_500 }, (_, i) => ({
      kind: 'page_view',
      path: `/${marker}/${i}`,
      at: daysAgo(800),
    }));
    for (let i = 0; i < rows.length; i += 1_000)
      await t.database.db.insert(insightEvents).values(rows.slice(i, i + 1_000));
    const counts = await deleteExpiredRows(t.app.deps, {
      ...DAYS,
      idempotencyKeys: 0,
      webhookEvents: 0,
      replay: 0,
      jobFailures: 0,
      webhookLog: 0,
    });
    expect(counts.insight).toBeGreaterThanOrEqual(4_500);
    expect((await left(marker)).views).toEqual([]);
  });

  it('refuses a retention that is not a whole number of days, naming the variable', () => {
    expect(() => loadConfig({ INSIGHT_RETENTION_DAYS: '-1' })).toThrow(
      'INSIGHT_RETENTION_DAYS must be a whole number, got "-1"',
    );
    expect(() => loadConfig({ IDEMPOTENCY_KEY_RETENTION_DAYS: 'ten' })).toThrow('IDEMPOTENCY_KEY_RETENTION_DAYS');
    expect(loadConfig({}).retention).toEqual(DAYS);
  });
});
