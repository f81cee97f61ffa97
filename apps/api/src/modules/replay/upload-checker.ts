import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { checkUpload, type UploadCheck } from './upload-check.ts';
import type { CheckAnswer, CheckRequest } from './upload-check.worker.ts';

// Issue 31: a recorder's upload is checked on a thread of its own, not on the event loop that answers bookings.
// Inflating a page's full snapshot (some 60 KB gzip, 600 KB of JSON), parsing it and checking it as rrweb's events
// took 2–3 ms of the loop at a time, and an upload that inflates to the cap (8 MB) some 50 ms; 80 uploads a second
// beside bookings were over half of what the ingestion cost the loop.
//
// One worker, started on the first upload and kept; it holds nothing between checks. If it fails or exits, the checks
// it had are done here instead (nothing is lost or answered twice), and the next upload starts a new one.
export type UploadChecker = {
  check(body: Uint8Array): Promise<UploadCheck>;
  // how many checks the worker answered, and how many were done here (its failures)
  stats(): { onWorker: number; onMainThread: number };
  close(): Promise<void>;
};

const RESTART_AFTER_MS = 30_000;

type Pending = { body: Uint8Array; resolve: (check: UploadCheck) => void };

export function uploadChecker(log: FastifyBaseLogger, entry: URL = workerEntry()): UploadChecker {
  const counts = { onWorker: 0, onMainThread: 0 };
  let worker: Worker | undefined;
  // after a failure, checks are done here for a while rather than a thread started (and lost) per upload
  let startAfter = 0;
  let closed = false;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const here = (body: Uint8Array) => {
    counts.onMainThread++;
    return checkUpload(body);
  };
  // the checks a lost worker had, in the order they came
  function checkHere() {
    for (const [id, job] of pending) {
      pending.delete(id);
      job.resolve(here(job.body));
    }
  }

  function start(): Worker {
    const started = new Worker(entry, { name: 'replay-upload-check' });
    started.unref();
    started.on('message', ({ id, check }: CheckAnswer) => {
      const job = pending.get(id);
      if (!job) return;
      pending.delete(id);
      counts.onWorker++;
      job.resolve(check);
    });
    const lost = (why: unknown) => {
      if (worker !== started) return;
      worker = undefined;
      if (!closed) {
        startAfter = Date.now() + RESTART_AFTER_MS;
        log.error({ err: why }, 'the replay upload checker stopped; its checks are done on the main thread');
      }
      checkHere();
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`exited with ${code}`)));
    return started;
  }

  return {
    check(body) {
      if (closed || (!worker && Date.now() < startAfter)) return Promise.resolve(here(body));
      try {
        worker ??= start();
      } catch (error) {
        startAfter = Date.now() + RESTART_AFTER_MS;
        log.error({ err: error }, 'the replay upload checker did not start; the check is done on the main thread');
        return Promise.resolve(here(body));
      }
      const id = nextId++;
      // a copy of its own is handed over (cloning Fastify's buffer, perhaps a view of a larger one, cost more); the
      // body stays here for a check redone after a failed worker
      const own = new Uint8Array(body);
      const request: CheckRequest = { id, body: own };
      const posted = new Promise<UploadCheck>((resolve) => pending.set(id, { body, resolve }));
      worker.postMessage(request, [own.buffer]);
      return posted;
    },
    async close() {
      closed = true;
      const stopping = worker;
      worker = undefined;
      if (stopping) await stopping.terminate();
      checkHere();
    },
    stats: () => ({ ...counts }),
  };
}

// The worker's entry beside this module. From the bundle: its second entry (build.mjs) in dist/, where this code is in
// dist/ or in one of dist/chunks/. From the TypeScript sources (development, tests): the source, loaded through tsx's
// loader, registered in the worker first (a worker's --import does not reach its own module loading on Node 20)
function workerEntry(): URL {
  const here = import.meta.url;
  if (!here.endsWith('.ts'))
    return new URL(here.includes('/chunks/') ? '../upload-check.worker.mjs' : './upload-check.worker.mjs', here);
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href;
  const source = new URL('./upload-check.worker.ts', here).href;
  const boot = `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}
