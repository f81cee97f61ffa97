import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { catalogueRoutes } from '@portal/contract';
import { useTestApp } from '../../../test/build-test-app.ts';
import { galleryOf, seedDemoCatalogue } from '../demo/catalogue-seed.ts';
import { CATEGORIES } from '../demo/catalogue-seed-places.ts';
import { TOURS } from '../demo/catalogue-seed-tours.ts';
import { injectRoute } from '../../../test/inject-route.ts';

const t = useTestApp();
beforeAll(async () => {
  await seedDemoCatalogue(t.database.db);
});

const image = (key: string, w: string, headers: Record<string, string> = {}) =>
  injectRoute(t.app, catalogueRoutes.image, { params: { key }, query: { w }, headers });
const video = (key: string, headers: Record<string, string> = {}) =>
  injectRoute(t.app, catalogueRoutes.video, { params: { key }, headers });
const WEBP = { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' };

describe('GET /api/images/{key}', () => {
  it('resizes to an allowed device width as WebP with long cache headers, and keeps the result on disk', async () => {
    const res = await image('tour-dubai-frame-1', '640', WEBP);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=604800, stale-while-revalidate=86400');
    expect(res.headers.vary).toBe('Accept');
    expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 400]);
    const cached = fs.readdirSync(path.join(t.dataDir, 'image-cache'));
    expect(cached.some((name) => name.startsWith('tour-dubai-frame-1-640-') && name.endsWith('.webp'))).toBe(true);
  });

  it('answers 304 to its ETag', async () => {
    const first = await image('category-museums', '1080', WEBP);
    const etag = String(first.headers.etag);
    const again = await image('category-museums', '1080', { ...WEBP, 'if-none-match': etag });
    expect([again.statusCode, again.rawPayload.length, again.headers.etag]).toEqual([304, 0, etag]);
  });

  it('falls back to JPEG for clients that do not accept WebP, up to 3840 wide', async () => {
    const res = await image('city-dubai', '3840', { accept: 'image/jpeg' });
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['jpeg', 3840]);
  });

  it.each(['641', '100', '4000', 'abc'])('rejects w=%s with 422 naming w', async (w) => {
    const res = await image('city-dubai', w);
    expect([res.statusCode, res.json()]).toEqual([
      422,
      [{ fieldName: 'w', errorMessage: 'Width must be one of 640, 750, 828, 1080, 1200, 1920, 2048, 3840' }],
    ]);
  });

  it('is 404 for an unknown key, including one that tries to leave the cache folder', async () => {
    expect((await image('no-such-image', '640')).statusCode).toBe(404);
    // routeUrl encodes the key: ..%2F..%2Fetc%2Fpasswd
    expect((await image('../../etc/passwd', '640')).statusCode).toBe(404);
  });
});

describe('GET /api/videos/{key}', () => {
  it('streams a shipped tour video, with byte ranges for seeking', async () => {
    const full = await video('desert-dunes');
    expect([full.statusCode, full.headers['content-type'], full.headers['accept-ranges']]).toEqual([
      200,
      'video/webm',
      'bytes',
    ]);
    expect(full.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    const part = await video('desert-dunes', { range: 'bytes=0-99' });
    expect([part.statusCode, part.headers['content-range'], part.rawPayload.length]).toEqual([
      206,
      `bytes 0-99/${full.rawPayload.length}`,
      100,
    ]);
    expect((await video('desert-dunes', { range: `bytes=${full.rawPayload.length + 5}-` })).statusCode).toBe(416);
    expect((await video('no-such-video')).statusCode).toBe(404);
  });
});

describe('the demo galleries', () => {
  it("show the tour's own scenes, never a night sky (issue 9: a desert safari's third photo was a night skyline)", () => {
    expect(TOURS.length).toBeGreaterThan(10);
    for (const tour of TOURS) {
      const gallery = galleryOf(tour);
      const own = new Set(tour.cats.map((url) => CATEGORIES.find((c) => c.url === url)?.motif));
      for (const photo of gallery) {
        expect([tour.url, own.has(photo.motif)]).toEqual([tour.url, true]);
        // the first two palettes of every motif are day and dusk; the third is night
        expect([tour.url, photo.variant < 2]).toEqual([tour.url, true]);
      }
    }
    const safari = TOURS.find((tour) => tour.url === 'premium-red-dunes-desert-safari');
    expect(safari && galleryOf(safari).map((p) => p.motif)).toEqual(['dunes', 'dunes', 'dunes']);
  });
});
