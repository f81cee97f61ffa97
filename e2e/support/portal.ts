import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { onAFreePort } from '../../apps/api/test/server-process.ts';
import { startSmtpSink } from '../../apps/api/test/smtp-sink.ts';
import { CHROMIUM_LAUNCH } from '../../scripts/chromium.mjs';
import { assertBuilt, startServer, stopServer, type Started } from './portal-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.join(root, 'test-results', 'screenshots');

export type Portal = {
  url: (host?: string) => string;
  port: number;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  browser: Browser;
  newPage: (options?: { width?: number; locale?: string }) => Promise<{ page: Page; context: BrowserContext }>;
  stop: () => Promise<void>;
};

// The real built portal on the embedded database, real SMTP, real Chromium. Its data dir is its own copy of the run's
// demo data dir (demo-data-dir.ts); with DATABASE_URL in `env`, a fresh one beside that database.
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  assertBuilt();
  const smtp = await startSmtpSink();
  const template = env.DATABASE_URL ? undefined : inject('demoDataDir');
  // the port may be taken in the seconds the server takes to start: onAFreePort starts it again on another
  let started: Started;
  try {
    started = await onAFreePort((port) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
      if (template) fs.cpSync(template, dataDir, { recursive: true });
      return startServer(port, dataDir, { ...env, SMTP_URL: smtp.url });
    });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  const { port, dataDir } = started;
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const missingTranslations = new Set<string>();
  return {
    port,
    smtp,
    browser,
    url: (host = 'localhost') => `http://${host}:${port}`,
    newPage: async ({ width = 1280, locale = 'en-US' } = {}) => {
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, locale });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith('Missing translation'))
          missingTranslations.add(`${message.text()} (on ${page.url()})`);
      });
      return { page, context };
    },
    stop: async () => {
      await browser.close();
      await stopServer(started);
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // every page a test opened showed its texts, none a raw key (the web app logs each one it could not find)
      if (missingTranslations.size > 0)
        throw new Error(`Missing translations:\n${[...missingTranslations].join('\n')}`);
    },
  };
}

// The portal of one test file: started before its tests, stopped after them. Read it in a test or a hook; `env` as
// startPortal's.
export function portalForFile(env: Record<string, string> = {}): () => Portal {
  let portal: Portal | undefined;
  beforeAll(async () => {
    portal = await startPortal(env);
  });
  afterAll(async () => portal?.stop());
  return () => {
    if (!portal) throw new Error('the portal starts in beforeAll');
    return portal;
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

// The same, once the page's requests are answered, taken from the top: the sticky header is not painted over the
// middle of the page
export async function settledScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

// The page fits its width: nothing to scroll sideways
export const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// The four screens every page is looked at on: desktop and phone widths, in English and Russian
export const LAYOUTS = [
  [1280, 'en'],
  [390, 'en'],
  [1280, 'ru'],
  [390, 'ru'],
] as const;
