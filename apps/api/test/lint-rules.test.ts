import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The lint rule that keeps SQL in repositories, checked on fixtures that must fail (and some that must not). Which
// module, table or feature a file may import is dependency-cruiser's: dependency-rules.test.ts.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

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
