/* global window, document */
import { chromium } from 'playwright-core';
import { agentPages } from './first-load.mjs';
import { login } from './util.mjs';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
const base = process.argv[2]; const tag = process.argv[3];
const token = await login(base);
const pages = await agentPages(base, token);
const browser = await chromium.launch(CHROMIUM_LAUNCH);
for (const [w, lang] of [[1280, 'en'], [390, 'ru']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 } });
  await ctx.addInitScript(([t, l]) => { window.localStorage.setItem('accessToken', t); window.localStorage.setItem('i18nextLng', l); }, [token, lang]);
  const page = await ctx.newPage();
  for (const [name, url] of Object.entries(pages)) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    const el = page.getByTestId('price-summary').first();
    if (await el.count()) await el.screenshot({ path: `/tmp/shots/${tag}-${name}-${w}-${lang}-price.png` });
    await page.screenshot({ path: `/tmp/shots/${tag}-${name}-${w}-${lang}.png`, fullPage: false });
  }
  await ctx.close();
}
await browser.close();
