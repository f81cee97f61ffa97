import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// The real server in a process of its own, run from the sources (tsx): what the fault and several-node tests kill,
// restart and run side by side.
const root = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type ServerProcess = { child: ChildProcess; base: string; output: () => string };

// A port is free when chosen and may be taken before the server listens (an outgoing connection's ephemeral port,
// another test's server): the server then exits at once with EADDRINUSE. `start` tries one port, answering
// 'portTaken' then; this tries up to three. A server counts as started once /healthz answers and its own ready line is
// printed (not whatever took the port).
export type StartOnPort<T> = (port: number) => Promise<T | 'portTaken'>;
export async function onAFreePort<T>(start: StartOnPort<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const started = await start(await freePort());
    if (started !== 'portTaken') return started;
    if (attempt === 3) throw new Error('three ports in turn were taken before the server listened');
  }
}
export const isPortTaken = (output: string) => output.includes('EADDRINUSE');
export const isOwnServerReady = (output: string) => output.includes('Portal ready on');

export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return onAFreePort((port) => startOnce(env, port));
}

async function startOnce(env: Record<string, string>, port: number): Promise<ServerProcess | 'portTaken'> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      // the API's own tsconfig: its server pages are JSX with the API's runtime (jsxImportSource '#jsx')
      TSX_TSCONFIG_PATH: path.join(root, 'apps/api/tsconfig.json'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (isPortTaken(output)) return 'portTaken';
      throw new Error(`server exited: ${output}`);
    }
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && isOwnServerReady(output)) return { child, base, output: () => output };
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export async function stopServerProcess(
  server: ServerProcess | null | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}
