import { randomUUID } from 'node:crypto';
import { insightSessionContinues } from '@portal/contract';
import type { InsightBatch, InsightEventInput, InsightIngestResponse } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import {
  findInsightSession,
  insertInsightEvents,
  recordedSession,
  startInsightSession,
  touchInsightSession,
  type InsightEventRow,
  type InsightOwner,
  type InsightSession,
} from './insight.repo.ts';

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
  const answer = await ctx.db.transaction(async (tx) => {
    const id = await sessionFor(tx, ctx.site.id, batch.sessionId, { owner, isSampled }, now);
    await insertInsightEvents(
      tx,
      batch.events.map((event) => eventRow(event, { sessionId: id, siteId: ctx.site.id, owner, at: now })),
    );
    // a visitor's or an operator's session is never recorded: no need to ask
    const record = owner?.agencyId ? (await recordedSession(tx, id)) !== undefined : false;
    return { sessionId: id, record };
  });
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

async function sessionFor(tx: DbOrTx, siteId: string, asked: string, by: Asker, now: Date): Promise<string> {
  const found = await existingOrStarted(tx, siteId, asked, by, now);
  if (found === 'started') return asked;
  if (continues(found, by.owner, now)) {
    await touchInsightSession(tx, asked, now, found.userId === null ? by.owner : null, by.isSampled);
    return asked;
  }
  const replacement = randomUUID();
  await startInsightSession(tx, { id: replacement, siteId, ...by, at: now });
  return replacement;
}

async function existingOrStarted(
  tx: DbOrTx,
  siteId: string,
  id: string,
  by: Asker,
  now: Date,
): Promise<InsightSession | 'started'> {
  const found = await findInsightSession(tx, id);
  if (found) return found;
  if (await startInsightSession(tx, { id, siteId, ...by, at: now })) return 'started';
  // another batch of the same new session started it meanwhile
  const raced = await findInsightSession(tx, id);
  if (!raced) throw new Error(`insight session ${id} neither found nor started`);
  return raced;
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
