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
  const started = await spawnUntilReady({
    what: 'server',
    args: ['--import', 'tsx', 'apps/api/src/server.ts'],
    port,
    timeoutMs: 60_000,
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      // the API's own tsconfig: its server pages are JSX with the API's runtime (jsxImportSource '#jsx')
      TSX_TSCONFIG_PATH: path.join(root, 'apps/api/tsconfig.json'),
      ...env,
    },
  });
  return started === 'portTaken' ? started : { ...started, base: `http://127.0.0.1:${port}` };
}

// A server process (node `args` from the repository's root, `env` over this process's), once /healthz on `port`
// answers and its own ready line is printed. 'portTaken' when another process had the port; one that exits first, or
// is not ready in `timeoutMs`, is killed and the start fails with what it printed (`what`: the error's subject).
// The API's process tests and the browser tests' built portal (e2e/support/portal-server.ts) start this way.
export async function spawnUntilReady(options: {
  what: string;
  args: string[];
  port: number;
  env: Record<string, string>;
  timeoutMs: number;
}): Promise<{ child: ChildProcess; output: () => string } | 'portTaken'> {
  const child = spawn(process.execPath, options.args, {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      if (isPortTaken(output)) return 'portTaken';
      throw new Error(`${options.what} exited: ${output}`);
    }
    const ok = await fetch(`http://127.0.0.1:${options.port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && isOwnServerReady(output)) return { child, output: () => output };
    if (Date.now() > deadline) {
      // never leave a server behind that nobody will stop
      child.kill('SIGKILL');
      throw new Error(`${options.what} did not start in ${options.timeoutMs / 1000} s: ${output}`);
    }
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
