import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobFailures, jobs } from '../../db/schema/index.ts';

export async function registerJobs(db: Db, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(jobs)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
}

// Takes the lease of every job named that is due and holds no live lease, in one statement for a whole tick (a node
// asks for all its jobs at once, not once per job): each name is returned to exactly one caller. Rows are locked in
// name order and a row another node is claiming right now is skipped (it is that node's), so two nodes never wait on
// each other; the lease of each job is its own.
export async function claimDueJobs(
  db: Db,
  leases: { name: string; leaseMs: number }[],
  node: string,
): Promise<string[]> {
  if (leases.length === 0) return [];
  const asked = JSON.stringify(leases.map((lease) => ({ name: lease.name, seconds: lease.leaseMs / 1000 })));
  const result = (await db.execute(sql`
    WITH due AS (
      SELECT j.name, l.seconds FROM ${jobs} j
      JOIN jsonb_to_recordset(${asked}::jsonb) AS l(name text, seconds float8) ON l.name = j.name
      WHERE j.next_run_at <= now() AND (j.locked_until IS NULL OR j.locked_until < now())
      ORDER BY j.name
      FOR UPDATE OF j SKIP LOCKED
    )
    UPDATE ${jobs} SET locked_by = ${node}, locked_until = now() + make_interval(secs => due.seconds),
      last_started_at = now()
    FROM due WHERE ${jobs}.name = due.name
    RETURNING ${jobs}.name`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

// A live run's heartbeat: its lease pushed on while this node still holds it; false when it no longer does
export async function renewJobLease(db: Db, name: string, node: string, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(jobs.name, name), eq(jobs.lockedBy, node)))
    .returning({ name: jobs.name });
  return renewed.length > 0;
}

// what every run that ended writes, well or not: the lease given back, the run counted
const runEnded = () => ({
  lockedBy: null,
  lockedUntil: null,
  lastFinishedAt: sql`now()`,
  runs: sql`${jobs.runs} + 1`,
});

export async function finishJob(db: Db, name: string, node: string, nextInMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({
      ...runEnded(),
      nextRunAt: sql`now() + make_interval(secs => ${nextInMs / 1000})`,
      consecutiveFailures: 0,
      lastError: null,
    })
    .where(and(eq(jobs.name, name), eq(jobs.lockedBy, node)));
}

// A failed run: kept in job_failures, and the next one backs off (doubling per consecutive failure, capped)
export async function failJob(
  db: Db,
  name: string,
  node: string,
  error: string,
  everyMs: number,
  maxBackoffMs: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(jobFailures).values({ name, node, error: error.slice(0, 2000) });
    await tx
      .update(jobs)
      .set({
        ...runEnded(),
        nextRunAt: sql`now() + make_interval(secs => least(${everyMs / 1000} * power(2, ${jobs.consecutiveFailures} + 1), ${maxBackoffMs / 1000}))`,
        failures: sql`${jobs.failures} + 1`,
        consecutiveFailures: sql`${jobs.consecutiveFailures} + 1`,
        lastError: error.slice(0, 2000),
      })
      .where(and(eq(jobs.name, name), eq(jobs.lockedBy, node)));
  });
}
