// Gzip size of the JavaScript the home page loads: the scripts and modulepreloads of dist/index.html,
// plus the lazy home route chunk and its static imports (from the Vite manifest).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const tags = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const linkTags = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((m) => m[1]);
const initial = [...new Set([...tags, ...linkTags].map((src) => src.replace(/^\//, '')))];

const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const manifestPath = path.join(dist, '.vite', 'manifest.json');
const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : {};
const collect = (suffixes, exclude) => {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  for (const key of Object.keys(manifest)) if (suffixes.some((suffix) => key.endsWith(suffix))) visit(key);
  return [...files].filter((file) => !exclude.includes(file));
};
// The home route loads its own half with it: the login page for visitors, the catalogue front page for agents.
const publicHome = collect(['app/home-route.tsx', 'features/auth/components/public-home.tsx'], initial);
const agentHome = collect(['app/home-route.tsx', 'features/catalogue/components/agent-home.tsx'], initial);
const lazyExtra = [...new Set([...publicHome, ...agentHome])];
// Loaded after the first paint, once /layout/info has answered (footer, WhatsApp button) or a toast is due.
const deferred = collect(
  ['components/footer.tsx', 'components/whatsapp-button.tsx', 'components/toaster.tsx'],
  [...initial, ...lazyExtra],
);

let total = 0;
console.log('index.html scripts and modulepreloads:');
for (const file of initial) {
  const size = gzip(file);
  total += size;
  console.log(`  ${file.padEnd(48)} ${kb(size)}`);
}
console.log(`  ${'subtotal'.padEnd(48)} ${kb(total)}`);
const report = (title, files) => {
  let extra = 0;
  console.log(`lazy home route chunks and their imports, ${title}:`);
  for (const file of files) {
    const size = gzip(file);
    extra += size;
    console.log(`  ${file.padEnd(48)} ${kb(size)}`);
  }
  console.log(`  ${'subtotal'.padEnd(48)} ${kb(extra)}`);
  return extra;
};
const publicExtra = report('logged out (login page)', publicHome);
const agentExtra = report('logged in (catalogue front page)', agentHome);
// On the Russian site (or after a switch to Russian) the first page also loads the Russian core texts.
const russian = collect(['locales/ru/core.json'], [...initial, ...lazyExtra]);
const russianExtra = report('Russian texts (core part)', russian);
let later = 0;
for (const file of deferred) later += gzip(file);
const both = (extra) => `${kb(total + extra)} in English, ${kb(total + extra + russianExtra)} in Russian`;
console.log(`home page JavaScript, gzip total, logged out: ${both(publicExtra)}; logged in: ${both(agentExtra)}`);
console.log(`(+ ${kb(later)} after first paint: footer, WhatsApp button, toasts)`);
