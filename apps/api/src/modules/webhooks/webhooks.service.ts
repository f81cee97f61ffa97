import { randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_TEST_EVENT,
  WebhookEvent,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEndpointUpdate,
} from '@portal/contract';
import { formatDisplayDate } from '@portal/contract/plain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { withTransaction, type AppDeps, type ServiceContext } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { agencyApiState, lockAgency, noticeAgencyAdmins, requireApiAgency } from '../account/index.ts';
import { recordAudit } from '../audit/index.ts';
import { webhookDisabledMail } from '../mail/index.ts';
import * as repo from './webhooks.repo.ts';
import { SECRET_PREFIX, newMessageId, sendSigned, type SendOptions } from './webhook-sender.ts';

// Issue 30: an agency's webhooks. Events are written to the outbox by the transaction that makes them; the job
// fans each out once per endpoint (a delivery row, unique per endpoint and event) and sends due deliveries, each
// leased to one run, on WEBHOOK_RETRY_SECONDS; an endpoint failing for a day is switched off and its admins mailed.

const DAY_MS = 24 * 3_600_000;
const LEASE_SECONDS = 60;

const iso = (at: Date | null) => at?.toISOString() ?? null;

function endpointView(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter((e): e is WebhookEndpoint['events'][number] => WebhookEvent.safeParse(e).success),
    secret: row.secret,
    isEnabled: row.isEnabled,
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    createdAt: row.createdAt.toISOString(),
  };
}

export function deliveryView(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function checkUrl(ctx: ServiceContext, url: string): void {
  if (ctx.config.webhooks.requireHttps && !url.startsWith('https://'))
    throw AppError.field('url', WEBHOOK_MESSAGES.httpsOnly);
}

export async function listEndpoints(ctx: ServiceContext) {
  const { actor } = await requireApiAgency(ctx);
  return { endpoints: (await repo.listEndpoints(ctx.db, actor.agencyId)).map(endpointView) };
}

export async function createEndpoint(ctx: ServiceContext, body: WebhookEndpointBody): Promise<WebhookEndpoint> {
  const { actor } = await requireApiAgency(ctx);
  checkUrl(ctx, body.url);
  const row = await withTransaction(ctx.db, async (tx) => {
    await lockAgency(tx, actor.agencyId);
    if ((await repo.listEndpoints(tx, actor.agencyId)).length >= MAX_WEBHOOK_ENDPOINTS)
      throw AppError.field('url', WEBHOOK_MESSAGES.tooMany);
    const endpoint = await repo.insertEndpoint(tx, {
      agencyId: actor.agencyId,
      url: body.url,
      events: [...new Set(body.events)],
      secret: `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`,
      createdBy: actor.userId,
    });
    await recordAudit(tx, actor, {
      entity: 'webhook',
      entityId: endpoint.id,
      subject: endpoint.url,
      action: 'webhook.created',
      changes: [
        { field: 'url', from: null, to: endpoint.url },
        { field: 'events', from: null, to: endpoint.events.join(', ') },
      ],
    });
    return endpoint;
  });
  return endpointView(row);
}

export async function updateEndpoint(ctx: ServiceContext, id: string, body: WebhookEndpointUpdate) {
  const { actor } = await requireApiAgency(ctx);
  if (body.url !== undefined) checkUrl(ctx, body.url);
  const row = await withTransaction(ctx.db, async (tx) => {
    const current = await repo.findEndpoint(tx, actor.agencyId, id, true);
    if (!current) throw AppError.notFound(WEBHOOK_MESSAGES.unknownEndpoint);
    const next = {
      url: body.url ?? current.url,
      events: body.events ? [...new Set(body.events)] : current.events,
      isEnabled: body.isEnabled ?? current.isEnabled,
    };
    // switched on again: a fresh start (its day of failures counts from the next failure)
    const reenabled = next.isEnabled && !current.isEnabled;
    const updated = await repo.updateEndpoint(tx, id, {
      ...next,
      ...(reenabled ? { disabledReason: null, failingSince: null } : {}),
      ...(!next.isEnabled && current.isEnabled ? { disabledReason: 'Switched off by the agency' } : {}),
    });
    const changes = [
      { field: 'url', from: current.url, to: next.url },
      { field: 'events', from: current.events.join(', '), to: next.events.join(', ') },
      { field: 'isEnabled', from: String(current.isEnabled), to: String(next.isEnabled) },
    ].filter((c) => c.from !== c.to);
    if (changes.length > 0)
      await recordAudit(tx, actor, {
        entity: 'webhook',
        entityId: id,
        subject: next.url,
        action: 'webhook.updated',
        changes,
      });
    return updated ?? current;
  });
  return endpointView(row);
}

export async function removeEndpoint(ctx: ServiceContext, id: string) {
  const { actor } = await requireApiAgency(ctx);
  await withTransaction(ctx.db, async (tx) => {
    const current = await repo.findEndpoint(tx, actor.agencyId, id, true);
    if (!current) throw AppError.notFound(WEBHOOK_MESSAGES.unknownEndpoint);
    await repo.updateEndpoint(tx, id, { deletedAt: new Date(), isEnabled: false });
    await recordAudit(tx, actor, {
      entity: 'webhook',
      entityId: id,
      subject: current.url,
      action: 'webhook.deleted',
      changes: [{ field: 'url', from: current.url, to: null }],
    });
  });
  return { ok: true as const };
}

export async function listDeliveries(ctx: ServiceContext, id: string) {
  const { actor } = await requireApiAgency(ctx);
  if (!(await repo.findEndpoint(ctx.db, actor.agencyId, id))) throw AppError.notFound(WEBHOOK_MESSAGES.unknownEndpoint);
  return { deliveries: (await repo.listDeliveries(ctx.db, id)).map(deliveryView) };
}

const envelope = (type: string, data: Record<string, unknown>, at: Date) => ({
  type,
  timestamp: at.toISOString(),
  data,
});

// "Send a test event": a delivery of its own, sent by the job at once (it shows in the log like any other)
export async function sendTestEvent(ctx: ServiceContext, id: string, kick: () => void): Promise<WebhookDelivery> {
  const { actor } = await requireApiAgency(ctx);
  const endpoint = await repo.findEndpoint(ctx.db, actor.agencyId, id);
  if (!endpoint) throw AppError.notFound(WEBHOOK_MESSAGES.unknownEndpoint);
  const now = new Date();
  const row = await withTransaction(ctx.db, (tx) =>
    repo.insertDelivery(tx, {
      id: newMessageId(),
      endpointId: endpoint.id,
      agencyId: actor.agencyId,
      outboxId: null,
      eventType: WEBHOOK_TEST_EVENT,
      payload: envelope(WEBHOOK_TEST_EVENT, { message: 'A test event from the reseller API' }, now),
      nextAttemptAt: now,
    }),
  );
  if (!row) throw new Error('test delivery not stored');
  kick();
  return deliveryView(row);
}

// "Send again": a failed (or waiting) delivery is tried at once with a fresh set of tries
export async function retryDelivery(ctx: ServiceContext, id: string, kick: () => void): Promise<WebhookDelivery> {
  const { actor } = await requireApiAgency(ctx);
  const row = await withTransaction(ctx.db, async (tx) => {
    const current = await repo.findDelivery(tx, actor.agencyId, id, true);
    if (!current) throw AppError.notFound(WEBHOOK_MESSAGES.unknownDelivery);
    return repo.updateDelivery(tx, id, {
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      lockedUntil: null,
    });
  });
  if (!row) throw AppError.notFound(WEBHOOK_MESSAGES.unknownDelivery);
  kick();
  return deliveryView(row);
}

// ------------------------------------------------------------------------------------------------------------------
// The job
// ------------------------------------------------------------------------------------------------------------------
// Made before the fan-out's transaction (it reads the catalogue, which on the embedded database would wait for that
// transaction): then renders each booking inside it
export type RenderBooking = () => Promise<(tx: DbOrTx, bookingId: string) => Promise<Record<string, unknown> | null>>;

export type WebhookJobDeps = Pick<AppDeps, 'db' | 'config' | 'sites' | 'kickMail' | 'log'> & {
  renderBooking: RenderBooking;
  send?: typeof sendSigned;
};

function sendOptions(deps: WebhookJobDeps): SendOptions {
  return {
    allowPrivate: deps.config.webhooks.allowPrivate,
    requireHttps: deps.config.webhooks.requireHttps,
    timeoutMs: deps.config.webhooks.timeoutMs,
  };
}

// Each waiting event becomes one delivery per subscribed endpoint, in one transaction with its "dispatched" mark
export async function fanOut(deps: WebhookJobDeps, limit = 100): Promise<number> {
  const render = await deps.renderBooking();
  return withTransaction(deps.db, async (tx) => {
    const events = await repo.claimOutbox(tx, limit);
    let made = 0;
    for (const event of events) {
      const endpoints = await repo.subscribedEndpoints(tx, event);
      if (endpoints.length === 0) continue;
      const data = event.bookingId ? { booking: await render(tx, event.bookingId) } : (event.data ?? {});
      const payload = envelope(event.eventType, data, event.createdAt);
      for (const endpoint of endpoints)
        if (
          await repo.insertDelivery(tx, {
            id: newMessageId(),
            endpointId: endpoint.id,
            agencyId: event.agencyId,
            outboxId: event.id,
            eventType: event.eventType,
            payload,
            nextAttemptAt: new Date(),
          })
        )
          made++;
    }
    await repo.markDispatched(
      tx,
      events.map((e) => e.id),
    );
    return made;
  });
}

async function switchOff(deps: WebhookJobDeps, tx: DbOrTx, endpoint: repo.EndpointRow, since: Date) {
  const reason = `No successful delivery since ${since.toISOString()}`;
  const updated = await repo.updateEndpoint(tx, endpoint.id, { isEnabled: false, disabledReason: reason });
  if (!updated) return;
  const state = await agencyApiState(tx, endpoint.agencyId);
  if (!state) return;
  await noticeAgencyAdmins(tx, deps, { ...state, agencyId: endpoint.agencyId }, webhookDisabledMail, {
    url: endpoint.url,
    since: formatDisplayDate(dubaiDate(since), state.language),
  });
}

// One try of each due delivery (outside any transaction), then its outcome and the endpoint's health in one
export async function sendDue(deps: WebhookJobDeps, limit = 20, now = () => new Date()): Promise<number> {
  const send = deps.send ?? sendSigned;
  let sent = 0;
  for (const id of await repo.dueDeliveryIds(deps.db, limit)) {
    const delivery = await repo.claimDelivery(deps.db, id, LEASE_SECONDS);
    if (!delivery) continue;
    const lease = delivery.lockedUntil;
    const endpoint = await repo.findEndpointById(deps.db, delivery.endpointId);
    if (!endpoint || endpoint.deletedAt || !endpoint.isEnabled) {
      await withTransaction(deps.db, (tx) =>
        repo.recordAttempt(tx, delivery.id, lease, { status: 'failed', lastError: 'endpoint switched off or removed' }),
      );
      continue;
    }
    const body = JSON.stringify(delivery.payload);
    const outcome = await send(
      { url: endpoint.url, secret: endpoint.secret },
      { id: delivery.id, body, timestamp: Math.floor(now().getTime() / 1000) },
      sendOptions(deps),
    );
    const at = now();
    let mailed = false;
    await withTransaction(deps.db, async (tx) => {
      const attempts = delivery.attempts + 1;
      if (outcome.ok) {
        sent++;
        if (
          !(await repo.recordAttempt(tx, delivery.id, lease, {
            status: 'succeeded',
            attempts,
            lastStatusCode: outcome.statusCode,
            lastError: null,
          }))
        )
          return;
        await repo.updateEndpoint(tx, endpoint.id, { failingSince: null });
        return;
      }
      const wait = WEBHOOK_RETRY_SECONDS[attempts];
      const recorded = await repo.recordAttempt(tx, delivery.id, lease, {
        status: wait === undefined ? 'failed' : 'pending',
        attempts,
        nextAttemptAt: wait === undefined ? null : new Date(at.getTime() + wait * 1000),
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
      });
      if (!recorded) return;
      const current = await repo.findEndpointById(tx, endpoint.id);
      if (!current?.isEnabled) return;
      const since = current.failingSince ?? at;
      if (!current.failingSince) await repo.updateEndpoint(tx, endpoint.id, { failingSince: at });
      else if (at.getTime() - since.getTime() >= DAY_MS) {
        await switchOff(deps, tx, current, since);
        mailed = true;
      }
    });
    if (mailed) deps.kickMail();
  }
  return sent;
}

export async function runWebhooks(deps: WebhookJobDeps): Promise<number> {
  await fanOut(deps);
  return sendDue(deps);
}

// what another module records for the agency's endpoints, in its own transaction (the low-balance alert)
export async function recordWebhookEvent(
  tx: DbOrTx,
  agencyId: string,
  eventType: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  await repo.insertOutbox(tx, { agencyId, eventType, data });
}
