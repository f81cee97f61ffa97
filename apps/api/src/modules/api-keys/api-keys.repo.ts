import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { agencies, apiKeys, users } from '../../db/schema/index.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function listKeys(db: DbOrTx, agencyId: string) {
  return db
    .select({ key: apiKeys, createdBy: users.name })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.agencyId, agencyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countActiveKeys(db: DbOrTx, agencyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.agencyId, agencyId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(tx: DbOrTx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('api key insert returned nothing');
  return row;
}

// Revokes once: a second call finds nothing to change (null)
export async function revokeKey(tx: DbOrTx, agencyId: string, id: string, by: string): Promise<ApiKeyRow | null> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date(), revokedBy: by })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.agencyId, agencyId), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

export async function findKey(db: DbOrTx, agencyId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.agencyId, agencyId)))
    .limit(1);
  return row ?? null;
}

// One read per call (no cache, so a revoked key or a switched-off agency is refused on the very next call on every
// node): the key, the user it acts as, and the agency's state
function prepareKeyQuery(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      role: apiKeys.role,
      isTest: apiKeys.isTest,
      agencyId: apiKeys.agencyId,
      revokedAt: apiKeys.revokedAt,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      userStatus: users.status,
      agencyStatus: agencies.status,
      isApiAllowed: agencies.isApiAllowed,
      language: agencies.language,
      currency: agencies.currency,
      siteId: agencies.siteId,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(agencies, eq(agencies.id, apiKeys.agencyId))
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_key_by_hash');
}
const prepared = new WeakMap<Db, ReturnType<typeof prepareKeyQuery>>();

// One read per call (no cache, so a revoked key or a switched-off agency is refused on the very next call on every
// node): the key, the user it acts as, and the agency's state; prepared once per database
export async function keyBySecretHash(db: Db, secretHash: string) {
  let query = prepared.get(db);
  if (!query) {
    query = prepareKeyQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ hash: secretHash });
  return row ?? null;
}

// written at most once a minute per key (a busy integration would otherwise write on every call)
export async function touchKey(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - 60_000)))),
    );
}

// the operator's view: every agency's keys
export async function listAllKeys(db: DbOrTx, agencyId: string | null) {
  return db
    .select({ key: apiKeys, createdBy: users.name, agencyName: agencies.name })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(agencies, eq(agencies.id, apiKeys.agencyId))
    .where(agencyId ? eq(apiKeys.agencyId, agencyId) : undefined)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(500);
}

// the test keys' balance set to `minor` (a refill: no real money moves)
export async function setTestBalance(db: DbOrTx, agencyId: string, minor: number): Promise<void> {
  await db.update(agencies).set({ testBalanceMinor: minor }).where(eq(agencies.id, agencyId));
}
