import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalForFile } from './support/portal.ts';
import { ADMIN, agentSessions } from './support/session.ts';
import { bookable, bookingSlots, checkoutPath, instantPerPerson } from './support/booking-slots.ts';

// Issue 32, decision 0156: the home page, the tour page and the checkout load without zod (the contract's schemas);
// the checkout's guest rules, which need it, arrive when the agent first focuses the form, and its messages still
// stand under the fields.
const portal = portalForFile();
const { api, openAs } = agentSessions(portal);
const { findSlot } = bookingSlots(api);

const manifestFile = path.resolve(fileURLToPath(import.meta.url), '../../apps/web/dist/.vite/manifest.json');

// the build's zod chunk, by the manifest's name for it
function zodChunk(): string {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  const entry = Object.entries(manifest).find(([key]) => /^_zod-[\w-]+\.js$/.test(key));
  if (!entry) throw new Error('the build has no zod chunk');
  return `/${entry[1].file}`;
}

// the paths of the scripts the page asked for, from now on
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe('[FIRST-LOAD] the first pages without zod', () => {
  it('[FIRST-LOAD][ZOD]: home, tour page and checkout load no zod; the checkout fetches it with the first focus', async () => {
    const zod = zodChunk();
    const slot = await findSlot(ADMIN, 'aed', instantPerPerson(false), bookable, [20, 21, 22]);

    const visitor = await portal().newPage({ width: 390 });
    const visitorScripts = scriptsOf(visitor.page);
    await visitor.page.goto(`${portal().url()}/`);
    await visitor.page.waitForLoadState('networkidle');
    expect(visitorScripts.length).toBeGreaterThan(3);
    expect(visitorScripts).not.toContain(zod);
    await visitor.context.close();

    const { page, context, go } = await openAs(ADMIN, { width: 390 });
    const scripts = scriptsOf(page);
    await go(`/tour?id=${slot.tour.id}`);
    await page.getByTestId(`offer-${slot.offer.id}-prices`).waitFor();
    await page.waitForLoadState('networkidle');
    await go(checkoutPath(slot, 1));
    await page.getByTestId('checkout-summary').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).not.toContain(zod);

    // an empty form sent: the submit's own focus brings the rules, and they answer before anything is booked
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('incomplete-guest').waitFor();
    expect(scripts).toContain(zod);
    const name = page.getByLabel('Guest name', { exact: true });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByText('This field is required').count()).toBeGreaterThan(0);
    expect(page.url()).not.toContain('booking=');
    await context.close();
  });
});

// Issue 32: home's hero is in the first HTML, painted before any script; the gate hides it from an agent and from a
// visitor who chose another language before the first paint (under the page's Content-Security-Policy)
describe("[FIRST-LOAD] the home page's hero before any script", () => {
  it('[FIRST-LOAD][HERO]: a visitor sees it without scripts; an agent or a Russian reader never does', async () => {
    const shown = async (stored: Record<string, string>, width: number) => {
      const { page, context } = await portal().newPage({ width });
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') refused.push(message.text());
      });
      await context.addInitScript((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, stored);
      // the first HTML alone: every script of the build refused
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${portal().url()}/`);
      const title = page.getByRole('heading', { level: 1, name: 'b2b Portal for Tours and Activities in the UAE' });
      // (hidden, the heading is no heading to the page's readers either)
      const visible = await title.isVisible();
      const box = visible ? await title.boundingBox() : null;
      await context.close();
      return { visible, box, refused: refused.filter((text) => /Content Security Policy/i.test(text)) };
    };
    const visitor = await shown({}, 390);
    expect(visitor).toMatchObject({ visible: true, refused: [] });
    // under the header's frame, as the app draws it (65 px of header, 40 px of the hero's padding, the eyebrow)
    expect(visitor.box?.y).toBeGreaterThan(105);
    expect((await shown({ accessToken: 'a-stored-token' }, 390)).visible).toBe(false);
    expect((await shown({ language: 'ru' }, 1280)).visible).toBe(false);
    expect((await shown({ language: 'en' }, 1280)).visible).toBe(true);

    // with its scripts, the app's own hero takes the same place, with the login card beside it
    const { page, context } = await portal().newPage({ width: 390 });
    await page.goto(`${portal().url()}/`);
    await page.getByTestId('home-login').getByRole('button', { name: 'Log in' }).waitFor();
    const drawn = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(drawn).toEqual(visitor.box);
    await context.close();
  });
});
