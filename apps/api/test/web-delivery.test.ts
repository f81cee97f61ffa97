import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/scripts/precompress.mjs';
import { useTestApp } from './build-test-app.ts';
import { useWebBuild } from './web-build.ts';
import { createTestTour, type TestTour } from './catalogue-fixtures.ts';
import { layoutRoutes } from '@portal/contract';
import { FIRST_PAINT_GATE_SCRIPT, FIRST_PHOTO_SIZES, OTHER_PHOTO_SIZES } from '@portal/contract/plain';
import { eq } from 'drizzle-orm';
import { categories, tours } from '../src/db/schema/index.ts';
import { TOUR_FRAME_CSS } from '../src/modules/web/shell-tags.tsx';
import { injectRoute } from './inject-route.ts';

// A build of the web app in miniature, compressed by the build's own script, served by the real app.
const html = `<!doctype html><html><head><title>Portal</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<div></div>'.repeat(100)}</body></html>`;
const dist = useWebBuild({
  'assets/index-abc123.js': `console.log(${JSON.stringify('portal '.repeat(2000))});\n`,
  'assets/index-def456.css': `.card{color:#2637aa}\n`.repeat(300),
  'index.html': html,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
});
// what the build writes from apps/web/src/app/page-preloads.ts
const preloads = {
  everyPage: { texts: { en: [], ru: ['/assets/core-ru1.js'] } },
  pages: [
    {
      path: '/tour',
      prefix: false,
      scripts: ['/assets/tour-t1.js', '/assets/agent-nav-n1.js'],
      styles: ['/assets/tour-t1.css'],
      texts: { en: ['/assets/catalogue-en1.js'], ru: ['/assets/catalogue-ru1.js'] },
    },
    {
      path: '/bookings',
      prefix: true,
      scripts: ['/assets/bookings-b1.js'],
      styles: [],
      texts: { en: [], ru: [] },
    },
  ],
};
fs.writeFileSync(path.join(dist, 'page-preloads.json'), JSON.stringify(preloads));
precompressDir(dist);

const t = useTestApp({ webDistDir: dist });

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
    for (const [url, accept, encoding] of [
      ['/', 'br, gzip', 'br'],
      ['/bookings?page=2', 'gzip', 'gzip'],
      ['/tour', 'identity', undefined],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect([url, res.statusCode, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([
        url,
        200,
        encoding,
        'no-cache',
      ]);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers.vary).toContain('Accept-Encoding');
      // the template with the site's language, its head's additions, and on / the home page's hero in the root
      const body = decode(encoding, res.rawPayload).toString();
      const template = html.replace('<html>', '<html lang="en">');
      expect(body.startsWith(template.slice(0, template.indexOf('</head>')))).toBe(true);
      const tail = body
        .slice(body.indexOf('</head>'))
        .replace(/<div id="root">.*?<\/section><\/div><\/div>/, '<div id="root"></div>');
      expect(tail).toBe(template.slice(template.indexOf('</head>')));
    }
  });

  const page = async (url: string, host = 'localhost') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host } });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    const links = (rel: string) =>
      [...body.matchAll(new RegExp(`<link rel="${rel}" crossorigin="" href="([^"]+)">`, 'g'))].map((m) => m[1]);
    const layout = /<script type="application\/json" id="layout-info">(.*?)<\/script>/.exec(body)?.[1];
    const preloadedStyles = [...body.matchAll(/<link rel="preload" as="style" crossorigin="" href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    return { modulepreload: links('modulepreload'), stylesheet: links('stylesheet'), preloadedStyles, layout };
  };

  it("announces the page's scripts, stylesheets and texts in the site's language, so they load beside the entry", async () => {
    expect(await page('/tour?id=3')).toMatchObject({
      modulepreload: ['/assets/tour-t1.js', '/assets/agent-nav-n1.js', '/assets/catalogue-en1.js'],
      // the page's styles are fetched early but do not hold back the first paint: the app applies them
      preloadedStyles: ['/assets/tour-t1.css'],
      stylesheet: [],
    });
    expect(await page('/tour', 'ru.localhost')).toMatchObject({
      modulepreload: [
        '/assets/tour-t1.js',
        '/assets/agent-nav-n1.js',
        '/assets/core-ru1.js',
        '/assets/catalogue-ru1.js',
      ],
    });
    // a booking opened over its list brings the list's files; a path of no listed page only the texts
    expect((await page('/bookings/B-42?status=1')).modulepreload).toEqual(['/assets/bookings-b1.js']);
    expect((await page('/bookingsx')).modulepreload).toEqual([]);
    expect((await page('/dubai', 'ru.localhost')).modulepreload).toEqual(['/assets/core-ru1.js']);
  });

  it("carries the site's layout info, the same as GET /api/layout/info, escaped for HTML", async () => {
    for (const host of ['localhost', 'ru.localhost', 'partner.localhost']) {
      const { layout } = await page('/', host);
      const api = await injectRoute(t.app, layoutRoutes.info, { headers: { host } });
      expect(layout).toBeDefined();
      expect(layout).not.toMatch(/[<>&]/);
      expect(JSON.parse(layout ?? '')).toEqual(api.json());
    }
    // each site's logo is asked for with the page, not after the header has rendered
    const partner = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'partner.localhost' } });
    expect(partner.body).toContain('<link rel="preload" as="image" href="/brand/logo-partner.svg">');
    // "Golden Falcon Tours & Travel LLC": the ampersand goes out escaped
    expect((await page('/')).layout).toContain('Tours \\u0026 Travel');
  });

  it('a script or stylesheet of the build carries only the headers that protect the file; documents keep them all', async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/index-def456.css']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'referrer-policy'])
        expect([url, name, res.headers[name]]).toEqual([url, name, undefined]);
    }
    for (const url of ['/', '/favicon.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // an API answer is no document either: the REST set (docs/decisions/0153)
    const api = await t.app.inject({ method: 'GET', url: '/api/layout/info' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBeUndefined();
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

describe("the home page's hero in the first HTML (issue 32: a phone paints its largest text before the scripts run)", () => {
  const served = async (url: string, host = 'localhost') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host, 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    const inlineScripts = [...body.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1] ?? '');
    const root = /<div id="root">(.*?)<\/div><div>/.exec(body)?.[1] ?? '';
    return { body, root, inlineScripts, csp: String(res.headers['content-security-policy']) };
  };

  it("in the site's language, under the header's frame with its logo, as the app draws it", async () => {
    const en = await served('/');
    expect(en.body).toContain('<html lang="en">');
    expect(en.root).toContain('<div data-preview="home" lang="en"><div class="first-header"><div><img src="/brand/');
    expect(en.root).toContain('<div class="home-hero-grid"><div class="home-intro">');
    expect(en.root).toContain(
      '<p class="home-eyebrow">For travel agencies and DMCs</p><h1 class="home-title">b2b Portal for Tours and ' +
        'Activities in the UAE</h1><p class="home-sentence">a booking agent with live connectivity to every major ' +
        'tour and activity in the UAE</p></div><div class="home-login"></div>',
    );
    const ru = await served('/', 'ru.localhost');
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.root).toContain('<h1 class="home-title">B2B-портал туров и развлечений в ОАЭ</h1>');
    // a partner's site has no search: the introduction stands beside the login card
    const partner = await served('/', 'partner.localhost');
    expect(partner.root).toContain('<img src="/brand/logo-partner.svg" alt="" height="36">');
    expect(partner.root).toContain('<div class="home-hero-grid without-search">');
  });

  it('hides it before the first paint by the one inline script, which the policy allows by its hash alone', async () => {
    const { inlineScripts, csp } = await served('/');
    expect(inlineScripts).toEqual([FIRST_PAINT_GATE_SCRIPT]);
    const hash = createHash('sha256')
      .update(inlineScripts[0] ?? '')
      .digest('base64');
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
    // the agent's checkout drawn in the first HTML: the same script; every other page: none; the same policy
    const checkout = await served('/checkout?tour=1&offer=1&date=2026-12-01');
    expect(checkout.inlineScripts).toEqual([FIRST_PAINT_GATE_SCRIPT]);
    expect(checkout.csp).toBe(csp);
    for (const url of ['/bookings', '/sign-up', '/checkout?booking=4f1c2a9e-0000-4000-8000-000000000000']) {
      const other = await served(url);
      expect([url, other.inlineScripts]).toEqual([url, []]);
      expect(other.root).not.toContain('home-hero');
      expect(other.root).not.toContain('data-preview');
      expect(other.csp).toBe(csp);
    }
  });
});

describe("the agent's checkout in the first HTML (issue 32: its heading painted before the scripts run)", () => {
  const AGENT_HEADER =
    '<div data-preview="agent" lang="en"><div class="first-header first-header-agent"><div>' +
    '<span class="first-burger"></span><img src="/brand/logo-general.svg" alt="" height="36"></div>' +
    '<div class="first-nav"></div></div>';
  const rootOf = async (url: string, host = 'localhost') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host, 'accept-encoding': 'identity' } });
    expect([url, res.statusCode]).toEqual([url, 200]);
    // (the template has more elements after the root)
    const root = /<div id="root">(.*?)<\/div><div>/.exec(res.body);
    expect(root, url).not.toBeNull();
    return root?.[1] ?? '';
  };

  it("the header's frame and the heading in the site's language; nothing of the selection", async () => {
    const url = '/checkout?tour=1&offer=1&date=2026-12-01&adults=2&promo=SUMMER';
    expect(await rootOf(url)).toBe(
      `${AGENT_HEADER}<div class="first-page"><h1 class="first-title">Checkout</h1></div></div>`,
    );
    expect(await rootOf(url, 'ru.localhost')).toContain('<h1 class="first-title">Оформление</h1>');
  });

  it("a booking's confirmation (?booking=) is not the form: the plain shell", async () => {
    expect(await rootOf('/checkout?booking=4f1c2a9e-0000-4000-8000-000000000000&payment=x')).toBe('');
  });
});

describe('the top of the tour page in the first HTML (issues 10 and 32: painted before the scripts run, where the page puts it)', () => {
  let tour: TestTour;
  let category: { en: string; ru: string };
  let title: { en: string; ru: string };
  beforeAll(async () => {
    tour = await createTestTour(t.database.db);
    const [own] = await t.database.db.select({ title: tours.title }).from(tours).where(eq(tours.id, tour.id));
    title = own?.title as { en: string; ru: string };
    const [row] = await t.database.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.url, 'desert-safaris'));
    category = row?.name as { en: string; ru: string };
  });
  afterAll(async () => tour.remove());

  // what the root holds, and the rest of the body after it (the frame has divs in divs: no regex finds its end)
  const root = (body: string) => {
    const start = body.indexOf('<div id="root">');
    return start < 0 ? null : body.slice(start + '<div id="root">'.length, body.indexOf('</body>', start));
  };
  const preview = (body: string) =>
    /<script type="application\/json" id="page-preview">(.*?)<\/script>/.exec(body)?.[1];
  const page = async (url: string, host = 'localhost') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host } });
    expect([url, res.statusCode]).toEqual([url, 200]);
    return decode(res.headers['content-encoding'] as string | undefined, res.rawPayload).toString();
  };

  it('by id or by url: the words and the first three photos, drawn and as JSON for the app; never a price', async () => {
    for (const id of [String(tour.id), tour.url, tour.url.toUpperCase()]) {
      const body = await page(`/tour?id=${encodeURIComponent(id)}`);
      expect(JSON.parse(preview(body) ?? '')).toEqual({
        path: '/tour',
        tour: String(tour.id),
        language: 'en',
        title: title.en,
        summary: 'A test tour.',
        crumbs: ['Home', 'United Arab Emirates', 'Dubai', category.en],
        facts: ['Dubai', '6 hours', 'Hotel pick-up'],
        confirmation: { text: 'Instant confirmation', isInstant: true },
        sections: [
          { id: 'options', text: 'Ticket options' },
          { id: 'overview', text: 'Overview' },
          { id: 'itinerary', text: 'Itinerary' },
          { id: 'terms', text: 'Terms' },
          { id: 'faq', text: 'FAQ' },
        ],
        photos: [
          { key: 'tour-dubai-frame-1', width: expect.any(Number), height: expect.any(Number), alt: expect.any(String) },
          { key: 'tour-dubai-frame-2', width: expect.any(Number), height: expect.any(Number), alt: expect.any(String) },
        ],
        morePhotos: null,
      });
      const painted = root(body) ?? '';
      // under the header's frame, drawn for agents only (the gate script)
      expect(painted).toMatch(/^<div data-preview="agent" lang="en"><div class="first-header first-header-agent">/);
      expect(painted).toContain('<div class="tour-frame" data-preview="tour"><div class="tour-frame-text">');
      expect(painted).toContain(
        '<div class="tour-frame-crumbs"><span>Home</span><span class="tour-frame-separator">›</span>' +
          '<span>United Arab Emirates</span>',
      );
      expect(painted).toContain(`<h1 class="tour-frame-title">${title.en}</h1>`);
      expect(painted).toContain('<p class="tour-frame-summary">A test tour.</p>');
      expect(painted).toContain(
        '<span class="tour-frame-fact">Dubai</span><span class="tour-frame-fact">6 hours</span>' +
          '<span class="tour-frame-fact">Hotel pick-up</span>' +
          '<span class="tour-frame-badge" data-instant="">Instant confirmation</span>',
      );
      expect(painted).toContain('<a href="#options">Ticket options</a>');
      const images = [...painted.matchAll(/<img src="\/api\/images\/([^"?]+)\?w=640"[^>]*>/g)];
      expect(images.map((m) => m[1])).toEqual(['tour-dubai-frame-1', 'tour-dubai-frame-2']);
      expect(images[0]?.[0]).toContain(`sizes="${FIRST_PHOTO_SIZES}"`);
      expect(images[0]?.[0]).toContain('fetchpriority="high"');
      expect(images[1]?.[0]).toContain(`sizes="${OTHER_PHOTO_SIZES}"`);
      expect(images[0]?.[0]).toContain('srcset="/api/images/tour-dubai-frame-1?w=640 640w, ');
      // what any visitor may see; never a price or an agency's data
      expect(painted).not.toMatch(/AED|USD|net|price|\d+\.\d\d/i);
      expect([...body.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1])).toEqual([FIRST_PAINT_GATE_SCRIPT]);
      // the frame's style in this page's head, its photo asked for before anything else
      const head = body.slice(0, body.indexOf('</head>'));
      expect(head).toContain(`<style>${TOUR_FRAME_CSS}</style>`);
      const firstFetch = /<(?:link|script)\b[^>]*>/.exec(head)?.[0] ?? '';
      expect(firstFetch).toContain('rel="preload" as="image" href="/api/images/tour-dubai-frame-1?w=640"');
      expect(firstFetch).toContain('imagesrcset="/api/images/tour-dubai-frame-1?w=640 640w, ');
      expect(firstFetch).toContain(`imagesizes="${FIRST_PHOTO_SIZES}"`);
      expect(firstFetch).toContain('fetchpriority="high"');
    }
    // the frame's style is the tour page's alone
    for (const url of ['/', '/checkout?tour=1', '/bookings']) expect(await page(url)).not.toContain('tour-frame');
  });

  it("in the site's language", async () => {
    const body = await page(`/tour?id=${tour.id}`, 'ru.localhost');
    expect(JSON.parse(preview(body) ?? '')).toMatchObject({
      language: 'ru',
      title: title.ru,
      summary: 'Тестовый тур.',
      crumbs: ['Главная', 'Объединённые Арабские Эмираты', 'Дубай', category.ru],
      facts: ['Дубай', '6 часов', expect.any(String)],
      sections: expect.arrayContaining([{ id: 'options', text: 'Варианты билетов' }]),
    });
    expect(root(body)).toContain(`<h1 class="tour-frame-title">${title.ru}</h1>`);
  });

  it("escapes the tour's words, in the HTML and in its JSON", async () => {
    const hostile = '</script><script>alert(1)</script><b>"&\'';
    await t.database.db
      .update(tours)
      .set({ title: { en: hostile, ru: hostile } })
      .where(eq(tours.id, tour.id));
    const body = await page(`/tour?id=${tour.id}`);
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<b>"');
    expect(JSON.parse(preview(body) ?? '').title).toBe(hostile);
    expect(root(body)).toContain('<h1 class="tour-frame-title">&lt;/script&gt;&lt;script&gt;alert(1)');
  });

  it('an unknown tour, another page, or a hostile id: the plain shell', async () => {
    for (const url of ['/tour?id=999999999', '/tour?id=%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/tour']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('page-preview');
      expect(res.body).not.toContain('<script>alert');
    }
  });
});
