import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { MESSAGES, authRoutes, systemRoutes, unsupportedFormatMessage } from '@portal/contract';
import { agencies, files, mailOutbox, users } from '../../db/schema/index.ts';
import { buildOwnTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  SAMPLE_EXE,
  SAMPLE_PDF,
  SAMPLE_PNG,
  decodeJwt,
  multipart,
  uniqueEmail,
  type Part,
} from '../../../test/factories.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { injectRoute } from '../../../test/inject-route.ts';

let t: TestApp;
// Names carry a run id: on PostgreSQL the database outlives a run.
const run = randomUUID().slice(0, 8);
const named = (name: string) => `${name} ${run}`;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

// On PostgreSQL a database of its own: this app's mail worker sends what is due in its outbox, and on the shared
// database that is every suite's mail, so its own could wait behind hundreds (seen: 71 others sent, then a timeout)
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildOwnTestApp('signup', { smtpUrl: smtp.url, mailPollMs: 200 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function fields(overrides: Record<string, string | null> = {}): Part[] {
  const base: Record<string, string> = {
    companyName: 'Falcon Wings Travel',
    tradeLicenseNumber: 'DED-55501',
    tradeLicenseExpiry: '2028-05-31',
    trnNumber: '100200300400003',
    address: 'Office 12, Deira, Dubai',
    country: 'United Arab Emirates',
    city: 'Dubai',
    name: 'Maryam Al Zarooni',
    jobTitle: 'Owner',
    email: uniqueEmail('signup'),
    phone: '+971 50 765 4321',
    acceptTerms: 'true',
  };
  return Object.entries({ ...base, ...overrides }).flatMap(([name, value]) =>
    value === null ? [] : [{ name, value }],
  );
}

const licence = (data: Buffer = SAMPLE_PDF, filename = 'licence.pdf', contentType = 'application/pdf'): Part => ({
  name: 'tradeLicense',
  filename,
  contentType,
  data,
});

async function post(parts: Part[]) {
  return injectRoute(t.app, authRoutes.signup, multipart(parts));
}

async function agencyCountNamed(name: string) {
  const [row] = await t.database.db.select({ n: count() }).from(agencies).where(eq(agencies.name, name));
  return row?.n ?? 0;
}

async function userCount(email: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row?.n ?? 0;
}

function emailOf(parts: Part[]): string {
  const part = parts.find((p) => p.name === 'email');
  return part && 'value' in part ? part.value : '';
}

describe('POST /api/b2b/account/signup', () => {
  it('creates the agency and its admin, stores the files and e-mails a temporary password that logs in', async () => {
    const parts = fields({ companyName: named('Signup Success Travel') });
    const email = emailOf(parts);
    const res = await post([
      ...parts,
      licence(),
      { name: 'vatCertificate', filename: 'vat.png', contentType: 'image/png', data: SAMPLE_PNG },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, email });

    const [agency] = await t.database.db
      .select()
      .from(agencies)
      .where(eq(agencies.name, named('Signup Success Travel')));
    expect(agency).toMatchObject({
      status: 'pending',
      currency: 'aed',
      siteId: 'general',
      tradeLicenseNumber: 'DED-55501',
    });
    const stored = await t.database.db
      .select()
      .from(files)
      .where(eq(files.agencyId, agency?.id ?? ''));
    expect(stored.map((f) => [f.kind, f.contentType]).sort()).toEqual([
      ['tradeLicense', 'application/pdf'],
      ['vatCertificate', 'image/png'],
    ]);

    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const password = /temporary password: (\S+)/.exec(mail.body)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);

    const login = await injectRoute(t.app, authRoutes.login, { body: { email, password: password ?? '' } });
    expect(login.statusCode).toBe(200);
    const token = (login.json() as { accessToken: string }).accessToken;
    expect(decodeJwt(token)).toMatchObject({ email, role: 'admin', name: 'Maryam Al Zarooni', agencyId: agency?.id });

    const download = await injectRoute(t.app, systemRoutes.downloadFile, {
      params: { id: String(agency?.tradeLicenseFileId) },
      token,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="trade-licence-${agency?.tradeLicenseFileId?.slice(0, 8)}.pdf"`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(SAMPLE_PDF)).toBe(true);
  });

  it('signs up on the Russian site in USD with a Russian e-mail', async () => {
    const parts = fields({ companyName: named('Sputnik Travel'), language: 'ru' });
    const email = emailOf(parts);
    const body = multipart([...parts, licence()]);
    const ok = await injectRoute(t.app, authRoutes.signup, {
      payload: body.payload,
      headers: { ...body.headers, host: 'ru.localhost:3000' },
    });
    expect(ok.statusCode).toBe(200);
    const [agency] = await t.database.db
      .select()
      .from(agencies)
      .where(eq(agencies.name, named('Sputnik Travel')));
    expect(agency).toMatchObject({ siteId: 'ru', currency: 'usd', language: 'ru' });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.body).toContain('Временный пароль');
  });

  const badInputs: Array<[string, () => Part[], string, string]> = [
    ['the trade licence is missing', () => fields(), 'tradeLicense', MESSAGES.tradeLicenceRequired],
    [
      'the licence is 6 MB',
      () => [...fields(), licence(Buffer.concat([SAMPLE_PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]))],
      'tradeLicense',
      MESSAGES.fileTooLarge,
    ],
    [
      'the licence is an .exe renamed .pdf',
      () => [...fields(), licence(SAMPLE_EXE, 'licence.pdf', 'application/pdf')],
      'tradeLicense',
      unsupportedFormatMessage,
    ],
    [
      'the VAT certificate is not a PDF/JPG/PNG',
      () => [
        ...fields(),
        licence(),
        { name: 'vatCertificate', filename: 'vat.pdf', contentType: 'application/pdf', data: Buffer.from('hello') },
      ],
      'vatCertificate',
      unsupportedFormatMessage,
    ],
    [
      'the e-mail is malformed',
      () => [...fields({ email: 'not-an-email@' }), licence()],
      'email',
      MESSAGES.invalidEmail,
    ],
    ['the name has digits', () => [...fields({ name: 'Agent 007' }), licence()], 'name', MESSAGES.nameLettersOnly],
    ['the name is blank', () => [...fields({ name: '   ' }), licence()], 'name', MESSAGES.required],
    [
      'the terms are not accepted',
      () => [...fields({ acceptTerms: null }), licence()],
      'acceptTerms',
      MESSAGES.termsRequired,
    ],
    [
      'the company name is missing',
      () => [...fields({ companyName: null }), licence()],
      'companyName',
      MESSAGES.required,
    ],
  ];

  it.each(badInputs)('answers 422 and creates nothing when %s', async (_case, build, fieldName, errorMessage) => {
    const parts = build();
    const email = emailOf(parts);
    const res = await post(parts);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toContainEqual({ fieldName, errorMessage });
    expect(await userCount(email)).toBe(0);
    const [mails] = await t.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mails?.n).toBe(0);
  });

  it('reports every problem at once', async () => {
    const res = await post(fields({ name: 'R2D2', email: 'x', acceptTerms: null }));
    expect(res.statusCode).toBe(422);
    expect((res.json() as Array<{ fieldName: string }>).map((e) => e.fieldName).sort()).toEqual([
      'acceptTerms',
      'email',
      'name',
      'tradeLicense',
    ]);
  });

  it('refuses an e-mail that is already registered, whatever its case, and leaves the first agency alone', async () => {
    const parts = fields({ companyName: named('First Owner Travel') });
    expect((await post([...parts, licence()])).statusCode).toBe(200);
    const again = fields({ companyName: named('Second Owner Travel'), email: emailOf(parts).toUpperCase() });
    const res = await post([...again, licence()]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ fieldName: 'email', errorMessage: MESSAGES.emailTaken }]);
    expect(await agencyCountNamed(named('Second Owner Travel'))).toBe(0);
    expect(await agencyCountNamed(named('First Owner Travel'))).toBe(1);
  });

  it('rejects a JSON body with a clear error', async () => {
    const res = await injectRoute(t.app, authRoutes.signup, { payload: { companyName: 'x' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
