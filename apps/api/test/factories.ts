import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AgentRole } from '@portal/contract';
import type { Db } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/password.ts';
import { insertAgency, insertUser } from '../src/modules/account/account.repo.ts';
import { eq, sql } from 'drizzle-orm';
import { files, passwordResetRequests, widgets } from '../src/db/schema/index.ts';
import { authRoutes } from '@portal/contract';
import { routeUrl } from './inject-route.ts';

export const TEST_PASSWORD = 'Test-password-2026';
let passwordHash: Promise<string> | undefined;
// Hashing at full scrypt cost takes ~0.3 s, so a suite hashes once and reuses it.
const testHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export function uniqueEmail(prefix = 'agent'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export type TestAgency = { id: string; users: Record<AgentRole, { id: string; email: string }> };

export async function createAgency(
  db: Db,
  options: {
    siteId?: string;
    currency?: 'aed' | 'usd';
    language?: 'en' | 'ru';
    status?: 'pending' | 'approved' | 'suspended';
  } = {},
): Promise<TestAgency> {
  const hash = await testHash();
  return db.transaction(async (tx) => {
    const agency = await insertAgency(tx, {
      siteId: options.siteId ?? 'general',
      name: `Agency ${randomUUID().slice(0, 8)}`,
      tradeLicenseNumber: 'TL-1',
      tradeLicenseExpiry: '2030-01-01',
      address: 'Dubai',
      country: 'UAE',
      city: 'Dubai',
      currency: options.currency ?? 'aed',
      language: options.language ?? 'en',
      status: options.status ?? 'approved',
    });
    const users = {} as TestAgency['users'];
    for (const role of ['admin', 'senior', 'junior'] as const) {
      const email = uniqueEmail(role);
      const user = await insertUser(tx, {
        agencyId: agency.id,
        email,
        name: `Test ${role}`,
        role,
        passwordHash: hash,
        phone: '+971500000000',
      });
      users[role] = { id: user.id, email };
    }
    return { id: agency.id, users };
  });
}

// A widget (shop) of the agency, made by its admin: a multi-tour shop in English and AED with empty contacts, partners
// and social links unless `values` say otherwise
export async function insertWidget(
  db: Db,
  owner: TestAgency,
  values: Pick<typeof widgets.$inferInsert, 'slug' | 'name'> & Partial<typeof widgets.$inferInsert>,
) {
  const [row] = await db
    .insert(widgets)
    .values({
      agencyId: owner.id,
      createdBy: owner.users.admin.id,
      type: 'multipleTours',
      currency: 'aed',
      language: 'en',
      contacts: { address: '', mapLink: '', email: '', telegram: '', phone: '', whatsapp: '', viber: '' },
      partners: [],
      socialLinks: {},
      ...values,
    })
    .returning();
  if (!row) throw new Error('no widget');
  return row;
}

export async function createOperator(db: Db): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('ops');
  const user = await insertUser(db, {
    agencyId: null,
    email,
    name: 'Ops Desk',
    role: 'operator',
    passwordHash: await testHash(),
  });
  return { id: user.id, email };
}

export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  remoteAddress = randomIp(),
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: routeUrl(authRoutes.login),
    payload: { email, password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return (res.json() as { accessToken: string }).accessToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

// A multipart/form-data body built by hand, so tests control every byte (names, types, sizes).
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const SAMPLE_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
export const SAMPLE_EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);

// Throttle counters live in the database, which outlives a run on PostgreSQL: every test uses fresh addresses.
export function randomIp(): string {
  const b = () => Math.floor(Math.random() * 250) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

// An agency's uploaded file as sign-up leaves it: the bytes in the app's storage and the row that names them.
export async function storeAgencyFile(
  app: FastifyInstance,
  db: Db,
  file: {
    agencyId: string;
    kind: 'tradeLicense' | 'vatCertificate';
    originalName: string;
    contentType: string;
    data?: Buffer;
  },
): Promise<{ id: string }> {
  const data = file.data ?? SAMPLE_PDF;
  const storageKey = `tests/${randomUUID()}.bin`;
  await app.deps.storage.put(storageKey, data);
  const [row] = await db
    .insert(files)
    .values({
      agencyId: file.agencyId,
      kind: file.kind,
      originalName: file.originalName,
      contentType: file.contentType,
      sizeBytes: data.length,
      storageKey,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file row not written');
  return row;
}

// Forgot-password requests are answered just after the reply (issue 28): waits until none for this address is left
// waiting. The request's row goes in the transaction that writes its mail, so what the outbox holds then is final.
export async function passwordResetAnswered(db: Db, email: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResetRequests)
      .where(eq(passwordResetRequests.email, email.toLowerCase()));
    if (Number(row?.n ?? 0) === 0) return;
    if (Date.now() > until) throw new Error(`the reset request for ${email} was not answered in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
