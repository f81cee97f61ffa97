import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { TEST_PASSWORD, createAgency, randomIp } from './factories.ts';
import { useWebBuild } from './web-build.ts';

// A real listening server behind one trusted load balancer (TRUST_PROXY=1): the client's address is the entry the
// balancer appended to X-Forwarded-For, so tests can speak from many addresses over loopback.
let t: TestApp;
let base: string;
const webDir = useWebBuild();

beforeAll(async () => {
  t = await buildTestApp({ trustProxy: 1, webDistDir: webDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t.close();
});

function login(email: string, password: string, forwardedFor: string) {
  return fetch(`${base}/api/b2b/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password }),
  });
}

async function timed(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

describe('a flood of wrong logins', () => {
  it('leaves index.html and /healthz answering, refuses the excess unchecked, and lets the real user in', async () => {
    const agency = await createAgency(t.database.db);
    const victim = agency.users.admin.email;
    const attackers = Array.from({ length: 4 }, () => randomIp());
    await timed(`${base}/`);
    await timed(`${base}/healthz`);
    const started = performance.now();
    const flood = Array.from({ length: 60 }, (_, i) =>
      login(i % 2 ? victim : `nobody-${i}@example.test`, 'wrong-guess', attackers[i % 4] ?? '').then(async (res) => ({
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        ms: performance.now() - started,
        body: await res.text(),
      })),
    );

    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = [];
    for (let i = 0; i < 5; i++) {
      during.push(await timed(`${base}/`), await timed(`${base}/healthz`));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const real = await login(victim, TEST_PASSWORD, randomIp());
    const answers = await Promise.all(flood);

    expect(during.every((r) => r.status === 200)).toBe(true);
    // the 200 ms target is measured and printed by the bench; here: never stuck behind the hashing
    expect(Math.max(...during.map((r) => r.ms))).toBeLessThan(1000);
    expect(real.status).toBe(200);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(30);
    // refused at once, before any hashing, with a time to come back
    expect(
      refused.every(
        (a) =>
          Number(a.retryAfter) > 0 && ([MESSAGES.tooManyAttempts, MESSAGES.tooManyChecks] as string[]).includes(a.body),
      ),
    ).toBe(true);
    expect(Math.min(...refused.map((a) => a.ms))).toBeLessThan(1000);
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true);
    console.log(
      `login flood: ${answers.length} wrong logins, ${refused.length} refused unchecked; index.html/healthz ${during.map((r) => Math.round(r.ms)).join(', ')} ms`,
    );
  });

  it('counts a client behind the balancer by the address the balancer saw, not the one it wrote itself', async () => {
    const agency = await createAgency(t.database.db);
    const seen = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await login(agency.users.junior.email, 'wrong-guess', `${randomIp()}, ${seen}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
  });
});
