// Which file may import which (run by `npm run lint`: `depcruise --config .dependency-cruiser.mjs …`, errors fail).
// Every rule has a fixture that breaks it: apps/api/test/dependency-rules.test.ts.
import path from 'node:path';

const MODULES = '^apps/api/src/modules';
// tests and their fixtures may import anything: they build worlds across modules
const TESTS = ['\\.test\\.tsx?$', 'fixtures\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'module-face',
      severity: 'error',
      comment:
        'A module uses another only through its face, modules/<name>/index.ts: what it lists is all others may ' +
        'import. Add the name there (keep the list short) instead of reaching into the folder.',
      from: { path: `${MODULES}/([^/]+)/`, pathNot: TESTS },
      to: { path: `${MODULES}/`, pathNot: [`${MODULES}/$1/`, `${MODULES}/[^/]+/index\\.ts$`] },
    },
    {
      name: 'payments-knows-no-bookings',
      severity: 'error',
      comment: 'payments knows nothing of what it is paid for: an owner registers with it (PaymentOwner)',
      from: { path: `${MODULES}/payments/`, pathNot: TESTS },
      to: { path: `${MODULES}/bookings/` },
    },
    {
      name: 'api-not-web',
      severity: 'error',
      comment:
        'The API never imports the web app: what both need lives in packages/contract, and the words in packages/i18n.',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No file imports itself round a cycle: the order files run in would depend on who is imported first. ' +
        'Type-only imports vanish at build time and are left out.',
      from: { path: '^(apps/api/src|apps/web/src|packages/(contract|i18n)/src)/' },
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'schema-in-repositories',
      severity: 'error',
      comment:
        'Tables belong to repositories (*.repo.ts); besides them only db/, lib/, the demo seed, tests and ' +
        'fixtures use them. Elsewhere the schema gives types only (JSON column shapes).',
      from: {
        path: '^apps/api/src/',
        pathNot: ['\\.repo\\.ts$', '^apps/api/src/db/', '^apps/api/src/lib/', `${MODULES}/demo/`, ...TESTS],
      },
      to: { path: '^apps/api/src/db/schema/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-schema-in-routes',
      severity: 'error',
      comment: 'Route files bind a contract route to a service: no tables, not even their types',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '^apps/api/src/db/schema/' },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'features never import each other: what two share goes to components/ or lib/',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'shared code (components, lib, config) imports no feature',
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    includeOnly: '^(apps/(api|web)/src|packages/(contract|i18n)/src)/',
    exclude: { path: '^apps/api/test/fixtures/' },
    doNotFollow: { path: 'node_modules' },
    // `import type` is seen as such (type-only); the web's `@/` alias and the workspace packages resolve
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(import.meta.dirname, 'tsconfig.depcruise.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content', compress: false },
    progress: { type: 'none' },
  },
};
