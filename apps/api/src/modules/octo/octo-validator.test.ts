import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contract';
import { buildTestApp, ownPostgresDatabase, type TestApp } from '../../../test/build-test-app.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import {
  createOctoWorld,
  offerIdsByType,
  roomOnEverySlot,
  sellOutDay,
  type OctoWorld,
} from '../../../test/octo-fixtures.ts';

// Issue 30: the public OCTO validator's supplier checks (47 scenarios) against this portal's /octo/v1, served on a
// real port with a key made through the admin's page call. Its own database: the validator lists every product.
const VALIDATOR = path.resolve(import.meta.dirname, '../../../../../../shared/tools/octo-validate/run.sh');

function runValidator(base: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      VALIDATOR,
      [base],
      { env: { ...process.env, ...env }, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: `${stdout}\n${stderr}` }),
    );
  });
}

describe('OCTO conformance', () => {
  let t: TestApp;
  let world: OctoWorld;
  let base: string;
  let dropOwn: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (process.env.TEST_DATABASE_URL) {
      const own = await ownPostgresDatabase('octo_validator');
      databaseUrl = own.url;
      dropOwn = own.drop;
    }
    t = await buildTestApp({}, databaseUrl ? { databaseUrl } : {});
    world = await createOctoWorld(t.app, t.database.db);
    // a sold-out day three days ahead on every option the validator may pick
    await roomOnEverySlot(t.database.db);
    const date = addDays(dubaiDate(), 3);
    for (const offer of await offerIdsByType(t.database.db)) await sellOutDay(t.database.db, offer.id, date);
    base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/octo/v1`;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await dropOwn?.();
  });

  for (const capabilities of ['', 'octo/pricing'])
    it(`passes every supplier scenario${capabilities ? ` with ${capabilities}` : ''}`, async () => {
      const result = await runValidator(base, {
        OCTO_API_KEY: world.secret,
        OCTO_CAPABILITIES: capabilities,
        ...(process.env.OCTO_JSON_OUT
          ? { OCTO_JSON_OUT: `${process.env.OCTO_JSON_OUT}${capabilities ? '-pricing' : ''}.json` }
          : {}),
      });
      const summary = /(\d+) passed, (\d+) failed/.exec(result.out);
      if (!summary || summary[2] !== '0')
        console.log(
          result.out
            .split('\n')
            .filter((l) => !/^\d{4}-\d\d-\d\dT/.test(l))
            .join('\n'),
        );
      if (process.env.OCTO_LOG) (await import('node:fs')).writeFileSync(process.env.OCTO_LOG, result.out);
      expect(summary?.[2]).toBe('0');
      expect(Number(summary?.[1])).toBeGreaterThanOrEqual(40);
      expect(result.code).toBe(0);
    }, 300_000);
});
