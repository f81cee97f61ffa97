import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agentMonthSpend, users } from '../../db/schema/index.ts';

// Raises (or lowers) what an agent spent in a month by `deltaMinor`, as one statement: a rise that would pass the
// agent's monthly cap changes nothing and returns no row. The spend row's lock orders one agent's bookings, so two that
// together pass the cap cannot both get through (the second re-reads the row the first committed). `guard` is a
// condition the change needs (the one-statement booking: its seats were taken).
export function spendChangeSql(userId: string, month: string, deltaMinor: number, guard?: SQL): SQL {
  const when = guard ?? sql`true`;
  const cap = sql`(SELECT monthly_cap_minor FROM users WHERE id = ${userId})`;
  const fits = (spent: SQL) =>
    deltaMinor > 0 ? sql`(${cap} IS NULL OR ${spent} + ${deltaMinor} <= ${cap})` : sql`true`;
  return sql`INSERT INTO agent_month_spend (user_id, month, spent_minor)
      SELECT ${userId}::uuid, ${month}, GREATEST(${deltaMinor}, 0) WHERE ${when} AND ${fits(sql`0`)}
      ON CONFLICT (user_id, month) DO UPDATE SET spent_minor = GREATEST(agent_month_spend.spent_minor + ${deltaMinor}, 0), updated_at = now()
      WHERE ${fits(sql`agent_month_spend.spent_minor`)}
      RETURNING spent_minor`;
}

export async function changeSpend(tx: DbOrTx, userId: string, month: string, deltaMinor: number): Promise<boolean> {
  const result = (await tx.execute(spendChangeSql(userId, month, deltaMinor))) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

// The agent's cap and what they spent in the month (for the refusal's message)
export async function capStatus(db: DbOrTx, userId: string, month: string) {
  const [row] = await db
    .select({ capMinor: users.monthlyCapMinor, spentMinor: agentMonthSpend.spentMinor })
    .from(users)
    .leftJoin(agentMonthSpend, and(eq(agentMonthSpend.userId, users.id), eq(agentMonthSpend.month, month)))
    .where(eq(users.id, userId))
    .limit(1);
  return { capMinor: row?.capMinor ?? null, spentMinor: row?.spentMinor ?? 0 };
}
