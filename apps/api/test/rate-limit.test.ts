import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { buildTestApp, type TestApp } from './build-test-app.ts';

// The app-wide limit per client address (RATE_LIMIT_MAX a minute, security.ts): what it counts, what it answers
// and says in its headers, and what it leaves to other budgets (the reseller API's: octo.test)
const MAX = 3;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitMax: MAX });
});
afterAll(async () => t.close());

const from = (remoteAddress: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('the app-wide rate limit', () => {
  it('counts API calls per address, says so in its headers, and refuses the one over with 429', async () => {
    const answers = [];
    for (let i = 0; i <= MAX; i++) answers.push(await from('10.9.0.1', '/api/layout/info'));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    for (const answer of answers) {
      expect(answer.headers['x-ratelimit-limit']).toBe(String(MAX));
      const reset = Number(answer.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const refused = answers[MAX];
    if (!refused) throw new Error('no answer over the limit');
    expect(refused.body).toBe(MESSAGES.tooManyAttempts);
    expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // a refused call still carries the API's own headers
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(answers[0]?.headers['retry-after']).toBeUndefined();
  });

  it('keeps one count per address: another address is not refused', async () => {
    for (let i = 0; i <= MAX; i++) await from('10.9.0.2', '/api/layout/info');
    expect((await from('10.9.0.2', '/api/layout/info')).statusCode).toBe(429);
    const other = await from('10.9.0.3', '/api/layout/info');
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe(String(MAX - 1));
  });

  it('refuses before the route reads anything: a refused login is not checked', async () => {
    for (let i = 0; i < MAX; i++) await from('10.9.0.4', '/api/layout/info');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/b2b/account/login',
      remoteAddress: '10.9.0.4',
      payload: { email: 'nobody@example.test', password: 'wrong-password-1' },
    });
    expect(login.statusCode).toBe(429);
    expect(login.body).toBe(MESSAGES.tooManyAttempts);
  });

  it('counts an API route however its URL is spelt, and an unmatched API URL', async () => {
    const answers = [];
    for (const url of ['/api/layout/info', '/%61pi/layout/info', '/api/no-such-route'])
      answers.push(await from('10.9.0.6', url));
    expect(answers.map((a) => [a.statusCode, a.headers['x-ratelimit-remaining']])).toEqual([
      [200, '2'],
      [200, '1'],
      [404, '0'],
    ]);
    expect((await from('10.9.0.6', '/%61pi/layout/info')).statusCode).toBe(429);
  });

  it("does not count the app's own files and health checks, nor the reseller API (its own budget per key)", async () => {
    const address = '10.9.0.5';
    for (let i = 0; i < MAX + 2; i++) {
      const health = await from(address, '/healthz');
      expect(health.statusCode).toBe(200);
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
      // no key: OCTO's own answer, counted in OCTO's budget (OCTO_RATE_LIMIT_PER_KEY per address without a key)
      const octo = await from(address, '/octo/v1/supplier');
      expect(octo.statusCode).toBe(401);
    }
    // the portal's API budget of that address is untouched
    expect((await from(address, '/api/layout/info')).headers['x-ratelimit-remaining']).toBe(String(MAX - 1));
  });
});

describe('the app-wide rate limit in maintenance mode', () => {
  it('answers every API call 503, however many: the limit counts nothing while the API is closed', async () => {
    const m = await buildTestApp({ maintenanceMode: true, rateLimitMax: 1 });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await m.app.inject({ method: 'GET', url: '/api/layout/info', remoteAddress: '10.9.1.1' }));
      expect(answers.map((a) => [a.statusCode, a.body])).toEqual(Array(3).fill([503, MESSAGES.maintenance]));
      expect(answers.map((a) => a.headers['x-ratelimit-limit'])).toEqual([undefined, undefined, undefined]);
      // however its URL is spelt
      const spelt = await m.app.inject({ method: 'GET', url: '/%61pi/layout/info', remoteAddress: '10.9.1.1' });
      expect([spelt.statusCode, spelt.body]).toEqual([503, MESSAGES.maintenance]);
      // the widget shops are still served, and still counted
      const shop = [];
      for (let i = 0; i < 2; i++)
        shop.push(
          (await m.app.inject({ method: 'GET', url: '/w/no-such-shop', remoteAddress: '10.9.1.2' })).statusCode,
        );
      expect(shop[0]).not.toBe(429);
      expect(shop[1]).toBe(429);
    } finally {
      await m.close();
    }
  });
});
