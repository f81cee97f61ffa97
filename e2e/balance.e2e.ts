import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, minorToMajor, monthOf, monthRange, toMinor } from '@portal/contract';
import type {
  AvailabilityRow,
  BalanceResponse,
  CreateBookingBody,
  CreateBookingResponse,
  StatementResponse,
  TopUpFeeResponse,
  TopUpView,
  TourCard,
  TourDetails,
} from '@portal/contract';
import { LAYOUTS, portalForFile, noSideScroll } from './support/portal.ts';
import { ADMIN, JUNIOR, OPERATOR, agencyFor, agentSessions, payOnSandbox, switchToRussian } from './support/session.ts';
import { settled } from './support/settle.ts';

const SHOTS = '/tmp/shots';
const AMOUNT_LABEL = /^(Amount to top up|Сумма пополнения)$/;

const portal = portalForFile();
const { call, api, openAs } = agentSessions(portal);

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

const balanceOf = (email: string, currency: 'aed' | 'usd' = 'aed') =>
  api<BalanceResponse>(email, `/b2b/balance?currencyCode=${currency}`);
const PROOF_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

// full-page screenshots from the top, into /tmp/shots
async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const amountOf = async (scope: Page | Locator, testId: string) =>
  Number(await scope.getByTestId(testId).first().getAttribute('data-amount'));

// The current month in Asia/Dubai, as the statement opens on it
function dubaiMonth(): { from: string; to: string } {
  return monthRange(monthOf(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date())));
}

// A card top-up on /top-up: the fee shown apart for the amount, then the sandbox pay page and back
async function startCardTopUp(page: Page, amount: string) {
  const field = page.getByLabel(AMOUNT_LABEL);
  await field.fill(amount);
  const breakdown = page.locator('[data-testid="fee-breakdown"][data-stale="false"]');
  await breakdown.waitFor();
  await page.getByTestId('pay-top-up').and(page.locator(':enabled')).waitFor();
}

describe('[MONEY][CARD] an admin tops up the balance by card on the sandbox pay page', () => {
  it('[MONEY][CARD]: 1,000 AED by card — the fee is shown apart, the balance rises by exactly 1,000, the statement lists it and downloads as xlsx', async () => {
    const before = await balanceOf(ADMIN);
    const quote = await api<TopUpFeeResponse>(ADMIN, '/b2b/balance/topupfee?amount=1000&type=card&currency=aed');
    expect(quote.fee).toBeGreaterThan(0);
    expect(toMinor(quote.total)).toBe(toMinor(1000 + quote.fee));

    const { page, context, go } = await openAs(ADMIN);
    await go('/top-up');
    await page.getByRole('heading', { level: 1, name: 'Top Up Balance' }).waitFor();
    await startCardTopUp(page, '1000');
    // the fee apart from the amount credited, with its percent; the site's limits under the field
    expect(await amountOf(page, 'fee-amount')).toBe(1000);
    expect(await amountOf(page, 'fee-fee')).toBe(quote.fee);
    expect(await amountOf(page, 'fee-total')).toBe(quote.total);
    expect(await page.getByTestId('fee-percent').textContent()).toBe(`(${quote.feePercent}%)`);
    await page.getByText(/^Minimum AED\s?100\.00 · maximum AED\s?100,000\.00$/).waitFor();
    await page.getByText('Amount credited', { exact: true }).waitFor();
    await page.getByText('Card fee', { exact: false }).first().waitFor();
    await shoot(page, 'top-up-card-1280-en');

    // an amount under the site's minimum: the server's message under the field, no toast
    await page.getByLabel('Amount to top up', { exact: true }).fill('5');
    await page.getByText('The amount is below the minimum top-up').waitFor();
    expect(await page.getByTestId('pay-top-up').isDisabled()).toBe(true);
    await settled(page);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);

    await startCardTopUp(page, '1000');
    await page.getByTestId('pay-top-up').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/top-up'));
    await payOnSandbox(page, '4242 4242 4242 4242', 'Layla Haddad');
    await page.waitForURL((url) => url.pathname === '/top-up' && url.searchParams.has('topUp'));
    await page.getByTestId('top-up-credited').waitFor({ timeout: 30_000 });
    expect(await amountOf(page, 'credited-amount')).toBe(1000);
    await page.getByText('credited to your balance.', { exact: false }).waitFor();

    // the server credited the amount, not the fee
    const after = await balanceOf(ADMIN);
    expect(toMinor(after.balance - before.balance)).toBe(100_000);
    expect(toMinor(after.available - before.available)).toBe(100_000);
    await page.locator(`[data-testid="new-balance"][data-amount="${after.balance.toFixed(2)}"]`).waitFor();
    const topUpId = new URL(page.url()).searchParams.get('topUp') ?? '';
    const topUp = await api<TopUpView>(ADMIN, `/b2b/balance/topups/${topUpId}`);
    expect(topUp).toMatchObject({ status: 'credited', method: 'card', amount: 1000, fee: quote.fee });
    await page.locator(`[data-testid="top-up-row"][data-reference="${topUp.reference}"]`).waitFor();
    await shoot(page, 'top-up-credited-1280-en');

    await go('/balance');
    await page.getByRole('heading', { level: 1, name: 'My Balance' }).waitFor();
    await page.locator(`[data-testid="balance-amount"][data-amount="${after.balance.toFixed(2)}"]`).waitFor();
    expect(await amountOf(page, 'balance-available')).toBe(after.available);

    // the header's "Transactions" opens the statement of this month: the entry and the balance after it
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Transactions' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'transactions');
    const entry = page
      .getByTestId('statement-entry')
      .filter({ has: page.locator('[data-testid="entry-credit"][data-amount="1000.00"]') })
      .filter({ has: page.locator(`[data-testid="entry-balance"][data-amount="${after.balance.toFixed(2)}"]`) });
    await entry.waitFor();
    expect(await entry.getAttribute('data-kind')).toBe('deposit');
    const month = dubaiMonth();
    const statement = await api<StatementResponse>(ADMIN, `/b2b/balance/statement?from=${month.from}&to=${month.to}`);
    expect(await amountOf(page, 'statement-closing')).toBe(statement.closingBalance);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-statement').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${month.from}-${month.to}.xlsx`);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.length).toBeGreaterThan(100);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await context.close();
  });

  it('[MONEY][DECLINED]: a declined card credits nothing — the failure is shown and "Try again" brings the amount back', async () => {
    const before = await balanceOf(ADMIN);
    const { page, context, go } = await openAs(ADMIN);
    await go('/top-up');
    await startCardTopUp(page, '500');
    await page.getByTestId('pay-top-up').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/top-up'));
    await payOnSandbox(page, '4000 0000 0000 0002', 'Layla Haddad');
    await page.waitForURL((url) => url.pathname === '/top-up' && url.searchParams.has('topUp'));
    const failed = page.getByTestId('top-up-failed');
    await failed.waitFor({ timeout: 30_000 });
    await failed.getByText('Payment failed').waitFor();
    await failed.getByText('Nothing was credited to your balance.').waitFor();
    await shoot(page, 'top-up-declined-1280-en');
    expect(await balanceOf(ADMIN)).toEqual(before);
    const topUpId = new URL(page.url()).searchParams.get('topUp') ?? '';
    expect((await api<TopUpView>(ADMIN, `/b2b/balance/topups/${topUpId}`)).status).toBe('failed');

    await page.getByTestId('top-up-try-again').click();
    await page.waitForURL((url) => url.searchParams.get('amount') === '500');
    expect(await page.getByLabel('Amount to top up', { exact: true }).inputValue()).toBe('500');
    await page.locator('[data-testid="fee-breakdown"][data-stale="false"]').waitFor();
    await context.close();
  });
});

// A booking paid from the balance through the API: an instant, per-person offer without pick-up, a few days ahead
async function bookFromBalance(email: string): Promise<CreateBookingResponse['booking']> {
  const cards = await api<TourCard[]>(email, '/b2b/tours?currencyCode=aed');
  for (const card of cards) {
    const tour = await api<TourDetails>(email, `/b2b/tours/${card.id}?currencyCode=aed&language=en`);
    const offers = tour.offers.filter(
      (o) => o.isInstant && o.pricingUnit === 'person' && !o.hasPickUp && o.availabilityType === 'timeslots',
    );
    for (const offer of offers) {
      const date = addDays(tour.today, 6);
      const rows = await api<AvailabilityRow[]>(
        email,
        `/b2b/availability/ByOffer?id=${offer.id}&from=${date}&to=${date}`,
      );
      const slot = rows.find((r) => !r.isSoldOut && r.left >= 1 && !r.isPastCutOff && r.isInstant);
      if (!slot) continue;
      const body: CreateBookingBody = {
        offerId: offer.id,
        date,
        time: slot.time,
        adults: 1,
        guest: {
          name: 'Anna Smith',
          email: 'anna.smith@example.test',
          confirmEmail: 'anna.smith@example.test',
          phone: '+971 50 123 4567',
          hotel: 'Rove Downtown',
          hotelId: null,
          room: '1208',
        },
      };
      const created = await api<CreateBookingResponse>(email, '/b2b/bookings', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': randomUUID() },
      });
      return created.booking;
    }
  }
  throw new Error('no bookable slot in the demo catalogue');
}

describe('[MONEY][BOOKING] a booking paid from the balance is a debit in the statement', () => {
  it('[MONEY][BOOKING]: the debit shows the balance after it and its reference opens the booking', async () => {
    const booking = await bookFromBalance(ADMIN);
    expect(booking.status).toBe('completed');
    const after = await balanceOf(ADMIN);
    const { page, context, go } = await openAs(ADMIN);
    await go('/balance?tab=transactions');
    const entry = page
      .getByTestId('statement-entry')
      .filter({ has: page.getByRole('link', { name: booking.reference, exact: true }) });
    await entry.waitFor();
    expect(await entry.getAttribute('data-kind')).toBe('booking');
    expect(await amountOf(entry, 'entry-debit')).toBe(booking.amounts.netTotal);
    expect(await entry.getByTestId('entry-balance').getAttribute('data-amount')).toBe(after.balance.toFixed(2));
    await entry.getByRole('link', { name: booking.reference, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/bookings/${booking.id}`);
    await page.getByTestId('booking-detail').waitFor();
    await context.close();
  });

  it("[MONEY][INVOICE]: the month's proforma bills what the statement charged; the tax invoice comes on the 3rd", async () => {
    const booking = await bookFromBalance(ADMIN);
    const month = dubaiMonth();
    const statement = await api<StatementResponse>(
      ADMIN,
      `/b2b/balance/statement?from=${month.from}&to=${month.to}&onPage=500`,
    );
    const charged = statement.entries
      .filter((e) => e.kind === 'booking' || e.kind === 'refund')
      .reduce((sum, e) => sum + toMinor(e.debit) - toMinor(e.credit), 0);
    const { page, context, go } = await openAs(ADMIN);
    await go('/balance');
    const row = page.locator(`[data-testid="summary-row"][data-month="${Number(month.from.slice(5, 7))}"]`);
    await row.waitFor();
    // the month is open: its tax invoice comes on the 3rd of the next month, a proforma meanwhile
    await row
      .getByTestId('month-tax-invoice-pending')
      .getByText(/^From \d\d \w{3}, \d\d$/)
      .waitFor();
    const [proforma] = await Promise.all([page.waitForEvent('download'), row.getByTestId('month-proforma').click()]);
    expect(proforma.suggestedFilename()).toBe(`proforma-${month.from.slice(0, 7)}.pdf`);
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(await proforma.path())));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('PROFORMA INVOICE');
    expect(text).toContain(booking.reference);
    const total = minorToMajor(charged).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(text).toContain(`Total (AED) ${total} AED`);

    // the month's report is its statement as a PDF
    const [report] = await Promise.all([page.waitForEvent('download'), row.getByTestId('month-report').click()]);
    expect(report.suggestedFilename()).toBe(`statement-${month.from}-${month.to}.pdf`);
    expect(
      fs
        .readFileSync(await report.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    // and its reconciliation as a spreadsheet
    const [sheet] = await Promise.all([page.waitForEvent('download'), row.getByTestId('month-reconciliation').click()]);
    expect(sheet.suggestedFilename()).toBe(`reconciliation-${month.from.slice(0, 7)}.xlsx`);
    expect(
      fs
        .readFileSync(await sheet.path())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
    await context.close();
  });
});

describe('[MONEY][TRANSFER] a declared bank transfer is credited once the operator confirms it', () => {
  it('[MONEY][TRANSFER]: the admin declares 750 AED beside the deposit details; nothing moves until the operator confirms', async () => {
    const before = await balanceOf(ADMIN);
    const { page, context, go } = await openAs(ADMIN);
    await go('/balance?tab=deposit');
    const details = page.getByTestId('deposit-details');
    await details.getByTestId('deposit-iban-value').waitFor();
    const deposit = await api<{ reference: string; iban: string }>(ADMIN, '/b2b/balance/deposit');
    expect(await details.getByTestId('deposit-reference-value').textContent()).toBe(deposit.reference);
    expect(await details.getByRole('button', { name: /^Copy / }).count()).toBe(5);
    await shoot(page, 'balance-deposit-1280-en');
    await page.getByTestId('declare-transfer-link').click();
    await page.waitForURL((url) => url.pathname === '/top-up' && url.searchParams.get('method') === 'bank_transfer');

    const form = page.getByTestId('bank-transfer-form');
    await page.getByTestId('deposit-details').waitFor();
    await form.getByRole('button', { name: 'Declare the transfer' }).click();
    await form.getByText('Enter the amount to top up').waitFor();
    await form.getByText("Enter the bank's reference of the transfer").waitFor();
    await page.getByLabel('Amount transferred', { exact: true }).fill('750');
    await page.getByLabel('Bank reference', { exact: true }).fill('FT-E2E-750');
    await page.getByLabel('Note (optional)', { exact: true }).fill('Deposit for May');
    // the bank's slip goes with it; a file of another kind is refused before anything is sent
    const proofField = page.getByLabel('Proof of transfer (optional)', { exact: true });
    await proofField.setInputFiles({
      name: 'slip.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await form.getByRole('button', { name: 'Declare the transfer' }).click();
    await form.getByText('Unsupported file format. Allowed formats: PDF, JPG, PNG.').waitFor();
    expect(await page.getByTestId('transfer-declared').count()).toBe(0);
    await proofField.setInputFiles({ name: 'slip.pdf', mimeType: 'application/pdf', buffer: PROOF_PDF });
    await shoot(page, 'top-up-bank-1280-en');
    await form.getByRole('button', { name: 'Declare the transfer' }).click();
    const declared = page.getByTestId('transfer-declared');
    await declared.getByText('Declared: waiting for the tours company to confirm').waitFor();
    const reference = (await declared.getByTestId('declared-reference').textContent()) ?? '';
    await declared.getByText('The proof is attached; the tours company sees it with the transfer.').waitFor();
    await shoot(page, 'top-up-bank-declared-1280-en');
    const row = page.locator(`[data-testid="top-up-row"][data-reference="${reference}"]`);
    await row.getByTestId('top-up-status').getByText('Pending').waitFor();
    await row.getByTestId('transfer-proof').waitFor();
    expect(await balanceOf(ADMIN)).toEqual(before);

    const topUps = await api<TopUpView[]>(ADMIN, '/b2b/balance/topups');
    const declaredTopUp = topUps.find((topUp) => topUp.reference === reference);
    expect(declaredTopUp).toMatchObject({ method: 'bank_transfer', status: 'pending', amount: 750, fee: 0 });
    expect(declaredTopUp?.proofFileId).toEqual(expect.any(String));
    // the operator finds the slip with the transfer and downloads the very bytes the agent attached
    const desk = await openAs(OPERATOR);
    await desk.go('/admin/money');
    const deskRow = desk.page.locator(`[data-testid="transfer-row"][data-reference="${reference}"]`);
    const [download] = await Promise.all([
      desk.page.waitForEvent('download'),
      deskRow.getByTestId('transfer-proof').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transfer-proof-[0-9a-f]{8}\.pdf$/);
    expect(fs.readFileSync((await download.path()) ?? '').equals(PROOF_PDF)).toBe(true);
    await desk.context.close();
    const confirmed = await api<TopUpView>(OPERATOR, `/admin/topups/${declaredTopUp?.id ?? ''}/confirm`, {
      method: 'POST',
    });
    expect(confirmed.status).toBe('credited');
    const after = await balanceOf(ADMIN);
    expect(toMinor(after.balance - before.balance)).toBe(75_000);

    await go('/balance');
    await page.locator(`[data-testid="balance-amount"][data-amount="${after.balance.toFixed(2)}"]`).waitFor();
    await go('/top-up');
    await row.getByTestId('top-up-status').getByText('Credited').waitFor();
    await context.close();
  });
});

describe('[MONEY][ROLES] balances are the admin’s', () => {
  it('[MONEY][ROLES]: a junior has no Statement, Transactions or Top Up items, the API refuses the summary, the page says so', async () => {
    const response = await call(JUNIOR, `/b2b/balance/summary?year=${new Date().getFullYear()}`);
    expect(response.status).toBe(403);
    const { page, context, go } = await openAs(JUNIOR);
    await go('/');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'All Bookings' }).waitFor();
    for (const name of ['Statement', 'Transactions', 'Top Up Balance'])
      expect(await nav.getByRole('link', { name }).count()).toBe(0);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/b2b/balance')) calls.push(request.url());
    });
    await go('/balance');
    await page.getByTestId('money-forbidden').waitFor();
    expect(calls).toEqual([]);
    await context.close();

    const admin = await openAs(ADMIN);
    await admin.go('/');
    const adminNav = admin.page.getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Statement', 'Transactions', 'Top Up Balance'])
      await adminNav.getByRole('link', { name }).waitFor();
    await admin.context.close();
  });
});

describe('[MONEY][LAYOUT] the money pages at 1280 and 390 px, in English and Russian', () => {
  it.each(LAYOUTS)(
    '[MONEY][LAYOUT]: %i px in %s — summary, transactions and top-up read finished',
    async (width, language) => {
      const isRu = language === 'ru';
      const { email, currency } = agencyFor(language);
      if (isRu) {
        // Volga Tours (the Russian site, a USD account) gets a confirmed transfer, so its pages have figures to show
        const declared = await api<TopUpView>(email, '/b2b/balance/topup', {
          method: 'POST',
          body: {
            method: 'bank_transfer',
            amount: 120.5,
            currencyCode: 'usd',
            transferDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date()),
            bankReference: `RU-${width}`,
          },
          headers: { 'Idempotency-Key': randomUUID() },
        });
        expect(declared.currencyCode).toBe('usd');
        await api<TopUpView>(OPERATOR, `/admin/topups/${declared.id}/confirm`, { method: 'POST' });
      }
      const balance = await balanceOf(email, currency);
      const { page, context, go } = await openAs(email, { width, host: isRu ? 'ru.localhost' : 'localhost' });

      await go('/balance');
      await page.getByRole('heading', { level: 1, name: isRu ? 'Мой баланс' : 'My Balance' }).waitFor();
      const amount = page.getByTestId('balance-amount');
      await amount.waitFor();
      expect(await amount.getAttribute('data-currency')).toBe(currency);
      expect(Number(await amount.getAttribute('data-amount'))).toBe(balance.balance);
      expect(await amount.textContent()).toMatch(isRu ? /\$/ : /AED/);
      await page.getByRole('tab', { name: isRu ? 'Сводка по месяцам' : 'Monthly summary' }).waitFor();
      await page.locator('[data-testid="summary-opening"]').first().waitFor();
      if (isRu) await page.getByText('Входящий остаток', { exact: false }).first().waitFor();
      await shoot(page, `balance-summary-${width}-${language}`);
      expect(await noSideScroll(page)).toBe(true);

      await page.getByRole('tab', { name: isRu ? 'Операции' : 'Transactions' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'transactions');
      await page.getByTestId('statement-closing').waitFor();
      expect(await page.getByTestId('statement-closing').getAttribute('data-currency')).toBe(currency);
      await page
        .getByTestId('download-statement')
        .getByText(isRu ? 'Скачать xlsx' : 'Download xlsx')
        .waitFor();
      const entry = page.getByTestId('statement-entry').last();
      await entry.waitFor();
      expect(await entry.getByTestId('entry-balance').getAttribute('data-currency')).toBe(currency);
      if (isRu) {
        expect(await entry.getByTestId('entry-balance').textContent()).toMatch(/^[\d\s\u00a0\u202f]+,\d{2}\s\$$/);
        await entry.getByText('Пополнение', { exact: true }).waitFor();
      }
      await shoot(page, `balance-transactions-${width}-${language}`);
      expect(await noSideScroll(page)).toBe(true);

      await go('/top-up');
      await page.getByRole('heading', { level: 1, name: isRu ? 'Пополнить баланс' : 'Top Up Balance' }).waitFor();
      await startCardTopUp(page, isRu ? '300' : '1000');
      expect(await page.getByTestId('fee-total').getAttribute('data-currency')).toBe(currency);
      await page
        .getByText(isRu ? 'Комиссия за карту' : 'Card fee', { exact: false })
        .first()
        .waitFor();
      await page.getByRole('heading', { name: isRu ? 'Ваши пополнения' : 'Your top-ups' }).waitFor();
      await page
        .locator('[data-testid="top-ups-table"], [data-testid="top-up-row"], [data-testid="top-ups-empty"]')
        .first()
        .waitFor();
      await shoot(page, `top-up-${width}-${language}`);
      expect(await noSideScroll(page)).toBe(true);
      await context.close();
    },
  );
});

describe('[MONEY][COMMISSIONS] what a booking earned, on /my-commissions and in its xlsx', () => {
  it('[MONEY][COMMISSIONS]: a booking from the balance shows its published, net and commission, the totals agree, the xlsx downloads; 1280 and 390 px in English and Russian', async () => {
    const booking = await bookFromBalance(ADMIN);
    expect(booking.status).toBe('completed');
    // published − net, both the tour's price (no card surcharge on a balance booking)
    const published = booking.amounts.publishedTotal;
    const net = booking.amounts.netTotal - booking.amounts.cardSurcharge;
    const commission = minorToMajor(toMinor(published) - toMinor(net));
    expect(commission).toBeGreaterThan(0);

    const { page, context, go } = await openAs(ADMIN);
    await go(`/my-commissions?search=${booking.reference}`);
    await page.getByRole('heading', { level: 1, name: 'Commissions' }).waitFor();
    const row = page.locator(`[data-testid="commission-row"][data-reference="${booking.reference}"]`);
    await row.waitFor();
    expect(await page.getByTestId('commission-row').count()).toBe(1);
    expect(await amountOf(row, 'row-published')).toBe(published);
    expect(await amountOf(row, 'row-net')).toBe(net);
    expect(await amountOf(row, 'row-commission')).toBe(commission);
    // the totals of a selection of one are that booking's, in its month of travel and overall
    expect(await amountOf(page.getByTestId('commission-totals'), 'total-commission')).toBe(commission);
    expect(await page.getByTestId('total-bookings').textContent()).toBe('1');
    const month = page.locator(`[data-testid="month-row"][data-month="${booking.date.slice(0, 7)}"]`);
    expect(await amountOf(month, 'month-commission')).toBe(commission);
    expect(await amountOf(page.getByTestId('grand-total-row'), 'month-commission')).toBe(commission);

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-commissions').click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^commissions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const sheet = workbook.worksheets[0];
    const headers = (sheet?.getRow(1).values ?? []) as unknown[];
    const figures = (n: number) =>
      ['Reference', 'Published rate', 'NET rate', 'Commission'].map(
        (header) => sheet?.getRow(n).getCell(headers.indexOf(header)).value,
      );
    expect(figures(2)).toEqual([booking.reference, published, net, commission]);
    expect(figures(sheet?.rowCount ?? 0)).toEqual(['Grand total', published, net, commission]);

    // the whole page, on a desktop and a phone, in English and then Russian
    const shootBothWidths = async (language: 'en' | 'ru') => {
      await shoot(page, `commissions-1280-${language}`);
      expect(await noSideScroll(page)).toBe(true);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('commissions-cards').waitFor();
      await shoot(page, `commissions-390-${language}`);
      expect(await noSideScroll(page)).toBe(true);
    };
    await go('/my-commissions');
    await row.waitFor();
    await shootBothWidths('en');

    await page.setViewportSize({ width: 1280, height: 900 });
    await go('/');
    await switchToRussian(page);
    await go('/my-commissions');
    await page.getByRole('heading', { level: 1, name: 'Комиссии' }).waitFor();
    await page.getByRole('heading', { name: 'Итоги по месяцам тура' }).waitFor();
    await row.waitFor();
    // (the texts themselves, so a failure says which English words were left)
    expect(await page.getByText(/NET|Commission/).allTextContents()).toEqual([]);
    await shootBothWidths('ru');
    await context.close();
  });
});
