import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITES } from '../apps/api/src/config/sites.ts';
import { LAYOUTS, noSideScroll, portalForFile, screenshot } from './support/portal.ts';
import { ADMIN, agentSessions } from './support/session.ts';

// A Russian site on a domain of its own (SITES_FILE): its host name does not start with "ru.", so only the server knows
// the site's language. The first HTML is drawn in it; the app must start in it too, not in English until the layout
// info has been read (a flash of English, then everything drawn again).
const OWN_HOST = 'russian-tours.localhost';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-sites-'));
const sitesFile = path.join(dir, 'sites.json');
fs.writeFileSync(
  sitesFile,
  JSON.stringify(
    DEFAULT_SITES.map((site) => (site.id === 'ru' ? { ...site, hosts: [...site.hosts, OWN_HOST] } : site)),
  ),
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const portal = portalForFile({ SITES_FILE: sitesFile });
const { openAs } = agentSessions(portal);

// every value the page's <html lang> took, from the first HTML on (the app sets it when a language applies): each
// change's value before it (two changes in one task are two records), and the value now when read
const recordLanguages = () => {
  const seen: string[] = [];
  (window as unknown as { seenLanguages: () => string[] }).seenLanguages = () => [
    ...seen,
    document.documentElement.lang,
  ];
  new MutationObserver((records) => {
    for (const record of records) if (record.target === document.documentElement) seen.push(record.oldValue ?? '');
  }).observe(document, { attributes: true, attributeFilter: ['lang'], attributeOldValue: true, subtree: true });
};

describe('[SITES][OWN-DOMAIN] a Russian site whose host name says nothing of its language', () => {
  it('[SITES][OWN-DOMAIN]: the site is Russian from the first HTML to the app, never English in between', async () => {
    const ruSite = DEFAULT_SITES.find((site) => site.id === 'ru');
    expect(ruSite?.defaultLanguage).toBe('ru');
    for (const [width] of LAYOUTS.filter(([, language]) => language === 'ru')) {
      const { page, context } = await portal().newPage({ width });
      await page.addInitScript(recordLanguages);
      await page.goto(portal().url(OWN_HOST) + '/');
      await page.getByRole('button', { name: 'Войти' }).waitFor();
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => (window as unknown as { seenLanguages: () => string[] }).seenLanguages());
      expect(seen.length).toBeGreaterThan(1);
      expect(seen.filter((language) => language !== 'ru')).toEqual([]);
      expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
      expect(await noSideScroll(page)).toBe(true);
      await screenshot(page, `own-domain-home-${width}-ru`);
      await context.close();
    }
  });

  it('[SITES][OWN-DOMAIN]: an agent there gets the Russian pages, and English once they choose it', async () => {
    const { page, context, go } = await openAs(ADMIN, { host: OWN_HOST });
    await page.addInitScript(recordLanguages);
    await go('/');
    await page.getByRole('button', { name: 'English' }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seenLanguages: () => string[] }).seenLanguages());
    expect(seen.filter((language) => language !== 'ru')).toEqual([]);
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    // the choice is kept: the next page starts in English on the same Russian site
    await page.reload();
    await page.getByRole('button', { name: 'Русский' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });
});
