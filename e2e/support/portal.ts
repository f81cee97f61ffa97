import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { isOwnServerReady, isPortTaken, onAFreePort } from '../../apps/api/test/server-process.ts';
import { startSmtpSink } from '../../apps/api/test/smtp-sink.ts';
import { CHROMIUM_LAUNCH } from '../../scripts/chromium.mjs';

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

type Started = { child: ChildProcess; port: number; dataDir: string };

// The built server on `port` with a fresh data dir, once it answers /healthz (onAFreePort)
async function startServer(
  server: string,
  port: number,
  smtpUrl: string,
  env: Record<string, string>,
): Promise<Started | 'portTaken'> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      MAIL_POLL_MS: '300',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // support replay records only where a test is about it (e2e/replay, e2e/insight): elsewhere its uploads would be
      // background traffic that other tests' waits (network idle) and the shared machine's CPU do not expect
      REPLAY_SAMPLE_RATE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // a fresh data dir makes the demo catalogue and its three months of history (~9 s here, more on a loaded machine)
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (isPortTaken(output)) return 'portTaken';
      throw new Error(`portal exited: ${output}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok && isOwnServerReady(output)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // never leave a server behind that nobody will stop
      child.kill('SIGKILL');
      throw new Error(`portal did not start in 150 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, dataDir };
}

// The real built portal on the embedded database (fresh data dir with demo data), real SMTP, real Chromium.
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const server = path.join(root, 'apps/api/dist/server.mjs');
  if (!fs.existsSync(server) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const smtp = await startSmtpSink();
  // the port may be taken in the seconds the demo data takes to make: onAFreePort starts it again on another
  let started: Started;
  try {
    started = await onAFreePort((port) => startServer(server, port, smtp.url, env));
  } catch (error) {
    await smtp.close();
    throw error;
  }
  const { child, port, dataDir } = started;
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
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
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
