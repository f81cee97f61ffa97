import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays } from '@portal/contract';
import type { AlternativesResponse, AvailabilityRow, TourCard, TourDetails } from '@portal/contract';
import { LAYOUTS, SCREENSHOT_DIR, screenshot, portalForFile, noSideScroll } from './support/portal.ts';
import { apiGet as apiGetAs, logInAsAdmin, switchToRussian } from './support/session.ts';
import { soldOutDates, type SoldOutDate } from './support/booking-slots.ts';

const portal = portalForFile();

const logIn = (page: Page, host = 'localhost') => logInAsAdmin(page, portal(), host);
const apiGet = <T>(page: Page, path: string) => apiGetAs<T>(portal(), page, path);

type SoldOut = SoldOutDate & { alternatives: AlternativesResponse };

// From the API: a sold-out date 5 to 47 days ahead that has alternatives on both sides
async function findSoldOutDate(page: Page): Promise<SoldOut> {
  for await (const soldOut of soldOutDates((path) => apiGet(page, path), 5, 47)) {
    const { tour, offerId, date } = soldOut;
    const alternatives = await apiGet<AlternativesResponse>(
      page,
      `/b2b/availability/alternatives?tourId=${tour.id}&offerId=${offerId}&date=${date}&adults=2`,
    );
    const hasBothSides =
      alternatives.nearestDates.some((d) => d.date < date) && alternatives.nearestDates.some((d) => d.date > date);
    if (hasBothSides) return { ...soldOut, alternatives };
  }
  throw new Error('the demo catalogue has no sold-out date with alternatives');
}

const tourUrl = (plan: SoldOut) => {
  const query = new URLSearchParams({ id: String(plan.tour.id), offer: String(plan.offerId), date: plan.date });
  if (plan.time) query.set('time', plan.time);
  query.set('adults', '2');
  return `${portal().url()}/tour?${query.toString()}`;
};

describe('[CATALOGUE][SOLD-OUT] the next best thing when sold out', () => {
  it.each(LAYOUTS)('[CATALOGUE][SOLD-OUT]: layout at %i px in %s', async (width, language) => {
    const { page, context } = await portal().newPage({ width });
    await logIn(page);
    const plan = await findSoldOutDate(page);
    if (language === 'ru') {
      await switchToRussian(page);
    }
    await page.goto(tourUrl(plan));
    const panel = page.getByTestId('booking-panel');
    await panel.getByTestId('alternative').first().waitFor();
    expect(await panel.getByTestId('sold-out-message').textContent()).toMatch(
      language === 'ru' ? /этот вариант распродан/ : /is sold out on/,
    );
    expect(await noSideScroll(page)).toBe(true);
    // no one has asked to be notified yet: the button shows
    await panel.getByTestId('notify-me').waitFor();
    await screenshot(page, `sold-out-${width}-${language}`);
    // the panel and the options as they look on screen (the fixed header set aside for the picture)
    await page.addStyleTag({ content: 'header { position: static !important; }' });
    const dir = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;
    await panel.screenshot({ path: `${dir}/sold-out-panel-${width}-${language}.png` });
    await page.locator('#options').screenshot({ path: `${dir}/sold-out-options-${width}-${language}.png` });
    await context.close();
  });

  it('[CATALOGUE][SOLD-OUT]: one message, the alternatives one click from booking, and notify me', async () => {
    const { page, context } = await portal().newPage({ width: 1280 });
    await logIn(page);
    const plan = await findSoldOutDate(page);
    await page.goto(tourUrl(plan));

    const panel = page.getByTestId('booking-panel');
    await panel.getByText(/is sold out on/).waitFor();
    // one message: the sold-out day, not also "No more available stock, max 0"
    expect(await panel.getByRole('alert').count()).toBe(1);
    await panel.getByTestId('sold-out-alternatives').getByTestId('alternative').first().waitFor();
    expect(await panel.getByTestId('people-rule').count()).toBe(0);
    expect(await panel.getByText('No more available stock').count()).toBe(0);
    expect(await panel.getByTestId('sold-out-message').textContent()).toMatch(/^This option is sold out on /);
    expect(await page.getByTestId('book-button').isDisabled()).toBe(true);

    // the nearest dates (both sides) and the other options of that date, as the API lists them
    const dates = panel.getByTestId('alternatives-dates').getByTestId('alternative');
    const expectedDates = plan.alternatives.nearestDates.reduce((n, d) => n + d.times.length, 0);
    expect(await dates.count()).toBe(expectedDates);
    const offers = panel.getByTestId('alternatives-offers').getByTestId('alternative');
    expect(await offers.count()).toBe(plan.alternatives.otherOffers.reduce((n, o) => n + o.times.length, 0));

    // one click on the first date after: that date and time are chosen, and "Book now" is next
    const after = plan.alternatives.nearestDates.find((d) => d.date > plan.date);
    const afterIndex = plan.alternatives.nearestDates
      .filter((d) => d.date < plan.date)
      .reduce((n, d) => n + d.times.length, 0);
    await dates.nth(afterIndex).click();
    await page.waitForURL((url) => url.searchParams.get('date') === after?.date);
    const chosenTime = after?.times[0]?.time ?? null;
    expect(new URL(page.url()).searchParams.get('time')).toBe(chosenTime);
    expect(new URL(page.url()).searchParams.get('offer')).toBe(String(plan.offerId));
    const book = page.getByTestId('book-button');
    await page.waitForFunction(() => {
      const button = document.querySelector('[data-testid="book-button"]');
      return button?.tagName === 'A' && button.getAttribute('href')?.startsWith('/checkout');
    });
    expect(await book.getAttribute('href')).toContain(`date=${after?.date}`);
    expect(await panel.getByTestId('sold-out-message').count()).toBe(0);

    // back to the sold-out date: notify me, and the page says so (also after a reload)
    await page.goto(tourUrl(plan));
    await panel.getByTestId('notify-me').click();
    await panel.getByTestId('notify-subscribed').waitFor();
    expect(await panel.getByTestId('notify-subscribed').textContent()).toContain('We will e-mail you once');
    await page.reload();
    await panel.getByTestId('notify-subscribed').waitFor();
    expect(await panel.getByTestId('notify-me').count()).toBe(0);

    // changed their mind: stop notifying, and the offer to be notified is back (also after a reload)
    await panel.getByTestId('notify-stop').click();
    await panel.getByTestId('notify-me').waitFor();
    await page.reload();
    await panel.getByTestId('notify-me').waitFor();
    expect(await panel.getByTestId('notify-subscribed').count()).toBe(0);
    await context.close();
  });

  // Defect 15: "1 of 1 times available · on request" said it badly; the status now says what is available and what is
  // on request, in words
  it('[CATALOGUE][OFFER-STATUS]: an on-request option says so in a sentence, in English and Russian', async () => {
    const { page, context } = await portal().newPage({ width: 1280 });
    await logIn(page);
    const cards = await apiGet<TourCard[]>(page, '/b2b/tours?language=en&currencyCode=aed');
    let found: { tour: TourDetails; offerId: number; date: string; open: number } | null = null;
    for (const card of cards) {
      const tour = await apiGet<TourDetails>(page, `/b2b/tours/${card.id}?language=en&currencyCode=aed`);
      const date = addDays(tour.today, 3);
      const rows = await apiGet<AvailabilityRow[]>(
        page,
        `/b2b/availability/ByTour?id=${tour.id}&from=${date}&to=${date}`,
      );
      const offer = tour.offers.find(
        (o) =>
          !o.isInstant &&
          o.availabilityType === 'timeslots' &&
          rows.some((r) => r.offerId === o.id) &&
          rows.filter((r) => r.offerId === o.id).every((r) => !r.isSoldOut),
      );
      if (offer) {
        found = { tour, offerId: offer.id, date, open: rows.filter((r) => r.offerId === offer.id).length };
        break;
      }
    }
    if (!found) throw new Error('the demo catalogue has no on-request timeslot option');
    await page.goto(`${portal().url()}/tour?id=${found.tour.id}&date=${found.date}`);
    const status = page
      .locator(`[data-testid="offer"][data-offer-id="${found.offerId}"]`)
      .getByText(/available|Свобод/)
      .first();
    await status.waitFor();
    expect(await status.textContent()).toBe(
      found.open === 1 ? '1 time available, on request only' : `${found.open} times available, all on request`,
    );
    await page.getByRole('button', { name: 'Русский' }).click();
    await page.getByRole('heading', { name: 'Варианты билетов' }).waitFor();
    expect(await status.textContent()).toMatch(/^Свобод(ен|но) \d+ сеанс(а|ов)?, (только|все) под запрос$/);
    await context.close();
  });
});
