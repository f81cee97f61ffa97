import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, catalogueRoutes } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAgency, loginAs } from '../../../test/factories.ts';
import { createTestTour, type TestTour } from '../../../test/catalogue-fixtures.ts';
import { routeUrl } from '../../../test/inject-route.ts';

// Decision 0161: the cached reads answered at the front door, before Fastify, must send what Fastify's way sends.
// Every answer here comes over a real socket (app.inject never passes the front door) and is compared with the one
// Fastify gives for the same request. The versions are kept for POLL_MS as in production (the other suites re-read
// them on every request, so their hits never reach the front door). The app trusts one proxy, so each test counts
// under addresses of its own (X-Forwarded-For), and that way of finding the client is read back too.
const POLL_MS = 200;
const MAX = 40;
const previousPoll = process.env.CATALOGUE_VERSION_POLL_MS;
let t: TestApp;
let base: { port: number };
let fixture: TestTour;
let approved: string;
let pending: string;

beforeAll(async () => {
  process.env.CATALOGUE_VERSION_POLL_MS = String(POLL_MS);
  t = await buildTestApp({ rateLimitMax: MAX, trustProxy: 1 });
  fixture = await createTestTour(t.database.db);
  approved = await loginAs(t.app, (await createAgency(t.database.db)).users.senior.email);
  pending = await loginAs(t.app, (await createAgency(t.database.db, { status: 'pending' })).users.senior.email);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = { port: (t.app.server.address() as AddressInfo).port };
});
afterAll(async () => {
  if (previousPoll === undefined) delete process.env.CATALOGUE_VERSION_POLL_MS;
  else process.env.CATALOGUE_VERSION_POLL_MS = previousPoll;
  await fixture.remove();
  await t.close();
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

// a GET over the socket, the bytes as sent (no decoding)
function overSocket(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: base.port, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

async function throughFastify(url: string, headers: Record<string, string>): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1' });
  return { status: res.statusCode, headers: res.headers as http.IncomingHttpHeaders, body: res.rawPayload };
}

const frontDoorAnswers = () => t.app.catalogue.stats().frontDoor;
const afterPoll = () => new Promise((resolve) => setTimeout(resolve, POLL_MS + 50));
// the headers that differ from one answer to the next (the count goes on; node's own connection headers)
const comparable = (headers: http.IncomingHttpHeaders) => {
  const kept: Record<string, unknown> = { ...headers };
  for (const name of [
    'date',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    'connection',
    'keep-alive',
    'transfer-encoding',
  ])
    delete kept[name];
  return kept;
};

let addressCount = 0;
const freshAddress = () => `10.77.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

// the first request computes the entry (Fastify's way); the next is answered at the front door; both are compared
// with Fastify's answer to the same request
// An answer the front door gave. A request that comes after the versions' POLL_MS (a loaded machine: two API files run
// at a time) goes Fastify's way, which reads them again: asked again then, at most five times.
async function fromFrontDoor(url: string, headers: Record<string, string>): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const before = frontDoorAnswers();
    const answer = await overSocket(url, headers);
    const answered = frontDoorAnswers() - before;
    if (answered === 1 || attempt === 5) {
      expect(answered).toBe(1);
      return answer;
    }
  }
}

async function frontAndFastify(url: string, headers: Record<string, string>) {
  await overSocket(url, headers);
  const front = await fromFrontDoor(url, headers);
  return { front, fastify: await throughFastify(url, headers) };
}

describe('cached reads at the front door', () => {
  const tours = routeUrl(catalogueRoutes.tours);

  it('sends the bytes and headers Fastify sends, in each encoding', async () => {
    await afterPoll();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = {
        authorization: `Bearer ${approved}`,
        'accept-encoding': encoding,
        'x-forwarded-for': freshAddress(),
      };
      const { front, fastify } = await frontAndFastify(`${tours}?currencyCode=usd`, headers);
      expect(front.status).toBe(200);
      expect(fastify.status).toBe(200);
      expect(front.body.equals(fastify.body)).toBe(true);
      expect(comparable(front.headers)).toEqual(comparable(fastify.headers));
      expect(front.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(Number(front.headers['content-length'])).toBe(front.body.length);
      expect(front.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cache-control': 'private, no-cache',
        'x-ratelimit-limit': String(MAX),
      });
    }
  });

  it('answers 304 to a client holding the ETag, with the headers Fastify sends', async () => {
    const headers = { authorization: `Bearer ${approved}`, 'x-forwarded-for': freshAddress() };
    const url = routeUrl(catalogueRoutes.tour, { params: { id: String(fixture.id) } });
    const { front: first } = await frontAndFastify(url, headers);
    const etag = String(first.headers.etag);
    const front = await fromFrontDoor(url, { ...headers, 'if-none-match': etag });
    const fastify = await throughFastify(url, { ...headers, 'if-none-match': etag });
    expect([front.status, fastify.status]).toEqual([304, 304]);
    expect(front.body.length).toBe(0);
    expect(comparable(front.headers)).toEqual(comparable(fastify.headers));
  });

  it('keeps net rates to an approved agency, and public routes to callers without a session', async () => {
    const url = routeUrl(catalogueRoutes.tour, { params: { id: String(fixture.id) } });
    const asApproved = await frontAndFastify(url, {
      authorization: `Bearer ${approved}`,
      'accept-encoding': 'identity',
    });
    const asPending = await frontAndFastify(url, { authorization: `Bearer ${pending}`, 'accept-encoding': 'identity' });
    expect(asPending.front.body.equals(asPending.fastify.body)).toBe(true);
    expect(asApproved.front.body.equals(asApproved.fastify.body)).toBe(true);
    // the same URL, two answers: net rates for the approved agency only
    expect(asPending.front.body.equals(asApproved.front.body)).toBe(false);
    const home = await frontAndFastify(routeUrl(catalogueRoutes.homepage), { 'accept-encoding': 'gzip' });
    expect(home.front.status).toBe(200);
    expect(home.front.body.equals(home.fastify.body)).toBe(true);
  });

  it('leaves a caller it cannot place to Fastify: no session, an unknown token, another route', async () => {
    const headers = { authorization: `Bearer ${approved}` };
    await frontAndFastify(tours, headers);
    const before = frontDoorAnswers();
    const noSession = await overSocket(tours, {});
    const forged = await overSocket(tours, { authorization: `Bearer ${approved.slice(0, -2)}xx` });
    expect([noSession.status, forged.status]).toEqual([401, 401]);
    expect(frontDoorAnswers()).toBe(before);
    // the same URL with a body, and another method
    const withBody = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: base.port,
          path: tours,
          method: 'GET',
          headers: { ...headers, 'content-type': 'text/plain', 'content-length': '1' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end('x');
    });
    expect(withBody).toBe(200);
    expect(frontDoorAnswers()).toBe(before);
  });

  it("leaves to Fastify a URL in absolute form, a host not the sites' own, and every request once closing began", async () => {
    const headers = { authorization: `Bearer ${approved}`, 'accept-encoding': 'identity' };
    await frontAndFastify(tours, headers);
    const before = frontDoorAnswers();
    // `GET http://host/api/…`: Fastify's router strips the origin, its hooks read the URL as it came
    const absolute = await overSocket(`http://127.0.0.1:${base.port}${tours}`, headers);
    // an agency's shop domain (or any other name): the widget shops' hook decides on it first
    const otherHost = await overSocket(tours, { ...headers, host: 'shop.example.test' });
    expect([absolute.status, otherHost.status]).toEqual([200, 200]);
    expect(frontDoorAnswers()).toBe(before);
    // the same request from a site host is the front door's again
    await overSocket(tours, headers);
    expect(frontDoorAnswers()).toBe(before + 1);
  });

  it('counts each answer once per client address, and hands the one over the limit to Fastify with its count', async () => {
    const address = freshAddress();
    const headers = { authorization: `Bearer ${approved}`, 'x-forwarded-for': address };
    const answers: Answer[] = [];
    for (let i = 0; i <= MAX; i++) answers.push(await overSocket(tours, headers));
    expect(answers.map((a) => a.status)).toEqual([...Array(MAX).fill(200), 429]);
    expect(answers.map((a) => Number(a.headers['x-ratelimit-remaining']))).toEqual([
      ...Array.from({ length: MAX }, (_, i) => MAX - 1 - i),
      0,
    ]);
    const refused = answers[MAX];
    expect(refused?.body.toString()).toBe(MESSAGES.tooManyAttempts);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // another client address behind the same proxy has its own count
    const other = await overSocket(tours, { ...headers, 'x-forwarded-for': freshAddress() });
    expect([other.status, other.headers['x-ratelimit-remaining']]).toEqual([200, String(MAX - 1)]);
  });

  it('shows its answers in the latency metric under the route', async () => {
    const headers = { authorization: `Bearer ${approved}`, 'x-forwarded-for': freshAddress() };
    const url = `${tours}?language=ru`;
    await overSocket(url, headers);
    const count = async () => {
      const text = await t.app.metrics.registry.metrics();
      const line = text
        .split('\n')
        .find((l) =>
          l.startsWith('portal_http_request_duration_seconds_count{method="GET",route="/api/b2b/tours",status="200"}'),
        );
      return Number(line?.split(' ').pop());
    };
    const before = await count();
    const frontBefore = frontDoorAnswers();
    // a request that comes after the versions' POLL_MS (a loaded machine) goes Fastify's way and reads them again;
    // both ways count, so ask until two answers came from the front door and count every request
    let requests = 0;
    while (frontDoorAnswers() - frontBefore < 2 && requests < 20) {
      await overSocket(url, headers);
      requests += 1;
    }
    expect(frontDoorAnswers() - frontBefore).toBe(2);
    expect((await count()) - before).toBe(requests);
  });

  // last: from here on the app has no front door (server.ts closes it before app.close(), preClose too)
  it('hands every request to Fastify once the front door is closed', async () => {
    const headers = { authorization: `Bearer ${approved}` };
    await frontAndFastify(tours, headers);
    t.app.frontDoor.close();
    const before = frontDoorAnswers();
    const answer = await overSocket(tours, headers);
    expect(answer.status).toBe(200);
    expect(frontDoorAnswers()).toBe(before);
  });
});
