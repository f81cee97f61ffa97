import { randomUUID } from 'node:crypto';
import { insightSessionContinues } from '@portal/contract';
import type { InsightBatch, InsightEventInput, InsightIngestResponse } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { Db } from '../../db/client.ts';
import { writeGroupPer } from '../../lib/write-group.ts';
import {
  appendToOngoingSessions,
  findInsightSession,
  insertInsightEvents,
  recordedSession,
  startInsightSession,
  touchInsightSession,
  type InsightEventRow,
  type InsightOwner,
  type InsightSession,
  type OngoingBatch,
} from './insight.repo.ts';

// Batches of sessions that go on, from all the tabs this node serves, are written together (lib/write-group.ts):
// the ones that arrive within this window of the first share one statement. A tab sends its analytics at most every
// 4 s in the background (lib/insight.ts: keepalive fetch, sendBeacon when the page is left), so the window delays
// nothing a user waits for; beside bookings it turns some two hundred statements and commits a second into a few
// (issue 31).
const GROUP_WINDOW_MS = 50;
const GROUP_MAX_BATCHES = 200;
export const ongoingGroupOf = writeGroupPer((db: Db) => ({
  windowMs: GROUP_WINDOW_MS,
  maxItems: GROUP_MAX_BATCHES,
  keyOf: (batch: OngoingBatch) => batch.sessionId,
  write: (batches: OngoingBatch[]) => appendToOngoingSessions(db, batches),
}));

// Issue 31: a batch of the web app's events. The server decides the session (SPEC §9): an unknown well-formed id
// starts one; one idle more than 30 minutes, older than 24 hours or another user's ends, and a session of the
// server's making takes the batch. Events carry the server's clock, never the browser's.
export async function ingestBatch(
  ctx: ServiceContext,
  batch: InsightBatch,
  now: Date = new Date(),
): Promise<InsightIngestResponse> {
  const owner = await ownerOf(ctx, batch.token);
  // support replay's sample (issue 31 item 3), used when this batch starts or claims a session
  const isSampled = Math.random() < ctx.config.replay.sampleRate;
  const rows = (sessionId: string) =>
    batch.events.map((event) => eventRow(event, { sessionId, siteId: ctx.site.id, owner, at: now }));
  // nearly every batch: a session that goes on, touched with its events in one statement with other such batches
  const ongoing = await ongoingGroupOf(ctx.db).add({
    sessionId: batch.sessionId,
    userId: owner?.userId ?? null,
    at: now,
    rows: rows(batch.sessionId),
  });
  const answer = ongoing
    ? { sessionId: batch.sessionId, record: ongoing.record }
    : await ctx.db.transaction(async (tx) => {
        const { id, record } = await sessionFor(tx, ctx.site.id, batch.sessionId, { owner, isSampled }, now);
        await insertInsightEvents(tx, rows(id));
        return { sessionId: id, record };
      });
  // a visitor's or an operator's session is never recorded
  if (!owner?.agencyId) answer.record = false;
  for (const event of batch.events)
    if (event.kind === 'error')
      ctx.log.warn({ frontEndError: { path: event.path, ...event.props } }, 'front-end error');
  return answer;
}

// The user and agency of the page, from the access token the batch carries; none (or one no longer valid) is a visitor
async function ownerOf(ctx: ServiceContext, token: string | undefined): Promise<InsightOwner | null> {
  const claims = token ? await ctx.tokens.verify(token) : null;
  return claims ? { userId: claims.sub, agencyId: claims.agencyId } : null;
}

type Asker = { owner: InsightOwner | null; isSampled: boolean };

// The session the batch goes to, and whether support replay records it (the session's write answers that)
async function sessionFor(
  tx: DbOrTx,
  siteId: string,
  asked: string,
  by: Asker,
  now: Date,
): Promise<{ id: string; record: boolean }> {
  let found = await findInsightSession(tx, asked);
  if (!found) {
    const started = await startInsightSession(tx, { id: asked, siteId, ...by, at: now });
    if (started) return { id: asked, record: started.record };
    // another batch of the same new session started it meanwhile
    found = await findInsightSession(tx, asked);
    if (!found) throw new Error(`insight session ${asked} neither found nor started`);
  }
  if (continues(found, by.owner, now)) {
    const touched = await touchInsightSession(tx, asked, now, found.userId === null ? by.owner : null, by.isSampled);
    // a claim another user's batch made first leaves the session theirs: what it records is read as it stands
    return { id: asked, record: touched ? touched.record : (await recordedSession(tx, asked)) !== undefined };
  }
  const replacement = randomUUID();
  const started = await startInsightSession(tx, { id: replacement, siteId, ...by, at: now });
  return { id: replacement, record: started?.record ?? false };
}

function continues(session: InsightSession, owner: InsightOwner | null, now: Date): boolean {
  return insightSessionContinues(
    { startedAt: session.startedAt.getTime(), lastSeenAt: session.lastSeenAt.getTime(), userId: session.userId },
    owner?.userId ?? null,
    now.getTime(),
  );
}

type EventContext = { sessionId: string; siteId: string; owner: InsightOwner | null; at: Date };

// Only what the contract's shape names reaches a column: the kind decides which fields there are
function eventRow(event: InsightEventInput, context: EventContext): InsightEventRow {
  const asked = 'offerId' in event ? event : null;
  return {
    sessionId: context.sessionId,
    kind: event.kind,
    at: context.at,
    siteId: context.siteId,
    agencyId: context.owner?.agencyId ?? null,
    userId: context.owner?.userId ?? null,
    channel: 'portal',
    path: event.path,
    tourId: 'tourId' in event ? event.tourId : null,
    offerId: asked?.offerId ?? null,
    date: asked?.date ?? null,
    seats: asked?.seats ?? null,
    reason: 'reason' in event ? (event.reason ?? null) : null,
    props: 'props' in event ? (event.props ?? null) : null,
  };
}
