import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, minorToMajor, toMinor } from '@portal/contract';
import type { AvailabilityRow, OfferPriceRow, TourCard, TourDetails } from '@portal/contract';
import { LAYOUTS, screenshot, portalForFile, noSideScroll } from './support/portal.ts';
import { apiGet as apiGetAs, logInAsAdmin, switchToRussian } from './support/session.ts';

const TOUR_URL = 'burj-khalifa-at-the-top';
const CATEGORY = { url: 'observation-decks', name: 'Observation decks' };

const portal = portalForFile();

const logIn = (page: Page, host = 'localhost') => logInAsAdmin(page, portal(), host);
const apiGet = <T>(page: Page, path: string) => apiGetAs<T>(portal(), page, path);

// The amount a price element shows: its data (exact) and its text (digits only, whatever the locale's separators)
async function shownAmount(page: Page, testId: string) {
  const element = page.getByTestId(testId).first();
  return {
    amount: await element.getAttribute('data-amount'),
    currency: await element.getAttribute('data-currency'),
    digits: ((await element.textContent()) ?? '').replace(/\D/g, ''),
  };
}

const expectedShown = (amount: number, currency: string) => ({
  amount: amount.toFixed(2),
  currency,
  digits: String(toMinor(amount)),
});

async function waitForAmount(page: Page, testId: string, currency: string) {
  await page.waitForFunction(
    ([id, code]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-currency') === code,
    [testId, currency] as const,
  );
}

// Lazy images load as they come into view: scroll through the page before a full-page screenshot
async function loadImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      // a frame for the lazy images' observer to see what came into view
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    window.scrollTo(0, 0);
  });
  // images scrolled aside in a horizontal strip stay unloaded until swiped to, so only those in the page's width count
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const rect = img.getBoundingClientRect();
      return rect.left >= window.innerWidth || rect.right <= 0 || img.complete;
    }),
  );
}

async function pickDate(page: Page, date: string) {
  await page.getByRole('button', { name: 'Date' }).click();
  await page.getByRole('button', { name: 'Next month' }).waitFor();
  const day = page.locator(`[data-date="${date}"]:not([data-outside])`);
  if (!(await day.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await day.click();
  await page.waitForURL((url) => url.searchParams.get('date') === date);
}

type Plan = { tour: TourDetails; offerId: number; date: string; soldOut: AvailabilityRow; open: AvailabilityRow };

// From the API: tomorrow (Dubai), a per-person timeslot offer of the tour with one sold-out and one bookable time
async function planBooking(page: Page): Promise<Plan> {
  const tour = await apiGet<TourDetails>(page, `/b2b/tours/${TOUR_URL}?language=en&currencyCode=aed`);
  const date = addDays(tour.today, 1);
  const rows = await apiGet<AvailabilityRow[]>(page, `/b2b/availability/ByTour?id=${tour.id}&from=${date}&to=${date}`);
  for (const offer of tour.offers.filter((o) => o.availabilityType === 'timeslots' && o.pricingUnit === 'person')) {
    const mine = rows.filter((row) => row.offerId === offer.id);
    const soldOut = mine.find((row) => row.isSoldOut);
    const open = mine.find((row) => !row.isSoldOut && !row.isPastCutOff && (row.leftAdultsTickets ?? row.left) >= 2);
    if (soldOut && open) return { tour, offerId: offer.id, date, soldOut, open };
  }
  throw new Error('the demo catalogue has no sold-out time tomorrow for this tour');
}

describe('[CATALOGUE] from the home page to a priced selection', () => {
  it('[CATALOGUE][BROWSE]: home → category → tour → date and time → AED and USD prices → sold-out time → promo codes', async () => {
    const { page, context } = await portal().newPage({ width: 1280 });
    await logIn(page);

    // Home: promo, top tours with net and published prices, category search
    const home = page.getByRole('main');
    await home.getByRole('heading', { name: 'Special offers' }).waitFor();
    await home.getByRole('heading', { name: 'Top tours' }).waitFor();
    const cards = await apiGet<TourCard[]>(page, '/b2b/tours?language=en&currencyCode=aed');
    const burj = cards.find((card) => card.url === TOUR_URL);
    expect(burj?.fromPrice?.net).toBeTypeOf('number');
    await waitForAmount(page, `tour-${burj?.id}-from-net`, 'aed');
    expect(await shownAmount(page, `tour-${burj?.id}-from-net`)).toEqual(
      expectedShown(burj?.fromPrice?.net ?? 0, 'aed'),
    );
    expect(await shownAmount(page, `tour-${burj?.id}-from-published`)).toEqual(
      expectedShown(burj?.fromPrice?.recommended ?? 0, 'aed'),
    );
    await page.getByLabel('Search by city or category').waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();

    // → a category
    await home.getByRole('link', { name: CATEGORY.name, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/city' && url.searchParams.get('category') === CATEGORY.url);
    await page.getByRole('heading', { level: 1, name: CATEGORY.name }).waitFor();
    expect(await page.getByTestId('tour-card').count()).toBeGreaterThan(1);

    // → a tour
    const plan = await planBooking(page);
    await page.getByRole('link', { name: plan.tour.title, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/tour' && url.searchParams.get('id') === String(plan.tour.id));
    await page.getByRole('heading', { level: 1, name: plan.tour.title }).waitFor();
    for (const name of ['Ticket options', 'Itinerary', 'Terms', 'FAQ', 'Similar tours'])
      await page.getByRole('heading', { name, exact: true }).waitFor();

    // → a ticket option, a date, a time
    const offer = page.locator(`[data-testid="offer"][data-offer-id="${plan.offerId}"]`);
    await offer.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('offer') === String(plan.offerId));
    await pickDate(page, plan.date);

    const panel = page.getByTestId('booking-panel');
    // the chip of the new date's stock (today's same time may still be on screen for a moment)
    const soldOut = panel.locator(`[data-time="${plan.soldOut.time}"][data-sold-out]`);
    await soldOut.waitFor();
    expect(await soldOut.isDisabled()).toBe(true);
    expect(await soldOut.textContent()).toContain('Sold out');
    await soldOut.click({ force: true });
    expect(await soldOut.getAttribute('aria-pressed')).toBe('false');
    expect(new URL(page.url()).searchParams.get('time')).toBeNull();

    await panel.locator(`[data-time="${plan.open.time}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('time') === plan.open.time);
    await panel.locator(`[data-time="${plan.open.time}"][aria-pressed="true"]`).waitFor();
    expect(await page.getByTestId('booking-time').textContent()).toBe(plan.open.time);

    // Prices for the selection (2 adults), net and published side by side, exactly as the API converts them
    const pricesFor = async (currency: 'aed' | 'usd') => {
      const rows = await apiGet<OfferPriceRow[]>(
        page,
        `/b2b/offersPrices?ids=${plan.offerId}&from=${plan.date}&to=${plan.date}&currencycode=${currency}`,
      );
      const row = rows[0];
      if (!row || row.pricePerAdult === null || row.recPricePerAdult === null) throw new Error('no per-person price');
      return { net: row.pricePerAdult, published: row.recPricePerAdult };
    };
    const checkTotals = async (currency: 'aed' | 'usd') => {
      const price = await pricesFor(currency);
      await waitForAmount(page, 'total-net', currency);
      expect(await shownAmount(page, 'unit-net-adult')).toEqual(expectedShown(price.net, currency));
      expect(await shownAmount(page, 'total-net')).toEqual(
        expectedShown(minorToMajor(toMinor(price.net) * 2), currency),
      );
      expect(await shownAmount(page, 'total-published')).toEqual(
        expectedShown(minorToMajor(toMinor(price.published) * 2), currency),
      );
      return price;
    };
    const aed = await checkTotals('aed');
    expect(await page.getByTestId('total-net').textContent()).toContain('AED');

    await page.getByRole('button', { name: 'Русский' }).click();
    await page.getByRole('heading', { name: 'Варианты билетов' }).waitFor();
    const usd = await checkTotals('usd');
    expect(usd.net).toBeLessThan(aed.net);
    expect(await page.getByTestId('total-net').textContent()).toContain('$');
    expect(await page.getByTestId('total-net').textContent()).toContain(
      minorToMajor(toMinor(usd.net) * 2)
        .toFixed(2)
        .replace('.', ','),
    );
    // Russian date picking: the calendar speaks Russian
    await page.getByRole('button', { name: 'Дата' }).click();
    await page.getByRole('button', { name: 'Следующий месяц' }).waitFor();
    const dayLabel = await page.locator(`[data-date="${plan.date}"]:not([data-outside])`).getAttribute('aria-label');
    expect(dayLabel).toMatch(/[а-я]/);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Дата' }).textContent()).toMatch(/^\d{2} [а-я]+\.?, \d{2}$/);
    await loadImages(page);
    await screenshot(page, 'catalogue-tour-selected-1280-ru');

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Ticket options' }).waitFor();
    await checkTotals('aed');

    // SPEC §5 live: more people than the option allows
    const maxPeople = plan.tour.offers.find((o) => o.id === plan.offerId)?.maxPeople ?? 0;
    const addAdult = panel.getByRole('button', { name: 'Add: Adults' });
    // one click at a time: the count lives in the URL, so a click before the re-render would repeat the old value
    const adultsShown = (n: number) =>
      panel
        .getByTestId('count-adults')
        .filter({ hasText: new RegExp(`^${n}$`) })
        .waitFor();
    for (let adults = 2; adults <= maxPeople; adults++) {
      await addAdult.click();
      await adultsShown(adults + 1);
    }
    await panel.getByText(`Maximum number of people: ${maxPeople}`).waitFor();
    expect(await page.getByTestId('book-button').isDisabled()).toBe(true);
    const removeAdult = panel.getByRole('button', { name: 'Remove: Adults' });
    // clicks faster than the page re-renders (all in one task, as a double click can be): each one counts
    await removeAdult.evaluate((button, times) => {
      for (let i = 0; i < times; i++) (button as HTMLButtonElement).click();
    }, maxPeople - 1);
    await adultsShown(2);
    expect(await page.getByTestId('people-rule').count()).toBe(0);

    // Promo code: a wrong one shows the message, a right one the discount
    await panel.getByLabel('Promo code').fill('NOT-A-CODE');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await panel.getByText('You entered the wrong promo code').waitFor();
    await panel.getByLabel('Promo code').fill('WELCOME10');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await panel.getByText('Promo code applied: 10% discount').waitFor();
    const net = toMinor(aed.net) * 2;
    expect(await shownAmount(page, 'total-net-after-promo')).toEqual(
      expectedShown(minorToMajor(net - Math.round(net / 10)), 'aed'),
    );

    const book = page.getByTestId('book-button');
    expect(await book.getAttribute('href')).toContain(
      `/checkout?tour=${plan.tour.id}&offer=${plan.offerId}&date=${plan.date}&time=${encodeURIComponent(plan.open.time ?? '')}`,
    );
    await loadImages(page);
    await screenshot(page, 'catalogue-tour-selected-1280-en');
    await context.close();
  });

  it('[CATALOGUE][PARTNER]: a white-label site shows tours but no search and no top destinations', async () => {
    const { page, context } = await portal().newPage({ width: 1280 });
    await logIn(page, 'partner.localhost');
    await page.getByRole('heading', { name: 'Top tours' }).waitFor();
    await page.getByTestId('tour-card').first().waitFor();
    expect(await page.getByLabel('Search by city or category').count()).toBe(0);
    expect(await page.getByText('Top destinations').count()).toBe(0);
    expect(await page.getByText('Browse by category').count()).toBe(0);
    // nor a search page by URL
    await page.goto(portal().url('partner.localhost') + '/city?q=desert');
    await page.waitForURL((url) => url.pathname === '/404');
    await context.close();
  });
});

describe('[CATALOGUE][CURRENCY] never a silent switch between the currency shown and the one charged', () => {
  it('[CATALOGUE][CURRENCY]: an AED agency on the Russian site sees $ with the AED charge on the tour page, and the same figures at checkout', async () => {
    const { page, context } = await portal().newPage({ width: 1280 });
    await logIn(page);
    const plan = await planBooking(page);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    await context.addInitScript((value) => localStorage.setItem('accessToken', value ?? ''), token);
    const query = `date=${plan.date}&offer=${plan.offerId}&time=${plan.open.time}&adults=2`;
    await page.goto(`${portal().url('ru.localhost')}/tour?id=${plan.tour.id}&${query}`);
    await waitForAmount(page, 'price-summary', 'usd');
    const charged = page.getByTestId('charged-note');
    await charged.waitFor();
    const shownUsd = await shownAmount(page, 'total-net');
    expect(shownUsd.currency).toBe('usd');
    expect(await charged.getAttribute('data-currency')).toBe('aed');
    expect(await charged.textContent()).toMatch(/AED.*1 USD = 3\.65 AED/);
    const chargedAed = await charged.getAttribute('data-amount');
    await screenshot(page, 'currency-tour-1280-ru');

    await page.goto(`${portal().url('ru.localhost')}/checkout?tour=${plan.tour.id}&${query}`);
    await page.getByTestId('summary-to-pay').waitFor();
    // what the checkout charges is what the tour page said; it repeats what the tour page showed
    const toPay = await shownAmount(page, 'summary-to-pay');
    expect([toPay.currency, Number(toPay.amount)]).toEqual(['aed', Number(chargedAed)]);
    const shown = page.getByTestId('shown-note');
    expect([await shown.getAttribute('data-currency'), Number(await shown.getAttribute('data-amount'))]).toEqual([
      'usd',
      Number(shownUsd.amount),
    ]);
    await screenshot(page, 'currency-checkout-1280-ru');

    // where the two currencies agree, nothing more is said
    await page.goto(`${portal().url()}/tour?id=${plan.tour.id}&${query}`);
    await waitForAmount(page, 'price-summary', 'aed');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('charged-note').count()).toBe(0);
    await context.close();
  });
});

describe('[CATALOGUE][LAYOUT] home and tour page at 1280 and 390 px, English and Russian', () => {
  it.each(LAYOUTS)('[CATALOGUE][LAYOUT]: %i px in %s', async (width, language) => {
    const { page, context } = await portal().newPage({ width });
    await logIn(page);
    const plan = await planBooking(page);
    if (language === 'ru') {
      await switchToRussian(page);
    }
    const currency = language === 'ru' ? 'usd' : 'aed';
    await page.getByTestId('tour-card').nth(5).waitFor();
    await waitForAmount(page, `tour-${plan.tour.id}-from-net`, currency);
    await loadImages(page);
    await screenshot(page, `catalogue-home-${width}-${language}`);
    expect(await noSideScroll(page)).toBe(true);

    const query = new URLSearchParams({
      id: String(plan.tour.id),
      date: plan.date,
      offer: String(plan.offerId),
      time: plan.open.time ?? '',
    });
    await page.goto(`${portal().url()}/tour?${query.toString()}`);
    await waitForAmount(page, 'total-net', currency);
    await page.locator(`[data-time="${plan.soldOut.time}"]`).waitFor();
    await loadImages(page);
    await screenshot(page, `catalogue-tour-${width}-${language}`);
    expect(await noSideScroll(page)).toBe(true);
    await context.close();
  });
});
