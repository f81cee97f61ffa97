import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { jobFailures, jobs } from '../../db/schema/index.ts';
import { ownMigratedDatabase } from '../../../test/build-test-app.ts';
import { jobRegistry, startJobRunner, type JobDefinition } from './job-runner.ts';

// A database of its own: the runner's rows are global, per job name.
let database: DatabaseHandle;
let closeDatabase: () => Promise<void> = async () => undefined;
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  ({ database, close: closeDatabase } = await ownMigratedDatabase('job_runner', 6));
});
afterAll(async () => closeDatabase());

describe('job runner', () => {
  it('runs a due job on exactly one of several nodes, then not again before its interval', async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: 'count-once',
      everyMs: 60_000,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    };
    const nodes = [1, 2, 3].map(() => startJobRunner({ db: database.db, log, jobs: [job], autoStart: false }));
    const ran = await Promise.all(nodes.flatMap((node) => [node.runDue(), node.runDue()]));
    expect(runs).toBe(1);
    expect(ran.flat()).toEqual(['count-once']);
    expect((await Promise.all(nodes.map((node) => node.runDue()))).flat()).toEqual([]);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.name, 'count-once'));
    expect(row).toMatchObject({ runs: 1, failures: 0, lockedBy: null });
    await Promise.all(nodes.map((node) => node.stop()));
  });

  it('keeps every failure for the back office and backs off, then recovers', async () => {
    let fail = true;
    const job: JobDefinition = {
      name: 'flaky',
      everyMs: 1000,
      run: async () => {
        if (fail) throw new Error('provider unreachable');
      },
    };
    const node = startJobRunner({ db: database.db, log, jobs: [job], autoStart: false });
    expect(await node.runDue()).toEqual(['flaky']);
    const [failed] = await database.db.select().from(jobs).where(eq(jobs.name, 'flaky'));
    expect(failed).toMatchObject({
      failures: 1,
      consecutiveFailures: 1,
      lastError: 'provider unreachable',
      lockedBy: null,
    });
    // the next run waits twice the interval
    const wait = (failed?.nextRunAt.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(1000);
    expect(wait).toBeLessThanOrEqual(2100);
    expect(await node.runDue()).toEqual([]);
    const kept = await database.db.select().from(jobFailures).where(eq(jobFailures.name, 'flaky'));
    expect(kept).toEqual([expect.objectContaining({ error: 'provider unreachable', node: node.node })]);

    fail = false;
    await database.db
      .update(jobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.name, 'flaky'));
    expect(await node.runDue()).toEqual(['flaky']);
    const [recovered] = await database.db.select().from(jobs).where(eq(jobs.name, 'flaky'));
    expect(recovered).toMatchObject({ runs: 2, failures: 1, consecutiveFailures: 0, lastError: null });
    await node.stop();
  });

  it('a run longer than its lease is never taken over while its node is alive: it runs once on two nodes', async () => {
    let runs = 0;
    let running = 0;
    let overlapped = false;
    const job: JobDefinition = {
      name: 'long-run',
      everyMs: 60_000,
      // the run takes four times its lease: only the heartbeat keeps it
      leaseMs: 300,
      run: async () => {
        runs += 1;
        running += 1;
        if (running > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        running -= 1;
      },
    };
    const [a, b] = [1, 2].map(() => startJobRunner({ db: database.db, log, jobs: [job], autoStart: false }));
    if (!a || !b) throw new Error('two nodes');
    const first = a.runDue();
    // the other node keeps asking all through the run, well past the lease
    const asked: string[][] = [];
    for (let i = 0; i < 8; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      asked.push(await b.runDue());
    }
    expect(await first).toEqual(['long-run']);
    expect(asked.flat()).toEqual([]);
    expect([runs, overlapped]).toEqual([1, false]);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.name, 'long-run'));
    expect(row).toMatchObject({ runs: 1, lockedBy: null, lockedUntil: null });
    await Promise.all([a.stop(), b.stop()]);
  });

  it('takes over a run whose node died (its lease ran out)', async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: 'orphaned',
      everyMs: 60_000,
      leaseMs: 60_000,
      run: async () => void (runs += 1),
    };
    const node = startJobRunner({ db: database.db, log, jobs: [job], autoStart: false });
    await node.runDue();
    // a node claimed the next run and died: its lease is live, so nobody runs it
    await database.db
      .update(jobs)
      .set({ nextRunAt: sql`now()`, lockedBy: 'dead-node', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.name, 'orphaned'));
    expect(await node.runDue()).toEqual([]);
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.name, 'orphaned'));
    expect(await node.runDue()).toEqual(['orphaned']);
    expect(runs).toBe(2);
    await node.stop();
  });
  it('claims every due job of a tick in one statement, runs each once, and skips a job another node holds', async () => {
    // the database as the runner sees it, counting the statements it is asked for
    let statements = 0;
    const counted = new Proxy(database.db, {
      get(target, property, receiver) {
        if (['execute', 'select', 'insert', 'update', 'delete', 'transaction'].includes(String(property)))
          statements += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const runs: string[] = [];
    const names = ['tick-a', 'tick-b', 'tick-c', 'tick-d', 'tick-e'];
    const tickJobs = names.map(
      (name): JobDefinition => ({ name, everyMs: 60_000, run: async () => void runs.push(name) }),
    );
    const node = startJobRunner({ db: counted, log, jobs: tickJobs, autoStart: false });
    // registered, then another node holds tick-c's lease (its run is under way there)
    expect(await node.runDue()).toEqual(names);
    await database.db
      .update(jobs)
      .set({ nextRunAt: sql`now()` })
      .where(inArray(jobs.name, names));
    await database.db
      .update(jobs)
      .set({ lockedBy: 'other-node', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.name, 'tick-c'));
    runs.length = 0;
    statements = 0;
    expect(await node.runDue()).toEqual(['tick-a', 'tick-b', 'tick-d', 'tick-e']);
    expect(runs.sort()).toEqual(['tick-a', 'tick-b', 'tick-d', 'tick-e']);
    // one claim, then each run's end
    expect(statements).toBe(1 + 4);
    // nothing due: one statement for the whole tick, and nothing runs
    statements = 0;
    expect(await node.runDue()).toEqual([]);
    expect(statements).toBe(1);
    const rows = await database.db
      .select({ name: jobs.name, runs: jobs.runs, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(inArray(jobs.name, names))
      .orderBy(jobs.name);
    expect(rows).toEqual([
      { name: 'tick-a', runs: 2, lockedBy: null },
      { name: 'tick-b', runs: 2, lockedBy: null },
      { name: 'tick-c', runs: 1, lockedBy: 'other-node' },
      { name: 'tick-d', runs: 2, lockedBy: null },
      { name: 'tick-e', runs: 2, lockedBy: null },
    ]);
    await node.stop();
  });
});

describe('job registry (each plugin adds its own jobs while the app loads)', () => {
  const job = (name: string): JobDefinition => ({ name, everyMs: 1000, run: async () => undefined });

  it('lists the jobs plugins added, in order, and refuses a name added twice', () => {
    const registry = jobRegistry();
    registry.add(job('a'), job('b'));
    registry.add(job('c'));
    expect(() => registry.add(job('b'))).toThrow('job b added twice');
    expect(registry.list().map((j) => j.name)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a job added once the runner has taken the list (it would never run)', () => {
    const registry = jobRegistry();
    registry.add(job('a'));
    registry.list();
    expect(() => registry.add(job('late'))).toThrow('job late added after the job runner started');
  });
});
