import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERIFIED_TOKENS_KEPT, createTokenService } from './tokens.ts';

const SECRET = 'a-test-secret-of-thirty-two-bytes!!';
const payload = {
  userId: '5b0f4a52-54c1-4f8b-9d61-3f1c1a6f4d1e',
  tokenVersion: 3,
  email: 'agent@example.com',
  name: 'Agent',
  phone: '+971500000000',
  role: 'admin' as const,
  agencyId: null,
  isWidgetsCreationAllowed: 0,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('token checks', () => {
  it('answers a token seen before with the same claims, and still refuses a token changed by one character', async () => {
    const tokens = createTokenService(SECRET, 3600);
    const token = await tokens.sign(payload);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: payload.userId, ver: 3, role: 'admin' });
    expect(await tokens.verify(token)).toEqual(first);
    const [head, body, signature = ''] = token.split('.');
    const forged = `${head}.${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });

  it('refuses a remembered token once it has expired, as jose does at the same second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T19:59:00.000Z'));
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign(payload);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-30T19:59:59.999Z'));
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-30T20:00:00.000Z'));
    expect(await tokens.verify(token)).toBeNull();
    // and again, now that it is forgotten: jose's own check says the same
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a token of another secret is refused, remembered or not', async () => {
    const ours = createTokenService(SECRET, 3600);
    const theirs = createTokenService('another-secret-of-thirty-two-bytes', 3600);
    const token = await theirs.sign(payload);
    expect(await theirs.verify(token)).not.toBeNull();
    expect(await ours.verify(token)).toBeNull();
  });

  it('still verifies a token after more than VERIFIED_TOKENS_KEPT others pushed it out', async () => {
    const tokens = createTokenService(SECRET, 3600);
    const first = await tokens.sign(payload);
    expect(await tokens.verify(first)).not.toBeNull();
    for (let i = 0; i < VERIFIED_TOKENS_KEPT; i++)
      expect(await tokens.verify(await tokens.sign({ ...payload, tokenVersion: i }))).not.toBeNull();
    expect(await tokens.verify(first)).toMatchObject({ ver: 3 });
  }, 60_000);
});
