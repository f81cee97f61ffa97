import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AgencyAdjustmentResponse, BalanceResponse, TopUpView } from '@portal/contract';
import { screenshot, portalForFile, noSideScroll } from './support/portal.ts';
import { ADMIN, JUNIOR, RU_ADMIN, OPERATOR, agentSessions } from './support/session.ts';

// Issue 14 item 7: when what an agency can book falls below 40 % (then 20 %) of what it had after its last top-up,
// its admins see a banner in the header and get one e-mail per crossing, in their language. Its own portal: the
// debits here would leave the other files' agencies short, and its alert job runs every half second.
// The token reads the low-balance job's finished runs from the running portal's /metrics.
const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
const portal = portalForFile({ BALANCE_ALERT_MS: '500', METRICS_TOKEN });
const { api, openAs } = agentSessions(portal);

async function agencyIdOf(email: string): Promise<string> {
  return (await api<{ agency: { id: string } }>(email, '/b2b/account/me')).agency.id;
}

// the operator takes money off the balance, as a correction would (one ledger entry, audited)
const debit = async (agencyId: string, amount: number) =>
  api<AgencyAdjustmentResponse>(OPERATOR, `/admin/agencies/${agencyId}/adjustments`, {
    method: 'POST',
    body: { direction: 'debit', amount, reason: 'e2e: low-balance alert' },
    headers: { 'Idempotency-Key': randomUUID() },
  });

// the low-balance job's finished runs, read from the running portal's /metrics
async function alertRuns(): Promise<number> {
  const response = await fetch(`${portal().url()}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await response.text())
    .split('\n')
    .find((l) => l.startsWith('portal_job_runs_total{job="low-balance-alerts",outcome="ok"}'));
  return Number(line?.split(' ').pop() ?? 0);
}

describe('[MONEY][LOW-BALANCE] the low-balance banner and e-mail', () => {
  it('[MONEY][LOW-BALANCE]: below 40 % of the last top-up the admin sees the banner and gets one e-mail; a junior sees neither', async () => {
    const before = await api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed');
    expect(before.lowBalance).toBeNull();
    const { page, context, go } = await openAs(ADMIN);
    await go('/');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.getByTestId('money-banner').count()).toBe(0);

    // the demo's last top-up (its card top-up, weeks ago) left about 38,000 available: 9,000 left is below 40 %
    await debit(await agencyIdOf(ADMIN), before.available - 9_000);
    const after = await api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed');
    expect(after.available).toBe(9_000);
    expect(after.lowBalance).toMatchObject({ percent: 40 });
    const level = (after.lowBalance?.topUpLevel ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await go('/');
    const banner = page.getByTestId('money-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-kind')).toBe('low');
    expect((await banner.textContent())?.replace(/\s/g, ' ')).toContain(
      `AED 9,000.00 is available to book: less than 40 % of the AED ${level} available after your last top-up.`,
    );
    await screenshot(page, 'money-low-balance-1280-en');
    await banner.getByRole('link', { name: 'Top Up Balance' }).click();
    await page.waitForURL((url) => url.pathname === '/top-up');

    const mail = await portal().smtp.waitFor((m) => m.to.includes(ADMIN) && m.subject.includes('40 %'));
    expect(mail.body).toContain('less than 40 %');
    await context.close();

    // balances are the admin's (SPEC §6): a junior gets no banner
    const junior = await openAs(JUNIOR);
    await junior.go('/');
    await junior.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await junior.page.waitForLoadState('networkidle');
    expect(await junior.page.getByTestId('money-banner').count()).toBe(0);
    await junior.context.close();
    // one crossing, one e-mail, however often the job runs: two more runs after the e-mail went out
    const runs = await alertRuns();
    await expect.poll(alertRuns, { timeout: 30_000 }).toBeGreaterThanOrEqual(runs + 2);
    expect(portal().smtp.received.filter((m) => m.to.includes(ADMIN) && m.subject.includes('40 %'))).toHaveLength(1);
  });

  it('[MONEY][LOW-BALANCE]: the Russian site says so in Russian, at 390 px, in USD', async () => {
    // Volga Tours (a USD account, with its demo history) tops up $1,000 by transfer, then spends all but $150: below 20 %
    const declared = await api<TopUpView>(RU_ADMIN, '/b2b/balance/topup', {
      method: 'POST',
      body: {
        method: 'bank_transfer',
        amount: 1000,
        currencyCode: 'usd',
        transferDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date()),
        bankReference: 'RU-LOW-1',
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    await api<TopUpView>(OPERATOR, `/admin/topups/${declared.id}/confirm`, { method: 'POST' });
    const funded = await api<BalanceResponse>(RU_ADMIN, '/b2b/balance?currencyCode=usd');
    await debit(await agencyIdOf(RU_ADMIN), funded.available - 150);

    const { page, context, go } = await openAs(RU_ADMIN, { width: 390, host: 'ru.localhost' });
    await context.addInitScript(() => localStorage.setItem('language', 'ru'));
    await go('/');
    const banner = page.getByTestId('money-banner');
    await banner.waitFor();
    expect((await banner.textContent())?.replace(/\s/g, ' ')).toMatch(
      /^Для бронирования доступно 150,00 \$ — меньше 20 % от [\d ]+,\d\d \$, доступных после последнего пополнения\./,
    );
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, 'money-low-balance-390-ru');
    const mail = await portal().smtp.waitFor((m) => m.to.includes(RU_ADMIN) && m.subject.includes('меньше 20 %'));
    expect(mail.body).toContain('150,00');
    await context.close();
  });
});
