/* global window */
// Which of the first load's JavaScript and CSS runs (npm run build first; node bench/first-load-coverage.mjs [root]):
// Chromium's precise coverage of the home page (logged out), the tour page and the checkout (logged in, as
// bench/first-load.mjs opens them) until the network is idle and one second more, at 390 px with no throttling.
// Per file: bytes loaded (decoded) and bytes that ran (JavaScript: inside a function or block that ran at least
// once; CSS: rules Chromium used — inside `@layer` Chromium counts whole layer blocks as used, so Mantine's layered
// stylesheets read as fully used), then the totals. `root` measures another checkout's build (the one before a change).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { firstPages, startPortal } from './first-load.mjs';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';

// Bytes covered by a count > 0, from V8's block coverage: ranges nest (a block inside its function), the innermost
// range decides, so they are applied outermost first.
export function usedJsBytes(entry) {
  const ranges = entry.functions.flatMap((f) => f.ranges);
  ranges.sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  const counts = new Uint8Array(entry.source.length);
  for (const r of ranges) counts.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
  let used = 0;
  for (const c of counts) used += c;
  return used;
}

const usedCssBytes = (entry) => entry.ranges.reduce((total, r) => total + r.end - r.start, 0);

export async function coverageOf(browser, url, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  if (token) await context.addInitScript((value) => window.localStorage.setItem('accessToken', value), token);
  const page = await context.newPage();
  // bytes on the wire per file (body as sent, compressed, plus the response's headers)
  const wire = new Map();
  page.on('requestfinished', (request) =>
    wire.set(
      new URL(request.url()).pathname,
      request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize),
    ),
  );
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.coverage.startCSSCoverage({ resetOnNavigation: false });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.waitForTimeout(1000);
  const js = await page.coverage.stopJSCoverage();
  const css = await page.coverage.stopCSSCoverage();
  await context.close();
  const name = (u) => new URL(u).pathname;
  const wireOf = async (u) => (await wire.get(name(u))) ?? 0;
  const entry = (kind, e, text, used) => ({ file: name(e.url), kind, loaded: text.length, used, wire: wireOf(e.url) });
  const files = await Promise.all(
    [
      ...js.filter((e) => e.url.startsWith('http')).map((e) => entry('js', e, e.source, usedJsBytes(e))),
      ...css.filter((e) => e.url.startsWith('http')).map((e) => entry('css', e, e.text, usedCssBytes(e))),
    ].map(async (file) => ({ ...file, wire: await file.wire })),
  );
  const total = (kind) => {
    const list = files.filter((f) => f.kind === kind);
    const loaded = list.reduce((t, f) => t + f.loaded, 0);
    const used = list.reduce((t, f) => t + f.used, 0);
    const sent = list.reduce((t, f) => t + f.wire, 0);
    return {
      wireKB: +(sent / 1024).toFixed(1),
      loadedKB: +(loaded / 1024).toFixed(1),
      usedKB: +(used / 1024).toFixed(1),
      unusedKB: +((loaded - used) / 1024).toFixed(1),
    };
  };
  return { files, js: total('js'), css: total('css') };
}

export async function runCoverage(portalRoot) {
  const portal = await startPortal(portalRoot);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const first = await firstPages(portal.base);
    const pages = [first.home, first.tour, first.checkout];
    const out = [];
    for (const p of pages) out.push({ page: p.name, ...(await coverageOf(browser, p.url, p.token)) });
    return out;
  } finally {
    await browser.close();
    await portal.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const portalRoot = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const results = await runCoverage(portalRoot);
  const kb = (n) => (n / 1024).toFixed(1);
  for (const r of results) {
    console.log(
      `\n${r.page}: JS ${r.js.usedKB} of ${r.js.loadedKB} KB ran (${r.js.wireKB} KB on the wire); CSS ${r.css.usedKB} of ${r.css.loadedKB} KB used (${r.css.wireKB} KB on the wire)`,
    );
    const rows = [...r.files].sort((a, b) => b.loaded - b.used - (a.loaded - a.used));
    for (const f of rows)
      console.log(
        `  ${f.kind.padEnd(3)} ${f.file.padEnd(48)} loaded ${kb(f.loaded).padStart(7)} KB  used ${kb(f.used).padStart(7)} KB  (${Math.round((100 * f.used) / Math.max(1, f.loaded))} %)  wire ${kb(f.wire).padStart(6)} KB`,
      );
  }
}
