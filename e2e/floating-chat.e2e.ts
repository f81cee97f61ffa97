import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startPortal, type Portal } from './support/portal.ts';
import { ADMIN, OPERATOR, apiLogin } from './support/session.ts';
import { animationsDone } from './support/settle.ts';

// Issue 9 defect 8: the floating WhatsApp button sat on "Register for free" at 390 px (the only sign-up entry on a
// phone), on the right end of the sticky "Book now" at 1280 px, and over the gallery's modal.
let portal: Portal;
let token = '';

beforeAll(async () => {
  portal = await startPortal();
  token = await apiLogin(portal, ADMIN);
});
afterAll(async () => portal?.stop());

type Position = { scrollY: number; visible: boolean; covered: string[] };

// Scrolls the page from top to bottom; at each step, what a visible button would cover: every link, button or field
// whose box meets the button's (measured independently of how the page decides to step aside)
async function walk(page: Page): Promise<Position[]> {
  const positions: Position[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 0; ; y = Math.min(y + 250, height)) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    // the button steps aside (or back) with a transition once the scroll handler has run
    await animationsDone(page);
    positions.push(
      await page.evaluate(() => {
        const button = document.querySelector<HTMLElement>('[data-testid="whatsapp-button"]');
        if (!button) return { scrollY: window.scrollY, visible: false, covered: [] };
        const style = getComputedStyle(button);
        const visible = style.visibility !== 'hidden' && Number(style.opacity) > 0;
        const box = button.getBoundingClientRect();
        const covered = [
          ...document.querySelectorAll<HTMLElement>('a, button, input, select, textarea, [role="button"]'),
        ]
          .filter((el) => el !== button && !button.contains(el) && el.checkVisibility())
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
          })
          .map((el) => (el.textContent || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 40));
        return { scrollY: Math.round(window.scrollY), visible, covered: visible ? covered : [] };
      }),
    );
    if (y >= height) break;
  }
  return positions;
}

describe('[LAYOUT][CHAT] the floating chat button never covers an action', () => {
  it.each([
    ['home, logged out', 390, '/', false],
    ['home, logged out', 1280, '/', false],
    ['tour page with its sticky Book now', 1280, '/tour?id=1', true],
    ['tour page', 390, '/tour?id=1', true],
    ['bookings with their filters', 390, '/bookings', true],
  ] as const)('[LAYOUT][CHAT]: %s at %i px', async (_name, width, path, loggedIn) => {
    const { page, context } = await portal.newPage({ width });
    if (loggedIn) await context.addInitScript((value) => localStorage.setItem('accessToken', value), token);
    await page.goto(portal.url() + path);
    await page.getByTestId('whatsapp-button').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const positions = await walk(page);
    expect(positions.filter((p) => p.covered.length > 0)).toEqual([]);
    // it is there to be used wherever it covers nothing
    expect(positions.some((p) => p.visible)).toBe(true);
    if (path === '/' && width === 390) {
      // the phone's only sign-up entry stays reachable
      await page.getByRole('link', { name: 'Register for free' }).scrollIntoViewIfNeeded();
      await animationsDone(page);
      await page.getByRole('link', { name: 'Register for free' }).click({ trial: true });
      await screenshot(page, 'chat-button-home-390');
    }
    await context.close();
  });

  it("[LAYOUT][CHAT]: the gallery's modal covers the button, not the other way round", async () => {
    const { page, context } = await portal.newPage({ width: 1280 });
    await context.addInitScript((value) => localStorage.setItem('accessToken', value), token);
    await page.goto(portal.url() + '/tour?id=1');
    await page.getByTestId('whatsapp-button').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /^Open photo 1 of \d+$/ }).click();
    await page.getByRole('button', { name: 'Close photos' }).waitFor();
    // what a tap at the button's centre reaches: the modal (its overlay or content), never the chat link
    const reached = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="whatsapp-button"]')?.getBoundingClientRect();
      if (!box) return 'no button';
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit?.closest('[data-testid="whatsapp-button"]')) return 'chat button';
      return hit?.closest('.mantine-Modal-root') ? 'modal' : (hit?.tagName ?? 'nothing');
    });
    expect(reached).toBe('modal');
    await context.close();
  });
});

describe('[LAYOUT][CHAT] the chat button only where the site offers chat to an agency', () => {
  it('[LAYOUT][CHAT]: a white-label site and the back office show no chat button; the general site does', async () => {
    const general = await portal.newPage({ width: 1280 });
    await general.page.goto(portal.url() + '/');
    await general.page.getByTestId('whatsapp-button').waitFor({ state: 'attached' });
    await general.context.close();

    const partner = await portal.newPage({ width: 1280 });
    await partner.page.goto(portal.url('partner.localhost') + '/');
    // the footer comes with the same /layout/info answer the button would wait for
    await partner.page.locator('footer').waitFor();
    await partner.page.waitForLoadState('networkidle');
    expect(await partner.page.getByTestId('whatsapp-button').count()).toBe(0);
    await partner.context.close();

    const operatorToken = await apiLogin(portal, OPERATOR);
    const office = await portal.newPage({ width: 1280 });
    await office.context.addInitScript((value) => localStorage.setItem('accessToken', value), operatorToken);
    await office.page.goto(portal.url() + '/admin');
    await office.page.locator('footer').waitFor();
    await office.page.waitForLoadState('networkidle');
    expect(await office.page.getByTestId('whatsapp-button').count()).toBe(0);
    await screenshot(office.page, 'back-office-no-chat-1280-en');
    await office.context.close();
  });
});
