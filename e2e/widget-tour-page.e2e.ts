import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LAYOUTS, portalForFile, screenshot, noSideScroll } from './support/portal.ts';
import { agencyFor, agentSessions } from './support/session.ts';
import {
  SHOP_CONTACTS,
  aboveTheDiscountOf,
  atTenPercent,
  createShop,
  shopTitles,
  twoOffers,
} from './support/widgets.ts';
import { minorToMajor, percentOfMinor, toMinor } from '@portal/contract';

// Issue 28 item 8: the shop's tour page is a product page — the first photo, the description, the price per adult
// at the customer's price and the cancellation policy — beside the portal's own tour page for the same tour, with no
// script, at 1280 and 390 px in English and Russian; its date field reads DD.MM.YYYY (item 2)
const SHOTS = process.env.SHOP_SHOTS_DIR ?? '';

const portal = portalForFile();
const { api, openAs } = agentSessions(portal);
beforeAll(() => {
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

// 1234.5 → '1,234.50 AED' (en) or '1 234,50 USD' (ru), as the shop formats money
function money(minor: number, currency: string, isRu: boolean) {
  const whole = Math.floor(minorToMajor(minor))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, isRu ? '\u00A0' : ',');
  return `${whole}${isRu ? ',' : '.'}${String(minor % 100).padStart(2, '0')}\u00A0${currency.toUpperCase()}`;
}

describe("[WIDGETS][TOUR] the shop's tour page sells the tour", () => {
  it.each(LAYOUTS)(
    '[WIDGETS][TOUR][LAYOUT]: %i px in %s — photo, description, price per adult and policy, no script',
    async (width, language) => {
      const isRu = language === 'ru';
      const { email, currency } = agencyFor(language);
      const [pick] = await twoOffers(api, email, currency);
      if (!pick) throw new Error('no offer');
      // NET + 10 % twice: above the minimum after the 5 % discount
      const saleAdult = atTenPercent(atTenPercent(pick.offer.netAdult ?? 0));
      const widget = await createShop(api, email, {
        ...shopTitles(isRu),
        currency,
        language,
        discountPercent: 5,
        contacts: SHOP_CONTACTS,
        partners: [{ name: 'Emirates Holidays', url: 'https://partner.example.com' }],
        socialLinks: { instagram: 'https://instagram.com/desertrose', facebook: 'https://facebook.com/desertrose' },
        offers: aboveTheDiscountOf([pick]),
      });
      const context = await portal().browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(`${portal().url()}/w/${widget.slug}`);
      await page.getByTestId('shop-contacts').waitFor();
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, `shop-home-${width}-${language}`);

      await page.getByTestId('shop-book').first().click();
      await page.getByTestId('product-buy').waitFor();
      // the photo: loaded, fetched first, at a width the image endpoint serves
      const photo = page.getByTestId('product-photo').first();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await photo.getAttribute('fetchpriority')).toBe('high');
      expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/api\/images\/.+\?w=\d+$/);
      // the price per adult at the customer's price: the sale price less the shop's 5 %
      const paid = percentOfMinor(toMinor(saleAdult), 95);
      expect(await page.getByTestId('product-price').innerText()).toBe(
        isRu
          ? `от ${money(paid, currency, true)} за взрослого ${money(toMinor(saleAdult), currency, true)}`
          : `from ${money(paid, currency, false)} per adult ${money(toMinor(saleAdult), currency, false)}`,
      );
      // the cancellation tiers, below the last one non-refundable
      const tiers = await page.getByTestId('product-cancellation').locator('li').allInnerTexts();
      expect(tiers.at(-1)).toMatch(isRu ? /без возврата|возврат не производится/ : /non-refundable/i);
      const description = await page.getByTestId('product-description').locator('p').first().innerText();
      expect(description.length).toBeGreaterThan(40);
      if (isRu) expect(description).toMatch(/[а-яё]/i);
      expect(await page.locator('script').count()).toBe(0);
      expect(scripts).toEqual([]);
      expect(await noSideScroll(page)).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `shop-tour-${width}-${language}`);

      // SPEC §9: a day typed DD.MM.YYYY shows its times; a text that is no date says so in the shop's language
      const chip = page.getByTestId('checkout-day').nth(1);
      const chipText = (await chip.innerText()).trim();
      const iso = new URL((await chip.getAttribute('href')) ?? '', portal().url()).searchParams.get('date') ?? '';
      await page.locator('#date').fill(`${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`);
      await page.locator('#date').press('Enter');
      await page
        .getByTestId('checkout-times')
        .getByRole('heading', { name: `${isRu ? 'Время на' : 'Times on'} ${chipText}` })
        .waitFor();
      expect(await page.locator('#date').inputValue()).toBe(chipText);
      await page.locator('#date').fill('31.02.2026');
      await page.locator('#date').press('Enter');
      await page
        .locator('[data-error-for="date"]')
        .getByText(isRu ? 'Введите дату в формате ДД.ММ.ГГГГ.' : 'Enter the date as DD.MM.YYYY.')
        .waitFor();
      // the day chosen before stays
      await page
        .getByTestId('checkout-times')
        .getByRole('heading', { name: `${isRu ? 'Время на' : 'Times on'} ${chipText}` })
        .waitFor();
      await context.close();

      // the portal's own tour page for the same tour, as the agent sees it
      const agent = await openAs(email, { width, host: isRu ? 'ru.localhost' : 'localhost' });
      await agent.go(`/tour?id=${pick.tourId}`);
      await agent.page.locator('#overview').waitFor();
      expect((await agent.page.locator('#overview p').first().innerText()).trim()).toBe(description.trim());
      await shot(agent.page, `portal-tour-${width}-${language}`);
      await agent.context.close();
    },
  );
});
