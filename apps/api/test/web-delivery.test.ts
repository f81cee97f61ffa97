import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/scripts/precompress.mjs';
import { buildTestApp, type TestApp } from './build-test-app.ts';

// A build of the web app in miniature, compressed by the build's own script, served by the real app.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
const script = `console.log(${JSON.stringify('portal '.repeat(2000))});\n`;
const style = `.card{color:#2637aa}\n`.repeat(300);
const html = `<!doctype html><html><head><title>Portal</title><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div></div>'.repeat(100)}</body></html>`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
fs.writeFileSync(path.join(dist, 'assets/index-def456.css'), style);
fs.writeFileSync(path.join(dist, 'index.html'), html);
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
precompressDir(dist);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

describe('the web app as the browser receives it', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
  ])('Accept-Encoding %s → %s, and the decoded bytes are the file', async (accept, encoding) => {
    for (const [url, file, type] of [
      ['/assets/index-abc123.js', 'assets/index-abc123.js', 'javascript'],
      ['/assets/index-def456.css', 'assets/index-def456.css', 'text/css'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect([url, res.statusCode, res.headers['content-encoding']]).toEqual([url, 200, encoding]);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(decode(encoding, res.rawPayload).equals(fs.readFileSync(path.join(dist, file)))).toBe(true);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(fs.statSync(path.join(dist, file)).size / 3);
    }
  });

  it('index.html, for / and for every client-side route: compressed, revalidated every time, with the security headers', async () => {
    for (const url of ['/', '/bookings?page=2', '/tour']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, res.statusCode, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([
        url,
        200,
        'br',
        'no-cache',
      ]);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(decode('br', res.rawPayload).toString()).toBe(html);
    }
  });

  it('other files of the build are cached for an hour; a small one goes out as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect([res.statusCode, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([
      200,
      undefined,
      'public, max-age=3600',
    ]);
  });
});
