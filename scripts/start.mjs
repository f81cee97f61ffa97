// `npm start`: builds what is missing or out of date, then runs the portal (API + SPA) on one port.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

performance.mark('portal:start-script');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const rel = (p) => path.join(root, p);

function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  let newest = 0;
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop();
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  }
  return newest;
}

function mtime(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

function buildIfStale(name, output, sources) {
  const built = mtime(output);
  if (built > 0 && sources.every((s) => newestMtime(rel(s)) <= built)) return;
  console.log(`Building ${name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale('@portal/web', rel('apps/web/dist/index.html'), [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'packages/contract/src',
  'packages/i18n',
]);
buildIfStale('@portal/api', rel('apps/api/dist/server.mjs'), [
  'apps/api/src',
  'packages/contract/src',
  'packages/i18n',
]);

performance.mark('portal:build-checked');

// The server runs in this process (a second Node.js would add its own start-up time); it handles SIGINT and
// SIGTERM itself: checkpoint, close the database, release the data dir.
process.chdir(root);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(rel('apps/api/dist/server.mjs')).href);
