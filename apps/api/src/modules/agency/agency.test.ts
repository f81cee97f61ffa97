import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  agencyRoutes,
  buildPath,
  COMPANY_MESSAGES,
  isValidIban,
  MESSAGES,
  systemRoutes,
  unsupportedFormatMessage,
} from '@portal/contract';
import type { AgencyDetails, AgencyDetailsBody, AuditListResponse, ErrorItem } from '@portal/contract';
import { addDays } from '@portal/contract/plain';
import { agencies, auditEvents, files } from '../../db/schema/index.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import {
  SAMPLE_EXE,
  SAMPLE_PDF,
  SAMPLE_PNG,
  bearer,
  createAgency,
  createOperator,
  loginAs,
  multipart,
  storeAgencyFile,
  type Part,
  type TestAgency,
} from '../../../test/factories.ts';

const t = useTestApp();

type Tokens = { admin: string; senior: string; junior: string };
type World = { agency: TestAgency; tokens: Tokens };

// every suite its own agency (and its agents logged in), so counts of rows and history entries are its own
async function freshAgency(): Promise<World> {
  const agency = await createAgency(t.database.db);
  const [admin, senior, junior] = await Promise.all([
    loginAs(t.app, agency.users.admin.email),
    loginAs(t.app, agency.users.senior.email),
    loginAs(t.app, agency.users.junior.email),
  ]);
  return { agency, tokens: { admin, senior, junior } };
}

const url = (routePath: string, params: Record<string, string> = {}) => `/api${buildPath(routePath, params)}`;

const getAgency = (token: string | null) =>
  t.app.inject({ method: 'GET', url: url(agencyRoutes.get.path), headers: token ? bearer(token) : {} });

const putAgency = (token: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url: url(agencyRoutes.update.path), headers: bearer(token), payload: body as object });

const upload = (token: string, kind: string, parts: Part[]) => {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: url(agencyRoutes.uploadFile.path, { kind }),
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

const filePart = (data: Buffer, filename: string, contentType = 'application/pdf'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

const history = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `${url(agencyRoutes.history.path)}${query}`, headers: bearer(token) });

const download = (token: string, id: string) =>
  t.app.inject({ method: 'GET', url: url(systemRoutes.downloadFile.path, { id }), headers: bearer(token) });

const details = async (token: string): Promise<AgencyDetails> => {
  const res = await getAgency(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgencyDetails>();
};

// A UAE IBAN with a good checksum (the one the form's hint shows)
const IBAN = 'AE070331234567890123456';

function validBody(overrides: Partial<AgencyDetailsBody> = {}): AgencyDetailsBody {
  return {
    companyName: 'Desert Falcon Tours LLC',
    trnNumber: '100200300400003',
    tradeLicenseNumber: 'DED-77120',
    tradeLicenseExpiry: '2031-06-30',
    address: 'Office 401, Bay Square 5, Business Bay',
    country: 'United Arab Emirates',
    city: 'Dubai',
    bank: {
      name: 'Emirates NBD',
      accountNumber: '1012345678901',
      iban: 'ae07 0331 2345 6789 0123 456',
      swift: 'ebilaead',
      notes: 'USD account on request',
    },
    contracting: { signatoryName: 'Omar Haddad', validFrom: '2026-01-01', validTo: '2026-12-31' },
    contacts: {
      operations: { name: 'Lina Saleh', email: 'ops@falcon.example', phone: '+971 4 123 4567' },
      accounts: { name: 'Ravi Menon', email: 'Accounts@Falcon.example', phone: '+971 4 123 4568' },
      support: { name: '', email: '', phone: '' },
    },
    ...overrides,
  };
}

async function auditCount(agencyId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.agencyId, agencyId));
  return row?.n ?? 0;
}

async function fileCount(agencyId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(files).where(eq(files.agencyId, agencyId));
  return row?.n ?? 0;
}

async function agencyRow(agencyId: string) {
  const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, agencyId));
  if (!row) throw new Error('agency missing');
  return row;
}

// the files the app's storage holds (local disk under the test's data directory)
function storedFiles(): number {
  const root = path.join(t.dataDir, 'files');
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

describe('GET /api/b2b/agency', () => {
  let w: World;
  beforeAll(async () => {
    w = await freshAgency();
  });

  it('every agency role reads the company settings; only the admin may edit', async () => {
    for (const role of ['junior', 'senior', 'admin'] as const) {
      const body = await details(w.tokens[role]);
      expect(body.id).toBe(w.agency.id);
      expect(body.tradeLicenseNumber).toBe('TL-1');
      expect(body.canEdit).toBe(role === 'admin');
      expect(body.bank).toEqual({ name: '', accountNumber: '', iban: '', swift: '', notes: '' });
      expect(body.contacts.operations).toEqual({ name: '', email: '', phone: '' });
      expect(body.files.contract).toEqual({ current: null, history: [] });
      expect(body.licence).toMatchObject({ state: 'valid', expiry: '2030-01-01' });
    }
  });

  it("refuses the tours company's operator (403) and a caller without a session (401)", async () => {
    const operator = await createOperator(t.database.db);
    const res = await getAgency(await loginAs(t.app, operator.email));
    expect(res.statusCode).toBe(403);
    expect((await getAgency(null)).statusCode).toBe(401);
  });

  it('reports the licence as expiring with the days left from 30 days before its expiry, then expired', async () => {
    const today = dubaiDate();
    const setExpiry = (expiry: string) =>
      t.database.db.update(agencies).set({ tradeLicenseExpiry: expiry }).where(eq(agencies.id, w.agency.id));
    await setExpiry(addDays(today, 31));
    expect((await details(w.tokens.junior)).licence).toEqual({
      state: 'valid',
      expiry: addDays(today, 31),
      daysLeft: 31,
    });
    await setExpiry(addDays(today, 10));
    expect((await details(w.tokens.admin)).licence).toEqual({
      state: 'expiring',
      expiry: addDays(today, 10),
      daysLeft: 10,
    });
    await setExpiry(today);
    expect((await details(w.tokens.admin)).licence).toMatchObject({ state: 'expiring', daysLeft: 0 });
    await setExpiry(addDays(today, -1));
    expect((await details(w.tokens.admin)).licence).toMatchObject({ state: 'expired', daysLeft: -1 });
    await setExpiry('2030-01-01');
  });
});

describe('PUT /api/b2b/agency', () => {
  it('saves every field, normalised, and writes one history entry naming the changed fields', async () => {
    const w = await freshAgency();
    expect(isValidIban(IBAN)).toBe(true);
    const res = await putAgency(w.tokens.admin, validBody());
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<AgencyDetails>();
    expect(saved).toMatchObject({
      companyName: 'Desert Falcon Tours LLC',
      trnNumber: '100200300400003',
      tradeLicenseExpiry: '2031-06-30',
      bank: { name: 'Emirates NBD', iban: IBAN, swift: 'EBILAEAD', notes: 'USD account on request' },
      contracting: { signatoryName: 'Omar Haddad', validFrom: '2026-01-01', validTo: '2026-12-31' },
      contacts: { accounts: { email: 'accounts@falcon.example' }, support: { name: '', email: '', phone: '' } },
      canEdit: true,
    });
    // what another role reads afterwards is what was saved
    expect(await details(w.tokens.junior)).toMatchObject({ bank: saved.bank, contacts: saved.contacts });

    const entries = await t.database.db.select().from(auditEvents).where(eq(auditEvents.agencyId, w.agency.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'agency.updated', actorName: 'Test admin', entity: 'agency' });
    expect(entries[0]?.changes.map((c) => c.field)).toEqual([
      'companyName',
      'trnNumber',
      'tradeLicenseNumber',
      'tradeLicenseExpiry',
      'address',
      'country',
      'bank.name',
      'bank.accountNumber',
      'bank.iban',
      'bank.swift',
      'bank.notes',
      'contracting.signatoryName',
      'contracting.validFrom',
      'contracting.validTo',
      'contacts.operations.name',
      'contacts.operations.email',
      'contacts.operations.phone',
      'contacts.accounts.name',
      'contacts.accounts.email',
      'contacts.accounts.phone',
    ]);
    expect(entries[0]?.changes).toContainEqual({ field: 'bank.iban', from: null, to: IBAN });
    expect(entries[0]?.changes).toContainEqual({ field: 'tradeLicenseExpiry', from: '2030-01-01', to: '2031-06-30' });
  });

  it('writes nothing when nothing changed, and only the changed field the next time', async () => {
    const w = await freshAgency();
    expect((await putAgency(w.tokens.admin, validBody())).statusCode).toBe(200);
    const before = await agencyRow(w.agency.id);
    // the same values as typed differently (spaces, case) are the same values
    const same = await putAgency(w.tokens.admin, validBody());
    expect(same.statusCode, same.body).toBe(200);
    expect(await auditCount(w.agency.id)).toBe(1);
    expect((await agencyRow(w.agency.id)).updatedAt).toEqual(before.updatedAt);

    const body = validBody();
    const changed = await putAgency(w.tokens.admin, { ...body, bank: { ...body.bank, notes: 'AED only' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const [latest] = (await history(w.tokens.admin, '?onPage=1')).json<AuditListResponse>().items;
    expect(latest?.changes).toEqual([{ field: 'bank.notes', from: 'USD account on request', to: 'AED only' }]);
    expect(await auditCount(w.agency.id)).toBe(2);
  });

  it('answers every bad input with a 422 on its field, and writes nothing', async () => {
    const w = await freshAgency();
    const body = validBody();
    const cases: [string, unknown, string, string | null][] = [
      [
        'IBAN checksum',
        { ...body, bank: { ...body.bank, iban: 'AE070331234567890123457' } },
        'bank.iban',
        COMPANY_MESSAGES.invalidIban,
      ],
      ['TRN', { ...body, trnNumber: '200200300400003' }, 'trnNumber', COMPANY_MESSAGES.invalidTrn],
      ['SWIFT', { ...body, bank: { ...body.bank, swift: 'EBIL12' } }, 'bank.swift', COMPANY_MESSAGES.invalidSwift],
      [
        'contract dates',
        { ...body, contracting: { signatoryName: 'A B', validFrom: '2026-06-01', validTo: '2026-05-31' } },
        'contracting.validTo',
        COMPANY_MESSAGES.contractDates,
      ],
      [
        'contact e-mail',
        { ...body, contacts: { ...body.contacts, accounts: { name: 'R', email: 'not-an-email', phone: '' } } },
        'contacts.accounts.email',
        MESSAGES.invalidEmail,
      ],
      [
        'contact phone',
        { ...body, contacts: { ...body.contacts, support: { name: 'S', email: '', phone: 'call me' } } },
        'contacts.support.phone',
        COMPANY_MESSAGES.invalidPhone,
      ],
      ['impossible date', { ...body, tradeLicenseExpiry: '2031-02-30' }, 'tradeLicenseExpiry', null],
      ['blank company name', { ...body, companyName: '  ' }, 'companyName', null],
      ['unknown key', { ...body, status: 'approved' }, 'body', null],
    ];
    const before = await agencyRow(w.agency.id);
    for (const [what, payload, fieldName, message] of cases) {
      const res = await putAgency(w.tokens.admin, payload);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      const items = res.json<ErrorItem[]>();
      expect(
        items.map((item) => item.fieldName),
        what,
      ).toEqual([fieldName]);
      if (message) expect(items[0]?.errorMessage, what).toBe(message);
    }
    expect(await agencyRow(w.agency.id)).toEqual(before);
    expect(await auditCount(w.agency.id)).toBe(0);
  });
});

describe('admins only: saving, uploading and reading the history', () => {
  it('refuses junior and senior agents (403) and changes nothing', async () => {
    const w = await freshAgency();
    const before = await agencyRow(w.agency.id);
    const storedBefore = storedFiles();
    for (const role of ['junior', 'senior'] as const) {
      const token = w.tokens[role];
      expect((await putAgency(token, validBody())).statusCode, role).toBe(403);
      expect((await upload(token, 'contract', [filePart(SAMPLE_PDF, 'contract.pdf')])).statusCode, role).toBe(403);
      expect((await history(token)).statusCode, role).toBe(403);
    }
    expect(await agencyRow(w.agency.id)).toEqual(before);
    expect(await fileCount(w.agency.id)).toBe(0);
    expect(await auditCount(w.agency.id)).toBe(0);
    expect(storedFiles()).toBe(storedBefore);
  });
});

describe('POST /api/b2b/agency/files/{kind}', () => {
  it('uploads a document; a replaced one stays in its history and still downloads', async () => {
    const w = await freshAgency();
    const first = await upload(w.tokens.admin, 'contract', [filePart(SAMPLE_PDF, 'contract-2025.pdf')]);
    expect(first.statusCode, first.body).toBe(200);
    const firstFile = first.json<AgencyDetails>().files.contract.current;
    expect(firstFile).toMatchObject({ originalName: 'contract-2025.pdf', contentType: 'application/pdf' });
    expect(firstFile?.uploadedBy).toBe('Test admin');

    // the type is the content's, whatever the name or the declared type say
    const second = await upload(w.tokens.admin, 'contract', [
      filePart(SAMPLE_PNG, 'contract-2026.pdf', 'application/pdf'),
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const contract = second.json<AgencyDetails>().files.contract;
    expect(contract.current).toMatchObject({ originalName: 'contract-2026.pdf', contentType: 'image/png' });
    expect(contract.history.map((file) => file.id)).toEqual([firstFile?.id]);
    expect(second.json<AgencyDetails>().files.signatoryPassport).toEqual({ current: null, history: [] });

    const { current } = contract;
    if (!current || !firstFile) throw new Error('files missing');
    // every role of the agency downloads them (they read the same page)
    const newest = await download(w.tokens.junior, current.id);
    expect(newest.statusCode).toBe(200);
    expect(newest.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    expect(newest.headers['content-disposition']).toContain('contract-');
    const old = await download(w.tokens.admin, firstFile.id);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(SAMPLE_PDF)).toBe(true);

    const [latest] = (await history(w.tokens.admin)).json<AuditListResponse>().items;
    expect(latest).toMatchObject({
      action: 'agency.fileUploaded',
      actorName: 'Test admin',
      changes: [{ field: 'files.contract', from: 'contract-2025.pdf', to: 'contract-2026.pdf' }],
    });
    expect(await auditCount(w.agency.id)).toBe(2);
  });

  it("replaces the sign-up's trade licence and keeps it in the history", async () => {
    const w = await freshAgency();
    const signupFile = await storeAgencyFile(t.app, t.database.db, {
      agencyId: w.agency.id,
      kind: 'tradeLicense',
      originalName: 'licence-signup.pdf',
      contentType: 'application/pdf',
    });
    await t.database.db.update(agencies).set({ tradeLicenseFileId: signupFile.id }).where(eq(agencies.id, w.agency.id));
    expect((await details(w.tokens.admin)).files.tradeLicense.current?.uploadedBy).toBe(null);
    const res = await upload(w.tokens.admin, 'tradeLicense', [filePart(SAMPLE_PDF, 'licence-2027.pdf')]);
    expect(res.statusCode, res.body).toBe(200);
    const document = res.json<AgencyDetails>().files.tradeLicense;
    expect(document.current?.originalName).toBe('licence-2027.pdf');
    expect(document.history.map((file) => file.originalName)).toEqual(['licence-signup.pdf']);
    expect((await agencyRow(w.agency.id)).tradeLicenseFileId).toBe(document.current?.id);
  });

  it('answers every bad upload with a 422 on its field, and writes nothing (no row, no stored file)', async () => {
    const w = await freshAgency();
    const tooLarge = Buffer.concat([SAMPLE_PDF, Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const storedBefore = storedFiles();
    const cases: [string, () => ReturnType<typeof upload>, string, string][] = [
      [
        'too large',
        () => upload(w.tokens.admin, 'contract', [filePart(tooLarge, 'big.pdf')]),
        'file',
        MESSAGES.fileTooLarge,
      ],
      [
        'wrong format',
        () => upload(w.tokens.admin, 'contract', [filePart(SAMPLE_EXE, 'contract.pdf')]),
        'file',
        unsupportedFormatMessage,
      ],
      [
        'no file',
        () => upload(w.tokens.admin, 'contract', [{ name: 'note', value: 'hello' }]),
        'file',
        COMPANY_MESSAGES.fileRequired,
      ],
      [
        'file under another name',
        () => upload(w.tokens.admin, 'contract', [{ ...filePart(SAMPLE_PDF, 'c.pdf'), name: 'document' }]),
        'file',
        COMPANY_MESSAGES.fileRequired,
      ],
      [
        'unknown kind',
        () => upload(w.tokens.admin, 'passport', [filePart(SAMPLE_PDF, 'passport.pdf')]),
        'kind',
        COMPANY_MESSAGES.unknownFileKind,
      ],
      [
        'not multipart',
        () =>
          t.app.inject({
            method: 'POST',
            url: url(agencyRoutes.uploadFile.path, { kind: 'contract' }),
            headers: bearer(w.tokens.admin),
            payload: { file: 'x' },
          }),
        'file',
        COMPANY_MESSAGES.fileRequired,
      ],
    ];
    for (const [what, send, fieldName, message] of cases) {
      const res = await send();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(res.json<ErrorItem[]>(), what).toEqual([{ fieldName, errorMessage: message }]);
    }
    expect(await fileCount(w.agency.id)).toBe(0);
    expect(await auditCount(w.agency.id)).toBe(0);
    expect((await agencyRow(w.agency.id)).contractFileId).toBe(null);
    expect(storedFiles()).toBe(storedBefore);
  });

  it("keeps agencies apart: another agency's documents are a 404 and never in this agency's lists", async () => {
    const us = await freshAgency();
    const them = await freshAgency();
    const theirs = await upload(them.tokens.admin, 'contract', [filePart(SAMPLE_PDF, 'their-contract.pdf')]);
    const theirId = theirs.json<AgencyDetails>().files.contract.current?.id;
    if (!theirId) throw new Error('their file missing');
    for (const role of ['admin', 'junior'] as const)
      expect((await download(us.tokens[role], theirId)).statusCode).toBe(404);
    expect((await details(us.tokens.admin)).files.contract).toEqual({ current: null, history: [] });
    expect((await history(us.tokens.admin)).json<AuditListResponse>().total).toBe(0);
    // uploading with our session never touches theirs
    await upload(us.tokens.admin, 'contract', [filePart(SAMPLE_PDF, 'our-contract.pdf')]);
    const [their] = await t.database.db
      .select({ n: count() })
      .from(files)
      .where(and(eq(files.agencyId, them.agency.id), eq(files.kind, 'contract')));
    expect(their?.n).toBe(1);
    expect((await details(them.tokens.admin)).files.contract.history).toEqual([]);
  });
});

describe('GET /api/b2b/agency/history', () => {
  it('lists the changes newest first, with who made them, a page at a time', async () => {
    const w = await freshAgency();
    const body = validBody();
    await putAgency(w.tokens.admin, body);
    await upload(w.tokens.admin, 'vatCertificate', [filePart(SAMPLE_PDF, 'vat.pdf')]);
    await putAgency(w.tokens.admin, { ...body, city: 'Sharjah' });

    const first = (await history(w.tokens.admin, '?page=1&onPage=2')).json<AuditListResponse>();
    expect(first.total).toBe(3);
    expect(first.items.map((item) => item.action)).toEqual(['agency.updated', 'agency.fileUploaded']);
    expect(first.items[0]).toMatchObject({
      actorName: 'Test admin',
      subject: 'Desert Falcon Tours LLC',
      changes: [{ field: 'city', from: 'Dubai', to: 'Sharjah' }],
    });
    expect(first.items[1]?.changes).toEqual([{ field: 'files.vatCertificate', from: null, to: 'vat.pdf' }]);
    const second = (await history(w.tokens.admin, '?page=2&onPage=2')).json<AuditListResponse>();
    expect(second.items.map((item) => item.action)).toEqual(['agency.updated']);
    expect((await history(w.tokens.admin, '?onPage=500')).statusCode).toBe(422);
  });
});
