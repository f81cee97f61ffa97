import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isOwnServerReady, isPortTaken } from '../../apps/api/test/server-process.ts';

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
  const child: ChildProcess = spawn(process.execPath, [BUILT_SERVER], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      MAIL_POLL_MS: '300',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // support replay records only where a test is about it (e2e/replay, e2e/insight): elsewhere its uploads would be
      // background traffic that other tests' waits (network idle) and the shared machine's CPU do not expect
      REPLAY_SAMPLE_RATE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // a fresh data dir makes the demo catalogue and its three months of history (~9 s here, more on a loaded machine);
  // a copy of the made one starts in about 2 s
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (isPortTaken(output)) return 'portTaken';
      throw new Error(`portal exited: ${output}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok && isOwnServerReady(output)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // never leave a server behind that nobody will stop, nor its data dir
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`portal did not start in 150 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, dataDir, output: () => output };
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
