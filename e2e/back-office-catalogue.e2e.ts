import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addDays,
  stockBelowTakenMessage,
  type AdminSlotsResponse,
  type AdminTour,
  type BookingView,
} from '@portal/contract';
import { formatDisplayDate } from '@portal/contract/plain';
import { LAYOUTS, portalForFile, noSideScroll, settledScreenshot } from './support/portal.ts';
import { ADMIN, OPERATOR, agentSessions } from './support/session.ts';
import { GUEST, fillGuest } from './support/booking-slots.ts';

// Issue 12, the catalogue: the tours company builds a tour in the browser — texts, an option, prices and a week of
// time slots — and an agent finds it at once, sees the net price and books it; the operator then sees the seats
// sold and left, and cannot set a slot's stock below what is sold.
const portal = portalForFile();
const { api, openAs } = agentSessions(portal);

const dubaiToday = () => new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);

const openOperator = (width = 1280, host = 'localhost') => openAs(OPERATOR, { width, host });

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: `${label} *`, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('[BACK-OFFICE][CATALOGUE] a tour built in the browser is on sale at once', () => {
  const title = `Hatta Kayak Sunrise ${Date.now().toString(36)}`;
  const today = dubaiToday();
  const travelDate = addDays(today, 3);
  let tourId = 0;
  let offerId = 0;

  it('[BACK-OFFICE][CATALOGUE][CREATE]: tour texts in two languages, an option, prices and a week of slots', async () => {
    const { page, context, go } = await openOperator();
    await go('/admin/tours');
    await page.getByTestId('tours-page').waitFor();
    await page.getByRole('link', { name: 'New tour' }).click();
    await page.getByTestId('tour-form').waitFor();

    // nothing filled: the server's messages under the fields, and no tour made
    await page.getByTestId('save-tour').click();
    await page.getByText('Choose one of the cities').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/tours/new');

    await pick(page, 'City', 'Dubai');
    await page.getByRole('combobox', { name: 'Categories *', exact: true }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    const form = page.getByTestId('tour-form');
    const texts = form.getByRole('tabpanel');
    await texts.getByLabel('Title', { exact: true }).fill(title);
    await texts.getByLabel('Summary', { exact: true }).fill('Paddle the Hatta dam lake at first light.');
    await texts
      .getByLabel('Description', { exact: true })
      .fill('A guided kayak tour on the turquoise Hatta dam lake, with breakfast by the water.');
    await texts.getByLabel('What is included', { exact: true }).fill('Kayak and paddle\nLife jacket\nBreakfast');
    // the address is offered from the English title
    const address = form.getByRole('textbox', { name: 'Address *', exact: true });
    await address.focus();
    await expect.poll(() => address.inputValue()).toBe(title.toLowerCase().replaceAll(' ', '-'));
    await page.getByTestId('texts-ru').click();
    await texts.getByLabel('Title', { exact: true }).fill(`Каяки в Хатте на рассвете ${Date.now().toString(36)}`);
    await texts.getByLabel('Summary', { exact: true }).fill('Каяки на озере Хатта на рассвете.');
    await texts
      .getByLabel('Description', { exact: true })
      .fill('Прогулка на каяках по озеру плотины Хатта с завтраком.');
    await page.getByTestId('save-tour').click();
    await page.waitForURL((url) => /^\/admin\/tours\/\d+$/.test(url.pathname));
    tourId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('tour-offers').getByText('No options yet: agents cannot book this tour.').waitFor();
    await page.getByTestId('tour-history').getByText('Tour created').waitFor();
    await page.getByTestId('tour-history').getByText('Title (RU)').waitFor();

    // an option: per person, 10:00 and 15:00, 8 seats a slot
    await page.getByTestId('add-offer').click();
    const offerForm = page.getByTestId('offer-form');
    await offerForm.getByLabel('Name (English)').fill('Sunrise kayak, 2 hours');
    await offerForm.getByLabel('Name (Russian)').fill('Каяк на рассвете, 2 часа');
    const times = offerForm.getByRole('combobox', { name: 'Start times *', exact: true });
    await times.fill('10:00');
    await times.press('Enter');
    await times.fill('15:00');
    await times.press('Enter');
    await offerForm.getByRole('textbox', { name: 'Stock per slot' }).fill('8');
    await page.getByTestId('save-offer').click();
    const prices = page.getByTestId('prices-form');
    await prices.waitFor();

    // prices: the adult pair is required; then net 150.00 and recommended 210.00 per adult, 90 / 130 per child
    await page.getByTestId('save-prices').click();
    await prices.getByText('Enter the net and recommended adult prices').waitFor();
    await prices.getByRole('textbox', { name: 'Net adult' }).fill('150');
    await prices.getByRole('textbox', { name: 'Recommended adult' }).fill('210');
    await prices.getByRole('textbox', { name: 'Net child' }).fill('90');
    await prices.getByRole('textbox', { name: 'Recommended child' }).fill('130');
    await page.getByTestId('save-prices').click();
    await page.getByText('Prices saved').waitFor();
    await page.keyboard.press('Escape');
    const row = page.getByTestId('offer-row');
    await row.getByText(/1 price period/).waitFor();

    const tour = await api<AdminTour>(OPERATOR, `/admin/tours/${tourId}`);
    expect(tour.offers).toHaveLength(1);
    expect(tour.offers[0]?.startTimes).toEqual(['10:00', '15:00']);
    offerId = tour.offers[0]?.id ?? 0;

    // a week of slots from tomorrow
    await row.getByTestId('offer-slots-link').click();
    await page.getByTestId('slots-page').waitFor();
    // SPEC §9: dates are typed DD.MM.YYYY and shown 'dd MMM, yy', whatever the browser's locale
    const typed = (date: string) => date.split('-').reverse().join('.');
    await page.getByTestId('generator-from').fill(typed(addDays(today, 1)));
    await page.getByTestId('generator-to').fill(typed(addDays(today, 7)));
    await page.getByTestId('generator-to').blur();
    expect(await page.getByTestId('generator-from').inputValue()).toBe(formatDisplayDate(addDays(today, 1), 'en'));
    await page.getByTestId('generate-slots').click();
    await page.getByText('14 slots added, 0 kept').waitFor();
    const slots = await api<AdminSlotsResponse>(
      OPERATOR,
      `/admin/offers/${offerId}/slots?from=${addDays(today, 1)}&to=${addDays(today, 7)}`,
    );
    expect(slots.slots).toHaveLength(14);
    expect(slots.slots.every((s) => s.capacity === 8 && s.left === 8)).toBe(true);
    await context.close();
  });

  it('[BACK-OFFICE][CATALOGUE][SALE]: an agent finds it, sees the net price, books it; the operator sees seats left', async () => {
    expect(offerId).toBeGreaterThan(0);
    const agent = await openAs(ADMIN);
    await agent.go(`/city?q=${encodeURIComponent(title)}`);
    await agent.page.getByTestId('tour-card').filter({ hasText: title }).click();
    await agent.page.waitForURL((url) => url.pathname === '/tour' || url.pathname.startsWith('/tours/'));
    await agent.go(`/tour?id=${tourId}&offer=${offerId}&date=${travelDate}&time=10:00&adults=2`);
    const prices = agent.page.getByTestId(`offer-${offerId}-prices`);
    await prices.getByText('150.00').waitFor();
    await prices.getByText('210.00').waitFor();
    await agent.page.getByTestId('book-button').click();
    await agent.page.getByRole('heading', { name: 'Guest details' }).waitFor();
    await fillGuest(agent.page, { guest: { ...GUEST, phone: '+971501234567', hotel: 'Hatta Fort Hotel', room: '12' } });
    await agent.page.getByTestId('checkout-submit').click();
    await agent.page.getByTestId('confirmation-completed').waitFor({ timeout: 30_000 });
    const bookingId = new URL(agent.page.url()).searchParams.get('booking') ?? '';
    const booking = await api<BookingView>(ADMIN, `/b2b/bookings/${bookingId}`);
    expect(booking.amounts.netTotal).toBe(300);
    await agent.context.close();

    // the operator finds the booking among every agency's, then the calendar: 2 sold, 6 left on that slot
    const { page, context, go } = await openOperator();
    await go('/admin/bookings');
    await page.getByTestId('bookings-search').fill(booking.reference);
    const row = page.locator(`[data-testid="admin-booking-row"][data-reference="${booking.reference}"]`);
    await row.getByText(title).first().waitFor();
    await go(`/admin/offers/${offerId}/slots`);
    await page.getByTestId('slots-page').waitFor();
    const slot = page.locator(`[data-testid="slot"][data-date="${travelDate}"][data-time="10:00"]`);
    if ((await slot.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
    await slot.getByTestId('slot-seats').getByText('2 sold · 0 held · 6 left of 8').waitFor();
    await page
      .locator(`[data-testid="slot"][data-date="${travelDate}"][data-time="15:00"]`)
      .getByText('0 sold · 0 held · 8 left of 8')
      .waitFor();

    // stock below what is sold: refused with the message, nothing changed
    await slot.click();
    await page.getByTestId('bulk-capacity').fill('1');
    await page.getByTestId('bulk-set-stock').click();
    await page
      .getByTestId('slots-error')
      .getByText(stockBelowTakenMessage(2, `${travelDate} 10:00`))
      .waitFor();
    const after = await api<AdminSlotsResponse>(
      OPERATOR,
      `/admin/offers/${offerId}/slots?from=${travelDate}&to=${travelDate}`,
    );
    expect(after.slots.find((s) => s.time === '10:00')).toMatchObject({ capacity: 8, left: 6 });

    // a stock of 5 (above the 2 sold) is taken: 3 left
    await page.getByTestId('bulk-capacity').fill('5');
    await page.getByTestId('bulk-set-stock').click();
    await slot.getByTestId('slot-seats').getByText('2 sold · 0 held · 3 left of 5').waitFor();
    // the change is on the option's page, as one entry: who, what, before and after
    const history = page.getByTestId('offer-history');
    await history.getByText('Stock changed').waitFor();
    await history.getByText(`${travelDate} 10:00: Stock`).waitFor();
    expect(await history.getByText('Stock changed').count()).toBe(1);
    await context.close();
  });

  it('[BACK-OFFICE][CATALOGUE][SCREENS]: the tour editor and the slot calendar at 1280 and 390 px, English and Russian', async () => {
    expect(offerId).toBeGreaterThan(0);
    for (const [width, language] of LAYOUTS) {
      const { page, context, go } = await openOperator(width, language === 'ru' ? 'ru.localhost' : 'localhost');
      await go(`/admin/tours/${tourId}`);
      await page.getByTestId('tour-offers').getByTestId('offer-row').waitFor();
      expect(await noSideScroll(page)).toBe(true);
      await settledScreenshot(page, `back-office-tour-editor-${width}-${language}`);
      await go(`/admin/offers/${offerId}/slots`);
      // the slots start tomorrow: on a month's last day they are all in the next month's calendar
      await page.getByTestId('slots-month').waitFor();
      if (addDays(today, 1).slice(0, 7) !== today.slice(0, 7)) await page.getByTestId('slots-next-month').click();
      await page.getByTestId('slots-page').getByTestId('slot').first().waitFor();
      expect(await noSideScroll(page)).toBe(true);
      await settledScreenshot(page, `back-office-slots-${width}-${language}`);
      await context.close();
    }
  });
});
