// Small helpers the benchmarks share
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

// yyyy-MM-dd in Asia/Dubai, where the tours happen, offsetDays from today
export function dubaiToday(offsetDays = 0) {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dubai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

// A JSON answer, or an error naming the call and what the server said
export async function json(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

// Until the URL answers 2xx; fails at once if the server process exits, or after timeoutMs
export async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

// The nearest-rank percentile of the samples (`share` 0.99: the p99)
export function percentile(samples, share) {
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)];
}

// The demo seed's agency admin and the tours company's operator (SEED_DEMO)
const DEMO_ADMIN = { email: 'admin@desertrose.test', password: 'Demo-2026-pass' };
export const DEMO_OPERATOR = { email: 'ops@portal.test', password: 'Demo-2026-pass' };

// An access token, as the login form gets it
export async function login(base, account = DEMO_ADMIN) {
  const { accessToken } = await json(`${base}/api/b2b/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return accessToken;
}

// The API server as the benches run it: node with `args`, on the loopback port given, rate limits out of the way,
// quiet logs; `env` adds to that or overrides it (the database, the demo seed, the sweepers)
export function startServer({ args, root, port, env = {} }) {
  return spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...env,
    },
  });
}

// SIGTERM, then until the process has exited (at once when it already has)
export async function stopServer(server) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

// A fresh PostgreSQL database of the bench's own, made through the admin connection BENCH_DATABASE_URL (default the
// local server): its url, and drop() to remove it. Null, said on the console, when PostgreSQL is not reachable.
export async function benchDatabase(name, skippedWhat) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\n${skippedWhat} skipped: PostgreSQL not reachable at BENCH_DATABASE_URL (${error.message})`);
    return null;
  }
  const dbName = `${name}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

// The demo seed's server (no hold sweeper) on a PostgreSQL database of the bench's own (`name`), once it answers, and a
// client of that database for the bench's own reads and writes: { base, db, close }, close() stopping the server,
// ending the client and dropping the database. Null, said on the console (`skippedWhat`), when PostgreSQL is not
// reachable. `args`, `root` and `env` as startServer takes them; the server joins `children`.
export async function demoServerOnPostgres({ name, skippedWhat, args, root, children, env = {} }) {
  const database = await benchDatabase(name, skippedWhat);
  if (!database) return null;
  const port = await freePort();
  // the server's files (uploads, its secrets) in a directory of its own, not the repository's ./data
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-files-'));
  const server = startServer({
    args,
    root,
    port,
    env: { DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO: 'true', HOLD_SWEEP_MS: '0', ...env },
  });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: database.url });
  const close = async () => {
    await stopServer(server);
    await db.end().catch(() => undefined);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${base}/api/layout/info`, server, 180_000);
    await db.connect();
  } catch (error) {
    await close();
    throw error;
  }
  return { base, db, close };
}

// A bench's result on demoServerOnPostgres: its rows and targets, the settings it ran with (the database named here)
export function postgresBenchResult({ rows, targets, connections, duration, settings }) {
  return {
    rows,
    targets,
    settings: {
      database: 'PostgreSQL (fresh database, demo seed)',
      connections,
      durationSeconds: duration,
      ...settings,
    },
  };
}

// The demo agency (its id), with credit enough for every booking a bench makes
export async function fundDemoAgency(db) {
  const {
    rows: [agency],
  } = await db.query(`SELECT agency_id FROM users WHERE email = $1`, [DEMO_ADMIN.email]);
  await db.query(`UPDATE agency_balances SET credit_limit_minor = 100000000000 WHERE agency_id = $1`, [
    agency.agency_id,
  ]);
  return agency.agency_id;
}

// A MET or MISSED line per target, as every bench prints them; a FIGURE line for a figure kept without a target
export function printTargets(targets) {
  for (const [name, t] of Object.entries(targets))
    console.log(`${t.figure ? 'FIGURE' : t.met ? 'MET   ' : 'MISSED'} ${name}: ${t.actual} (target ${t.target})`);
}

// A bench run on its own (node bench/<file>.mjs): the repository's root, the child processes stopped on exit, and
// the API server from the sources (with the API's own compiler settings: its server pages are JSX)
export function runAlone(benchUrl) {
  const root = path.resolve(path.dirname(fileURLToPath(benchUrl)), '..');
  const children = [];
  process.on('exit', () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM')));
  return {
    root,
    children,
    serverArgs: ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
    env: { TSX_TSCONFIG_PATH: path.join(root, 'apps/api/tsconfig.json') },
  };
}

// Requests at a steady rate, one every 1/`rate` s for `duration` s, each sent on time whatever the earlier ones are
// doing (an open loop, as independent agents and browsers send them), over at most `connections` kept-alive
// sockets. autocannon's overallRate is not this: each of its clients sends back to back until its share of the
// second is used up and then waits for the next second, so its "rate" arrives as a burst at the start of every
// second, and two such loads burst together. A latency counts from the time the request was due, so a request held
// back by a busy socket pays for its wait. `request(n)`: { method, path, headers, body }. Answers with every
// latency (ms), the count per status, and how many requests got no answer (a timeout of 10 s each).
export function pacedLoad({ base, rate, duration, connections, request }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(base);
  const total = Math.round(rate * duration);
  const latencies = [];
  const statuses = {};
  let failed = 0;
  const start = performance.now() + 5;
  const dueAt = (n) => start + (n * 1000) / rate;
  const one = (n) =>
    new Promise((resolve) => {
      const due = dueAt(n);
      const { method = 'POST', path: requestPath, headers = {}, body } = request(n);
      // each request counts once: answered whole, or failed (refused, cut off, timed out)
      let isCounted = false;
      const count = (record) => {
        if (isCounted) return;
        isCounted = true;
        record();
        resolve();
      };
      const fail = () => count(() => failed++);
      const req = http.request(
        { host: target.hostname, port: target.port, method, path: requestPath, headers, agent, timeout: 10_000 },
        (res) => {
          res.once('error', fail);
          res.once('aborted', fail);
          res.once('end', () =>
            count(() => {
              latencies.push(performance.now() - due);
              statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            }),
          );
          res.resume();
        },
      );
      req.once('timeout', () => req.destroy(new Error('timed out')));
      req.once('error', fail);
      req.end(body);
    });
  return new Promise((resolve) => {
    const pending = [];
    let n = 0;
    const tick = () => {
      // every request already due goes now (a late timer sends the ones it missed at once)
      while (n < total && dueAt(n) <= performance.now()) pending.push(one(n++));
      if (n < total) setTimeout(tick, Math.max(0, dueAt(n) - performance.now()));
      else
        Promise.all(pending).then(() => {
          agent.destroy();
          resolve({ latencies, statuses, failed, sent: total, perSecond: Math.round(total / duration) });
        });
    };
    setTimeout(tick, 5);
  });
}
