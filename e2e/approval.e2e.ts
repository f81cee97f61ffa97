import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startPortal, type Portal } from './support/portal.ts';
import { DEMO_PASSWORD, apiLogin } from './support/session.ts';

// Issue 9 defect 12: an agency waiting for approval had the full menu and net rates and learnt only at "Book and
// pay" that it could not book. Now every page says so, and its administrator gets an e-mail when it is approved.
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => portal?.stop());

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${portal.url()}/api${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

// A new agency signs up on the site the page is on (from the page: Node cannot resolve ru.localhost); its admin's
// temporary password comes by e-mail, and the admin's session is stored as a login would.
async function signUpAndLogIn(page: Page, language: 'en' | 'ru'): Promise<string> {
  const email = `pending-${language}-${Date.now()}@example.test`;
  const fields = {
    companyName: `Palm Horizon ${language.toUpperCase()} LLC`,
    tradeLicenseNumber: 'DED-778812',
    tradeLicenseExpiry: '2028-03-31',
    address: 'Office 4, Al Quoz 1, Dubai',
    country: 'United Arab Emirates',
    city: 'Dubai',
    name: 'Hessa Al Marri',
    email,
    phone: '+971 50 111 2233',
    language,
    acceptTerms: 'true',
  };
  const status = await page.evaluate(async (values) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    form.set('tradeLicense', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'licence.pdf');
    return (await fetch('/api/b2b/account/signup', { method: 'POST', body: form })).status;
  }, fields);
  expect(status).toBe(200);
  const mail = await portal.smtp.waitFor((m) => m.to.includes(email));
  const password = /(?:temporary password|Временный пароль): (\S+)/.exec(mail.body)?.[1] ?? '';
  expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
  await page.evaluate(
    async (credentials) => {
      const res = await fetch('/api/b2b/account/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      localStorage.setItem('accessToken', (await res.json()).accessToken);
    },
    { email, password },
  );
  return email;
}

describe('[AGENCY][PENDING] an agency waiting for approval is told so from the first page', () => {
  it.each([
    [1280, 'en', 'localhost'],
    [390, 'ru', 'ru.localhost'],
  ] as const)(
    '[AGENCY][PENDING]: %i px, %s: the banner on every page, gone once an operator approves; the admin is e-mailed',
    async (width, language, host) => {
      const { page, context } = await portal.newPage({ width });
      await page.goto(portal.url(host) + '/');
      const agent = { email: await signUpAndLogIn(page, language) };
      const banner = page.getByTestId('pending-approval');
      const title = language === 'en' ? 'Your agency is waiting for approval' : 'Ваше агентство ожидает одобрения';

      for (const path of ['/', '/bookings']) {
        await page.goto(portal.url(host) + path);
        await banner.waitFor();
        expect(await banner.textContent()).toContain(title);
      }
      expect(await banner.textContent()).toContain(
        language === 'en' ? 'Your net rates and booking open once' : 'Цены нетто и бронирование откроются',
      );
      await screenshot(page, `pending-approval-${width}-${language}`);

      const operator = await apiLogin(portal, 'ops@portal.test');
      const pending = await api<{ id: string; adminEmail: string }[]>('/admin/agencies?status=pending', {
        token: operator,
      });
      const agency = pending.find((a) => a.adminEmail === agent.email);
      expect(agency).toBeDefined();
      await api(`/admin/agencies/${agency?.id}/approve`, { method: 'POST', token: operator });
      const approvedText =
        language === 'en' ? 'Palm Horizon EN LLC is approved' : 'Агентство «Palm Horizon RU LLC» одобрено';
      const approved = await portal.smtp.waitFor((m) => m.to.includes(agent.email) && m.body.includes(approvedText));
      expect(approved.body).toContain(`${portal.url(host)}/`);

      await page.goto(portal.url(host) + '/bookings');
      await page
        .getByTestId('bookings-page')
        .or(page.getByRole('heading', { level: 1 }))
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      expect(await banner.count()).toBe(0);
      await context.close();
    },
  );

  it('[AGENCY][PENDING]: an approved agency never sees the banner', async () => {
    const { page, context } = await portal.newPage();
    await page.goto(portal.url() + '/');
    await page.getByLabel('Email', { exact: true }).fill('admin@desertrose.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('pending-approval').count()).toBe(0);
    await context.close();
  });
});
