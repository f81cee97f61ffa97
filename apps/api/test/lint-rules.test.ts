import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The lint rules that keep the web app's features apart, checked on fixtures that must fail (and one that must not).
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('feature boundaries (eslint.config.js)', () => {
  it.each([
    ['the alias', "import { x } from '@/features/catalogue/components/tour-card';"],
    ['the alias to the folder', "import { x } from '@/features/catalogue';"],
    ['two steps up', "import { x } from '../../catalogue/components/tour-card';"],
    ['one step up from the feature root', "import { x } from '../catalogue/api/get-tour';"],
    ['through the features folder', "import { x } from '../../../features/catalogue/hooks/use-tour-selection';"],
  ])('a feature importing another through %s fails', async (_how, code) => {
    const file = code.includes("'../catalogue")
      ? 'apps/web/src/features/bookings/fixture.ts'
      : 'apps/web/src/features/bookings/components/fixture.ts';
    expect(await restricted(file, `${code}\nexport const y = x;\n`)).toEqual([
      expect.stringContaining('features never import each other'),
    ]);
  });

  it('shared components and lib import no feature', async () => {
    expect(
      await restricted(
        'apps/web/src/components/fixture.ts',
        "import { x } from '@/features/bookings/api/get-booking';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        'apps/web/src/lib/fixture.ts',
        "import { x } from '../features/auth/api/login';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
  });

  it("a feature's own files, shared components and the contract stay allowed", async () => {
    const code =
      "import { a } from '../api/get-booking';\nimport { b } from '@/features/bookings/utils/format';\nimport { c } from '@/components/price-summary';\nimport { d } from '@portal/contract';\nexport const y = [a, b, c, d];\n";
    expect(await restricted('apps/web/src/features/bookings/components/fixture.ts', code)).toEqual([]);
  });
});

describe('layers in the API (eslint.config.js)', () => {
  it('a route file may not query: no drizzle-orm, no tables', async () => {
    const file = 'apps/api/src/modules/bookings/fixture.routes.ts';
    expect(await restricted(file, "import { eq } from 'drizzle-orm';\nexport const y = eq;\n")).toHaveLength(1);
    expect(
      await restricted(file, "import { bookings } from '../../db/schema/index.ts';\nexport const y = bookings;\n"),
    ).toHaveLength(1);
    expect(
      await restricted(
        'apps/api/src/modules/bookings/fixture.repo.ts',
        "import { eq } from 'drizzle-orm';\nexport const y = eq;\n",
      ),
    ).toEqual([]);
  });

  it('payments is used through its index, and knows nothing of bookings', async () => {
    const internal = "import { insertPayment } from '../payments/payments.repo.ts';\nexport const y = insertPayment;\n";
    expect(await restricted('apps/api/src/modules/bookings/fixture.ts', internal)).toEqual([
      expect.stringContaining('use payments through its index'),
    ]);
    expect(await restricted('apps/api/src/modules/bookings/fixture.routes.ts', internal)).toEqual([
      expect.stringContaining('use payments through its index'),
    ]);
    const index = "import { latestPaymentFor } from '../payments/index.ts';\nexport const y = latestPaymentFor;\n";
    expect(await restricted('apps/api/src/modules/bookings/fixture.ts', index)).toEqual([]);
    const back = "import { findBooking } from '../bookings/bookings.repo.ts';\nexport const y = findBooking;\n";
    expect(await restricted('apps/api/src/modules/payments/fixture.ts', back)).toEqual([
      expect.stringContaining('payments knows nothing of what it is paid for'),
    ]);
    // a route file keeps its own rule beside the boundary
    expect(
      await restricted(
        'apps/api/src/modules/payments/fixture.routes.ts',
        "import { eq } from 'drizzle-orm';\nexport const y = eq;\n",
      ),
    ).toHaveLength(1);
  });

  it('Drizzle is imported by repositories only (services and rules decide without SQL)', async () => {
    const code = "import { eq } from 'drizzle-orm';\nexport const y = eq;\n";
    expect(await restricted('apps/api/src/modules/bookings/fixture.ts', code)).toEqual([
      expect.stringContaining('SQL belongs in a repository'),
    ]);
    expect(await restricted('apps/api/src/modules/payments/fixture.service.ts', code)).toHaveLength(1);
    expect(await restricted('apps/api/src/modules/bookings/fixture.repo.ts', code)).toEqual([]);
    // a repository still uses payments through its index
    expect(
      await restricted(
        'apps/api/src/modules/bookings/fixture.repo.ts',
        "import { insertPayment } from '../payments/payments.repo.ts';\nexport const y = insertPayment;\n",
      ),
    ).toHaveLength(1);
  });
});
