import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The lint rules that keep SQL in repositories and money arithmetic in money.ts, checked on fixtures that must fail
// (and some that must not). Which
// module, table or feature a file may import is dependency-cruiser's: dependency-rules.test.ts.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function messagesOf(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const restricted = (file: string, code: string) => messagesOf('no-restricted-imports', file, code);
const moneyByHand = (file: string, code: string) => messagesOf('no-restricted-syntax', file, code);

describe('layers in the API (eslint.config.js)', () => {
  it('Drizzle is imported by repositories only (routes bind, services and rules decide without SQL)', async () => {
    const code = "import { eq } from 'drizzle-orm';\nexport const y = eq;\n";
    expect(await restricted('apps/api/src/modules/bookings/fixture.ts', code)).toEqual([
      expect.stringContaining('SQL belongs in a repository'),
    ]);
    expect(await restricted('apps/api/src/modules/bookings/fixture.routes.ts', code)).toHaveLength(1);
    expect(await restricted('apps/api/src/modules/payments/fixture.service.ts', code)).toHaveLength(1);
    expect(await restricted('apps/api/src/modules/payments/fixture.routes.ts', code)).toHaveLength(1);
    expect(
      await restricted('apps/api/src/modules/bookings/fixture.ts', "import { sql } from 'drizzle-orm/pg-core';\n"),
    ).toHaveLength(1);
    expect(await restricted('apps/api/src/modules/bookings/fixture.repo.ts', code)).toEqual([]);
    expect(await restricted('apps/api/src/modules/demo/fixture.ts', code)).toEqual([]);
  });
});

describe('money arithmetic has one home (packages/contract/src/money.ts)', () => {
  const FILE = 'apps/api/src/modules/bookings/fixture.ts';
  it.each([
    ['a minor amount divided by hand', 'export const f = (netMinor: number) => netMinor / 100;\n'],
    ['a member', 'export const f = (row: { totalMinor: number }) => row.totalMinor / 100;\n'],
    ['a call', 'declare const toUsdMinor: () => number;\nexport const f = () => toUsdMinor() / 100;\n'],
    ['a typed amount rounded to cents', 'export const f = (amount: number) => Math.round(amount * 100);\n'],
  ])('refuses %s', async (_, code) => {
    expect(await moneyByHand(FILE, code)).toEqual([expect.stringContaining('Money arithmetic lives in')]);
  });

  it('lets other arithmetic by 100 through, and money.ts itself', async () => {
    expect(await moneyByHand(FILE, 'export const f = (count: number) => count / 100;\n')).toEqual([]);
    expect(await moneyByHand(FILE, 'export const f = (a: number, b: number) => Math.round((a * 100) / b);\n')).toEqual(
      [],
    );
    const inHome = 'export const f = (minor: number) => minor / 100;\n';
    expect(await moneyByHand('packages/contract/src/money.ts', inHome)).toEqual([]);
  });
});
