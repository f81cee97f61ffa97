import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  AdminAgencyRow,
  Widget,
  WidgetListResponse,
  WidgetOfferPricesResponse,
  WidgetPriceOffer,
} from '@portal/contract';
import { formatDisplayDate } from '@portal/contract/plain';
import { LAYOUTS, SCREENSHOT_DIR, screenshot, startPortal, type Portal, noSideScroll } from './support/portal.ts';
import { ADMIN, JUNIOR, RU_ADMIN, OPERATOR, agencyFor, agentSessions, apiLogin } from './support/session.ts';
import { startDnsStandIn, type DnsStandIn } from '../apps/api/test/dns-stand-in.ts';
import {
  SHOP_CONTACTS,
  aboveTheDiscountOf,
  agencySite,
  atTenPercent,
  atTenPercentOf,
  createShop,
  shopTitles,
  twoOffers as offersOf,
} from './support/widgets.ts';
import { minorToMajor, percentOfMinor, toMinor } from '@portal/contract';

// Issue 13 part 1: an agency admin runs its widgets at /widgets — the six tabs, the offer price table with NET and the
// minimum sale price (NET + 5 % after the discount), save, list, duplicate, delete; juniors and agencies without
// isWidgetsCreationAllowed cannot reach them
const TABS = ['general', 'seo', 'media', 'contacts', 'partners', 'social'] as const;
const HERO = path.resolve(import.meta.dirname, '../docs/screenshot-home.png');

let portal: Portal;
const { api, call, openAs } = agentSessions(() => portal);

// widget domains are checked by DNS only: here against a stand-in DNS server on a loopback port
const CNAME_TARGET = 'shops.portal.test';
let dns: DnsStandIn;

beforeAll(async () => {
  dns = await startDnsStandIn();
  portal = await startPortal({ DNS_SERVERS: dns.server, WIDGET_CNAME_TARGET: CNAME_TARGET });
});
afterAll(async () => {
  await portal?.stop();
  await dns?.close();
});

const twoOffers = (email: string, currency: 'aed' | 'usd') => offersOf(api, email, currency);
function offerBox(page: Page, offerId: number) {
  return page.locator(`[data-testid="widget-offer"][data-offer-id="${offerId}"]`);
}

async function pickOffer(page: Page, tourId: number, offer: WidgetPriceOffer) {
  await page.locator(`[data-testid="widget-tour"][data-tour-id="${tourId}"] button[data-accordion-control]`).click();
  await offerBox(page, offer.offerId).getByRole('checkbox', { name: offer.name }).check();
}

describe('[WIDGETS] an agency admin sells at its own prices', () => {
  it.each([
    [1280, 'en', 'localhost', 'NET today'],
    [390, 'ru', 'ru.localhost', 'NET сегодня'],
  ] as const)(
    '[WIDGETS][FLOOR]: at %i px (%s) the minimum sale price says it is over the highest NET ahead, and from when',
    async (width, language, host, words) => {
      const currency = language === 'ru' ? 'usd' : 'aed';
      const table = await api<WidgetOfferPricesResponse>(
        ADMIN,
        `/b2b/widgets/offer-prices?currency=${currency}&language=${language}`,
      );
      // a demo option whose NET rises in a later price period (offer 24's floor is 212.10 AED while today's NET is 187)
      const tour = table.tours.find((t) =>
        t.offers.some((o) => o.highestFrom !== null && o.todayAdult !== null && o.todayAdult !== o.netAdult),
      );
      const offer = tour?.offers.find((o) => o.highestFrom !== null && o.todayAdult !== o.netAdult);
      if (!tour || !offer || !offer.highestFrom) throw new Error('the demo catalogue has no option whose NET rises');
      const { page, context, go } = await openAs(ADMIN, { width, host });
      await go('/widgets/create');
      await page.getByTestId('widget-offers').waitFor();
      await pickOffer(page, tour.tourId, offer);
      const field = offerBox(page, offer.offerId).getByTestId('sale-adult');
      const described = await field.evaluate((input) => {
        const id = input.getAttribute('aria-describedby') ?? '';
        return id ? (document.getElementById(id.split(' ')[0] ?? '')?.textContent ?? '') : '';
      });
      expect(described).toContain(words);
      expect(described).toContain(formatDisplayDate(offer.highestFrom, language));
      await offerBox(page, offer.offerId).screenshot({
        path: path.join(SCREENSHOT_DIR, `widget-floor-${width}-${language}.png`),
      });
      await context.close();
    },
  );

  it('[WIDGETS][CREATE]: a multi-tour widget with two offers at a 10 % margin; below NET × 1.05 is refused on the field', async () => {
    const picks = await twoOffers(ADMIN, 'aed');
    const name = `Desert shop ${Date.now()}`;
    const { page, context, go } = await openAs(ADMIN);
    await go('/widgets');
    await page.getByRole('heading', { level: 1, name: 'Widgets' }).waitFor();
    await page.getByTestId('widget-new').click();
    await page.getByRole('heading', { level: 1, name: 'New widget' }).waitFor();

    // saving with nothing chosen: the SPEC's message, and the name is required
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByTestId('widget-save').click();
    await page.getByTestId('widget-offers-error').getByText('At least one offer must be selected').waitFor();

    // unsaved changes: leaving by the portal's own link asks first; staying keeps the form
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.getByRole('link', { name: 'All widgets' }).click();
    expect(await asked).toBe('The widget has unsaved changes. Leave without saving?');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Multiple tours' }).click();
    for (const { tourId, offer } of picks) await pickOffer(page, tourId, offer);
    await page.getByTestId('widget-selected-count').getByText('2 options selected').waitFor();
    await page.getByTestId('widget-apply-margin').click();
    for (const { offer } of picks) {
      const box = offerBox(page, offer.offerId);
      expect(await box.getByTestId('sale-adult').inputValue()).toBe(atTenPercent(offer.netAdult ?? 0).toFixed(2));
      expect(await box.getByTestId('sale-child').inputValue()).toBe(atTenPercent(offer.netChild ?? 0).toFixed(2));
    }

    // one cent under NET × 1.05 is refused on its field, the minimum shown beside it
    const [first] = picks;
    if (!first) throw new Error('no offer');
    const minimum = minorToMajor(Math.ceil(toMinor(first.offer.netAdult ?? 0) * 1.05));
    const adult = offerBox(page, first.offer.offerId).getByTestId('sale-adult');
    await adult.fill((minimum - 0.01).toFixed(2));
    await page.getByTestId('widget-save').click();
    const box = offerBox(page, first.offer.offerId);
    await box.getByText(/^The sale price must be at least .+: NET \+ 5%$/).waitFor();
    expect(await adult.getAttribute('aria-invalid')).toBe('true');
    await box.getByText(new RegExp(`minimum AED\\s?${minimum.toFixed(2).replace('.', '\\.')}`)).waitFor();
    await page.getByTestId('widget-form-errors').waitFor();

    // the General tab's contact and SEO fields go with the same save
    await page.getByTestId('widget-tab-seo').click();
    await page.getByLabel('Meta title', { exact: true }).fill('Desert tours in Dubai');
    await page.getByTestId('widget-tab-contacts').click();
    await page.getByLabel('E-mail', { exact: true }).fill('sales@desertrose.example');
    await page.getByTestId('widget-apply-margin').click();
    await page.getByTestId('widget-save').click();
    await page.getByRole('heading', { level: 1, name: 'Widgets' }).waitFor();
    const row = page.getByTestId('widget-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByTestId('widget-offers-count').innerText()).toBe('2');

    const list = await api<WidgetListResponse>(ADMIN, '/b2b/widgets');
    const saved = list.items.find((w) => w.name === name);
    const widget = await api<Widget>(ADMIN, `/b2b/widgets/${saved?.id ?? ''}`);
    expect(widget).toMatchObject({ type: 'multipleTours', metaTitle: 'Desert tours in Dubai', discountPercent: 0 });
    expect(widget.contacts.email).toBe('sales@desertrose.example');
    expect(widget.offers.map((o) => [o.offerId, o.saleAdult, o.saleChild])).toEqual(
      picks.map(({ offer }) => [offer.offerId, atTenPercent(offer.netAdult ?? 0), atTenPercent(offer.netChild ?? 0)]),
    );

    // the server refuses one cent under the minimum as well, on the exact field
    const refused = await call(ADMIN, `/b2b/widgets/${widget.id}`, {
      method: 'PUT',
      body: {
        name,
        type: 'multipleTours',
        currency: 'aed',
        language: 'en',
        offers: [{ offerId: first.offer.offerId, saleAdult: minimum - 0.01, saleChild: 999, saleTrip: null }],
      },
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { fieldName: string }[]).map((i) => i.fieldName)).toEqual(['offers.0.saleAdult']);

    // duplicate, then delete the copy after a confirmation
    await row.getByTestId('widget-duplicate').click();
    const copy = page.getByTestId('widget-row').filter({ hasText: `${name} (copy)` });
    await copy.waitFor();
    await copy.getByTestId('widget-delete').click();
    await page.getByRole('dialog').getByTestId('widget-delete-confirm').click();
    await copy.waitFor({ state: 'detached' });
    await row.waitFor();
    await context.close();
  });

  it("[WIDGETS][ERRORS]: a server refusal opens the field's tab; a failed save says so in the SPEC's words", async () => {
    const [pick] = await twoOffers(ADMIN, 'aed');
    if (!pick) throw new Error('no offer');
    const make = (name: string) =>
      api<Widget>(ADMIN, '/b2b/widgets', {
        method: 'POST',
        body: {
          name,
          type: 'singleTour',
          currency: 'aed',
          language: 'en',
          offers: [
            {
              offerId: pick.offer.offerId,
              saleAdult: atTenPercent(pick.offer.netAdult ?? 0),
              saleChild: atTenPercent(pick.offer.netChild ?? 0),
              saleTrip: null,
            },
          ],
        },
      });
    const taken = await make(`Taken ${Date.now()}`);
    const widget = await make(`Errors ${Date.now()}`);
    const { page, context, go } = await openAs(ADMIN);
    await go(`/widgets/${widget.id}`);
    await page.getByTestId('widget-form').waitFor();

    // another widget's address: the server's 422 lands under the field, and its tab (General) opens
    await page.getByLabel('Address on the portal', { exact: true }).fill(taken.slug);
    await page.getByTestId('widget-tab-social').click();
    await page.getByTestId('widget-save').click();
    await page.getByText('Another widget already has this address').waitFor();
    expect(await page.getByTestId('widget-tab-general').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Address on the portal', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    // the server failing: 'Failed to save the widget. Please try again.', the changes kept on screen
    await page.getByLabel('Address on the portal', { exact: true }).fill(widget.slug);
    await page.getByLabel('Name', { exact: true }).fill('Renamed while the server is down');
    await page.route('**/api/b2b/widgets/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await page.getByTestId('widget-save').click();
    await page.getByTestId('widget-save-failed').getByText('Failed to save the widget. Please try again.').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Renamed while the server is down');
    expect((await api<Widget>(ADMIN, `/b2b/widgets/${widget.id}`)).name).toBe(widget.name);
    await context.close();
  });

  it('[WIDGETS][ACCESS]: a junior and an agency without the flag cannot reach /widgets', async () => {
    const junior = await openAs(JUNIOR);
    await junior.go('/widgets');
    await junior.page.getByTestId('widgets-forbidden').getByText('You do not have permission to do this').waitFor();
    expect(await junior.page.getByRole('link', { name: 'Widgets' }).count()).toBe(0);
    expect((await call(JUNIOR, '/b2b/widgets')).status).toBe(403);
    await junior.context.close();

    // the tours company turns widgets off for Volga Tours (operator API), and back on afterwards
    const [volga] = await api<AdminAgencyRow[]>(OPERATOR, '/admin/agencies?q=Volga');
    if (!volga) throw new Error('Volga Tours missing');
    const settings = (allowed: boolean) => ({
      method: 'PUT',
      body: {
        siteId: volga.siteId,
        currency: volga.currency,
        creditLimit: volga.creditLimit,
        isWidgetsCreationAllowed: allowed,
        isCreditCardTopupAllowed: true,
      },
    });
    await api(OPERATOR, `/admin/agencies/${volga.id}/settings`, settings(false));
    try {
      const token = await apiLogin(portal, RU_ADMIN);
      const { page, context } = await portal.newPage({ width: 1280 });
      await context.addInitScript((value) => localStorage.setItem('accessToken', value), token);
      await page.goto(portal.url('ru.localhost') + '/widgets');
      await page
        .getByTestId('widgets-forbidden')
        .getByText('Виджеты для вашего агентства не включены. Чтобы включить их, свяжитесь с оператором.')
        .waitFor();
      const res = await fetch(`${portal.url()}/api/b2b/widgets`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('Widgets are not enabled for your agency');
      await context.close();
    } finally {
      await api(OPERATOR, `/admin/agencies/${volga.id}/settings`, settings(true));
    }
  });

  it('[WIDGETS][DOMAIN]: the right TXT record and CNAME make the domain Verified; a wrong code fails with its reason', async () => {
    const [pick] = await twoOffers(ADMIN, 'aed');
    if (!pick) throw new Error('no offer');
    const stamp = Date.now().toString(36);
    const make = (name: string, domain: string) =>
      api<Widget>(ADMIN, '/b2b/widgets', {
        method: 'POST',
        body: {
          name,
          type: 'multipleTours',
          currency: 'aed',
          language: 'en',
          domain,
          offers: [
            {
              offerId: pick.offer.offerId,
              saleAdult: atTenPercent(pick.offer.netAdult ?? 0),
              saleChild: atTenPercent(pick.offer.netChild ?? 0),
              saleTrip: null,
            },
          ],
        },
      });
    const good = await make('Palm Horizon shop', `shop-${stamp}.palmhorizon.test`);
    const wrong = await make('Palm Horizon second shop', `wrong-${stamp}.palmhorizon.test`);
    const allowed = async (domain: string) =>
      (await fetch(`${portal.url()}/api/widgets/domains/allowed?domain=${domain}`)).status;

    const { page, context, go } = await openAs(ADMIN);
    await go(`/widgets/${good.id}`);
    const panel = page.getByTestId('widget-domain-panel');
    await panel.getByTestId('widget-domain-status').getByText('Pending Verification').waitFor();
    const txt = panel.locator('[data-testid="widget-domain-record"][data-type="TXT"]');
    const cname = panel.locator('[data-testid="widget-domain-record"][data-type="CNAME"]');
    await txt.getByText(`_b2b-verify.${good.domain}`).waitFor();
    await cname.getByText(CNAME_TARGET).waitFor();
    const code = (await txt.getByText(/^b2b-verify=/).textContent()) ?? '';

    // nothing at the DNS yet: the check fails and says what is missing
    await panel.getByTestId('widget-domain-check').click();
    await panel.getByTestId('widget-domain-status').getByText('Verification Failed').waitFor();
    await panel
      .getByTestId('widget-domain-reason')
      .getByText(`No TXT record _b2b-verify.${good.domain} was found`)
      .waitFor();
    expect(await allowed(good.domain)).toBe(404);

    // the two records as the page shows them
    dns.set(`_b2b-verify.${good.domain}`, { txt: [[code]] });
    dns.set(good.domain, { cname: CNAME_TARGET });
    await panel.getByTestId('widget-domain-check').click();
    await panel.getByTestId('widget-domain-status').getByText('Verified', { exact: true }).waitFor();
    await panel.getByTestId('widget-domain-verified').waitFor();
    expect(await allowed(good.domain)).toBe(200);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'widgets-domain-verified-1280-en');
    await context.close();

    // another widget's code in the TXT record: Verification Failed, in Russian for a Russian admin's page too
    dns.set(`_b2b-verify.${wrong.domain}`, { txt: [[code]] });
    dns.set(wrong.domain, { cname: CNAME_TARGET });
    const ru = await openAs(ADMIN, { host: 'ru.localhost', width: 390 });
    await ru.go(`/widgets/${wrong.id}`);
    const ruPanel = ru.page.getByTestId('widget-domain-panel');
    await ruPanel.getByTestId('widget-domain-check').click();
    await ruPanel.getByTestId('widget-domain-status').getByText('Проверка не пройдена').waitFor();
    await ruPanel
      .getByTestId('widget-domain-reason')
      .getByText(`TXT-запись _b2b-verify.${wrong.domain} не содержит код подтверждения этого виджета`)
      .waitFor();
    expect(await allowed(wrong.domain)).toBe(404);
    await ru.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(ru.page, 'widgets-domain-failed-390-ru');
    await ru.context.close();
  });

  it('[WIDGETS][SHOP]: /w/{slug} has its tours and prices in the HTML with JavaScript off, at 1280 and 390 px, en and ru', async () => {
    for (const [width, language] of LAYOUTS) {
      const isRu = language === 'ru';
      const { email, currency } = agencyFor(language);
      const picks = await twoOffers(email, currency);
      const widget = await createShop(api, email, {
        ...shopTitles(isRu),
        currency,
        language,
        description: isRu ? 'Сафари, круизы и экскурсии по ОАЭ' : 'Safaris, cruises and city tours in the UAE',
        contacts: SHOP_CONTACTS,
        discountPercent: 5,
        offers: aboveTheDiscountOf(picks),
      });
      const context = await portal.browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: width < 500 ? 844 : 900 },
      });
      const page = await context.newPage();
      const response = await page.goto(`${portal.url()}/w/${widget.slug}`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: isRu ? 'Туры по ОАЭ' : 'Tours in the UAE' }).waitFor();
      expect(await page.getByTestId('shop-tour').count()).toBe(2);
      expect(await page.getByTestId('shop-offer').count()).toBe(2);
      // the first option's adult price after the 5 % discount, as the customer pays it
      const first = picks[0]?.offer;
      const saleMinor = toMinor(atTenPercent(atTenPercent(first?.netAdult ?? 0)));
      const paidMinor = percentOfMinor(saleMinor, 95);
      const whole = Math.floor(minorToMajor(paidMinor))
        .toString()
        .replace(/\B(?=(\d{3})+(?!\d))/g, isRu ? '\u00A0' : ',');
      const paid = `${whole}${isRu ? ',' : '.'}${String(paidMinor % 100).padStart(2, '0')}\u00A0${currency.toUpperCase()}`;
      const adult = page.locator(
        `[data-testid="shop-offer"][data-offer-id="${first?.offerId}"] [data-price="adult"] b`,
      );
      expect(await adult.textContent()).toBe(paid);
      expect(await noSideScroll(page)).toBe(true);
      await screenshot(page, `widgets-shop-${width}-${language}`);
      await context.close();
    }
  });

  it('[WIDGETS][EMBED]: a page on another origin embeds the shop with the code; the frame takes its height; a broken one shows an error with a retry', async () => {
    const picks = await twoOffers(ADMIN, 'aed');
    const widget = await createShop(api, ADMIN, {
      name: 'Desert Rose on its own site',
      currency: 'aed',
      language: 'en',
      offersSectionTitle: 'Book your Dubai tours',
      offers: atTenPercentOf(picks),
    });
    // the admin copies the embed code from the widget's page
    const admin = await openAs(ADMIN);
    await admin.go(`/widgets/${widget.id}`);
    const copied = (await admin.page.getByTestId('widget-embed-code').textContent()) ?? '';
    expect(copied).toBe(
      `<script async src="${portal.url()}/widget.js" data-widget="${widget.slug}" data-language="en" data-currency="aed"></script>`,
    );
    await admin.context.close();
    // the agency's own website: another origin (another loopback port), the code pasted, and one naming no shop
    const code = (slug: string) => copied.replace(`data-widget="${widget.slug}"`, `data-widget="${slug}"`);
    const site = await agencySite(
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Desert Rose Travel</title></head>` +
        `<body style="font-family:sans-serif;margin:16px"><h1>Desert Rose Travel</h1><p>Our tours, booked with us:</p>` +
        `${code(widget.slug)}<p id="between">Other offers:</p>${code('no-such-shop')}</body></html>`,
    );
    try {
      for (const width of [1280, 390]) {
        const context = await portal.browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(site.url);
        const frames = page.locator('.b2b-widget iframe');
        await frames.first().waitFor();
        const shop = page.frameLocator('.b2b-widget iframe').first();
        await shop.getByRole('heading', { level: 1, name: 'Book your Dubai tours' }).waitFor();
        // the frame grows to the shop's height (from 480 px), whatever the width
        await expect
          .poll(async () => {
            const box = await frames.first().boundingBox();
            const inner = await shop.locator('html').evaluate((html) => html.scrollHeight);
            return box !== null && box.height > 480 && Math.abs(box.height - inner) <= 2;
          })
          .toBe(true);
        // the second code names no shop: a visible error and a retry, never an empty box
        const error = page.locator('[data-b2b-widget-error]');
        await error.getByText('The shop could not be loaded.').waitFor();
        await error.getByRole('button', { name: 'Try again' }).click();
        await page.locator('[data-b2b-widget-error]').getByText('The shop could not be loaded.').waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `widgets-embedded-${width}-en`);
        await context.close();
      }
    } finally {
      await site.close();
    }
  });

  it.each(LAYOUTS)('[WIDGETS][LAYOUT]: %i px in %s — the list and every editor tab', async (width, language) => {
    const isRu = language === 'ru';
    const { email, currency } = agencyFor(language);
    const picks = await twoOffers(email, currency);
    const { page, context, go } = await openAs(email, { width, host: isRu ? 'ru.localhost' : 'localhost' });
    await go('/widgets');
    await page.getByRole('heading', { level: 1, name: isRu ? 'Виджеты' : 'Widgets' }).waitFor();

    // a widget with images, contacts, partners and links, made through the API (the images through the editor)
    const widget = await createShop(api, email, {
      name: isRu ? 'Туры по Дубаю' : 'Dubai desert tours',
      currency,
      language,
      domain: `tours-${width}-${language}-${Date.now()}.example.com`,
      offersSectionTitle: isRu ? 'Наши туры' : 'Our tours',
      footerText: isRu ? 'Лицензия DET 12345' : 'Licensed by DET, licence 12345',
      metaTitle: isRu ? 'Туры по Дубаю' : 'Desert tours in Dubai',
      description: isRu ? 'Сафари, круизы и экскурсии' : 'Safaris, cruises and city tours',
      googleConversionActionId: 'AW-123456789/AbCdEf',
      heroVideoUrl: 'https://videos.example.com/hero.mp4',
      contacts: SHOP_CONTACTS,
      partners: [
        { name: 'Emirates Holidays', url: 'https://partner.example.com' },
        { name: 'Arabian Nights', url: '' },
      ],
      socialLinks: { instagram: 'https://instagram.com/desert', facebook: 'https://facebook.com/desert' },
      discountPercent: 5,
      offers: aboveTheDiscountOf(picks),
    });
    await page.reload();
    await page.getByTestId('widget-row').first().waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    await screenshot(page, `widgets-list-${width}-${language}`);

    await go(`/widgets/${widget.id}`);
    await page.getByTestId('widget-form').waitFor();
    await page.getByTestId('widget-tour').first().waitFor();
    // the hero image through the editor's upload (a real PNG), as a person adds it
    await page.getByTestId('widget-tab-media').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('widget-upload-heroImageId').click();
    await (await chooser).setFiles({ name: 'hero.png', mimeType: 'image/png', buffer: fs.readFileSync(HERO) });
    await page.getByTestId('widget-image-heroImageId').locator('img').waitFor();
    for (const tab of TABS) {
      await page.getByTestId(`widget-tab-${tab}`).click();
      expect(await noSideScroll(page)).toBe(true);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `widgets-${tab}-${width}-${language}`);
    }
    await context.close();
  });
});
