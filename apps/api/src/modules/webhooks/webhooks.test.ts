import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_MESSAGES, apiKeyRoutes, webhookRoutes, type RouteDescriptor } from '@portal/contract';
import {
  agencies,
  auditEvents,
  mailOutbox,
  webhookDeliveries,
  webhookEndpoints,
  webhookOutbox,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { createAgency, loginAs } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createBookingWorld, fund, retireTour, type BookingWorld } from '../../../test/booking-fixtures.ts';
import { sendLowBalanceAlerts } from '../balance/low-balance.service.ts';
import { isPublicAddress } from './webhook-sender.ts';
import { injectRoute, type InjectRouteOptions } from '../../../test/inject-route.ts';

// Issue 30: webhooks to an agency's own system — signed per Standard Webhooks (checked with the `standardwebhooks`
// package), each event once per endpoint, retried on the schedule, switched off after a day of failures, never to a
// private or local address unless allowed.
type Received = { headers: http.IncomingHttpHeaders; body: string };
type Receiver = { url: string; received: Received[]; status: { code: number }; close: () => Promise<void> };

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const status = { code: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status.code).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    status,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const WEBHOOKS = { pollMs: 0, timeoutMs: 3000, requireHttps: false, allowPrivate: true };
let t: TestApp;
let w: BookingWorld;
let receiver: Receiver;
let secret: string;

async function allowApi(db: Db, agencyId: string) {
  await db.update(agencies).set({ isApiAllowed: 1 }).where(eq(agencies.id, agencyId));
}
// an agency allowed the reseller API on `app`, and its admin's token
async function apiAdminOn(app: TestApp) {
  const agency = await createAgency(app.database.db);
  await allowApi(app.database.db, agency.id);
  return loginAs(app.app, agency.users.admin.email);
}
// a new endpoint for `url` and its test message, sent once: the endpoint's answer and the delivery's row
async function sendTestTo(app: TestApp, admin: string, url: string) {
  const made = await call(app.app, admin, webhookRoutes.create, { body: { url, events: ['booking.confirmed'] } });
  const test = await call(app.app, admin, webhookRoutes.test, { params: { id: made.json().id } });
  await app.app.webhooks.run();
  const [row] = await app.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, test.json().id));
  return { made, row };
}
const call = <R extends RouteDescriptor>(
  app: FastifyInstance,
  token: string,
  route: R,
  options: InjectRouteOptions<R> = {},
) => injectRoute(app, route, { ...options, token });
const octo = (app: FastifyInstance, key: string, method: 'POST' | 'GET', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/octo/v1${url}`,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function bookOverApi(app: FastifyInstance, key: string, world: BookingWorld) {
  const uuid = randomUUID();
  const reserved = await octo(app, key, 'POST', '/bookings', {
    uuid,
    productId: String(world.tour.id),
    optionId: String(world.tour.timeslotOfferId),
    availabilityId: `${world.refundableDate}T18:00:00+04:00`,
    unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
    pickupPointId: String(world.dubaiHotelId),
  });
  expect(reserved.statusCode, reserved.body).toBe(200);
  const confirmed = await octo(app, key, 'POST', `/bookings/${uuid}/confirm`, {
    contact: { fullName: 'Anna Smith', emailAddress: 'anna@example.test' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return uuid;
}

beforeAll(async () => {
  t = await buildTestApp({ webhooks: WEBHOOKS });
  w = await createBookingWorld(t.app, t.database.db);
  await allowApi(t.database.db, w.agency.id);
  receiver = await startReceiver();
  const key = await call(t.app, w.tokens.admin, apiKeyRoutes.create, { body: { name: 'Engine' } });
  secret = (key.json() as { secret: string }).secret;
});
afterAll(async () => {
  await retireTour(t.database.db, w.tour.id);
  await t.close();
  await receiver.close();
});

describe('webhook endpoints', () => {
  let endpointId: string;
  let signingSecret: string;

  it('are registered by the admin with a signing secret, and audited', async () => {
    const res = await call(t.app, w.tokens.admin, webhookRoutes.create, {
      body: {
        url: receiver.url,
        events: ['booking.confirmed', 'booking.cancelled', 'booking.refunded', 'booking.updated'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const endpoint = res.json();
    endpointId = endpoint.id;
    signingSecret = endpoint.secret;
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'webhook'), eq(auditEvents.entityId, endpointId)));
    expect(audit?.action).toBe('webhook.created');
    expect((await call(t.app, w.tokens.senior, webhookRoutes.list)).statusCode).toBe(403);
  });

  it('refuse a bad address or no events on the field and store nothing', async () => {
    const before = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.agencyId, w.agency.id));
    for (const [body, field, message] of [
      [{ url: 'ftp://example.com/x', events: ['booking.confirmed'] }, 'url', WEBHOOK_MESSAGES.invalidUrl],
      [{ url: 'https://user:pw@example.com/x', events: ['booking.confirmed'] }, 'url', WEBHOOK_MESSAGES.invalidUrl],
      [{ url: 'https://example.com/x', events: [] }, 'events', WEBHOOK_MESSAGES.noEvents],
      [{ url: 'https://example.com/x', events: ['booking.exploded'] }, 'events.0', undefined],
    ] as const) {
      const res = await call(t.app, w.tokens.admin, webhookRoutes.create, { payload: body });
      expect(res.statusCode).toBe(422);
      const item = (res.json() as { fieldName: string; errorMessage: string }[]).find((i) => i.fieldName === field);
      expect(item, res.body).toBeDefined();
      if (message) expect(item?.errorMessage).toBe(message);
    }
    const after = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.agencyId, w.agency.id));
    expect(after.length).toBe(before.length);
  });

  it('deliver a confirmed booking once, signed, with the OCTO booking', async () => {
    const uuid = await bookOverApi(t.app, secret, w);
    await Promise.all([t.app.webhooks.run(), t.app.webhooks.run()]);
    await t.app.webhooks.run();
    const confirmed = receiver.received.filter((r) => JSON.parse(r.body).type === 'booking.confirmed');
    expect(confirmed.length).toBe(1);
    const message = confirmed[0];
    if (!message) throw new Error('nothing received');
    const verified = new Webhook(signingSecret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    }) as { type: string; data: { booking: { uuid: string; status: string } } };
    expect(verified.data.booking).toMatchObject({ uuid, status: 'CONFIRMED' });
    // a tampered body does not verify
    expect(() =>
      new Webhook(signingSecret).verify(message.body.replace('CONFIRMED', 'CANCELLED'), {
        'webhook-id': String(message.headers['webhook-id']),
        'webhook-timestamp': String(message.headers['webhook-timestamp']),
        'webhook-signature': String(message.headers['webhook-signature']),
      }),
    ).toThrow();

    // cancelled with money back: two events
    const cancel = await octo(t.app, secret, 'POST', `/bookings/${uuid}/cancel`, { reason: 'Plans changed' });
    expect(cancel.statusCode).toBe(200);
    await t.app.webhooks.run();
    const types = receiver.received.map((r) => JSON.parse(r.body).type);
    expect(types.filter((x) => x === 'booking.cancelled').length).toBe(1);
    expect(types.filter((x) => x === 'booking.refunded').length).toBe(1);
    const log = await call(t.app, w.tokens.admin, webhookRoutes.deliveries, { params: { id: endpointId } });
    expect(log.json().deliveries.map((d: { status: string }) => d.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
  });

  it('send an endpoint only the events after it was added, not the ones still waiting from before', async () => {
    const before = await bookOverApi(t.app, secret, w);
    const late = await startReceiver();
    try {
      const added = await call(t.app, w.tokens.admin, webhookRoutes.create, {
        body: { url: late.url, events: ['booking.confirmed'] },
      });
      expect(added.statusCode, added.body).toBe(200);
      await t.app.webhooks.run();
      const after = await bookOverApi(t.app, secret, w);
      await t.app.webhooks.run();
      const uuids = (r: Receiver) =>
        r.received
          .map((m) => JSON.parse(m.body) as { type: string; data: { booking: { uuid: string } } })
          .filter((m) => m.type === 'booking.confirmed')
          .map((m) => m.data.booking.uuid);
      expect(uuids(late)).toEqual([after]);
      expect(uuids(receiver).filter((u) => u === before || u === after)).toEqual([before, after]);
      const removed = await call(t.app, w.tokens.admin, webhookRoutes.remove, { params: { id: added.json().id } });
      expect(removed.statusCode).toBe(200);
    } finally {
      await late.close();
    }
  });

  it('retries a failing endpoint on the schedule, and "send again" tries at once', async () => {
    receiver.status.code = 500;
    const test = await call(t.app, w.tokens.admin, webhookRoutes.test, { params: { id: endpointId } });
    expect(test.statusCode).toBe(200);
    const id = test.json().id as string;
    const started = Date.now();
    await t.app.webhooks.run();
    let [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    const wait = (row?.nextAttemptAt?.getTime() ?? 0) - started;
    expect(wait).toBeGreaterThanOrEqual(4_000);
    expect(wait).toBeLessThan(60_000);
    // its time comes: the second try waits 5 minutes more
    await t.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, id));
    await t.app.webhooks.run();
    [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(row?.attempts).toBe(2);
    expect((row?.nextAttemptAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(4 * 60_000);

    receiver.status.code = 204;
    const again = await call(t.app, w.tokens.admin, webhookRoutes.retry, { params: { id } });
    expect(again.statusCode).toBe(200);
    await t.app.webhooks.run();
    [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(row).toMatchObject({ status: 'succeeded', lastStatusCode: 204 });
    const [endpoint] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint?.failingSince).toBeNull();
  });

  it('switches off an endpoint failing for a day and mails the admins once', async () => {
    receiver.status.code = 503;
    await t.database.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(webhookEndpoints.id, endpointId));
    const test = await call(t.app, w.tokens.admin, webhookRoutes.test, { params: { id: endpointId } });
    await t.app.webhooks.run();
    const [endpoint] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint?.isEnabled).toBe(false);
    expect(endpoint?.disabledReason).toMatch(/^No successful delivery since/);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, w.agency.users.admin.email),
          sql`${mailOutbox.subject} LIKE '%webhook endpoint was switched off%'`,
        ),
      );
    expect(mails.length).toBe(1);
    // nothing more is sent to it; the waiting delivery ends failed
    const before = receiver.received.length;
    await t.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, test.json().id));
    await t.app.webhooks.run();
    expect(receiver.received.length).toBe(before);
    // the admin switches it on again
    receiver.status.code = 200;
    const on = await call(t.app, w.tokens.admin, webhookRoutes.update, {
      params: { id: endpointId },
      body: { isEnabled: true },
    });
    expect(on.json()).toMatchObject({ isEnabled: true, disabledReason: null, failingSince: null });
  });

  it('never reaches a private or local address unless allowed, and needs https where required', async () => {
    const strict = await buildTestApp({ webhooks: { ...WEBHOOKS, allowPrivate: false } });
    try {
      const admin = await apiAdminOn(strict);
      for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
        const before = receiver.received.length;
        const { row } = await sendTestTo(strict, admin, url);
        expect(row?.lastError).toBe('address not allowed (private, local or reserved network)');
        expect(receiver.received.length).toBe(before);
      }
    } finally {
      await strict.close();
    }
    // production's rules (https only, no private address): a private, metadata or loopback target is refused before
    // any connection is tried
    const production = await buildTestApp({ webhooks: { ...WEBHOOKS, requireHttps: true, allowPrivate: false } });
    try {
      const admin = await apiAdminOn(production);
      for (const url of [
        'https://10.0.0.7/hooks',
        'https://169.254.169.254/latest/meta-data',
        'https://127.0.0.1/h',
        'https://localhost/h',
      ]) {
        const { made, row } = await sendTestTo(production, admin, url);
        expect(made.statusCode, made.body).toBe(200);
        expect({ url, error: row?.lastError }).toEqual({
          url,
          error: 'address not allowed (private, local or reserved network)',
        });
      }
    } finally {
      await production.close();
    }
    const https = await buildTestApp({ webhooks: { ...WEBHOOKS, requireHttps: true } });
    try {
      const admin = await apiAdminOn(https);
      const res = await call(https.app, admin, webhookRoutes.create, {
        body: {
          url: 'http://example.com/h',
          events: ['booking.confirmed'],
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ fieldName: 'url', errorMessage: WEBHOOK_MESSAGES.httpsOnly }]);
    } finally {
      await https.close();
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'fd00:ec2::254',
      'fe80::1',
      '224.0.0.1',
      '::7f00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      '64:ff9b:1::a00:1',
      'not-an-ip',
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
  });

  it('tells the agency when its balance runs low', async () => {
    const db = t.database.db;
    const agency = await createAgency(db);
    await allowApi(db, agency.id);
    await fund(db, agency.id, 45_000);
    const admin = await loginAs(t.app, agency.users.admin.email);
    const key = (
      (await call(t.app, admin, apiKeyRoutes.create, { body: { name: 'Engine' } })).json() as { secret: string }
    ).secret;
    const hook = await call(t.app, admin, webhookRoutes.create, {
      body: { url: receiver.url, events: ['balance.low'] },
    });
    expect(hook.statusCode).toBe(200);
    await bookOverApi(t.app, key, { ...w, agency });
    await sendLowBalanceAlerts(t.app.deps);
    const [event] = await db
      .select()
      .from(webhookOutbox)
      .where(and(eq(webhookOutbox.agencyId, agency.id), eq(webhookOutbox.eventType, 'balance.low')));
    expect(event?.data).toEqual({
      currency: 'AED',
      currencyPrecision: 2,
      available: 16_200,
      topUpLevel: 45_000,
      percent: 40,
    });
    await t.app.webhooks.run();
    const low = receiver.received.map((r) => JSON.parse(r.body)).filter((b) => b.type === 'balance.low');
    expect(low.length).toBe(1);
    expect(low[0].data).toMatchObject({ currency: 'AED', available: 16_200, topUpLevel: 45_000 });
  });
});
