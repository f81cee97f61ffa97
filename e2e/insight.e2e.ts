import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIRST_PAGE_ROUTES } from '@portal/contract/plain';
import type { FunnelResponse, UnservedDemandResponse } from '@portal/contract';
import { portalForFile, noSideScroll, settledScreenshot } from './support/portal.ts';
import { ADMIN, OPERATOR, agentSessions } from './support/session.ts';
import {
  bookable,
  bookingSlots,
  fillGuest,
  soldOutDates,
  type SoldOutDate,
  instantPerPerson,
  type Slot,
} from './support/booking-slots.ts';

// Issue 31: an agent's real journey (search, a tour, a sold-out date, checkout, paid from the balance) is what the
// operator's Insight pages then show: that session at every step of the funnel, and the sold-out date among the
// demand not served, with its link to the slots editor.

const INSIGHT_EVENTS = `/api${FIRST_PAGE_ROUTES.insightEvents.path}`;
const portal = portalForFile({ REPLAY_SAMPLE_RATE: '1' });
const { api, openAs } = agentSessions(portal);
const { findSlot } = bookingSlots(api);

// a sold-out date 3 to 45 days ahead
async function findSoldOutDate(): Promise<SoldOutDate> {
  for await (const soldOut of soldOutDates((path) => api(ADMIN, path), 3, 45)) return soldOut;
  throw new Error('the demo catalogue has no sold-out date');
}

const tourPath = (tourId: number, offerId: number, date: string, time: string | null, adults = 2) => {
  const query = new URLSearchParams({ id: String(tourId), offer: String(offerId), date, adults: String(adults) });
  if (time) query.set('time', time);
  return `/tour?${query.toString()}`;
};

// The agent's session, from the home page to a paid booking
async function agentJourney(slot: Slot, soldOut: SoldOutDate) {
  const { page, context, go } = await openAs(ADMIN);
  // every batch the page sends, whenever it goes (a timer, 20 events, or the page being left)
  const batches: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(INSIGHT_EVENTS)) batches.push(request.postData() ?? '');
  });
  await go('/');
  await go(`/city?q=${encodeURIComponent(slot.tour.title)}`);
  await page.locator(`a[href^="/tour?id=${slot.tour.id}"]`).first().click();
  await page.waitForURL((url) => url.pathname === '/tour' && url.searchParams.get('id') === String(slot.tour.id));
  // a sold-out date first: demand the tours company did not serve, recorded once the choice has settled and sent
  // with the page's next batch
  const askSent = page.waitForRequest(
    (request) => request.url().endsWith(INSIGHT_EVENTS) && (request.postData() ?? '').includes('"sold_out"'),
  );
  await go(tourPath(soldOut.tour.id, soldOut.offerId, soldOut.date, soldOut.time));
  await page.getByTestId('booking-panel').getByTestId('sold-out-message').waitFor();
  await askSent;
  await go(tourPath(slot.tour.id, slot.offer.id, slot.date, slot.time, 1));
  await page.getByTestId('book-button').click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  await fillGuest(page);
  await page.getByTestId('checkout-submit').click();
  await page.getByTestId('confirmation-completed').waitFor({ timeout: 30_000 });
  // leaving the page sends what is still queued (sendBeacon): the browser closed at once could drop it, and with it the
  // checkout's step (the funnel's later steps count only sessions that took it)
  await go('/bookings');
  await expect.poll(() => batches.some((body) => body.includes('"checkout_started"')), { timeout: 20_000 }).toBe(true);
  await context.close();
}

// The day's sessions at each step of the funnel, as the operator's API answers now
async function sessionsPerStepFromApi(today: string) {
  const funnel = await api<FunnelResponse>(OPERATOR, `/admin/insight/funnel?from=${today}&to=${today}`);
  return funnel.steps.map((step) => [step.step, step.sessions]);
}

const sessionsPerStep = (page: Page) =>
  page.getByTestId('funnel-step').evaluateAll((steps) => steps.map((step) => step.getAttribute('data-sessions')));

describe('[INSIGHT] what agents did, as the tours company sees it', () => {
  it('[INSIGHT][FUNNEL]: a search, a tour, a sold-out date and a paid booking show as one session at every step and one date of demand not served', async () => {
    const slot = await findSlot(ADMIN, 'aed', instantPerPerson(false), bookable);
    const soldOut = await findSoldOutDate();
    const today = slot.tour.today;
    await agentJourney(slot, soldOut);

    // asked again until the recorded events have reached the server (the browser sends them in batches)
    await expect
      .poll(() => sessionsPerStepFromApi(today), { timeout: 30_000, interval: 500 })
      .toEqual([
        ['search', 1],
        ['tour_view', 1],
        ['checkout_started', 1],
        ['booking_created', 1],
        ['booking_paid', 1],
      ]);
    const demand = await api<UnservedDemandResponse>(
      OPERATOR,
      `/admin/insight/demand?from=${today}&to=${today}&reason=sold_out`,
    );
    expect(demand.items.map((row) => [row.tourId, row.offerId, row.date])).toContainEqual([
      soldOut.tour.id,
      soldOut.offerId,
      soldOut.date,
    ]);

    const { page, context, go } = await openAs(OPERATOR);
    await go(`/admin/insight?from=${today}&to=${today}`);
    await page.getByTestId('funnel-step').first().waitFor();
    expect(await sessionsPerStep(page)).toEqual(['1', '1', '1', '1', '1']);
    expect(await noSideScroll(page)).toBe(true);
    await settledScreenshot(page, 'insight-funnel-1280-en');
    // the same rows as a file, named after the period
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('insight-export-csv').click()]);
    expect(file.suggestedFilename()).toBe(`insight-funnel-${today}-${today}.csv`);
    expect(
      fs
        .readFileSync(await file.path(), 'utf8')
        .split('\r\n')
        .slice(1, 6),
    ).toEqual([
      'Portal,Search,Sessions,1,,',
      'Portal,Tour view,Sessions,1,1,1',
      'Portal,Checkout,Sessions,1,1,1',
      'Portal,Booked,Sessions,1,1,1',
      'Portal,Paid,Sessions,1,1,1',
    ]);

    // the tabs keep the period; the sold-out date links to its month in the slots editor
    await page.getByTestId('insight-tab-demand').click();
    await page.waitForURL((url) => url.pathname === '/admin/insight/demand' && url.searchParams.get('from') === today);
    const row = page.locator(`[data-testid="demand-row"][data-date="${soldOut.date}"]`).first();
    await row.waitFor();
    await settledScreenshot(page, 'insight-demand-1280-en');
    await page.getByTestId('insight-tab-agencies').click();
    await page.getByTestId('insight-agency-row').first().waitFor();
    await settledScreenshot(page, 'insight-agencies-1280-en');
    await page.getByTestId('insight-tab-sales').click();
    await page.getByTestId('sales-row').first().waitFor();
    await settledScreenshot(page, 'insight-sales-1280-en');

    await page.getByTestId('insight-tab-demand').click();
    await row.getByTestId('demand-slots-link').click();
    await page.waitForURL(
      (url) =>
        url.pathname === `/admin/offers/${soldOut.offerId}/slots` && url.searchParams.get('date') === soldOut.date,
    );
    await page.getByTestId('slots-page').waitFor();
    await context.close();
  });

  // on the journey the test above made (the last 30 days hold it)
  it('[INSIGHT][LAYOUT]: the funnel, the demand and the agencies at 390 px in Russian, without sideways scroll', async () => {
    const { page, context, go } = await openAs(OPERATOR, { width: 390 });
    await go('/admin/insight');
    await page.getByTestId('funnel-step').first().waitFor();
    await page.getByRole('button', { name: 'Русский' }).click();
    await page.getByText('Сессии портала по шагам').waitFor();
    await settledScreenshot(page, 'insight-funnel-390-ru');
    expect(await noSideScroll(page)).toBe(true);
    await page.getByTestId('insight-tab-demand').click();
    await page.getByTestId('demand-row').first().waitFor();
    await settledScreenshot(page, 'insight-demand-390-ru');
    expect(await noSideScroll(page)).toBe(true);
    await page.getByTestId('insight-tab-agencies').click();
    await page.getByTestId('insight-agency-row').first().waitFor();
    await settledScreenshot(page, 'insight-agencies-390-ru');
    expect(await noSideScroll(page)).toBe(true);
    await context.close();
  });
});
