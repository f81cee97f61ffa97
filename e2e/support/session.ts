import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Portal } from './portal.ts';

// The demo users the tests act as (SEED_DEMO), all with one password: Desert Rose's admin (English, AED), senior and
// junior agents, Volga Tours' admin (Russian, USD) and the tours company's operator
export const DEMO_PASSWORD = 'Demo-2026-pass';
export const ADMIN = 'admin@desertrose.test';
export const ADMIN_NAME = 'Layla Haddad';
export const SENIOR = 'senior@desertrose.test';
export const JUNIOR = 'junior@desertrose.test';
export const RU_ADMIN = 'admin@volga.test';
export const OPERATOR = 'ops@portal.test';

// The demo agency a layout's language is looked at with: Desert Rose in English (AED), Volga Tours in Russian (USD)
export const agencyFor = (language: 'en' | 'ru') =>
  language === 'ru' ? { email: RU_ADMIN, currency: 'usd' as const } : { email: ADMIN, currency: 'aed' as const };

// An access token through the API, as the login form gets it
export async function apiLogin(portal: Portal, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${portal.url()}/api/b2b/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, `login ${email}`).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

// The login form of the page shown, filled in and sent as a person does it (English labels)
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

// The login form on the home page, until the welcome shows
export async function logInAsAdmin(page: Page, portal: Portal, host = 'localhost') {
  await page.goto(portal.url(host) + '/');
  await logIn(page, ADMIN);
  await page.getByText(`Welcome, ${ADMIN_NAME}`).waitFor();
}

// A GET with the token the page holds
export async function apiGet<T>(portal: Portal, page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await fetch(portal.url() + '/api' + path, { headers: { Authorization: `Bearer ${token ?? ''}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

// A card booking's sandbox charge paid with 4242 through the pay page's form, without a browser
export async function paySandboxCharge(portal: Portal, booking: { payment?: { redirectUrl: string | null } | null }) {
  const chargeId = booking.payment?.redirectUrl?.split('/').pop() ?? '';
  const paid = await fetch(`${portal.url()}/api/payments/sandbox/pay/${chargeId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      step: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      name: 'Anna Smith',
    }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return chargeId;
}

// Pays on the sandbox's hosted page as an agent would; the page speaks the payer's language (Volga Tours' is Russian)
export async function payOnSandbox(page: Page, card: string, name = 'Anna Smith') {
  const number = page.getByLabel(/^(Card number|Номер карты)$/);
  await number.waitFor();
  await number.fill(card);
  await page.getByLabel(/^(Expiry|Срок действия)$/).fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel(/^(Name on card|Имя на карте)$/).fill(name);
  // the card form's button, with its amount ('Pay AED 1,234.50'), not the test wallet's beside it
  await page.getByRole('button', { name: /^(Pay|Оплатить) [A-Z]{3} / }).click();
}

type ApiInit = { method?: string; body?: unknown; headers?: Record<string, string> };

// Agents of the demo agencies by e-mail: their tokens (one login each), API calls with them, and pages opened with
// the session the login page would store, so each test starts logged in on its host. `portalOf` is read at call time
// (the portal starts in beforeAll).
export function agentSessions(portalOf: () => Portal) {
  const tokens = new Map<string, string>();
  async function tokenFor(email: string): Promise<string> {
    const known = tokens.get(email);
    if (known) return known;
    const accessToken = await apiLogin(portalOf(), email);
    tokens.set(email, accessToken);
    return accessToken;
  }
  async function call(email: string, path: string, init: ApiInit = {}): Promise<Response> {
    return fetch(`${portalOf().url()}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${await tokenFor(email)}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }
  // a call that must succeed, its JSON answer
  async function api<T>(email: string, path: string, init: ApiInit = {}): Promise<T> {
    const response = await call(email, path, init);
    const text = await response.text();
    expect(response.status, `${init.method ?? 'GET'} ${path}: ${text}`).toBeLessThan(300);
    return JSON.parse(text) as T;
  }
  async function openAs(email: string, options: { width?: number; host?: string } = {}) {
    const token = await tokenFor(email);
    const portal = portalOf();
    const { page, context } = await portal.newPage({ width: options.width ?? 1280 });
    await context.addInitScript((value) => localStorage.setItem('accessToken', value), token);
    const host = options.host ?? 'localhost';
    return { page, context, go: (path: string) => page.goto(portal.url(host) + path) };
  }
  return { tokenFor, call, api, openAs };
}

// The logged-in admin switches the portal to Russian with the header's language button
export async function switchToRussian(page: Page) {
  await page.getByRole('button', { name: 'Русский' }).click();
  await page.getByText(`Добро пожаловать, ${ADMIN_NAME}`).waitFor();
}
