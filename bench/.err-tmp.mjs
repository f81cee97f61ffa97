/* global window */
import { chromium } from 'playwright-core';
import { agentPages } from './first-load.mjs';
import { login } from './util.mjs';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
const base = process.argv[2];
const token = await login(base);
const pages = await agentPages(base, token);
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const ctx = await browser.newContext();
await ctx.addInitScript((t) => window.localStorage.setItem('accessToken', t), token);
const page = await ctx.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 500)));
page.on('requestfailed', (r) => console.log('failed', r.url()));
page.on('response', (r) => { if (r.status() >= 400) console.log('status', r.status(), r.url()); });
await page.goto(pages.tour, { waitUntil: 'networkidle' });
await browser.close();
