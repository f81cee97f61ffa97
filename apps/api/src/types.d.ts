import type { Site } from './config/sites.ts';
import type { Actor, AppDeps } from './lib/context.ts';
import type { FrontDoor } from './lib/front-door.ts';
import type { JobRegistry, JobRunner } from './modules/jobs/job-runner.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import type { MailWorker } from './modules/mail/mail-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    mailWorker: MailWorker;
    jobRunner: JobRunner;
    // plugins add their background jobs here while the app loads
    jobs: JobRegistry;
    metrics: Metrics;
    // answers read before Fastify's router (lib/front-door.ts)
    frontDoor: FrontDoor;
  }
  interface FastifyRequest {
    site: Site;
    actor: Actor | null;
    // the session's token carries claims the user no longer has (a changed role or agency flags): the answer brings
    // a fresh token (X-Refreshed-Token), so the web app's menus follow on the next request
    staleClaims?: boolean;
  }
}
