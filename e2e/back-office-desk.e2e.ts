import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  AdminBookingDetail,
  BalanceResponse,
  BookingView,
  CancellationPreview,
  CreateBookingResponse,
  TopUpView,
} from '@portal/contract';
import { LAYOUTS, screenshot, portalForFile } from './support/portal.ts';
import { ADMIN, OPERATOR, agentSessions, paySandboxCharge } from './support/session.ts';
import {
  beforeCutOff,
  bookable,
  bookingSlots,
  instantPerPerson,
  requestPerPerson,
  type Slot,
} from './support/booking-slots.ts';
import { toMinor, roundToCents } from '@portal/contract';
import { animationsDone } from './support/settle.ts';

// Issue 12 items 4, 5 and 6 from the browser: the operator answers a quotation request that the agent then pays,
// confirms a declared bank transfer (credited once), and cancels a booking on the agency's behalf with another fee.
const portal = portalForFile();
const { api, call, openAs } = agentSessions(portal);
const { findSlot, bookViaApi } = bookingSlots(api);

const balanceOf = () => api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed');

async function operatorPage(width = 1280, language: 'en' | 'ru' = 'en') {
  const opened = await openAs(OPERATOR, { width });
  if (language === 'ru') await opened.context.addInitScript(() => localStorage.setItem('language', 'ru'));
  return opened;
}

async function sendRequest(notes: string): Promise<BookingView> {
  const slot = await findSlot(ADMIN, 'aed', requestPerPerson, beforeCutOff);
  const booking = await bookViaApi(ADMIN, slot, { notes });
  expect(booking.status).toBe('request');
  return booking;
}

async function declareTransfer(amount: number, bankReference: string): Promise<TopUpView> {
  return api<TopUpView>(ADMIN, '/b2b/balance/topup', {
    method: 'POST',
    body: {
      method: 'bank_transfer',
      amount,
      currencyCode: 'aed',
      transferDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date()),
      bankReference,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  });
}

let instantSlot: Slot | null = null;
async function balanceBooking(): Promise<BookingView> {
  instantSlot ??= await findSlot(ADMIN, 'aed', instantPerPerson(false), bookable, [6, 7, 8]);
  const booking = await bookViaApi(ADMIN, instantSlot);
  expect(booking.status).toBe('completed');
  return booking;
}

const requestRow = (page: Page, reference: string) =>
  page.locator(`[data-testid="request-row"][data-reference="${reference}"]`);

describe('[DESK][REQUESTS] the operator answers a quotation request in the inbox', () => {
  it('[DESK][REQUESTS]: the agent asks, the operator quotes in the UI, the agent pays it; another is declined with a reason', async () => {
    const request = await sendRequest('Two guests are vegetarian');
    const other = await sendRequest('Can we start at sunrise?');
    const { page, context, go } = await operatorPage();
    await go('/admin/requests');
    await page.getByTestId('requests-page').waitFor();
    // open requests come first
    await requestRow(page, request.reference).waitFor();
    const statuses = await page
      .getByTestId('request-row')
      .locator('[data-status]')
      .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-status')));
    const firstClosed = statuses.findIndex((s) => s !== 'request' && s !== 'payment_required');
    if (firstClosed >= 0) expect(statuses.slice(firstClosed).every((s) => s !== 'request')).toBe(true);

    await requestRow(page, request.reference).getByRole('button', { name: request.reference }).click();
    const detail = page.getByTestId('request-detail');
    await detail.waitFor();
    await detail.getByText('Two guests are vegetarian').waitFor();
    await detail.getByRole('heading', { name: request.tour.title }).waitFor();
    await detail.getByRole('button', { name: 'Quote', exact: true }).click();
    const form = page.getByTestId('quote-form');
    const amount = form.getByLabel('Net total for the agency');
    await amount.fill('');
    await form.getByRole('button', { name: 'Send the quote' }).click();
    // the amount's error under its field, nothing sent
    await form.getByText('This field is required').waitFor();
    expect((await api<BookingView>(ADMIN, `/b2b/bookings/${request.id}`)).status).toBe('request');
    const quoted = roundToCents(request.amounts.netTotal + 40);
    await amount.fill(String(quoted));
    await form.getByLabel('Valid for (hours)').fill('24');
    await form.getByLabel('Note to the agent (optional)').fill('Private guide included');
    await form.getByRole('button', { name: 'Send the quote' }).click();
    await form.waitFor({ state: 'hidden' });
    await detail.getByTestId('request-quote').waitFor();
    expect(await api<BookingView>(ADMIN, `/b2b/bookings/${request.id}`)).toMatchObject({
      status: 'payment_required',
      quote: { netTotal: quoted, note: 'Private guide included' },
    });

    // the agent pays the quote from the balance: the balance falls by the quote, once
    const before = await balanceOf();
    const paid = await api<CreateBookingResponse>(ADMIN, `/b2b/bookings/${request.id}/pay`, {
      method: 'POST',
      body: { paymentMethod: 'balance' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(paid.booking).toMatchObject({ status: 'completed', amounts: { netTotal: quoted } });
    expect(toMinor(before.available - (await balanceOf()).available)).toBe(toMinor(quoted));

    // the other request is declined: the reason is required
    await page.keyboard.press('Escape');
    await requestRow(page, other.reference).getByRole('button', { name: other.reference }).click();
    await detail.getByText('Can we start at sunrise?').waitFor();
    await detail.getByRole('button', { name: 'Decline', exact: true }).click();
    const decline = page.getByTestId('decline-form');
    await decline.getByRole('button', { name: 'Decline', exact: true }).click();
    await decline.getByText('This field is required').waitFor();
    await decline.getByLabel('Reason').fill('No guide is free that morning');
    await decline.getByRole('button', { name: 'Decline', exact: true }).click();
    await decline.waitFor({ state: 'hidden' });
    expect(await api<BookingView>(ADMIN, `/b2b/bookings/${other.id}`)).toMatchObject({
      status: 'cancelled',
      declineReason: 'No guide is free that morning',
    });
    await context.close();
  });
});

describe('[DESK][MONEY] the operator confirms a declared bank transfer once', () => {
  it('[DESK][MONEY]: confirmed in the UI, the balance rises by the amount exactly once; a repeat is refused', async () => {
    const transfer = await declareTransfer(1234.5, `FT-DESK-${Date.now()}`);
    const before = await balanceOf();
    const { page, context, go } = await operatorPage();
    await go('/admin/money');
    const row = page.locator(`[data-testid="transfer-row"][data-reference="${transfer.reference}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByTestId('confirm-transfer');
    await dialog.getByText(transfer.reference, { exact: false }).waitFor();
    const credit = dialog.getByRole('button', { name: 'Credit the balance' });
    // a double click sends one decision: the button is disabled while it is on its way
    await credit.dblclick();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    const after = await balanceOf();
    expect(toMinor(after.balance - before.balance)).toBe(123_450);
    const again = await call(OPERATOR, `/admin/topups/${transfer.id}/confirm`, { method: 'POST' });
    expect(again.status).toBe(422);
    expect(toMinor((await balanceOf()).balance - before.balance)).toBe(123_450);
    // the credited transfer is listed under Credited
    await page.getByText('Credited', { exact: true }).first().click();
    await row.waitFor();
    await context.close();
  });
});

describe("[DESK][CANCEL] the operator cancels a booking on the agency's behalf with another fee", () => {
  it('[DESK][CANCEL]: found by its reference, the policy preview shown, a 25 AED fee with a reason; refunded once', async () => {
    const booking = await balanceBooking();
    const before = await balanceOf();
    const agencyPreview = await api<CancellationPreview>(ADMIN, `/b2b/bookings/${booking.id}/cancellation`);
    const { page, context, go } = await operatorPage();
    await go('/admin/bookings');
    await page.getByTestId('admin-bookings-page').waitFor();
    await page.getByTestId('bookings-search').fill(booking.reference);
    const row = page.locator(`[data-testid="admin-booking-row"][data-reference="${booking.reference}"]`);
    await row.waitFor();
    await page.waitForURL((url) => url.searchParams.get('search') === booking.reference);
    await expect.poll(() => page.getByTestId('admin-booking-row').count()).toBe(1);
    await row.getByRole('link', { name: booking.reference }).click();
    await page.getByTestId('admin-booking-page').waitFor();
    await page.getByRole('button', { name: 'Cancel for the agency' }).click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.getByTestId('cancel-preview').waitFor();
    expect(await dialog.getByTestId('preview-fee').getAttribute('data-amount')).toBe(
      agencyPreview.cancellationFee.toFixed(2),
    );
    await dialog.getByTestId('override-fee').click();
    await dialog.getByTestId('fee-input').fill('25');
    await dialog.getByRole('button', { name: 'Cancel the booking' }).click();
    // the reason is required with another fee: shown under its field, nothing cancelled
    await dialog.getByText('Say why the fee differs from the policy').waitFor();
    expect((await api<BookingView>(ADMIN, `/b2b/bookings/${booking.id}`)).status).toBe('completed');
    await dialog.getByTestId('cancel-reason').fill('The guest was stuck at the airport');
    await dialog.getByRole('button', { name: 'Cancel the booking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('cancelled-summary').waitFor();
    await page.locator('[data-testid="history-entry"][data-action="booking.cancelled"]').waitFor();

    const cancelled = await api<BookingView>(ADMIN, `/b2b/bookings/${booking.id}`);
    const refund = booking.amounts.netTotal - 25;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellationFee: 25, refundAmount: refund });
    expect(toMinor((await balanceOf()).balance - before.balance)).toBe(toMinor(refund));
    const again = await call(OPERATOR, `/admin/bookings/${booking.id}/cancel`, {
      method: 'POST',
      body: { feeOverride: 0, reason: 'again' },
    });
    expect(again.status).toBe(422);
    expect(toMinor((await balanceOf()).balance - before.balance)).toBe(toMinor(refund));
    await context.close();
  });
});

describe('[DESK][SCREENS] the requests inbox, the money page and a booking, on a desktop and a phone', () => {
  let bookingId = '';
  let openBookingId = '';
  beforeAll(async () => {
    openBookingId = (await balanceBooking()).id;
    await sendRequest('Please add a child seat');
    await declareTransfer(500, 'FT-SCREENS-500');
    // a card booking refunded on the agency's behalf, so the money page and the booking show a card and a refund
    const slot = instantSlot ?? (await findSlot(ADMIN, 'aed', instantPerPerson(false), bookable, [6, 7, 8]));
    const booking = await bookViaApi(ADMIN, slot, { card: true });
    await paySandboxCharge(portal(), booking);
    await api<BookingView>(OPERATOR, `/admin/bookings/${booking.id}/cancel`, {
      method: 'POST',
      body: { feeOverride: 1000, reason: 'Weather warning; the supplier kept part of the price' },
    });
    const detail = await api<AdminBookingDetail>(OPERATOR, `/admin/bookings/${booking.id}`);
    expect(detail.payments[0]?.refund.state).toBe('refunded');
    bookingId = booking.id;
  });

  it.each(LAYOUTS)('[DESK][SCREENS]: %i px in %s', async (width, language) => {
    const { page, context, go } = await operatorPage(width, language);
    await go('/admin/requests');
    await page.getByTestId('request-row').first().waitFor();
    await screenshot(page, `desk-requests-${width}-${language}`);
    await page.getByTestId('request-row').first().click();
    await page.getByTestId('request-detail').waitFor();
    await animationsDone(page.getByTestId('request-detail'));
    await screenshot(page, `desk-request-detail-${width}-${language}`);

    await go('/admin/money');
    await page.getByTestId('transfer-row').first().waitFor();
    await screenshot(page, `desk-money-${width}-${language}`);
    await go('/admin/money?tab=cards&view=refunds');
    await page.getByTestId('payment-row').first().waitFor();
    await screenshot(page, `desk-money-cards-${width}-${language}`);

    await go('/admin/bookings');
    await page.getByTestId('admin-booking-row').first().waitFor();
    await screenshot(page, `desk-bookings-${width}-${language}`);
    await go(`/admin/bookings/${bookingId}`);
    await page.getByTestId('booking-history').waitFor();
    await page.getByTestId('payment-row').first().waitFor();
    await screenshot(page, `desk-booking-${width}-${language}`);

    // the cancel dialog of a paid booking: the policy's preview and another fee
    await go(`/admin/bookings/${openBookingId}`);
    await page
      .getByRole('button', { name: language === 'en' ? 'Cancel for the agency' : 'Отменить за агентство' })
      .click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.getByTestId('cancel-preview').waitFor();
    await dialog.getByTestId('override-fee').click();
    await dialog.getByTestId('fee-input').fill('20');
    await animationsDone(dialog);
    await screenshot(page, `desk-cancel-dialog-${width}-${language}`);
    await context.close();
  });
});
