import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bookingRoutes,
  catalogueRoutes,
  layoutRoutes,
  parseShopDate,
  widgetImageUrl,
  widgetPublicRoutes,
} from '@portal/contract';
import { addDays, formatDisplayDate } from '@portal/contract/plain';
import { DEFAULT_SITES } from '../../config/sites.ts';
import { widgetImages, widgetOffers, widgets } from '../../db/schema/index.ts';
import { createTestTour, type TestTour } from '../../../test/catalogue-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAgency, insertWidget, type TestAgency } from '../../../test/factories.ts';
import { FRAME_SOURCE, LOADER_SOURCE } from './widget-embed.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

// Issue 13 item 2: the shop is server-rendered — tours, prices, SEO and contacts are in the first answer, escaped,
// with a policy that runs no script; on the portal at /w/{slug} and on the widget's own domain once verified.
let t: TestApp;
let tour: TestTour;
let agency: TestAgency;
let tourTitle = '';

// PUBLIC_URL unset (the default); the partner site has its own configured address
const PARTNER_URL = 'https://trade.oasis.test';
let base = '';

beforeAll(async () => {
  const sitesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sites-')), 'sites.json');
  fs.writeFileSync(
    sitesFile,
    JSON.stringify(DEFAULT_SITES.map((site) => (site.kind === 'partner' ? { ...site, publicUrl: PARTNER_URL } : site))),
  );
  t = await buildTestApp({ sitesFile });
  base = `http://localhost:${t.app.deps.config.port}`;
  tour = await createTestTour(t.database.db);
  agency = await createAgency(t.database.db);
  tourTitle = (await t.app.catalogue.snapshot()).tourById.get(tour.id)?.title.en ?? '';
});
afterAll(async () => {
  // the shops' rows go first: an option a widget sells cannot be removed under it
  if (agency) {
    const mine = await t.database.db.select({ id: widgets.id }).from(widgets).where(eq(widgets.agencyId, agency.id));
    for (const { id } of mine) await t.database.db.delete(widgetOffers).where(eq(widgetOffers.widgetId, id));
  }
  await tour?.remove();
  await t?.close();
});

let serial = 0;
async function shopWith(values: Partial<typeof widgets.$inferInsert> = {}) {
  serial += 1;
  const row = await insertWidget(t.database.db, agency, {
    slug: `shop-test-${serial}-${agency.id.slice(0, 6)}`,
    name: 'Palm Horizon Tours',
    metaTitle: 'Desert safaris in Dubai | Palm Horizon',
    description: 'Safaris and private cars, booked in a minute.',
    contacts: {
      address: 'Office 4, Al Quoz 1, Dubai',
      mapLink: 'https://maps.example.com/palm',
      email: 'sales@palmhorizon.test',
      telegram: '@palmhorizon',
      phone: '+971 50 111 2233',
      whatsapp: '+971 50 111 2233',
      viber: '',
    },
    partners: [{ name: 'Emirates Holidays', url: 'https://partner.example.com' }],
    socialLinks: { instagram: 'https://instagram.com/palmhorizon' },
    ...values,
  });
  await t.database.db.insert(widgetOffers).values([
    // 144.00 NET per adult, 110.00 per child: sold at 171.60 and 130.00
    {
      widgetId: row.id,
      offerId: tour.timeslotOfferId,
      tourId: tour.id,
      position: 0,
      saleAdultMinor: 17_160,
      saleChildMinor: 13_000,
    },
    { widgetId: row.id, offerId: tour.tripOfferId, tourId: tour.id, position: 1, saleTripMinor: 150_000 },
  ]);
  return row;
}

const page = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });

describe('the shop: in the HTML before any script', () => {
  it('has the tours and prices, the SEO tab, contacts, partners and links; runs no script; any site may frame it', async () => {
    const shop = await shopWith();
    const res = await page(`/w/${shop.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['content-security-policy']).not.toContain('script-src');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<title>Desert safaris in Dubai | Palm Horizon</title>');
    expect(html).toContain('<meta name="description" content="Safaris and private cars, booked in a minute.">');
    expect(html).toContain(`<link rel="canonical" href="${base}/w/${shop.slug}">`);
    expect(html).toContain('<meta property="og:title" content="Desert safaris in Dubai | Palm Horizon">');
    expect(html).not.toContain('noindex');
    expect(html).toContain(tourTitle);
    expect(html).toContain('<span>Adult</span> <b>171.60\u00A0AED</b>');
    expect(html).toContain('<span>Child</span> <b>130.00\u00A0AED</b>');
    expect(html).toContain('<span>Per trip</span> <b>1,500.00\u00A0AED</b>');
    expect(html).toContain('href="tel:+971501112233"');
    expect(html).toContain('href="https://wa.me/971501112233"');
    expect(html).toContain('href="https://t.me/palmhorizon"');
    expect(html).toContain('Emirates Holidays');
    expect(html).toContain('https://instagram.com/palmhorizon');
    // no script but the structured data, which names the offers at the customer's price
    expect(html.match(/<script/g)).toHaveLength(1);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
    expect(ld).toMatchObject({ '@type': 'TravelAgency', name: 'Palm Horizon Tours', telephone: '+971 50 111 2233' });
    expect(ld.makesOffer).toContainEqual(expect.objectContaining({ price: '171.60', priceCurrency: 'AED' }));
  });

  it('shows the discounted price with the sale price struck through, and noindex when the SEO tab says so', async () => {
    const shop = await shopWith({ discountPercent: 10, noIndex: true });
    const html = (await page(`/w/${shop.slug}`)).body;
    // 171.60 − 10 % = 154.44
    expect(html).toContain('<b>154.44\u00A0AED</b> <s class="was">171.60\u00A0AED</s>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('10% off every tour');
  });

  it('speaks the widget language: Russian words and number format', async () => {
    const shop = await shopWith({ language: 'ru', currency: 'usd', name: 'Пальмовый горизонт' });
    await t.database.db.update(widgetOffers).set({ saleAdultMinor: 4_701 }).where(eq(widgetOffers.widgetId, shop.id));
    const html = (await page(`/w/${shop.slug}`)).body;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<span>Взрослый</span> <b>47,01\u00A0USD</b>');
    expect(html).toContain('<h2>Контакты</h2>');
  });

  it('escapes everything the agency typed: a name, a description or a partner cannot break out', async () => {
    const shop = await shopWith({
      name: '<script>alert(1)</script>',
      metaTitle: '',
      description: '"><img src=x onerror=alert(2)></script><script>alert(3)</script>',
      partners: [
        { name: '<b>bold</b>', url: '' },
        { name: 'Trap', url: 'javascript:alert(4)' },
      ],
    });
    const html = (await page(`/w/${shop.slug}`)).body;
    expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('javascript:');
    // the structured data carries the text, but nothing in it can close its element
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
  });

  // docs/decisions/0130: the page is JSX whose runtime escapes every text and attribute; nothing typed is written as is
  it('a hostile name, text, address or partner appears only escaped (JSX renderer)', async () => {
    const hostile = `<script>alert(1)</script>"'&`;
    const shop = await shopWith({
      name: hostile,
      metaTitle: '',
      description: `${hostile} description`,
      footerText: `${hostile}\nsecond line`,
      contacts: {
        address: hostile,
        mapLink: '',
        email: '',
        telegram: '',
        phone: '+971 50 111 2233',
        whatsapp: '',
        viber: '',
      },
      partners: [{ name: hostile, url: '' }],
    });
    const html = (await page(`/w/${shop.slug}?embed=1`)).body;
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;';
    // the structured data's JSON, escaped for its <script> element
    const inJson = String.raw`\u003cscript\u003ealert(1)\u003c/script\u003e\"'\u0026`;
    const count = (text: string) => html.split(text).length - 1;
    expect(count(escaped)).toBeGreaterThanOrEqual(8);
    expect(count(inJson)).toBeGreaterThanOrEqual(1);
    expect(count('alert(1)')).toBe(count(escaped) + count(inJson));
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta name="description" content="${escaped} description">`);
    expect(html).toContain(`<footer>${escaped}<br>second line</footer>`);
    expect(html).not.toContain(`"'&`);
    // our own markup is still ours: the embed script, the style sheet and the icons
    expect(html.match(/<script[ >]/g)).toHaveLength(2);
    expect(html).toContain('<script src="/w/embed.js" defer></script>');
    expect(html).toContain('.cards .wide{grid-column:1/-1}');
    expect(html).toContain('<svg class="i" width="22" height="22"');
  });

  it('an unknown or deleted shop is a 404', async () => {
    const shop = await shopWith();
    await t.database.db.update(widgets).set({ deletedAt: new Date() }).where(eq(widgets.id, shop.id));
    expect((await page(`/w/${shop.slug}`)).statusCode).toBe(404);
    expect((await page('/w/no-such-shop')).statusCode).toBe(404);
    expect((await page('/w/..%2F..%2Fetc')).statusCode).toBe(404);
  });

  it("on the widget's own domain: only once verified, at its root; the rest of the portal is not there", async () => {
    const domain = `tours-${serial + 1}.palmhorizon.test`;
    const shop = await shopWith({ domain, domainStatus: 'pendingVerification' });
    expect((await page('/', domain)).body).not.toContain('Palm Horizon Tours');

    await t.database.db.update(widgets).set({ domainStatus: 'verified' }).where(eq(widgets.id, shop.id));
    // a new host is asked about afresh (the first answer was remembered for 30 s: another host name here)
    const fresh = `www.${domain}`;
    await t.database.db.update(widgets).set({ domain: fresh }).where(eq(widgets.id, shop.id));
    const home = await page('/', fresh);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="https://${fresh}/">`);
    expect(home.body).toContain(tourTitle);
    expect((await page('/login', fresh)).statusCode).toBe(404);
    expect((await page('/admin', fresh)).statusCode).toBe(404);
    // the API the page's images need still answers there
    expect((await page(routeUrl(layoutRoutes.info), fresh)).statusCode).toBe(200);
  });

  it("SPEC §7 GET /widgets/tour/url/{url}: the tour as the agency's widget sells it; nothing → the Russian error", async () => {
    const get = (url: string, agencyGuid: string, currencyCode?: string) =>
      injectRoute(t.app, widgetPublicRoutes.tourByUrl, { params: { url }, query: { agencyGuid, currencyCode } });
    const tourUrl = (await t.app.catalogue.snapshot()).tourById.get(tour.id)?.url ?? '';
    const res = await get(tourUrl, agency.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // the agency's oldest live widget selling the tour: no discount, AED
    expect(body.widget).toMatchObject({ currency: 'aed', language: 'en' });
    expect(body.tour).toMatchObject({ id: tour.id, url: tourUrl, title: tourTitle });
    expect(body.offers).toContainEqual({
      offerId: tour.timeslotOfferId,
      name: expect.any(String),
      prices: [
        { kind: 'adult', amount: 171.6, was: null },
        { kind: 'child', amount: 130, was: null },
      ],
    });
    // the widget in the asked currency
    const usd = (await get(tourUrl, agency.id, 'USD')).json();
    expect(usd.widget).toMatchObject({ currency: 'usd', language: 'ru' });
    expect(usd.offers[0].prices[0]).toEqual({ kind: 'adult', amount: 47.01, was: null });

    const other = await createAgency(t.database.db);
    for (const [url, agencyGuid] of [
      ['no-such-tour', agency.id],
      [tourUrl, other.id],
    ] as const) {
      const empty = await get(url, agencyGuid);
      expect([empty.statusCode, empty.body]).toEqual([404, 'Не удалось получить данные']);
    }
    const bad = await get(tourUrl, 'not-a-guid');
    expect([bad.statusCode, bad.json()]).toEqual([422, [{ fieldName: 'agencyGuid', errorMessage: 'Unknown agency' }]]);
  });

  it("SPEC §7 public calls work without a login: an offer's ticket type, hotels and pick-up times", async () => {
    const tickets = await injectRoute(t.app, catalogueRoutes.publicTicketsForOffer, {
      params: { id: String(tour.timeslotOfferId) },
    });
    expect(tickets.statusCode).toBe(200);
    expect(tickets.json()).toEqual([expect.objectContaining({ offerIds: [tour.timeslotOfferId] })]);
    expect((await injectRoute(t.app, bookingRoutes.hotels, { query: { countryId: '1' } })).statusCode).toBe(200);
  });

  it('the embed code: a loader of at most 3 KB gzip that any site may load, and an embedded shop that reports its height', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/widget.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(decode(res.rawPayload).toString()).toBe(LOADER_SOURCE);
      expect(res.rawPayload.length).toBeLessThanOrEqual(3 * 1024);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, LOADER_SOURCE]);

    const shop = await shopWith();
    const embedded = await page(`/w/${shop.slug}?embed=1&language=ru`);
    expect(embedded.headers['content-security-policy']).toContain("script-src 'self'");
    expect(embedded.body).toContain('<script src="/w/embed.js" defer></script>');
    expect(embedded.body).toContain('<html lang="ru">');
    expect((await page(`/w/${shop.slug}`)).body).not.toContain('/w/embed.js');
    const frame = await t.app.inject({ method: 'GET', url: '/w/embed.js' });
    expect(frame.body).toBe(FRAME_SOURCE);

    // a shop that cannot be shown tells the page around it (which shows its error), instead of an empty frame
    const missing = await page('/w/no-such-shop?embed=1');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html data-failed>');
    expect(missing.body).toContain('<script src="/w/embed.js"></script>');
    // each shop page reads the database: the pages count against the caller's rate limit
    expect(embedded.headers['x-ratelimit-limit']).toBeDefined();
  });
});

// Issue 28 item 6: with PUBLIC_URL unset, a forged Host made the shop's canonical link, og:url, og:image and JSON-LD
// name that host, in a page a shared cache keeps for a minute
describe('GET /w/{slug}: absolute links from the configured site, never from the Host header', () => {
  const FORGED = 'attacker-host.example';
  async function shopWithImages(values: Partial<typeof widgets.$inferInsert> = {}) {
    const image = async () => {
      const [row] = await t.database.db
        .insert(widgetImages)
        .values({
          agencyId: agency.id,
          storageKey: `test/${serial}-${Math.random()}`,
          contentType: 'image/png',
          sizeBytes: 1,
          uploadedBy: agency.users.admin.id,
        })
        .returning({ id: widgetImages.id });
      if (!row) throw new Error('no image');
      return row.id;
    };
    return shopWith({ logoImageId: await image(), heroImageId: await image(), ...values });
  }
  const links = (html: string) => ({
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1],
    ogUrl: /<meta property="og:url" content="([^"]*)">/.exec(html)?.[1],
    ogImage: /<meta property="og:image" content="([^"]*)">/.exec(html)?.[1],
    ld: JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
      url?: string;
      logo?: string;
    },
  });
  const named = (res: { body: string; headers: Record<string, unknown> }, host: string) =>
    res.body.includes(host) || JSON.stringify(res.headers).includes(host);

  it('a host the portal does not serve gets no shop, no ticket page and no word of that host', async () => {
    const shop = await shopWithImages();
    for (const host of [FORGED, 'evil', '203.0.113.9', `localhost.${FORGED}`]) {
      for (const url of [
        `/w/${shop.slug}`,
        `/w/${shop.slug}?embed=1`,
        `/embedded?widget=${shop.slug}&offer=${tour.timeslotOfferId}`,
      ]) {
        const res = await page(url, host);
        expect([url, host, res.statusCode]).toEqual([url, host, 404]);
        expect(named(res, host)).toBe(false);
      }
    }
  });

  it('on a configured host every absolute link is that site’s address; a forwarded host changes nothing', async () => {
    const shop = await shopWithImages();
    const forwarded = await t.app.inject({
      method: 'GET',
      url: `/w/${shop.slug}`,
      headers: { host: 'localhost', 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'https' },
    });
    expect(forwarded.statusCode).toBe(200);
    expect(named(forwarded, FORGED)).toBe(false);
    const cases = [
      ['localhost', base],
      ['ru.localhost', `http://ru.localhost:${t.app.deps.config.port}`],
      // the partner site by its host name and by its configured address's host
      ['partner.localhost', PARTNER_URL],
      ['trade.oasis.test', PARTNER_URL],
    ] as const;
    for (const [host, site] of cases) {
      const res = await page(`/w/${shop.slug}`, host);
      expect([host, res.statusCode]).toEqual([host, 200]);
      const found = links(res.body);
      expect(found.canonical).toBe(`${site}/w/${shop.slug}`);
      expect(found.ogUrl).toBe(`${site}/w/${shop.slug}`);
      expect(found.ogImage).toBe(`${site}${widgetImageUrl(shop.heroImageId ?? '')}`);
      expect(found.ld).toMatchObject({
        url: `${site}/w/${shop.slug}`,
        logo: `${site}${widgetImageUrl(shop.logoImageId ?? '')}`,
      });
      // no absolute link to anywhere else of ours
      const ours = [...res.body.matchAll(/https?:\/\/[^"'\s<>]*(localhost|oasis\.test)[^"'\s<>]*/g)].map((m) => m[0]);
      expect(ours.every((url) => url.startsWith(`${site}/`))).toBe(true);
    }
    // the ticket page's logo too
    const ticket = await page(`/embedded?widget=${shop.slug}&offer=${tour.timeslotOfferId}`, 'partner.localhost');
    expect(ticket.body).toContain(`src="${PARTNER_URL}${widgetImageUrl(shop.logoImageId ?? '')}"`);
  });

  it("on the widget's verified own domain the links name that domain, and /w/ is not there", async () => {
    const domain = `own-${serial + 1}.palmhorizon.test`;
    const shop = await shopWithImages({ domain, domainStatus: 'verified' });
    const res = await page('/', domain);
    expect(res.statusCode).toBe(200);
    const found = links(res.body);
    expect(found.canonical).toBe(`https://${domain}/`);
    expect(found.ogUrl).toBe(`https://${domain}/`);
    expect(found.ogImage).toBe(`https://${domain}${widgetImageUrl(shop.heroImageId ?? '')}`);
    expect(found.ld).toMatchObject({ url: `https://${domain}/` });
    expect(res.body).not.toContain('localhost');
    // on the portal the shop's canonical is its own domain, its images the portal's
    const onPortal = links((await page(`/w/${shop.slug}`)).body);
    expect(onPortal.canonical).toBe(`https://${domain}/`);
    expect(onPortal.ogImage).toBe(`${base}${widgetImageUrl(shop.heroImageId ?? '')}`);
    expect((await page(`/w/${shop.slug}`, domain)).statusCode).toBe(404);
  });
});

// Issue 28 item 8: the shop's tour page is a product page — photos, description, highlights, itinerary, what is
// included and the terms, meeting point and pick-up, cancellation tiers, the price per adult — with no script
describe("GET /embedded?offer=: the shop's tour page", () => {
  const ticket = (slug: string, query = '') => page(`/embedded?widget=${slug}&offer=${tour.timeslotOfferId}${query}`);

  it('shows the tour as a product in English: photos with srcset, texts, price per adult, the tiers, the way on', async () => {
    const shop = await shopWith({ discountPercent: 10 });
    const res = await ticket(shop.slug);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script');
    // the option's own photo first, the largest paint: fetched first, its size known, every width on offer
    const photos = [...html.matchAll(/<img class="(main|side)"[^>]*>/g)].map((m) => m[0]);
    expect(photos).toHaveLength(2);
    expect(photos[0]).toContain('src="/api/images/tour-dubai-frame-2?w=1200"');
    expect(photos[0]).toContain('fetchpriority="high"');
    expect(photos[0]).toMatch(/width="\d+" height="\d+"/);
    expect(photos[0]).toContain('/api/images/tour-dubai-frame-2?w=640 640w');
    expect(photos[0]).toContain('/api/images/tour-dubai-frame-2?w=3840 3840w');
    expect(photos[1]).toContain('loading="lazy"');
    expect(html).toContain(`<h1>${tourTitle}</h1>`);
    expect(html).toContain('Described in English.');
    expect(html).toContain('<span>Dunes</span>');
    expect(html).toContain('<li><b>Pick-up</b><span>From the hotel.</span></li>');
    expect(html).toContain('<li>Term</li>');
    expect(html).toContain('Hotel lobby');
    expect(html).toContain('Free pick-up from hotels in Dubai.');
    expect(html).toContain('Shared 4x4: Option');
    expect(html).toContain('Start times: 10:00, 18:00');
    expect(html).toContain('2–8 guests per booking');
    // SPEC §9: tiers by hours descending, below the last one non-refundable
    const policy = /data-testid="product-cancellation">(.*?)<\/section>/s.exec(html)?.[1] ?? '';
    expect([...policy.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1])).toEqual([
      '100% refund if cancelled at least 48 h before the start',
      '50% refund if cancelled at least 24 h before the start',
      'Later than 24 h before the start: non-refundable',
    ]);
    expect(html).toContain('Free cancellation up to 48 h before');
    // 171.60 − 10 % = 154.44 per adult, the sale price struck through
    expect(html).toContain('from <b>154.44\u00A0AED</b> per adult <s>171.60\u00A0AED</s>');
    expect(html).toContain('Child: 117.00\u00A0AED');
    // the tour's other option in this shop, and the way into the checkout
    expect(html).toContain(`href="/embedded?widget=${shop.slug}&amp;offer=${tour.tripOfferId}"`);
    expect(html).toContain(`action="/embedded/checkout?widget=${shop.slug}"`);
    expect(html).toContain('data-testid="checkout-continue"');
    // never the agents' part
    expect(html).not.toContain('<li>Note</li>');
    expect(html).not.toContain('>Note<');
  });

  it('speaks Russian from the tour’s Russian texts, prices in the shop’s format', async () => {
    const shop = await shopWith({ language: 'ru', currency: 'usd' });
    await t.database.db.update(widgetOffers).set({ saleAdultMinor: 4_701 }).where(eq(widgetOffers.widgetId, shop.id));
    const html = (await ticket(shop.slug)).body;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Описание на русском.');
    expect(html).toContain('<span>Дюны</span>');
    expect(html).toContain('<li><b>Трансфер</b><span>Из отеля.</span></li>');
    expect(html).toContain('Лобби отеля');
    expect(html).toContain('от <b>47,01\u00A0USD</b> за взрослого');
    expect(html).toContain('Возврат 100% при отмене не позднее чем за 48 ч до начала');
    expect(html).toContain('Позднее чем за 24 ч до начала — без возврата');
    expect(html).toContain('placeholder="ДД.ММ.ГГГГ"');
  });
});

// Issue 28 item 2: the date field followed the browser's locale (11/27/2026 beside chips reading 27 Nov, 26)
describe('the tour page’s date field: shown as the chips, typed as DD.MM.YYYY', () => {
  const typedForm = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  const dateField = (html: string) => /<input id="date"[^>]*>/.exec(html)?.[0] ?? '';
  const timesHeading = (html: string) => /<h2>((?:Times on|Время на) [^<]*)<\/h2>/.exec(html)?.[1];

  it('is a text field showing the chosen day as dd MMM, yy; a day typed DD.MM.YYYY or YYYY-MM-DD shows its times', async () => {
    const shop = await shopWith();
    const day = addDays(tour.today, 2);
    const base = `/embedded?widget=${shop.slug}&offer=${tour.timeslotOfferId}`;
    const first = await page(base);
    const field = dateField(first.body);
    expect(field).toContain('type="text"');
    expect(field).toContain('placeholder="DD.MM.YYYY"');
    expect(field).not.toContain('type="date"');
    for (const typed of [typedForm(day), day, formatDisplayDate(day, 'en')]) {
      const res = await page(`${base}&date=${encodeURIComponent(typed)}`);
      expect([typed, res.statusCode]).toEqual([typed, 200]);
      expect(timesHeading(res.body)).toBe(`Times on ${formatDisplayDate(day, 'en')}`);
      expect(dateField(res.body)).toContain(`value="${formatDisplayDate(day, 'en')}"`);
      expect(res.body).not.toContain('data-error-for="date"');
    }
    // the checkout takes the typed form too
    const checkout = await page(
      `/embedded/checkout?widget=${shop.slug}&offer=${tour.timeslotOfferId}&date=${typedForm(day)}&time=18:00&adults=2`,
    );
    expect([checkout.statusCode, checkout.body]).toEqual([200, expect.stringContaining('data-amount="34320"')]);
  });

  it('a text that is no date: the message in the shop’s language, the day chosen before kept, the text kept to fix', async () => {
    const day = addDays(tour.today, 3);
    for (const [language, message] of [
      ['en', 'Enter the date as DD.MM.YYYY.'],
      ['ru', 'Введите дату в формате ДД.ММ.ГГГГ.'],
    ] as const) {
      const shop = await shopWith({ language });
      for (const typed of ['31.02.2026', '2026-13-01', 'next friday', '11/27/2026x']) {
        const res = await page(
          `/embedded?widget=${shop.slug}&offer=${tour.timeslotOfferId}&date=${encodeURIComponent(typed)}&was=${day}`,
        );
        expect([typed, res.statusCode]).toEqual([typed, 200]);
        expect(res.body).toContain(`<p class="error" role="alert" data-error-for="date">${message}</p>`);
        expect(timesHeading(res.body)).toBe(
          `${language === 'ru' ? 'Время на' : 'Times on'} ${formatDisplayDate(day, language)}`,
        );
        expect(dateField(res.body)).toContain('aria-invalid="true"');
        expect(dateField(res.body)).toContain(`value="${typed}"`);
      }
    }
  });

  it('parseShopDate reads DD.MM.YYYY, YYYY-MM-DD and the shown form; nothing else', () => {
    expect(parseShopDate('27.11.2026')).toBe('2026-11-27');
    expect(parseShopDate(' 7/1/2027 ')).toBe('2027-01-07');
    expect(parseShopDate('2026-11-27')).toBe('2026-11-27');
    expect(parseShopDate('27 Nov, 26')).toBe('2026-11-27');
    expect(parseShopDate('05 мар., 27')).toBe('2027-03-05');
    expect(parseShopDate('29.02.2028')).toBe('2028-02-29');
    for (const bad of [
      '31.02.2026',
      '29.02.2027',
      '2026-13-01',
      '00.01.2026',
      '27.11.26',
      'tomorrow',
      '',
      '27 Foo, 26',
    ])
      expect([bad, parseShopDate(bad)]).toEqual([bad, null]);
  });
});
