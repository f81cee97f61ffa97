// Issue 31 (npm run bench, or alone after npm run build: node bench/recorder-first-load.mjs): the home page and the
// logged-in tour page transfer no more script + style than the release before issue 31, plus at most 2 KB — support
// replay's recorder is not in the first load. Three parts:
// 1. the recorder's chunks, from the web build's manifest: src/lib/replay.ts's chunk and what only it imports (the
//    masking, rrweb), with their bytes as the server keeps them (brotli, gzip);
// 2. this build's first load of both pages as first-load.mjs measures it (Chromium, phone profile, bytes on the wire
//    with the server's own headers, until the network is idle): no recorder chunk is requested and no script fetched
//    carries rrweb's code; one more load of each page stays open to show the recorder arrive after it (the demo's
//    agent is recorded, the recorder waits for the page's load event and idle time);
// 3. the previous release — the parent of issue 31's first commit ("Insight's foundation") — checked out in a git
//    worktree under /tmp, installed (npm ci) and built there, measured the same way: both figures and the difference
//    per page. The worktree is removed afterwards. BENCH_PREVIOUS_ROOT=<a built checkout> measures that one instead
//    (and leaves it); BENCH_PREVIOUS=skip leaves the comparison out (parts 1 and 2 still run); a build past
//    BENCH_PREVIOUS_BUILD_TIMEOUT_S (default 1800) is given up, and the target says so.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { firstPages, measure, median, startPortal } from './first-load.mjs';
import { printTargets } from './util.mjs';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RECORDER_FIRST_LOAD_TARGETS = { scriptAndStyleChangeKB: 2 };
// transferred bytes barely vary from one load to the next (headers' dates and ids); three runs give a median
const RUNS = 3;
// issue 31's first commit; the release before it is its parent
const ISSUE_31_FIRST_COMMIT = '807cfca';
const RECORDER_ENTRY = 'src/lib/replay.ts';
// strings only rrweb's recorder carries (its global, and attributes of the nodes it serialises)
const RRWEB_MARKERS = ['__rrweb', 'rr_dataURL'];
// how long the watched load of a page waits for the recorder after its first load
const WATCH_MS = 20_000;
const BUILD_TIMEOUT_MS = Number(process.env.BENCH_PREVIOUS_BUILD_TIMEOUT_S ?? 1800) * 1000;

const kb = (bytes) => Number((bytes / 1024).toFixed(1));
const sizeOf = (file) => (fs.existsSync(file) ? fs.statSync(file).size : null);

// The chunks only the recorder needs: its entry's static imports, less every chunk another entry (the app, a route,
// a lazy component) imports too — those load without the recorder
export function recorderChunks(portalRoot = root) {
  const dist = path.join(portalRoot, 'apps/web/dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  if (!manifest[RECORDER_ENTRY]) throw new Error(`${RECORDER_ENTRY} is not a chunk of its own in the web build`);
  const closure = (key, into) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
    return into;
  };
  const others = new Set();
  for (const [key, chunk] of Object.entries(manifest))
    if ((chunk.isEntry || chunk.isDynamicEntry) && key !== RECORDER_ENTRY) closure(key, others);
  const files = [...closure(RECORDER_ENTRY, new Set())]
    .filter((key) => !others.has(key))
    .flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]);
  const chunks = files.map((file) => {
    const full = path.join(dist, file);
    return {
      file: path.basename(file),
      bytes: sizeOf(full),
      brotli: sizeOf(`${full}.br`),
      gzip: sizeOf(`${full}.gz`),
      hasRrweb: hasRrweb(full),
    };
  });
  if (!chunks.some((chunk) => chunk.hasRrweb))
    throw new Error(`no rrweb code in the recorder's chunks (${files.join(', ')}): the checks would prove nothing`);
  return { dist, chunks };
}

function hasRrweb(file) {
  const text = fs.readFileSync(file, 'utf8');
  return RRWEB_MARKERS.some((marker) => text.includes(marker));
}

// The build's own file behind a script the page fetched (none for what the build did not make)
function builtFile(dist, url) {
  const file = path.join(dist, decodeURIComponent(new URL(url).pathname));
  return file.startsWith(`${dist}${path.sep}`) && fs.existsSync(file) ? file : null;
}

// The home page (logged out) and the agent's tour page, RUNS loads each; `watch`: one more load of each, kept open
// until a recorder chunk arrives or WATCH_MS pass
async function measurePages(browser, portalRoot, watch = null) {
  const portal = await startPortal(portalRoot);
  try {
    const first = await firstPages(portal.base);
    const pages = [first.home, first.tour];
    const measured = [];
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, page.url, page.token));
      const watched = watch ? await measure(browser, page.url, page.token, { watch, watchMs: WATCH_MS }) : null;
      measured.push({
        page: page.name,
        scriptAndStyleKB: Number(median(runs.map((r) => r.scriptAndStyleKB)).toFixed(1)),
        runs: watched ? [...runs, watched] : runs,
        watched,
      });
    }
    return measured;
  } finally {
    await portal.stop();
  }
}

// A page's script and style bytes per chunk name (its file name without the build's hash), the median over `runs`
// (a chunk missing from a run counts 0 there)
function bytesByChunk(runs) {
  const perRun = runs.map((run) => {
    const sizes = new Map();
    for (const request of run.requests) {
      if (request.type !== 'Script' && request.type !== 'Stylesheet') continue;
      const name = path.basename(new URL(request.url).pathname).replace(/-[\w-]{8}(\.\w+)$/, '$1');
      sizes.set(name, (sizes.get(name) ?? 0) + request.bytes);
    }
    return sizes;
  });
  const names = new Set(perRun.flatMap((sizes) => [...sizes.keys()]));
  return new Map([...names].map((name) => [name, median(perRun.map((sizes) => sizes.get(name) ?? 0))]));
}

// A command in `cwd`, in a process group of its own so a timeout ends npm's children too; the end of its output is
// in the error when it fails
function runIn(cwd, command, args, deadline) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    // npm ci leaves the dev dependencies (the build's tools) out under NODE_ENV=production
    delete env.NODE_ENV;
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk) => {
      tail = (tail + chunk).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }, deadline - Date.now());
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else if (Date.now() >= deadline) reject(new Error(`${command} ${args.join(' ')}: past the build time allowed`));
      else reject(new Error(`${command} ${args.join(' ')} ended with ${code ?? signal}:\n${tail}`));
    });
  });
}

const git = (args) => runIn(root, 'git', args, Date.now() + 60_000);

async function gitOutput(args) {
  const child = spawn('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`git ${args.join(' ')} ended with ${code}`);
  return out.trim();
}

// The previous release, built: { root, label, buildSeconds, remove }
async function previousRelease() {
  if (process.env.BENCH_PREVIOUS_ROOT) {
    const given = path.resolve(process.env.BENCH_PREVIOUS_ROOT);
    return { root: given, label: `${given} (given)`, buildSeconds: 0, remove: async () => undefined };
  }
  const commit = await gitOutput(['rev-parse', '--verify', `${ISSUE_31_FIRST_COMMIT}^`]);
  const subject = await gitOutput(['log', '-1', '--format=%h %s', commit]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-previous-release-'));
  // an interrupted bench (Ctrl-C ends it through process.exit) leaves no worktree behind either
  const removeNow = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
  };
  process.once('exit', removeNow);
  const remove = async () => {
    process.off('exit', removeNow);
    await git(['worktree', 'remove', '--force', dir]).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    await git(['worktree', 'prune']).catch(() => undefined);
  };
  try {
    await git(['worktree', 'add', '--detach', dir, commit]);
    const started = Date.now();
    const deadline = started + BUILD_TIMEOUT_MS;
    console.log(`Previous release ${subject}: npm ci && npm run build in ${dir}`);
    await runIn(dir, 'npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], deadline);
    await runIn(dir, 'npm', ['run', 'build'], deadline);
    return { root: dir, label: subject, buildSeconds: Math.round((Date.now() - started) / 1000), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

export async function runRecorderFirstLoadBench() {
  const { dist, chunks } = recorderChunks();
  const recorderFiles = chunks.map((chunk) => chunk.file);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  let previous = null;
  try {
    // the old tree builds first, so both builds are then measured one after the other
    let previousNote = 'skipped: BENCH_PREVIOUS=skip';
    if (process.env.BENCH_PREVIOUS !== 'skip') {
      try {
        previous = await previousRelease();
        previousNote = `${previous.label}${previous.buildSeconds ? `, installed and built in ${previous.buildSeconds} s` : ''}`;
      } catch (error) {
        previousNote = `not measured: ${error.message.split('\n')[0]}`;
        console.log(`\nPrevious release ${previousNote}`);
      }
    }
    const current = await measurePages(browser, root, recorderFiles);
    const before = previous ? await measurePages(browser, previous.root) : null;

    // what each page fetched of the recorder, and which of its scripts carry rrweb, in every load's first part
    const rrwebScripts = new Set();
    const recorderRequests = [];
    for (const page of current)
      for (const run of page.runs)
        for (const request of run.requests) {
          const name = path.basename(new URL(request.url).pathname);
          if (recorderFiles.includes(name)) recorderRequests.push(`${page.page}: ${name}`);
          const file = request.type === 'Script' ? builtFile(dist, request.url) : null;
          if (file && hasRrweb(file)) rrwebScripts.add(`${page.page}: ${name}`);
        }
    const rows = current.map((page, i) => {
      const later = page.watched.later.filter((r) => recorderFiles.includes(path.basename(new URL(r.url).pathname)));
      const old = before?.[i];
      return {
        page: page.page,
        'this build KB': page.scriptAndStyleKB,
        'previous release KB': old ? old.scriptAndStyleKB : '-',
        'difference KB': old ? Number((page.scriptAndStyleKB - old.scriptAndStyleKB).toFixed(1)) : '-',
        'recorder in first load': page.runs.some((run) =>
          run.requests.some((r) => recorderFiles.includes(path.basename(new URL(r.url).pathname))),
        )
          ? 'yes'
          : 'no',
        'recorder after it': later.length
          ? later.map((r) => `${path.basename(new URL(r.url).pathname)} ${kb(r.bytes)} KB`).join(', ')
          : `not within ${WATCH_MS / 1000} s`,
      };
    });
    // where a difference comes from: each page's scripts and styles by chunk name (the hash left out), this build's
    // against the previous release's, the changed ones largest first
    const changes = before
      ? current.flatMap((page, i) => {
          const now = bytesByChunk(page.runs.slice(0, RUNS));
          const then = bytesByChunk(before[i].runs);
          return [...new Set([...now.keys(), ...then.keys()])]
            .map((chunk) => ({
              page: page.page,
              chunk,
              'this build KB': kb(now.get(chunk) ?? 0),
              'previous release KB': kb(then.get(chunk) ?? 0),
              'difference KB': kb((now.get(chunk) ?? 0) - (then.get(chunk) ?? 0)),
            }))
            .filter((row) => row['difference KB'] !== 0)
            .sort((a, b) => Math.abs(b['difference KB']) - Math.abs(a['difference KB']));
        })
      : [];
    const limit = RECORDER_FIRST_LOAD_TARGETS.scriptAndStyleChangeKB;
    const chunkList = chunks.map((c) => `${c.file} ${kb(c.brotli ?? c.bytes)} KB br`).join(', ');
    const targets = {
      recorderNotInFirstLoad: {
        target: `no recorder chunk (${chunkList}) and no script with rrweb among the home and tour pages' first-load requests`,
        actual:
          recorderRequests.length + rrwebScripts.size === 0
            ? `none in ${current.reduce((n, p) => n + p.runs.length, 0)} loads`
            : [...new Set([...recorderRequests, ...rrwebScripts])].join(', '),
        met: recorderRequests.length === 0 && rrwebScripts.size === 0,
      },
      firstLoadScriptAndStyleSincePreviousRelease: {
        // one-sided: issue 32 made both pages much lighter since, and a lighter first load carries no recorder
        target: `home and tour page script + style at most ${limit} KB above the previous release's (${previousNote})`,
        actual: before
          ? rows
              .map((r) => `${r.page} ${r['this build KB']} vs ${r['previous release KB']} KB (${r['difference KB']})`)
              .join(', ')
          : previousNote,
        met: before !== null && rows.every((r) => r['difference KB'] <= limit),
      },
    };
    return {
      rows,
      chunks,
      changes,
      targets,
      settings: { runs: RUNS, previousRelease: previousNote, watchMs: WATCH_MS, profile: 'as first-load.mjs' },
    };
  } finally {
    await browser.close();
    await previous?.remove();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, chunks, changes, targets } = await runRecorderFirstLoadBench();
  console.log('\nThe recorder’s chunks (only it imports them):');
  console.table(chunks);
  console.log(`\nFirst load on a phone, script + style (median of ${RUNS}), this build and the previous release:`);
  console.table(rows);
  if (changes.length) {
    console.log('\nWhere the difference comes from (script and style chunks that changed, by name):');
    console.table(changes);
  }
  printTargets(targets);
}
