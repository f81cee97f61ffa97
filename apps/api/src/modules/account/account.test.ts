import { describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { JWT_AUDIENCE, MESSAGES, authRoutes } from '@portal/contract';
import { mailOutbox, passwordResetRequests, passwordResets, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import {
  TEST_PASSWORD,
  createAgency,
  decodeJwt,
  loginAs,
  passwordResetAnswered,
  randomIp,
} from '../../../test/factories.ts';
import { answerPasswordResetRequests } from './account.service.ts';
import { THROTTLE } from './login-throttle.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

const t = useTestApp();

const login = (email: string, password: string, remoteAddress = randomIp()) =>
  t.app.inject({ method: 'POST', url: routeUrl(authRoutes.login), payload: { email, password }, remoteAddress });

async function latestMailTo(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

describe('POST /api/b2b/account/login', () => {
  it('returns a signed token with the session-user claims, exp and aud', async () => {
    const agency = await createAgency(t.database.db);
    const res = await login(agency.users.senior.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt((res.json() as { accessToken: string }).accessToken);
    expect(claims).toMatchObject({
      sub: agency.users.senior.id,
      email: agency.users.senior.email,
      name: 'Test senior',
      phone: '+971500000000',
      role: 'senior',
      agencyId: agency.id,
      isWidgetsCreationAllowed: 0,
      isCreditCardTopupAllowed: 1,
      aud: JWT_AUDIENCE,
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 3600);
  });

  it('accepts the e-mail in any case', async () => {
    const agency = await createAgency(t.database.db);
    expect((await login(agency.users.admin.email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same message', async () => {
    const agency = await createAgency(t.database.db);
    for (const res of [
      await login(agency.users.admin.email, 'wrong-password'),
      await login('nobody@example.test', TEST_PASSWORD),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ fieldName: 'password', errorMessage: MESSAGES.loginIncorrect }]);
    }
  });

  it('refuses deleted agents', async () => {
    const agency = await createAgency(t.database.db);
    await t.database.db.update(users).set({ status: 'deleted' }).where(eq(users.id, agency.users.junior.id));
    expect((await login(agency.users.junior.email, TEST_PASSWORD)).json()).toEqual([
      { fieldName: 'password', errorMessage: MESSAGES.loginIncorrect },
    ]);
  });

  it('validates the body', async () => {
    const res = await injectRoute(t.app, authRoutes.login, { payload: { email: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { fieldName: 'email', errorMessage: MESSAGES.required },
      { fieldName: 'password', errorMessage: MESSAGES.required },
    ]);
  });

  it('locks an address out of an account after repeated failures, but the real user on another address still gets in', async () => {
    const agency = await createAgency(t.database.db);
    const email = agency.users.admin.email;
    const attacker = randomIp();
    for (let i = 0; i < THROTTLE.perAccountAndIp; i++)
      expect((await login(email, 'guess', attacker)).statusCode).toBe(422);
    const locked = await login(email, TEST_PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toBe(MESSAGES.tooManyAttempts);
    expect((await login(email, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('a flood against one account from many addresses cannot lock out its user, from a new address or a known one', async () => {
    const agency = await createAgency(t.database.db);
    const email = agency.users.senior.email;
    const home = randomIp();
    expect((await login(email, TEST_PASSWORD, home)).statusCode).toBe(200);
    // 14 addresses at once, 5 wrong passwords each (one after another per address): 70 attempts, under attack
    await Promise.all(
      Array.from({ length: 14 }, async () => {
        const attacker = randomIp();
        for (let i = 0; i < 5; i++) await login(email, 'guess', attacker);
      }),
    );
    expect((await login(email, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
    expect((await login(email, TEST_PASSWORD, home)).statusCode).toBe(200);
    // while it lasts, a new address gets fewer guesses than the usual five
    const newcomer = randomIp();
    for (let i = 0; i < THROTTLE.perAccountAndNewIpUnderAttack; i++)
      expect((await login(email, 'guess', newcomer)).statusCode).toBe(422);
    const refused = await login(email, 'guess', newcomer);
    expect([refused.statusCode, refused.body]).toEqual([429, MESSAGES.tooManyAttempts]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts parallel guesses before checking them: past the limit they are refused unchecked, and the right password too', async () => {
    const agency = await createAgency(t.database.db);
    const email = agency.users.junior.email;
    const attacker = randomIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(email, 'guess', attacker)));
    const checked = answers.filter((r) => r.statusCode === 422);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(checked.length).toBeLessThanOrEqual(THROTTLE.perAccountAndIp);
    expect(checked.length + refused.length).toBe(30);
    expect(refused.every((r) => Number(r.headers['retry-after']) > 0)).toBe(true);
    // guessing on from there: no more than five are ever checked, then even the right password is refused
    let more = 0;
    for (let i = 0; i < 8; i++) if ((await login(email, 'guess', attacker)).statusCode === 422) more += 1;
    expect(checked.length + more).toBeLessThanOrEqual(THROTTLE.perAccountAndIp);
    expect((await login(email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
    expect((await login(email, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('locks one address that sprays many accounts', async () => {
    const sprayer = randomIp();
    for (let i = 0; i < THROTTLE.perIp; i++)
      expect((await login(`spray-${i}-${sprayer}@example.test`, 'guess', sprayer)).statusCode).toBe(422);
    const agency = await createAgency(t.database.db);
    expect((await login(agency.users.admin.email, TEST_PASSWORD, sprayer)).statusCode).toBe(429);
  });
});

describe('POST /api/b2b/account/changepassword', () => {
  it('changes the password, ends other sessions and returns a fresh token', async () => {
    const agency = await createAgency(t.database.db);
    const email = agency.users.junior.email;
    const oldToken = await loginAs(t.app, email);
    const res = await injectRoute(t.app, authRoutes.changePassword, {
      body: { currentPassword: TEST_PASSWORD, password: 'Brand-new-pass-1', confirmPassword: 'Brand-new-pass-1' },
      token: oldToken,
    });
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json() as { accessToken: string };
    expect((await injectRoute(t.app, authRoutes.me, { token: oldToken })).statusCode).toBe(401);
    const me = await injectRoute(t.app, authRoutes.me, { token: accessToken });
    expect(me.json()).toMatchObject({
      email,
      role: 'junior',
      agency: { id: agency.id, currency: 'aed', status: 'approved' },
    });
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(422);
    expect((await login(email, 'Brand-new-pass-1')).statusCode).toBe(200);
    expect((await latestMailTo(email))?.subject).toContain('password was changed');
  });

  it('refuses a wrong current password, a short one and a mismatch, and keeps the old password', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const attempt = (payload: Record<string, string>) =>
      injectRoute(t.app, authRoutes.changePassword, { payload, token });
    expect(
      (
        await attempt({ currentPassword: 'nope', password: 'Another-pass-22', confirmPassword: 'Another-pass-22' })
      ).json(),
    ).toEqual([{ fieldName: 'currentPassword', errorMessage: MESSAGES.currentPasswordWrong }]);
    expect(
      (await attempt({ currentPassword: TEST_PASSWORD, password: 'short', confirmPassword: 'short' })).json(),
    ).toEqual([{ fieldName: 'password', errorMessage: MESSAGES.passwordTooWeak }]);
    expect(
      (
        await attempt({
          currentPassword: TEST_PASSWORD,
          password: 'Another-pass-22',
          confirmPassword: 'Another-pass-23',
        })
      ).json(),
    ).toEqual([{ fieldName: 'confirmPassword', errorMessage: MESSAGES.passwordsDoNotMatch }]);
    expect((await login(agency.users.admin.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a valid token', async () => {
    const res = await injectRoute(t.app, authRoutes.changePassword, { payload: {}, token: 'not.a.token' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/b2b/account/forgotpassword and resetpassword', () => {
  async function requestReset(email: string) {
    const res = await injectRoute(t.app, authRoutes.forgotPassword, { body: { email } });
    expect(res.json()).toEqual({ ok: true });
    await passwordResetAnswered(t.database.db, email);
    const mail = await latestMailTo(email);
    const token = /reset-password\?token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1];
    expect(token).toBeDefined();
    return token ?? '';
  }

  it('e-mails a single-use link that sets a new password', async () => {
    const agency = await createAgency(t.database.db);
    const email = agency.users.admin.email;
    const token = await requestReset(email);
    expect((await latestMailTo(email))?.textBody).toContain('http://localhost:3000/reset-password?token=');
    const reset = (password: string) =>
      injectRoute(t.app, authRoutes.resetPassword, { body: { token, password, confirmPassword: password } });
    expect((await reset('Reset-password-1')).statusCode).toBe(200);
    expect((await login(email, 'Reset-password-1')).statusCode).toBe(200);
    const second = await reset('Reset-password-2');
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual([{ fieldName: 'token', errorMessage: MESSAGES.resetLinkInvalid }]);
    expect((await login(email, 'Reset-password-2')).statusCode).toBe(422);
  });

  it('refuses an expired link and changes nothing', async () => {
    const agency = await createAgency(t.database.db);
    const email = agency.users.senior.email;
    const token = await requestReset(email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(passwordResets.userId, agency.users.senior.id), isNull(passwordResets.usedAt)));
    const res = await injectRoute(t.app, authRoutes.resetPassword, {
      body: { token, password: 'Late-password-1', confirmPassword: 'Late-password-1' },
    });
    expect(res.json()).toEqual([{ fieldName: 'token', errorMessage: MESSAGES.resetLinkInvalid }]);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await injectRoute(t.app, authRoutes.forgotPassword, { body: { email: 'ghost@example.test' } });
    expect(res.json()).toEqual({ ok: true });
    await passwordResetAnswered(t.database.db, 'ghost@example.test');
    expect(await latestMailTo('ghost@example.test')).toBeUndefined();
  });

  it('takes the same path for known and unknown addresses: one waiting request each, answered after the reply', async () => {
    const agency = await createAgency(t.database.db);
    const known = agency.users.admin.email;
    const unknown = `nobody-${agency.id}@example.test`;
    // the answers' work held back, to see what the request itself did
    const kick = t.app.deps.kickPasswordResets;
    t.app.deps.kickPasswordResets = () => {};
    try {
      for (const email of [known, unknown]) {
        const res = await injectRoute(t.app, authRoutes.forgotPassword, { body: { email } });
        expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
      }
      const waiting = await t.database.db
        .select({ email: passwordResetRequests.email, siteId: passwordResetRequests.siteId })
        .from(passwordResetRequests)
        .where(inArray(passwordResetRequests.email, [known, unknown]));
      expect(waiting.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
        [known, unknown].sort().map((email) => ({ email, siteId: 'general' })),
      );
      // nothing looked the address up yet: no link, no mail
      expect(
        await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, agency.users.admin.id)),
      ).toEqual([]);
      expect(await latestMailTo(known)).toBeUndefined();
    } finally {
      t.app.deps.kickPasswordResets = kick;
    }
    expect(await answerPasswordResetRequests(t.app.deps)).toBeGreaterThanOrEqual(1);
    await passwordResetAnswered(t.database.db, known);
    await passwordResetAnswered(t.database.db, unknown);
    expect((await latestMailTo(known))?.textBody).toContain('/reset-password?token=');
    expect(await latestMailTo(unknown)).toBeUndefined();
  });

  it('uses the Russian site address and language on the Russian host', async () => {
    const agency = await createAgency(t.database.db, { siteId: 'ru', currency: 'usd' });
    await injectRoute(t.app, authRoutes.forgotPassword, {
      body: { email: agency.users.admin.email },
      headers: { host: 'ru.localhost:3000' },
    });
    await passwordResetAnswered(t.database.db, agency.users.admin.email);
    expect((await latestMailTo(agency.users.admin.email))?.textBody).toContain(
      'http://ru.localhost:3000/reset-password?token=',
    );
  });
});
