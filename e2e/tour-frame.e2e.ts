import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalForFile, screenshot } from './support/portal.ts';
import { JUNIOR, agentSessions } from './support/session.ts';

// The top of the tour page (breadcrumbs, title, the gallery's photos) is drawn by the server's first HTML before any
// script, by the app while the page's data is on its way, and then by the page itself: an agent on a phone must not
// see it move. Each phase's boxes are read with the same selectors and must be the page's own.
const portal = portalForFile();
const { api, openAs } = agentSessions(portal);

type Box = [number, number, number, number];
type Boxes = { crumbs: Box | null; title: Box | null; photos: Box[] };

// the breadcrumbs, the title and the gallery's photos, whichever drew them (the frame's classes or the page's)
const readBoxes = (page: Page): Promise<Boxes> =>
  page.evaluate(() => {
    const box = (element: Element | null): [number, number, number, number] | null => {
      if (!element) return null;
      const r = element.getBoundingClientRect();
      return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
    };
    const photos = [...document.querySelectorAll('.tour-frame-gallery img, [role="group"] img')].slice(0, 3);
    return {
      crumbs: box(document.querySelector('.tour-frame-crumbs, .mantine-Breadcrumbs-root')),
      title: box(document.querySelector('h1')),
      photos: photos.map((photo) => box(photo) as [number, number, number, number]),
    };
  });

describe('[TOUR][FRAME] the top of the tour page stays where it is from the first HTML to the page', () => {
  it.each([
    [390, 'en'],
    [1280, 'en'],
    [390, 'ru'],
    [1280, 'ru'],
  ] as const)(
    '[TOUR][FRAME]: at %i px in %s, the first HTML, the app before the data and the page',
    async (width, language) => {
      const tours = await api<{ id: number; url: string }[]>(JUNIOR, '/b2b/tours');
      // a tour with more photos than the gallery shows (its third says how many there are)
      const tour = tours.find((candidate) => candidate.url === 'private-yacht-dubai-marina') ?? tours[0];
      const host = language === 'ru' ? 'ru.localhost' : 'localhost';
      const phases: Record<string, Boxes> = {};
      for (const phase of ['first HTML', 'app before the data', 'page'] as const) {
        const { page, context, go } = await openAs(JUNIOR, { width, host });
        // the first HTML alone: none of the app's scripts run
        if (phase === 'first HTML') await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
        // the app, with the tour's data held back until the boxes are read
        let release = () => undefined as void;
        const held = new Promise<void>((resolve) => (release = resolve));
        if (phase === 'app before the data')
          await context.route(new RegExp(`/api/b2b/tours/${tour?.id}(\\?|$)`), async (route) => {
            await held;
            await route.continue().catch(() => undefined);
          });
        await go(`/tour?id=${tour?.id}`);
        if (phase === 'first HTML') await page.locator('.tour-frame-title').waitFor();
        if (phase === 'app before the data') await page.locator('.tour-frame[role="status"]').waitFor();
        if (phase === 'page') await page.locator('[role="group"] img').first().waitFor();
        await page.evaluate(() => document.fonts.ready);
        phases[phase] = await readBoxes(page);
        await screenshot(page, `tour-frame-${width}-${language}-${phase.replaceAll(' ', '-')}`);
        release();
        await context.close();
      }
      const pageBoxes = phases.page;
      expect(pageBoxes?.photos).toHaveLength(3);
      expect(pageBoxes?.title).not.toBeNull();
      expect(phases['first HTML']).toEqual(pageBoxes);
      expect(phases['app before the data']).toEqual(pageBoxes);
    },
  );
});
