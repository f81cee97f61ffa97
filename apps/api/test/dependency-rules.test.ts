import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

// The rules of .dependency-cruiser.mjs (run by `npm run lint`): each must fail on its fixture, files laid out like the
// real tree under fixtures/dependency-rules, and the real tree breaks none of them.
const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(import.meta.dirname, 'fixtures/dependency-rules');

async function violationsIn(baseDir: string, dirs: string[], tsConfigFile: string): Promise<IViolation[]> {
  const options: ICruiseOptions = {
    ...(await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.mjs'))),
    baseDir,
    cache: false,
    tsConfig: { fileName: tsConfigFile },
  };
  const result = await cruise(dirs, options, {}, { tsConfig: extractTSConfig(tsConfigFile) });
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  return result.output.summary.violations;
}

const fixtureViolations = violationsIn(fixtures, ['apps'], path.join(fixtures, 'tsconfig.json'));
const named = async (rule: string) =>
  (await fixtureViolations).filter((v) => v.rule.name === rule).map((v) => `${v.from} → ${v.to}`);

describe('dependency rules (.dependency-cruiser.mjs)', () => {
  it.each([
    ['module-face', 'apps/api/src/modules/a/reaches-in.ts → apps/api/src/modules/b/y.ts'],
    [
      'payments-knows-no-bookings',
      'apps/api/src/modules/payments/pays-for.ts → apps/api/src/modules/bookings/index.ts',
    ],
    ['api-not-web', 'apps/api/src/modules/a/uses-web.ts → apps/web/src/lib/web-thing.ts'],
    ['no-circular', 'apps/api/src/cycle/one.ts → apps/api/src/cycle/two.ts'],
    ['schema-in-repositories', 'apps/api/src/modules/a/a.service.ts → apps/api/src/db/schema/index.ts'],
    ['no-schema-in-routes', 'apps/api/src/modules/a/a.routes.ts → apps/api/src/db/schema/index.ts'],
    ['web-features-apart', 'apps/web/src/features/f1/relative.ts → apps/web/src/features/f2/y.ts'],
    ['web-features-apart', 'apps/web/src/features/f1/alias.ts → apps/web/src/features/f2/y.ts'],
    ['web-shared-imports-no-feature', 'apps/web/src/components/card.ts → apps/web/src/features/f2/y.ts'],
  ])('%s fails on its fixture (%s)', async (rule, edge) => {
    expect(await named(rule)).toContain(edge);
  });

  it('allows what each rule leaves open: a face, fixtures, type-only cycles and schema types, own files', async () => {
    const all = (await fixtureViolations).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(all.filter((v) => /through-face|a-fixtures|type-one|type-two|a\.repo|a\.views|own\.ts/.test(v))).toEqual([]);
    expect(all.filter((v) => v.startsWith('no-circular'))).toHaveLength(1);
  });

  it('the real tree breaks none', async () => {
    const violations = await violationsIn(
      root,
      ['apps/api/src', 'apps/web/src', 'packages/contract/src', 'packages/i18n/src'],
      path.join(root, 'tsconfig.depcruise.json'),
    );
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });
});
