import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { claimDueJobs, failJob, finishJob, registerJobs, renewJobLease } from './jobs.repo.ts';

export type JobDefinition = {
  name: string;
  // the time from the end of one run to the next
  everyMs: number;
  // how long a node that stopped answering holds a run before another may assume it crashed and run it again; a live
  // run renews it (a heartbeat every third of it), so a long run is never taken over while its node is alive
  leaseMs?: number;
  run: () => Promise<unknown>;
};

// Each plugin adds its own jobs while the app loads (app.jobs.add); the runner starts once every plugin has.
export type JobRegistry = {
  add: (...jobs: JobDefinition[]) => void;
  list: () => JobDefinition[];
};

export function jobRegistry(): JobRegistry {
  const jobs: JobDefinition[] = [];
  let listed = false;
  return {
    add: (...more) => {
      // a job added after the runner took the list would silently never run
      if (listed) throw new Error(`job ${more[0]?.name ?? ''} added after the job runner started`);
      for (const job of more) {
        if (jobs.some((known) => known.name === job.name)) throw new Error(`job ${job.name} added twice`);
        jobs.push(job);
      }
    },
    list: () => {
      listed = true;
      return [...jobs];
    },
  };
}

export type JobRunner = {
  node: string;
  // runs every job that is due and that this node could claim; returns the names it ran
  runDue: () => Promise<string[]>;
  stop: () => Promise<void>;
};

const MAX_BACKOFF_MS = 15 * 60_000;

// DESIGN "Background work runs through one job runner; each run is claimed by one node". Every node runs one of
// these; the database decides which node runs each due job (jobs.repo.ts#claimDueJobs). A failed run is kept in
// job_failures and retried with backoff.
export function startJobRunner(options: {
  db: Db;
  log: FastifyBaseLogger;
  jobs: JobDefinition[];
  tickMs?: number;
  autoStart?: boolean;
  onRun?: (job: string, outcome: 'ok' | 'failed') => void;
}): JobRunner {
  const { db, log, jobs } = options;
  const node = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const registered = registerJobs(
    db,
    jobs.map((job) => job.name),
  ).catch((error: unknown) => log.error({ err: error }, 'could not register the jobs'));
  const busy = new Set<string>();
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();

  const leaseOf = (job: JobDefinition) => job.leaseMs ?? Math.max(60_000, job.everyMs * 4);

  // a job this node claimed: run, its lease renewed meanwhile, and its end written (done, or failed with backoff)
  const runClaimed = async (job: JobDefinition): Promise<void> => {
    const leaseMs = leaseOf(job);
    const heartbeat = setInterval(() => {
      renewJobLease(db, job.name, node, leaseMs)
        .then((held) => {
          if (!held) log.warn({ job: job.name }, 'job lease lost while running');
        })
        .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'job lease not renewed'));
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      await job.run();
      await finishJob(db, job.name, node, job.everyMs);
      options.onRun?.(job.name, 'ok');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, job: job.name }, 'job failed; retried with backoff');
      await failJob(db, job.name, node, message, job.everyMs, MAX_BACKOFF_MS);
      options.onRun?.(job.name, 'failed');
    } finally {
      clearInterval(heartbeat);
    }
  };

  // One tick: the jobs not running on this node are claimed together (one statement, however many jobs), and those
  // claimed run side by side; the others are free again at once
  const runDue = async (): Promise<string[]> => {
    await registered;
    if (stopped) return [];
    const candidates = jobs.filter((job) => !busy.has(job.name));
    for (const job of candidates) busy.add(job.name);
    let claimed: Set<string>;
    try {
      claimed = new Set(
        await claimDueJobs(
          db,
          candidates.map((job) => ({ name: job.name, leaseMs: leaseOf(job) })),
          node,
        ),
      );
    } catch (error) {
      for (const job of candidates) busy.delete(job.name);
      throw error;
    }
    for (const job of candidates) if (!claimed.has(job.name)) busy.delete(job.name);
    const ran = candidates.filter((job) => claimed.has(job.name));
    await Promise.all(ran.map((job) => runClaimed(job).finally(() => busy.delete(job.name))));
    return ran.map((job) => job.name);
  };

  const tickMs = options.tickMs ?? Math.max(200, Math.min(1000, ...jobs.map((job) => job.everyMs)));
  let timer: NodeJS.Timeout | null = null;
  if (options.autoStart !== false && jobs.length > 0) {
    timer = setInterval(() => {
      const run = runDue().catch((error: unknown) => log.error({ err: error }, 'job runner tick failed'));
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    }, tickMs);
    timer.unref();
  }

  return {
    node,
    runDue,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all([...inFlight]);
    },
  };
}
