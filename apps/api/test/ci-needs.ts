import { it } from 'vitest';

// A suite that needs a service (PostgreSQL, Redis) is skipped on a developer's machine without it, but in CI
// (CI=true, as .ci/run sets it) a skip would pass unseen: there it fails, saying what was missing.
export function failInCiWithout(isThere: boolean, what: string): void {
  if (isThere || process.env.CI !== 'true') return;
  it(`CI runs this suite: ${what}`, () => {
    throw new Error(`${what} is missing in CI: this suite would have been skipped`);
  });
}
