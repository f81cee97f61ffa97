import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { onAFreePort } from '../../apps/api/test/server-process.ts';
import { assertBuilt, startServer, stopServer } from './portal-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    // the demo portal's data dir, made once for the run: each test file's portal starts on a copy (portal.ts)
    demoDataDir: string;
  }
}

// Global set-up of the browser tests (vitest.config.ts). Every test file had its portal make the demo data on a fresh
// data dir (the catalogue, the accounts and three months of history: 8 s of the server's CPU here, more beside
// another file's tests). The first start makes it once; stopped as Ctrl+C stops it (checkpoint, database closed, lock
// released), the data dir is then what every file's portal copies and starts on in about 2 s. Each file still gets a
// data dir of its own, untouched by any other file.
export default async function setup(project: TestProject): Promise<() => void> {
  assertBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-demo-'));
  const dataDir = path.join(dir, 'data');
  try {
    // no SMTP: the demo's own mails stay in the outbox, and each copy's portal sends them to its file's mail sink, as
    // a fresh start did
    const started = await onAFreePort((port) => startServer(port, dataDir, { SMTP_URL: '' }));
    // the server logs a failed history and starts anyway (the next start finishes it): every copy would then make it
    // again at its own start
    const unfinished = started.output().includes('demo history not finished');
    if (!(await stopServer(started))) throw new Error('the demo portal did not stop cleanly');
    if (unfinished) throw new Error(`the demo portal did not finish its history: ${started.output()}`);
    if (fs.existsSync(path.join(dataDir, 'portal.lock'))) throw new Error('the demo portal left its data dir locked');
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('demoDataDir', dataDir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
