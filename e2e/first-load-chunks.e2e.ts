import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalForFile } from './support/portal.ts';
import { ADMIN, OPERATOR, agentSessions } from './support/session.ts';
import { bookable, bookingSlots, checkoutPath, instantPerPerson } from './support/booking-slots.ts';

// Issue 32, decision 0156: the home page, the tour page and the checkout load without zod (the contract's schemas);
// the checkout's guest rules, which need it, arrive when the agent first focuses the form, and its messages still
// stand under the fields.
const portal = portalForFile();
const { api, openAs, tokenFor } = agentSessions(portal);
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

// a token as the app stores it, for an agency's admin whose session ended in 1970
const claims = { sub: 'u', email: 'a@b.test', name: 'A', phone: '1', role: 'admin', agencyId: null, exp: 1 };
const EXPIRED_TOKEN = `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

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
    // logged in: the app draws the agent's home; a token that is no session (unreadable, expired) is a visitor's
    expect((await shown({ accessToken: await tokenFor(ADMIN) }, 390)).visible).toBe(false);
    expect((await shown({ accessToken: 'a-stored-token' }, 390)).visible).toBe(true);
    expect((await shown({ accessToken: EXPIRED_TOKEN }, 390)).visible).toBe(true);
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

// Issue 32: an agent's tour page and checkout are in the first HTML too (the header's frame, then the tour's photo or
// the checkout's heading), drawn where the app's first render draws them; hidden before the first paint from a reader
// with no stored session, and the heading from an agent who chose another language
describe("[FIRST-LOAD] an agent's tour page and checkout before any script", () => {
  const MAIN_MENU = 'Main menu';
  type Drawn = { visible: boolean; box: { x: number; y: number; width: number; height: number } | null };

  // the element of the first HTML alone (every script refused), or of the app's first render (the page's tour never
  // answered, so the app stays at what it draws first)
  async function drawn(
    path: string,
    target: string,
    options: { width: number; stored: Record<string, string>; withScripts: boolean; box?: Drawn['box'] },
  ): Promise<Drawn & { refused: string[]; shifted: number }> {
    const { page, context } = await portal().newPage({ width: options.width });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await context.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, options.stored);
    // how far the page moved while the app took over (layout shifts, as CLS adds them)
    await context.addInitScript(() => {
      const page = window as unknown as { shifted: number };
      page.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) page.shifted += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    if (options.withScripts) await page.route('**/api/b2b/tours/**', () => undefined);
    else await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${portal().url()}${path}`);
    const element = page.locator(target).first();
    // the app's header with the agent's menu: the burger on a phone, the menu's bar from 768 px
    if (options.withScripts)
      await (
        options.width > 768
          ? page.getByRole('navigation', { name: MAIN_MENU })
          : page.getByRole('button', { name: 'Open menu' })
      ).waitFor();
    else await page.waitForLoadState('load');
    // the app's page takes over from its first render's fallback (the same element, drawn again, maybe more than
    // once): where it settles, read while it is there
    const settled = { box: null as Drawn['box'] };
    if (options.withScripts && options.box)
      await expect
        .poll(async () => (settled.box = await element.boundingBox()), {
          message: `${path} at ${options.width} px`,
        })
        .toEqual(options.box);
    const visible = settled.box !== null || (await element.isVisible());
    const box = settled.box ?? (visible ? await element.boundingBox() : null);
    const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
    await context.close();
    return { visible, box, refused, shifted };
  }

  it('[FIRST-LOAD][AGENT-FRAME]: the photo and the heading stand where the app draws them, for agents only', async () => {
    const slot = await findSlot(ADMIN, 'aed', instantPerPerson(false), bookable, [20, 21, 22]);
    const token = await tokenFor(ADMIN);
    const tourPage = { path: `/tour?id=${slot.tour.id}`, target: '[data-preview="tour"] img' };
    const checkoutPage = { path: checkoutPath(slot, 1), target: 'h1' };
    const pages = [tourPage, checkoutPage];
    for (const width of [390, 1280])
      for (const { path, target } of pages) {
        const first = await drawn(path, target, { width, stored: { accessToken: token }, withScripts: false });
        expect(first, `${path} at ${width} px`).toMatchObject({ visible: true, refused: [] });
        // under the header's frame: 65 px, and the menu's bar from 768 px
        expect(first.box?.y).toBeGreaterThan(width > 768 ? 104 : 65);
        const app = await drawn(path, target, {
          width,
          stored: { accessToken: token },
          withScripts: true,
          box: first.box,
        });
        expect(app.box, `${path} at ${width} px`).toEqual(first.box);
        // and nothing moved on the way: the header's menu came with the app's first render
        expect(app.shifted, `${path} at ${width} px`).toBeLessThan(0.001);
      }

    // the checkout's heading in the site's language, as the app writes it
    const checkout = checkoutPage.path;
    const { page, context } = await portal().newPage({ width: 390 });
    await context.addInitScript((value) => localStorage.setItem('accessToken', value), token);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${portal().url()}${checkout}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Checkout');
    await context.close();

    // nobody logged in, a session that ended, the tours company's operator: neither page is drawn (the app sends
    // them home)
    const operator = await tokenFor(OPERATOR);
    for (const stored of [{}, { accessToken: EXPIRED_TOKEN }, { accessToken: operator }] as Record<string, string>[])
      for (const { path, target } of pages)
        expect((await drawn(path, target, { width: 390, stored, withScripts: false })).visible).toBe(false);
    // an agent who reads Russian on the English site: the photo, but no English heading
    const russian = { accessToken: token, language: 'ru' };
    expect(
      (await drawn(tourPage.path, tourPage.target, { width: 390, stored: russian, withScripts: false })).visible,
    ).toBe(true);
    expect((await drawn(checkout, 'h1', { width: 390, stored: russian, withScripts: false })).visible).toBe(false);
    // a booking's confirmation (after a payment) is not the checkout's form: no heading of the form in its first HTML
    const confirmation = await drawn('/checkout?booking=00000000-0000-0000-0000-000000000000', 'h1', {
      width: 390,
      stored: { accessToken: token },
      withScripts: false,
    });
    expect(confirmation.visible).toBe(false);
  });
});
