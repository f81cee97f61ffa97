import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  agencies,
  agencyBalances,
  auditEvents,
  files,
  passwordResetRequests,
  passwordResets,
  trustedLogins,
  users,
} from '../../db/schema/index.ts';

export type NewAgency = typeof agencies.$inferInsert;
export type NewUser = typeof users.$inferInsert;
export type NewFile = typeof files.$inferInsert;

// The account an address belongs to (never an invitation that names an account elsewhere: it cannot log in)
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users, agency: agencies })
    .from(users)
    .leftJoin(agencies, eq(users.agencyId, agencies.id))
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.existingAccountId)))
    .limit(1);
  return row ?? null;
}

// Whether this agency already has a user or an invitation with this address
export async function agencyHasEmail(db: DbOrTx, agencyId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

// How many agents this admin added or invited again in the last hour (their audit rows)
export async function invitationsSentSince(db: DbOrTx, agencyId: string, actorUserId: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.agencyId, agencyId),
        eq(auditEvents.entity, 'agent'),
        eq(auditEvents.actorUserId, actorUserId),
        inArray(auditEvents.action, ['agent.created', 'agent.invited']),
        gt(auditEvents.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
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
    .where(
      and(
        eq(users.agencyId, agencyId),
        eq(users.role, 'admin'),
        ne(users.status, 'deleted'),
        isNull(users.existingAccountId),
      ),
    )
    .orderBy(users.email);
}

export async function emailExists(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.existingAccountId)))
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

export type ResetPurpose = 'reset' | 'invite';

// Returns when the link stops working
export async function insertPasswordReset(
  tx: DbOrTx,
  userId: string,
  tokenHash: string,
  purpose: ResetPurpose,
  ttlMinutes: number,
): Promise<Date> {
  const [row] = await tx
    .insert(passwordResets)
    .values({ userId, tokenHash, purpose, expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})` })
    .returning({ expiresAt: passwordResets.expiresAt });
  if (!row) throw new Error('password reset insert returned nothing');
  return row.expiresAt;
}

// A reset link that can still be used: not used, not expired
const usableReset = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), sql`${passwordResets.expiresAt} > now()`);

// The user (and their agency) a usable link belongs to
export async function findUsableReset(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ userId: string; agencyId: string | null } | null> {
  const [row] = await db
    .select({ userId: passwordResets.userId, agencyId: users.agencyId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(usableReset(tokenHash))
    .limit(1);
  return row ?? null;
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

// Every unused link of the user, or only those of one purpose (a new invitation ends the older ones)
export async function invalidateResets(tx: DbOrTx, userId: string, purpose?: ResetPurpose): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        purpose ? eq(passwordResets.purpose, purpose) : undefined,
      ),
    );
}

// The lock every change of an agent's role or status takes first (the last-admin rule, agents.service.ts)
// What the reseller API's pages and jobs read of an agency on every call: whether the tours company allows the API,
// the agency's status, its site, language and currency, and its test keys' balance
export async function agencyApiState(db: DbOrTx, agencyId: string) {
  const [row] = await db
    .select({
      isApiAllowed: agencies.isApiAllowed,
      status: agencies.status,
      siteId: agencies.siteId,
      language: agencies.language,
      currency: agencies.currency,
      testBalanceMinor: agencies.testBalanceMinor,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  return row ?? null;
}

export async function lockAgency(tx: DbOrTx, agencyId: string) {
  const [row] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).for('update');
  return row ?? null;
}

// An invited agent who set their password has proved their e-mail
export async function activateUser(tx: DbOrTx, userId: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ status: 'normal', updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.status, 'emailNotVerified')))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateAgencyFiles(
  tx: DbOrTx,
  agencyId: string,
  tradeLicenseFileId: string | null,
  vatCertificateFileId: string | null,
) {
  await tx.update(agencies).set({ tradeLicenseFileId, vatCertificateFileId }).where(eq(agencies.id, agencyId));
}

// A forgot-password request, written the same way for any address (the job looks it up)
export async function insertPasswordResetRequest(db: DbOrTx, email: string, siteId: string): Promise<void> {
  await db.insert(passwordResetRequests).values({ email: email.toLowerCase(), siteId });
}

// The oldest waiting request, taken: deleted in the caller's transaction (another node skips it meanwhile)
export async function takePasswordResetRequest(tx: DbOrTx) {
  const [next] = await tx
    .select({ id: passwordResetRequests.id })
    .from(passwordResetRequests)
    .orderBy(passwordResetRequests.createdAt, passwordResetRequests.id)
    .limit(1)
    .for('update', { skipLocked: true });
  if (!next) return null;
  const [row] = await tx.delete(passwordResetRequests).where(eq(passwordResetRequests.id, next.id)).returning();
  return row ?? null;
}
