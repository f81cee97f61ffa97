import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalForFile, noSideScroll } from './support/portal.ts';
import { ADMIN, OPERATOR, agentSessions } from './support/session.ts';

// Issue 28 item 10, "a lived-in demo": on a fresh data dir with the demo seed, a newcomer's first look at every
// agency page and the operator's desk finds something true to show (the demo agencies' three months of history)
const SHOTS = '/tmp/demo-shots';
const LOOKS = [
  [1280, 'en'],
  [390, 'ru'],
] as const;

const portal = portalForFile();
const { openAs } = agentSessions(portal);

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

// `email`'s session at that width and language; `look` opens a page, finds at least `least` rows there and shoots it
async function open(email: string, width: number, language: 'en' | 'ru') {
  const session = await openAs(email, { width });
  await session.context.addInitScript((value) => localStorage.setItem('language', value), language);
  const look = async (url: string, testId: string, name: string, least = 1) => {
    await session.go(url);
    expect(await rowsOf(session.page, testId), `${url}: ${testId}`).toBeGreaterThanOrEqual(least);
    await shoot(session.page, `${name}-${width}-${language}`);
  };
  return { ...session, look };
}

// the page's rows (tables on a desktop, cards on a phone carry the same test id), once it has loaded
async function rowsOf(page: Page, testId: string): Promise<number> {
  await page.getByTestId(testId).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  return page.getByTestId(testId).count();
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe('[DEMO] a lived-in demo', () => {
  it.each(LOOKS)('[DEMO][AGENCY]: Desert Rose has something on every page, %i px in %s', async (width, language) => {
    const { page, context, go, look } = await open(ADMIN, width, language);
    await look('/bookings', 'booking-row', 'bookings', 8);
    await look('/requests', 'booking-row', 'requests', 2);
    await look('/my-commissions', 'commission-row', 'commissions', 8);
    // the monthly summary with a closed month's tax invoice, and the daily statement
    await look('/balance', 'summary-row', 'balance-summary', 3);
    expect(await page.getByTestId('month-tax-invoice').count()).toBeGreaterThanOrEqual(1);
    // last month: it always has history (this month may be a minute old when the clock passes midnight on the 1st)
    await go('/balance?tab=transactions');
    await page.getByTestId('period-last-month').click();
    expect(await rowsOf(page, 'statement-entry'), 'last month: statement-entry').toBeGreaterThanOrEqual(2);
    await shoot(page, `balance-statement-${width}-${language}`);
    await look('/top-up', 'top-up-row', 'top-ups', 3);
    await look('/widgets', 'widget-row', 'widgets', 1);
    await look('/agents', 'agent-row', 'agents', 3);
    expect(await noSideScroll(page)).toBe(true);
    await context.close();
  });

  it.each(LOOKS)(
    '[DEMO][OPERATOR]: the desk, requests and approvals wait for the operator, %i px in %s',
    async (width, language) => {
      const { page, context, look } = await open(OPERATOR, width, language);
      await look('/admin/bookings', 'admin-booking-row', 'desk-bookings', 10);
      await look('/admin/requests', 'request-row', 'desk-requests', 1);
      await look('/admin/money', 'transfer-row', 'desk-money', 1);
      await look('/admin/agencies?status=pending', 'agency-row', 'approvals', 1);
      await page.getByText('Palm Oasis Travel LLC').first().waitFor();
      await context.close();
    },
  );
});
