import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, adminRoutes, authRoutes, layoutRoutes, systemRoutes } from '@portal/contract';
import { agencies } from '../src/db/schema/index.ts';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { spawnSync } from 'node:child_process';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { buildTestApp, useTestApp } from './build-test-app.ts';
import { SAMPLE_PDF, bearer, createAgency, createOperator, loginAs, storeAgencyFile } from './factories.ts';
import { injectRoute, routeUrl } from './inject-route.ts';
import { useWebBuild } from './web-build.ts';

const webDir = useWebBuild();
const t = useTestApp({ webDistDir: webDir });

describe('GET /api/layout/info', () => {
  it.each([
    ['localhost:3000', 'general', 'en', 'aed', true],
    ['ru.localhost:3000', 'ru', 'ru', 'usd', true],
    ['partner.localhost:3000', 'partner', 'en', 'aed', false],
    ['unknown.example:3000', 'general', 'en', 'aed', true],
  ])('on %s serves the %s site', async (host, kind, language, currency, hasSearch) => {
    const res = await injectRoute(t.app, layoutRoutes.info, { headers: { host } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.site).toMatchObject({
      kind,
      defaultLanguage: language,
      defaultCurrency: currency,
      features: { search: hasSearch, topDestinations: hasSearch },
    });
    expect(body.site.topDestinations.length > 0).toBe(hasSearch);
    expect(body.contactInfo).toEqual({ phone: expect.any(String), whatsApp: expect.stringMatching(/^\+971/) });
    expect(Object.keys(body.hostData).sort()).toEqual(['about', 'aboutDescriptions', 'address', 'email', 'mainLogo']);
    // the site's own texts are in its language (issue 9: the Russian footer showed an English address)
    const cyrillic = /[а-яё]/i;
    for (const text of [body.hostData.about, body.hostData.address, ...body.hostData.aboutDescriptions])
      expect([text, cyrillic.test(text)]).toEqual([text, language === 'ru']);
    expect(body.legal).toEqual({
      legalName: expect.any(String),
      vatRegistrationNumber: expect.stringMatching(/^\d{15}$/),
      tradeLicenceNumber: expect.any(String),
    });
  });
});

describe('server-side roles', () => {
  it('needs a token for protected calls', async () => {
    const res = await injectRoute(t.app, authRoutes.me);
    expect([res.statusCode, res.body]).toEqual([401, MESSAGES.unauthorized]);
  });

  it('drops an expired or forged token', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'operator', exp: claims.exp + 1 })).toString('base64url')}.${signature}`;
    expect((await injectRoute(t.app, authRoutes.me, { token: forged })).statusCode).toBe(401);
    const expired = await t.app.deps.tokens.sign({
      userId: agency.users.admin.id,
      tokenVersion: 0,
      email: 'x',
      name: 'x',
      phone: '',
      role: 'admin',
      agencyId: agency.id,
      isWidgetsCreationAllowed: 0,
      isCreditCardTopupAllowed: 1,
    });
    const shortLived = (await import('../src/lib/tokens.ts')).createTokenService(
      t.app.deps.config.jwtSecret ?? '',
      -10,
    );
    const old = await shortLived.sign({ ...decodeClaims(expired), userId: agency.users.admin.id, tokenVersion: 0 });
    expect((await injectRoute(t.app, authRoutes.me, { token: expired })).statusCode).toBe(200);
    expect((await injectRoute(t.app, authRoutes.me, { token: old })).statusCode).toBe(401);
  });

  it('keeps agency roles out of operator routes and lets operators approve agencies', async () => {
    const pending = await createAgency(t.database.db, { status: 'pending' });
    for (const role of ['admin', 'senior', 'junior'] as const) {
      const token = await loginAs(t.app, pending.users[role].email);
      const res = await injectRoute(t.app, adminRoutes.listAgencies, { token });
      expect([res.statusCode, res.body]).toEqual([403, MESSAGES.forbidden]);
      expect(
        (await injectRoute(t.app, adminRoutes.approveAgency, { params: { id: pending.id }, token })).statusCode,
      ).toBe(403);
    }
    const operator = await createOperator(t.database.db);
    const token = await loginAs(t.app, operator.email);
    const list = await injectRoute(t.app, adminRoutes.listAgencies, { query: { status: 'pending' }, token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ id: pending.id, status: 'pending', adminEmail: pending.users.admin.email }),
    );
    expect((await injectRoute(t.app, adminRoutes.approveAgency, { params: { id: pending.id }, token })).json()).toEqual(
      { ok: true },
    );
    const [row] = await t.database.db
      .select({ status: agencies.status })
      .from(agencies)
      .where(eq(agencies.id, pending.id));
    expect(row?.status).toBe('approved');
    const missing = await injectRoute(t.app, adminRoutes.approveAgency, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      token,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await injectRoute(t.app, adminRoutes.approveAgency, { params: { id: 'not-a-uuid' }, token });
    expect([bad.statusCode, bad.json()]).toEqual([422, [{ fieldName: 'id', errorMessage: 'Unknown agency' }]]);
  });
});

function decodeClaims(token: string) {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  return {
    email: claims.email,
    name: claims.name,
    phone: claims.phone,
    role: claims.role,
    agencyId: claims.agencyId,
    isWidgetsCreationAllowed: 0,
    isCreditCardTopupAllowed: 1,
  };
}

describe('GET /api/b2b/files/{id}', () => {
  // a new agency with one file stored under the name and type it was uploaded with
  const agencyWithFile = async (kind: 'tradeLicense' | 'vatCertificate', originalName: string, contentType: string) => {
    const owner = await createAgency(t.database.db);
    const file = await storeAgencyFile(t.app, t.database.db, { agencyId: owner.id, kind, originalName, contentType });
    return { owner, file };
  };
  const download = async (fileId: string, email: string) =>
    injectRoute(t.app, systemRoutes.downloadFile, { params: { id: fileId }, token: await loginAs(t.app, email) });

  it("serves a file only to its own agency; another agency's id is a 404", async () => {
    const { owner, file } = await agencyWithFile('tradeLicense', 'лицензия.pdf', 'application/pdf');
    const other = await createAgency(t.database.db);
    const mine = await download(file.id, owner.users.junior.email);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="trade-licence-${file.id.slice(0, 8)}.pdf"`);
    const theirs = await download(file.id, other.users.admin.email);
    expect(theirs.statusCode).toBe(404);
    const junk = await t.app.inject({
      method: 'GET',
      url: '/api/b2b/files/../../etc/passwd',
      headers: bearer(await loginAs(t.app, other.users.admin.email)),
    });
    expect(junk.statusCode).toBe(404);
  });

  it("serves under our own name with the type found in the content, never the uploader's name or type", async () => {
    const { owner, file } = await agencyWithFile('vatCertificate', 'page.html', 'text/html');
    const res = await download(file.id, owner.users.admin.email);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="vat-certificate-${file.id.slice(0, 8)}.pdf"`,
    );
    expect(res.headers['content-disposition']).not.toContain('html');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(SAMPLE_PDF)).toBe(true);
  });

  it("lets the tours company's operator open any agency's trade licence, to review it", async () => {
    const { file } = await agencyWithFile('tradeLicense', 'licence.pdf', 'application/pdf');
    const operator = await createOperator(t.database.db);
    const res = await download(file.id, operator.email);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE_PDF)).toBe(true);
  });
});

describe('errors and protection', () => {
  it('answers unknown API paths with 404 text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect([res.statusCode, res.body]).toEqual([404, 'Not found']);
  });

  // a tab opened before a deploy asks for a chunk the new build no longer has: a 404 its import fails on, never the
  // page's HTML under a script's name
  it('answers a build file that is not there with 404 text, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/tour-Gone1234.js' });
    expect([res.statusCode, res.body, res.headers['content-type']]).toEqual([
      404,
      'Not found',
      'text/plain; charset=utf-8',
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/checkout' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
  });

  it('answers malformed JSON with a 422 naming the body', async () => {
    const res = await injectRoute(t.app, authRoutes.login, {
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      [{ fieldName: 'body', errorMessage: 'The request body is not valid JSON' }],
    ]);
  });

  it('sends a page the document security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/checkout' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // documents the back office downloaded show inline (a blob: frame), and nothing else may be framed
    expect(res.headers['content-security-policy']).toContain("frame-src 'self' blob:");
    // Stripe's origins only where Stripe is configured (provider-bookings.test.ts)
    expect(res.headers['content-security-policy']).not.toContain('stripe');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // and the rate limit counts every portal API call and says so
    expect((await injectRoute(t.app, layoutRoutes.info)).headers['x-ratelimit-limit']).toBeDefined();
  });

  // docs/decisions/0153: an answer of the API is no document — the REST set, and none of a page's headers
  it.each([
    ['the portal API', '/api/layout/info'],
    ['the reseller API', '/octo/v1/supplier'],
    ['an unknown API path', '/api/nothing-here'],
  ])('sends %s only the headers of an API answer', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).not.toContain('text/html');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    for (const name of ['x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection'])
      expect(res.headers[name]).toBeUndefined();
  });

  it('reports health', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document generated from the contract, with its UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths;
    expect(paths['/api/b2b/account/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    expect(paths['/api/b2b/account/signup'].post.requestBody.content).toHaveProperty('multipart/form-data');
    // the reseller API under its own tag, with the API key as its bearer
    expect(paths['/octo/v1/bookings/{uuid}/confirm'].post).toMatchObject({
      tags: ['OCTO (reseller API)'],
      security: [{ apiKey: [] }],
    });
    expect(Object.keys(paths).filter((p) => p.startsWith('/octo/v1')).length).toBe(12);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('lists kept mails on the dev mailbox outside production, to callers on this machine only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const remoteAddress of ['203.0.113.9', '10.1.2.3', '::ffff:192.168.1.5']) {
      for (const url of ['/dev/mailbox', routeUrl(systemRoutes.devMailbox)]) {
        // a forwarded-for header claiming loopback changes nothing: the socket's address decides
        const far = await t.app.inject({
          method: 'GET',
          url,
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect([url, remoteAddress, far.statusCode]).toEqual([url, remoteAddress, 404]);
      }
    }
    expect(
      (await t.app.inject({ method: 'GET', url: routeUrl(systemRoutes.devMailbox), remoteAddress: '::1' })).statusCode,
    ).toBe(200);
  });

  it('listens on this machine only outside production unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ALLOW_SANDBOX_PAYMENTS: 'true' }).host,
    ).toBe('0.0.0.0');
  });
});

describe('background job settings', () => {
  it('switches the card sweeper off without the account jobs (each has its own setting)', () => {
    const dev = { NODE_ENV: 'development' };
    expect(loadConfig(dev)).toMatchObject({ holdSweepMs: 30_000, accountJobsMs: 3_600_000, balanceAlertMs: 300_000 });
    expect(loadConfig({ ...dev, HOLD_SWEEP_MS: '0' })).toMatchObject({
      holdSweepMs: 0,
      accountJobsMs: 3_600_000,
      balanceAlertMs: 300_000,
    });
    expect(loadConfig({ ...dev, ACCOUNT_JOBS_MS: '0', BALANCE_ALERT_MS: '0' })).toMatchObject({
      holdSweepMs: 30_000,
      accountJobsMs: 0,
      balanceAlertMs: 0,
    });
    expect(() => loadConfig({ ...dev, BALANCE_ALERT_MS: 'soon' })).toThrow(/BALANCE_ALERT_MS/);
  });
});

describe('widget domain settings', () => {
  it('reads DNS_SERVERS and WIDGET_CNAME_TARGET, refusing a server that is not an address', () => {
    const dev = { NODE_ENV: 'development' };
    expect(loadConfig(dev)).toMatchObject({ dnsServers: undefined, widgetCnameTarget: 'localhost' });
    expect(loadConfig({ ...dev, PUBLIC_URL: 'https://b2b.goldenfalcon.ae' }).widgetCnameTarget).toBe(
      'b2b.goldenfalcon.ae',
    );
    expect(
      loadConfig({ ...dev, WIDGET_CNAME_TARGET: 'Shops.GoldenFalcon.ae.', DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353' }),
    ).toMatchObject({ widgetCnameTarget: 'shops.goldenfalcon.ae', dnsServers: ['1.1.1.1', '127.0.0.1:5353'] });
    expect(() => loadConfig({ ...dev, DNS_SERVERS: 'dns.google' })).toThrow(
      'DNS_SERVERS must list addresses such as 1.1.1.1 or 127.0.0.1:5353, got "dns.google"',
    );
  });
});

describe('production guards', () => {
  const base = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    PAYMENT_PROVIDER: 'tap',
    TAP_SECRET_KEY: 'sk_test',
    DATABASE_URL: 'postgres://db/portal',
  };
  it.each([
    ['JWT_SECRET', { JWT_SECRET: '' }],
    ['PAYMENT_PROVIDER', { PAYMENT_PROVIDER: '' }],
    ['SEED_DEMO', { SEED_DEMO: 'true' }],
    ['DATABASE_URL', { REDIS_URL: 'redis://cache:6379', DATABASE_URL: '' }],
    ['S3_BUCKET', { REDIS_URL: 'redis://cache:6379' }],
    ['BOOKING_STOCK_LOCKING', { BOOKING_STOCK_LOCKING: 'off' }],
  ])('refuses to start without a safe %s, naming it', (variable, change) => {
    const named = ['DATABASE_URL', 'S3_BUCKET'].includes(variable)
      ? new RegExp(`^REDIS_URL is set .* but ${variable} is not`)
      : new RegExp(`^${variable}`);
    expect(() => loadConfig({ ...base, ...change })).toThrow(named);
    expect(() => loadConfig({ ...base, ...change })).toThrow(ConfigError);
  });

  it('starts with a complete production setting, and the sandbox only when a staging site says so', () => {
    expect(loadConfig(base).payment.provider).toBe('tap');
    expect(loadConfig({ ...base, PAYMENT_PROVIDER: '', ALLOW_SANDBOX_PAYMENTS: 'true' }).payment.provider).toBe(
      'sandbox',
    );
  });

  it('the real server prints one line naming the variable and exits', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-guard-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, ...base, PAYMENT_PROVIDER: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER is the sandbox/)]);
  });
});

describe('maintenance mode', () => {
  it("answers every API call with 503 'Server is under maintenance'", async () => {
    const m = await buildTestApp({ maintenanceMode: true });
    try {
      const res = await injectRoute(m.app, layoutRoutes.info);
      expect([res.statusCode, res.body]).toEqual([503, MESSAGES.maintenance]);
      expect((await m.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'maintenance' });
    } finally {
      await m.close();
    }
  });
});

describe('data dir lock', () => {
  it('refuses a second owner with a clear message and frees the lock on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    fs.writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/is in use by another process/);
    fs.writeFileSync(path.join(dir, 'portal.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
