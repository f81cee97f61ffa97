import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './build-test-app.ts';
import { WEB_SHELL_HTML, useWebBuild } from './web-build.ts';

// The build's files are the ones there at start-up (modules/web/web-app.ts): assets/ shares one route that serves
// only the listed names, the files outside it have a route each; any other path is a client-side route (the shell).
const dist = useWebBuild({
  'index.html': WEB_SHELL_HTML,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'brand/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>',
  ...Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`assets/chunk-${i}.js`, `export const n = ${i};\n`])),
  'assets/nested/font.woff2': 'font',
  'assets/.hidden.js': 'secret',
});
const asset = (name: string) => path.join(dist, 'assets', name);

const t = useTestApp({ webDistDir: dist });

describe("the build's files", () => {
  it('serves every file of assets/ (nested too) and the files outside it, GET and HEAD', async () => {
    for (const [url, body] of [
      ['/assets/chunk-0.js', 'export const n = 0;\n'],
      ['/assets/chunk-299.js', 'export const n = 299;\n'],
      ['/assets/nested/font.woff2', 'font'],
      ['/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
      ['/brand/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.body]).toEqual([url, 200, body]);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect([url, head.statusCode, head.headers['content-length']]).toEqual([url, 200, String(body.length)]);
    }
    const js = await t.app.inject({ method: 'GET', url: '/assets/chunk-1.js' });
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toContain('javascript');
    // a hashed name never changes: no validators or ranges to send with each of the first load's files (issue 32)
    expect([js.headers.etag, js.headers['last-modified'], js.headers['accept-ranges']]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect([favicon.headers['cache-control'], typeof favicon.headers.etag]).toEqual(['public, max-age=3600', 'string']);
  });

  // not the page's HTML under a script's name: a tab from before a deploy asking for a chunk gone since gets a 404 its
  // import fails on
  it('answers a name that was not in the build at start-up, a hidden file or a way out of assets/ with a 404', async () => {
    fs.writeFileSync(asset('added-later.js'), 'late');
    for (const url of [
      '/assets/added-later.js',
      '/assets/nope.js',
      '/assets/.hidden.js',
      '/assets/',
      '/assets/nested',
      '/assets/..%2Ffavicon.svg',
      '/assets/chunk-1.js/x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.body]).toEqual([url, 404, 'Not found']);
    }
    const post = await t.app.inject({ method: 'POST', url: '/assets/chunk-1.js' });
    expect(post.statusCode).toBe(404);
  });

  it('does not give each file a route of its own', () => {
    const routes = t.app.printRoutes({ commonPrefix: false }).split('\n');
    expect(routes.some((line) => line.includes('chunk-1.js'))).toBe(false);
    expect(routes.some((line) => line.includes('favicon.svg'))).toBe(true);
  });
});
