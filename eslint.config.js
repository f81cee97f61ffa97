import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// In an API module, routes bind and services decide without Drizzle; repositories (*.repo.ts) query. Which module,
// table or feature a file may import is dependency-cruiser's (.dependency-cruiser.mjs, run first by `npm run lint`).
const SQL_IN_REPOSITORIES = 'SQL belongs in a repository (*.repo.ts)';

// Money arithmetic has one home, packages/contract/src/money.ts: an amount in minor units is never divided by 100 by
// hand (minorToMajor), nor a typed amount rounded to minor units by hand (toMinor / roundToCents).
const MONEY_BY_HAND =
  'Money arithmetic lives in packages/contract/src/money.ts: use minorToMajor, toMinor or roundToCents';
const BY_HUNDRED = "BinaryExpression[operator='/'][right.value=100]";
const MONEY_RULES = [
  { selector: `${BY_HUNDRED}[left.name=/minor$/i]`, message: MONEY_BY_HAND },
  { selector: `${BY_HUNDRED}[left.property.name=/minor$/i]`, message: MONEY_BY_HAND },
  { selector: `${BY_HUNDRED}[left.callee.name=/Minor$/]`, message: MONEY_BY_HAND },
  { selector: `${BY_HUNDRED}[left.callee.property.name=/Minor$/]`, message: MONEY_BY_HAND },
  {
    selector:
      "CallExpression[callee.object.name='Math'][callee.property.name='round'] > BinaryExpression[operator='*'][right.value=100]",
    message: MONEY_BY_HAND,
  },
];

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
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts'],
    ignores: ['packages/contract/src/money.ts'],
    rules: { 'no-restricted-syntax': ['error', ...MONEY_RULES] },
  },
  // API modules: only repositories import Drizzle (tests, test fixtures and the demo seed are left alone)
  {
    files: ['apps/api/src/modules/**/*.{ts,tsx}'],
    ignores: ['apps/api/src/modules/**/*.repo.ts', '**/*.test.ts', '**/*fixtures.ts', 'apps/api/src/modules/demo/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: SQL_IN_REPOSITORIES },
            { name: 'drizzle-orm/pg-core', message: SQL_IN_REPOSITORIES },
          ],
        },
      ],
    },
  },
);
