import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { spawnUntilReady } from '../../apps/api/test/server-process.ts';

// The built server as the browser tests run it: a process of its own on the embedded database of `dataDir`. No
// vitest import here: the global set-up (demo-data-dir.ts) runs it outside a test file.
const root = path.resolve(import.meta.dirname, '../..');
export const BUILT_SERVER = path.join(root, 'apps/api/dist/server.mjs');

// `output`: what the server has printed so far
export type Started = { child: ChildProcess; port: number; dataDir: string; output: () => string };

export function assertBuilt(): void {
  if (!fs.existsSync(BUILT_SERVER) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
}

// The built server on `port` and `dataDir`, once it answers /healthz with its own ready line ('portTaken' when another
// process had the port: onAFreePort tries another). A server that fails or never gets ready is stopped, and a data dir
// it made is removed.
export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): Promise<Started | 'portTaken'> {
  // a fresh data dir makes the demo catalogue and its three months of history (~9 s here, more on a loaded machine);
  // a copy of the made one starts in about 2 s
  try {
    const started = await spawnUntilReady({
      what: 'portal',
      args: [BUILT_SERVER],
      port,
      timeoutMs: 150_000,
      env: {
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        MAIL_POLL_MS: '300',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // support replay records only where a test is about it (e2e/replay, e2e/insight): elsewhere its uploads would
        // be background traffic that other tests' waits (network idle) and the shared machine's CPU do not expect
        REPLAY_SAMPLE_RATE: '0',
        ...env,
      },
    });
    if (started === 'portTaken') fs.rmSync(dataDir, { recursive: true, force: true });
    return started === 'portTaken' ? started : { ...started, port, dataDir };
  } catch (error) {
    // the server is gone (exited, or killed at the deadline): so is the data dir it was given
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

// SIGTERM, as Ctrl+C would: the server checkpoints, closes the database and releases the data dir (10 s at most)
export async function stopServer({ child }: Started): Promise<boolean> {
  if (child.exitCode !== null) return child.exitCode === 0;
  const exited = new Promise<boolean>((resolve) => child.once('exit', (code) => resolve(code === 0)));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited, new Promise<false>((r) => setTimeout(() => r(false), 10_000))]);
  if (!stopped) child.kill('SIGKILL');
  return stopped;
}
