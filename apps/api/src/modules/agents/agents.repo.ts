import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AgentRole } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { agencies, agentMonthSpend, passwordResets, users } from '../../db/schema/index.ts';

export type AgentStatusFilter = 'all' | 'normal' | 'emailNotVerified' | 'deleted';

// `\`, `%` and `_` are LIKE's own characters: a search for "a_b" means the text, not a pattern
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

// An agent as the page shows them: their spend in `month` (Asia/Dubai 'yyyy-MM'; 0 without a row) and when the
// invitation sent last stops working (null once used or replaced)
function agentViewSelect(db: DbOrTx, month: string) {
  return db
    .select({
      id: users.id,
      agencyId: agencies.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      jobTitle: users.jobTitle,
      status: users.status,
      monthlyCapMinor: users.monthlyCapMinor,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      currency: agencies.currency,
      spentMinor: sql<number>`coalesce(${agentMonthSpend.spentMinor}, 0)`.mapWith(Number),
      inviteExpiresAt: sql<Date | null>`(SELECT max(pr.expires_at) FROM password_resets pr
        WHERE pr.user_id = ${users.id} AND pr.purpose = 'invite' AND pr.used_at IS NULL)`.mapWith(
        passwordResets.expiresAt,
      ),
    })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(agentMonthSpend, and(eq(agentMonthSpend.userId, users.id), eq(agentMonthSpend.month, month)));
}

export type AgentViewRow = Awaited<ReturnType<ReturnType<typeof agentViewSelect>['execute']>>[number];

function listWhere(agencyId: string, filters: { search: string; status: AgentStatusFilter }): SQL | undefined {
  const pattern = filters.search ? likeContains(filters.search) : null;
  return and(
    eq(users.agencyId, agencyId),
    filters.status === 'all' ? undefined : eq(users.status, filters.status),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)) : undefined,
  );
}

export async function listAgents(
  db: DbOrTx,
  agencyId: string,
  month: string,
  filters: { search: string; status: AgentStatusFilter; limit: number; offset: number },
): Promise<{ rows: AgentViewRow[]; total: number }> {
  const where = listWhere(agencyId, filters);
  const [rows, [total]] = await Promise.all([
    agentViewSelect(db, month)
      .where(where)
      .orderBy(sql`lower(${users.name})`, asc(users.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAgentView(
  db: DbOrTx,
  agencyId: string,
  month: string,
  id: string,
): Promise<AgentViewRow | null> {
  const [row] = await agentViewSelect(db, month)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

// One of the agency's users, never an operator or another agency's (their ids are simply not found)
export async function findAgent(tx: DbOrTx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

export type AgentRow = NonNullable<Awaited<ReturnType<typeof findAgent>>>;

// The admins who can act (status 'normal': they have a password and may log in), leaving one user out
export async function countActiveAdminsBesides(tx: DbOrTx, agencyId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(eq(users.agencyId, agencyId), eq(users.role, 'admin'), eq(users.status, 'normal'), ne(users.id, userId)),
    );
  return row?.n ?? 0;
}

export async function updateAgent(
  tx: DbOrTx,
  id: string,
  values: { name: string; phone: string; role: AgentRole; jobTitle: string; monthlyCapMinor: number | null },
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

// A deleted agent's sessions end with the new token version: a later restore does not revive them
export async function markDeleted(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(users)
    .set({ status: 'deleted', tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function setStatus(tx: DbOrTx, id: string, status: 'normal' | 'emailNotVerified'): Promise<void> {
  await tx
    .update(users)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
