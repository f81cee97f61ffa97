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
  const spawnedAt = Date.now();
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
  return { readyMs, insideMs: inside ? Number(inside[1]) : null, phases: readPhases(output, spawnedAt) };
}

// The server's own breakdown (apps/api/src/lib/startup-phases.ts): "Start-up phases (ms; process started <epoch>):
// node=12 build-check=3 …", plus what came before its process: npm and its shell
export function readPhases(output, spawnedAt) {
  const line = /Start-up phases \(ms; process started (\d+)\): (.*)/.exec(output);
  if (!line) return null;
  const phases = { npm: Math.max(0, Number(line[1]) - spawnedAt) };
  for (const [, name, ms] of line[2].matchAll(/([\w-]+)=(\d+)/g)) phases[name] = Number(ms);
  return phases;
}

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// Median of each phase over the runs, in the order the server reported them
export function phaseMedians(runs) {
  const names = [];
  for (const run of runs) for (const name of Object.keys(run.phases ?? {})) if (!names.includes(name)) names.push(name);
  return Object.fromEntries(
    names.map((name) => [name, medianOf(runs.map((r) => r.phases?.[name]).filter((v) => v !== undefined))]),
  );
}

export function formatPhases(phases) {
  return Object.entries(phases ?? {})
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ');
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
      firstPhases: first.phases,
      phases: phaseMedians(restarts),
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
  console.log(`  first start's phases (ms): ${formatPhases(result.firstPhases)}`);
  console.log(`  phases, median of the restarts (ms; db-open and code overlap): ${formatPhases(result.phases)}`);
  console.log(
    `${result.target.met ? 'MET   ' : 'MISSED'} startup: median ${result.medianMs} ms, min ${result.minMs}, max ${result.maxMs} (target ${result.target.target})`,
  );
}
