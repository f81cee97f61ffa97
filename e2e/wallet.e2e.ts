import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BalanceResponse, BookingView, TopUpView } from '@portal/contract';
import { portalForFile, noSideScroll } from './support/portal.ts';
import { ADMIN, RU_ADMIN, agentSessions } from './support/session.ts';
import { bookable, bookingSlots, instantPerPerson } from './support/booking-slots.ts';
import { toMinor } from '@portal/contract';

// SPEC §8, wallet payments, on the sandbox's hosted pay page (the default provider): "Pay with test wallet" opens a
// sheet asking the payer's name and e-mail. Closed, or sent without them, it says 'Please enter your personal
// information to complete the booking' and nothing changes; completed, the booking or top-up is paid as by a card.
const SHOTS = '/tmp/wallet-shots';
const PERSONAL = 'Please enter your personal information to complete the booking';
const PERSONAL_RU = 'Пожалуйста, укажите личные данные, чтобы завершить бронирование';

const portal = portalForFile();
const { api, openAs } = agentSessions(portal);
const { findSlot, bookViaApi } = bookingSlots(api);

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

// what the payer sees: the viewport (the sheet is over it), or the whole page
async function shoot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

const sheet = (page: Page) => page.getByRole('dialog');
const alertText = async (page: Page) => ((await page.getByRole('alert').textContent()) ?? '').trim();

describe('[WALLET] the test wallet on the sandbox pay page', () => {
  it('[WALLET][BOOKING]: the sheet closed says the SPEC message and pays nothing; sent without details, the same; completed, the booking is paid once', async () => {
    const slot = await findSlot(ADMIN, 'aed', instantPerPerson(false), bookable);
    const booking = await bookViaApi(ADMIN, slot, { card: true });
    const payUrl = booking.payment?.redirectUrl ?? '';
    expect(payUrl).toContain('/api/payments/sandbox/pay/');
    const { page, context } = await openAs(ADMIN, { width: 1280 });
    await page.goto(payUrl);
    const walletButton = page.getByRole('button', { name: 'Pay with test wallet' });
    await walletButton.waitFor();
    await shoot(page, 'pay-page-1280-en', true);

    await walletButton.click();
    await sheet(page).getByRole('heading', { name: 'Test wallet' }).waitFor();
    await sheet(page).getByText('Visa •••• 4242').waitFor();
    await shoot(page, 'wallet-sheet-1280-en');

    await sheet(page).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('alert').waitFor();
    expect(await alertText(page)).toBe(PERSONAL);
    expect(await sheet(page).count()).toBe(0);
    await shoot(page, 'wallet-dismissed-1280-en');
    expect((await api<BookingView>(ADMIN, `/b2b/bookings/${booking.id}`)).payment).toMatchObject({
      status: 'pending',
    });

    // sent with an e-mail only: the sheet stays, says the same, and keeps what was typed
    await walletButton.click();
    await sheet(page).getByLabel('E-mail').fill('layla@desertrose.test');
    await sheet(page).getByRole('button', { name: /^Pay / }).click();
    await sheet(page).getByRole('alert').waitFor();
    expect(await alertText(page)).toBe(PERSONAL);
    expect(await sheet(page).getByLabel('E-mail').inputValue()).toBe('layla@desertrose.test');
    await shoot(page, 'wallet-incomplete-1280-en');

    await sheet(page).getByLabel('Full name').fill('Layla Haddad');
    await sheet(page).getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.has('payment'));
    await page.getByTestId('confirmation-completed').waitFor({ timeout: 30_000 });
    const paid = await api<BookingView>(ADMIN, `/b2b/bookings/${booking.id}`);
    expect(paid).toMatchObject({ status: 'completed', paymentMethod: 'card', payment: { status: 'succeeded' } });

    // the pay page now says it is paid, with no wallet or card to pay again
    await page.goto(payUrl);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pay with test wallet' }).count()).toBe(0);
    await context.close();
  });

  it('[WALLET][TOP-UP]: a card top-up closed in the wallet credits nothing; completed, exactly the amount once', async () => {
    const before = await api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed');
    const { page, context, go } = await openAs(ADMIN);
    await go('/top-up');
    await page.getByLabel('Amount to top up', { exact: true }).fill('700');
    await page.locator('[data-testid="fee-breakdown"][data-stale="false"]').waitFor();
    await page.getByTestId('pay-top-up').and(page.locator(':enabled')).click();
    const walletButton = page.getByRole('button', { name: 'Pay with test wallet' });
    await walletButton.click();
    await sheet(page).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('alert').getByText(PERSONAL, { exact: true }).waitFor();
    expect((await api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed')).balance).toBe(before.balance);

    await walletButton.click();
    await sheet(page).getByLabel('Full name').fill('Layla Haddad');
    await sheet(page).getByLabel('E-mail').fill('layla@desertrose.test');
    await sheet(page).getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/top-up' && url.searchParams.has('topUp'));
    await page.getByTestId('top-up-credited').waitFor({ timeout: 30_000 });
    const topUpId = new URL(page.url()).searchParams.get('topUp') ?? '';
    expect(await api<TopUpView>(ADMIN, `/b2b/balance/topups/${topUpId}`)).toMatchObject({
      status: 'credited',
      method: 'card',
      amount: 700,
    });
    const after = await api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed');
    expect(toMinor(after.balance - before.balance)).toBe(70_000);
    await context.close();
  });

  it('[WALLET][LAYOUT]: at 390 px in Russian the wallet button, its sheet, the closed message and the empty card form', async () => {
    const slot = await findSlot(RU_ADMIN, 'usd', instantPerPerson(false), bookable);
    const booking = await bookViaApi(RU_ADMIN, slot, { card: true });
    const { page, context } = await openAs(RU_ADMIN, { width: 390, host: 'ru.localhost' });
    await page.goto(booking.payment?.redirectUrl ?? '');
    const walletButton = page.getByRole('button', { name: 'Оплатить тестовым кошельком' });
    await walletButton.waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shoot(page, 'pay-page-390-ru', true);

    await walletButton.click();
    await sheet(page).getByRole('heading', { name: 'Тестовый кошелёк' }).waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shoot(page, 'wallet-sheet-390-ru');

    await sheet(page).getByRole('button', { name: 'Закрыть' }).click();
    await page.getByRole('alert').waitFor();
    expect(await alertText(page)).toBe(PERSONAL_RU);
    await shoot(page, 'wallet-dismissed-390-ru');

    // the card form sent empty: the server's words, not the browser's bubble
    await page.getByRole('button', { name: /^Оплатить USD / }).click();
    await page.getByRole('alert').getByText('Пожалуйста, введите данные банковской карты', { exact: true }).waitFor();
    await shoot(page, 'card-incomplete-390-ru');
    expect((await api<BookingView>(RU_ADMIN, `/b2b/bookings/${booking.id}`)).payment).toMatchObject({
      status: 'pending',
    });
    await context.close();
  });
});
