import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys, users } from '../../db/schema/index.ts';

// Whether the demo history is made, apart from the code that makes it (demo-history.ts): a restart reads this
// only, and loads nothing more

// the history's last step signs this agency up; its first booking carries this key
export const DEMO_SIGNUP_EMAIL = 'admin@palmoasis.test';
export const DEMO_HISTORY_FIRST_KEY = 'demo-dr-01';

// One restart after the history was made costs this query
export async function demoHistoryDone(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_SIGNUP_EMAIL)).limit(1);
  return Boolean(row);
}

// A start that stopped in the middle of the history (its first booking's key is there, its last step is not)
export async function demoHistoryUnfinished(db: Db): Promise<boolean> {
  if (await demoHistoryDone(db)) return false;
  const [key] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, DEMO_HISTORY_FIRST_KEY))
    .limit(1);
  return Boolean(key);
}
