import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobFailures, jobs } from '../../db/schema/index.ts';

export async function registerJobs(db: Db, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(jobs)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
}

// Takes the job's lease when a run is due and no live lease is held: true for exactly one caller
export async function claimJob(db: Db, name: string, node: string, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .update(jobs)
    .set({
      lockedBy: node,
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      lastStartedAt: sql`now()`,
    })
    .where(
      and(
        eq(jobs.name, name),
        lte(jobs.nextRunAt, sql`now()`),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ name: jobs.name });
  return claimed.length > 0;
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
