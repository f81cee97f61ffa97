import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Every spelling of a path into another feature: the alias, a path through a `features` folder, or `..` steps up to
// a sibling feature folder (from any depth inside this one).
function otherFeaturePaths(feature) {
  return FEATURES.filter((other) => other !== feature).flatMap((other) => [
    `@/features/${other}`,
    `@/features/${other}/**`,
    `**/features/${other}`,
    `**/features/${other}/**`,
    ...[1, 2, 3, 4].flatMap((depth) => [`${'../'.repeat(depth)}${other}`, `${'../'.repeat(depth)}${other}/**`]),
  ]);
}

// The kinds of file in an API module: routes bind (no SQL, no tables), repositories query, everything else (services,
// rules) decides without Drizzle. Tests, test fixtures and the demo seed are left alone.
const API_KINDS = {
  route: { files: '**/*.routes.ts', ignores: [] },
  repo: { files: '**/*.repo.ts', ignores: [] },
  other: { files: '**/*.ts', ignores: ['**/*.routes.ts', '**/*.repo.ts'] },
};
const NOT_CHECKED = ['**/*.test.ts', '**/*fixtures.ts', 'apps/api/src/modules/demo/**'];
const SQL_IN_REPOSITORIES = 'SQL belongs in a repository (*.repo.ts)';

function apiImportRules(kind, inPayments) {
  const patterns = inPayments
    ? [{ group: ['**/bookings', '**/bookings/**'], message: 'payments knows nothing of what it is paid for' }]
    : [
        {
          group: ['**/payments/**', '!**/payments/index.ts'],
          message: 'use payments through its index (modules/payments/index.ts)',
        },
      ];
  if (kind === 'repo') return { patterns };
  const paths = [
    { name: 'drizzle-orm', message: SQL_IN_REPOSITORIES },
    { name: 'drizzle-orm/pg-core', message: SQL_IN_REPOSITORIES },
  ];
  if (kind === 'other') return { patterns, paths };
  return {
    paths,
    patterns: [
      ...patterns,
      { group: ['**/db/schema', '**/db/schema/**'], message: 'tables belong to repositories (*.repo.ts)' },
    ],
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.e2e-data/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // features never import each other, however the path is spelled; shared code (app aside) imports no feature
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: otherFeaturePaths(feature), message: 'features never import each other' }] },
      ],
    },
  })),
  {
    files: [
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
      'apps/web/src/config/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features', '@/features/**', '**/features', '**/features/**'],
              message: 'shared code imports no feature',
            },
          ],
        },
      ],
    },
  },
  // API modules: payments is used through its index only and knows nothing of what it is paid for; routes bind,
  // services decide, repositories query. One config per module group and file kind, since a later config's
  // no-restricted-imports replaces an earlier one's.
  ...[false, true].flatMap((inPayments) =>
    Object.entries(API_KINDS).map(([kind, { files, ignores }]) => {
      const root = inPayments ? 'apps/api/src/modules/payments' : 'apps/api/src/modules';
      return {
        files: [`${root}/${files}`],
        ignores: [
          ...ignores.map((glob) => `${root}/${glob}`),
          ...NOT_CHECKED,
          ...(inPayments ? [] : ['apps/api/src/modules/payments/**']),
        ],
        rules: { 'no-restricted-imports': ['error', apiImportRules(kind, inPayments)] },
      };
    }),
  ),
);
