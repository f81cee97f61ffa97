import { describe, expect, it } from 'vitest';
import { suffixedDatabase } from './own-postgres.ts';
import { workerDatabaseUrl } from './worker-databases.ts';

// The names the test run gives its PostgreSQL databases: what PostgreSQL makes of an unquoted name (lower case), so
// that the URL names the database that was made (a base named `Par-Check` once failed: "does not exist")
describe('test database names', () => {
  it('folds the base and suffix to lower case and [a-z0-9_], and keeps the rest of the URL', () => {
    expect(suffixedDatabase('postgres://ci@db.local:5433/Par-Check?sslmode=disable', 'octo-validator')).toEqual({
      name: 'par_check_octo_validator',
      url: 'postgres://ci@db.local:5433/par_check_octo_validator?sslmode=disable',
    });
    expect(workerDatabaseUrl('postgres://postgres@127.0.0.1:5432/CI.Check', 2)).toBe(
      'postgres://postgres@127.0.0.1:5432/ci_check_w2',
    );
  });

  it("refuses a worker's name over 40 characters rather than let suites' names be cut", () => {
    const base = `postgres://postgres@127.0.0.1:5432/${'a'.repeat(38)}`;
    expect(() => workerDatabaseUrl(base, 1)).toThrow(
      `TEST_DATABASE_URL's database name is too long for a worker's: ${'a'.repeat(38)}_w1`,
    );
  });
});
