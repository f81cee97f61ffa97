// Start-up time as a user sees it: `npm start` (the README's command) until /healthz answers, on a data dir that
// already exists. The first start creates and seeds the data dir and is reported on its own; then RUNS restarts.
// Run alone with `npm run bench:startup`; `npm run bench` runs it first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STARTUP_TARGET_MS = 2000;

// npm start runs in a process group of its own (detached); a Ctrl+C here must stop it and remove its data dir too
const cleanups = new Set();
process.on('exit', () => {
  for (const cleanup of cleanups) cleanup();
});
process.once('SIGINT', () => process.exit(130));

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  // detached: npm, its shell and node form one process group, stopped together as Ctrl+C would
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stopGroup = () => {
    if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  cleanups.add(stopGroup);
  let readyMs = null;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) {
        readyMs = Math.round(performance.now() - started);
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  stopGroup();
  await exited;
  cleanups.delete(stopGroup);
  if (readyMs === null) throw new Error(`npm start did not become ready:\n${output}`);
  const inside = /ready on .* in (\d+) ms/.exec(output);
  return { readyMs, insideMs: inside ? Number(inside[1]) : null };
}

export async function runStartupBench({ runs = Number(process.env.BENCH_STARTUP_RUNS ?? 7) } = {}) {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-')), 'data');
  const removeDataDir = () => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  cleanups.add(removeDataDir);
  try {
    const first = await startOnce(dataDir);
    const restarts = [];
    for (let i = 0; i < runs; i++) restarts.push(await startOnce(dataDir));
    const sorted = restarts.map((r) => r.readyMs).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    return {
      firstStartMs: first.readyMs,
      runs: restarts,
      medianMs: median,
      minMs: sorted[0],
      maxMs: sorted[sorted.length - 1],
      target: { target: `<= ${STARTUP_TARGET_MS} ms (median)`, actual: median, met: median <= STARTUP_TARGET_MS },
    };
  } finally {
    removeDataDir();
    cleanups.delete(removeDataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runStartupBench();
  console.log(`npm start → /healthz, fresh data dir (migrate + seed): ${result.firstStartMs} ms`);
  console.log(
    `npm start → /healthz, existing data dir, ${result.runs.length} runs: ${result.runs.map((r) => r.readyMs).join(', ')} ms`,
  );
  console.log(`  inside the server process (main() to listening): ${result.runs.map((r) => r.insideMs).join(', ')} ms`);
  console.log(
    `${result.target.met ? 'MET   ' : 'MISSED'} startup: median ${result.medianMs} ms, min ${result.minMs}, max ${result.maxMs} (target ${result.target.target})`,
  );
}
