import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { agencies } from '../src/db/schema/index.ts';
import { createLocalDiskStorage, createS3Storage, type FileStorage } from '../src/lib/storage.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { freePort } from './server-process.ts';
import { SAMPLE_PDF, createOperator, loginAs, multipart, uniqueEmail } from './factories.ts';
import { authRoutes, systemRoutes } from '@portal/contract';
import { injectRoute } from './inject-route.ts';

// The same behaviour from both stores: local disk (the default) and an S3-compatible bucket, the latter against a
// real S3 API implementation (s3rver) on a loopback port.
const BUCKET = 'portal-files';
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
const diskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-disk-'));
let server: S3rver;
let endpoint: string;

beforeAll(async () => {
  const port = await freePort();
  server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
  fs.rmSync(diskDir, { recursive: true, force: true });
});

const s3Settings = () => ({
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
});
const stores: [string, () => FileStorage][] = [
  ['local disk', () => createLocalDiskStorage(diskDir)],
  ['S3 (s3rver)', () => createS3Storage(s3Settings())],
];

describe.each(stores)('file storage: %s', (_name, make) => {
  it('puts, gets back the same bytes, replaces, removes; a missing key is null', async () => {
    const store = make();
    const key = `signup/${crypto.randomUUID()}.pdf`;
    expect(await store.get(key)).toBeNull();
    await store.put(key, SAMPLE_PDF);
    expect((await store.get(key))?.equals(SAMPLE_PDF)).toBe(true);
    const replaced = Buffer.concat([SAMPLE_PDF, Buffer.from('%% v2\n')]);
    await store.put(key, replaced);
    expect((await store.get(key))?.equals(replaced)).toBe(true);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
  });

  it('refuses a key that climbs out of its place', async () => {
    const store = make();
    await expect(store.put('../outside.pdf', SAMPLE_PDF)).rejects.toThrow(/Invalid storage key/);
    await expect(store.get('signup/../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('the portal on S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ s3: s3Settings() });
  });
  afterAll(async () => t.close());

  it('keeps a sign-up licence in the bucket (not on disk) and serves it back through the API with the tenant check', async () => {
    const email = uniqueEmail('s3');
    // unique, so that a database kept from an earlier run (a developer's) finds this agency, not an older one
    const companyName = `Bucket Travel ${email.split('@')[0]}`;
    const form = multipart([
      { name: 'companyName', value: companyName },
      { name: 'name', value: 'Sara Bucket' },
      { name: 'email', value: email },
      { name: 'phone', value: '+971501234567' },
      { name: 'tradeLicenseNumber', value: 'TL-S3' },
      { name: 'tradeLicenseExpiry', value: '2030-01-01' },
      { name: 'address', value: 'Dubai' },
      { name: 'country', value: 'United Arab Emirates' },
      { name: 'city', value: 'Dubai' },
      { name: 'acceptTerms', value: 'true' },
      { name: 'tradeLicense', filename: 'licence.pdf', contentType: 'application/pdf', data: SAMPLE_PDF },
    ]);
    const res = await injectRoute(t.app, authRoutes.signup, form);
    expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
    const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.name, companyName));
    expect(agency?.tradeLicenseFileId).toBeTruthy();
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);
    const objects = fs.readdirSync(path.join(s3Dir, BUCKET, 'signup'), { recursive: true });
    expect(objects.length).toBeGreaterThan(0);

    const operator = await loginAs(t.app, (await createOperator(t.database.db)).email);
    const download = await injectRoute(t.app, systemRoutes.downloadFile, {
      params: { id: String(agency?.tradeLicenseFileId) },
      token: operator,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_PDF)).toBe(true);
  });
});
