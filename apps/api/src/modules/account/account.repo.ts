import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agencies, agencyBalances, files, passwordResets, trustedLogins, users } from '../../db/schema/index.ts';

export type NewAgency = typeof agencies.$inferInsert;
export type NewUser = typeof users.$inferInsert;
export type NewFile = typeof files.$inferInsert;

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users, agency: agencies })
    .from(users)
    .leftJoin(agencies, eq(users.agencyId, agencies.id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ user: users, agency: agencies })
    .from(users)
    .leftJoin(agencies, eq(users.agencyId, agencies.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

// The agency's administrators to write to (approval, low balance): not the deleted ones
export async function agencyAdmins(db: DbOrTx, agencyId: string) {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.role, 'admin'), ne(users.status, 'deleted')))
    .orderBy(users.email);
}

export async function emailExists(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

export async function insertAgency(tx: DbOrTx, agency: NewAgency) {
  const [row] = await tx.insert(agencies).values(agency).returning();
  if (!row) throw new Error('agency insert returned nothing');
  await tx.insert(agencyBalances).values({ agencyId: row.id, currency: row.currency });
  return row;
}

export async function insertUser(tx: DbOrTx, user: NewUser) {
  const [row] = await tx.insert(users).values(user).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function insertFile(tx: DbOrTx, file: NewFile) {
  const [row] = await tx.insert(files).values(file).returning();
  if (!row) throw new Error('file insert returned nothing');
  return row;
}

export async function setPassword(tx: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

export async function touchLogin(tx: DbOrTx, userId: string, ipHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
  await tx
    .insert(trustedLogins)
    .values({ userId, ipHash })
    .onConflictDoUpdate({ target: [trustedLogins.userId, trustedLogins.ipHash], set: { lastSuccessAt: sql`now()` } });
}

export async function isTrustedAddress(db: DbOrTx, userId: string, ipHash: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: trustedLogins.userId })
    .from(trustedLogins)
    .where(
      and(
        eq(trustedLogins.userId, userId),
        eq(trustedLogins.ipHash, ipHash),
        sql`${trustedLogins.lastSuccessAt} > now() - interval '90 days'`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertPasswordReset(
  tx: DbOrTx,
  userId: string,
  tokenHash: string,
  ttlMinutes: number,
): Promise<void> {
  await tx
    .insert(passwordResets)
    .values({ userId, tokenHash, expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})` });
}

// A reset link that can still be used: not used, not expired
const usableReset = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), sql`${passwordResets.expiresAt} > now()`);

export async function isResetUsable(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(usableReset(tokenHash))
    .limit(1);
  return Boolean(row);
}

// Marks the reset used in the same statement that finds it, so a link works once even under a race.
export async function consumePasswordReset(tx: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(usableReset(tokenHash))
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

export async function invalidateResets(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function updateAgencyFiles(
  tx: DbOrTx,
  agencyId: string,
  tradeLicenseFileId: string | null,
  vatCertificateFileId: string | null,
) {
  await tx.update(agencies).set({ tradeLicenseFileId, vatCertificateFileId }).where(eq(agencies.id, agencyId));
}
