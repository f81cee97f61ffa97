import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { CreateBookingResponse } from '@portal/contract';
import { screenshot, portalForFile, noSideScroll } from './support/portal.ts';
import { ADMIN, OPERATOR, apiLogin, logIn } from './support/session.ts';
import { LAYOUTS } from './support/portal.ts';
import { GUEST, bookable, bookingSlots, instantPerPerson } from './support/booking-slots.ts';

// Issue 9 defect 12: an agency waiting for approval had the full menu and net rates and learnt only at "Book and
// pay" that it could not book. Now every page says so, and its administrator gets an e-mail when it is approved.
const portal = portalForFile();

// The tours company's operator in a browser of their own
async function openOperator(width: number, host: string) {
  const token = await apiLogin(portal(), OPERATOR);
  const { page, context } = await portal().newPage({ width });
  await context.addInitScript((value) => localStorage.setItem('accessToken', value), token);
  await page.goto(portal().url(host) + '/');
  return { page, context };
}

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${portal().url()}/api${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

// A one-page PDF with a line of text, so the review page has a real document to show inline
function licencePdf(title: string): string {
  const stream = `BT /F1 28 Tf 60 720 Td (${title}) Tj ET BT /F1 14 Tf 60 680 Td (Department of Economy and Tourism, Dubai) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken') ?? '');

// A new agency signs up on the site the page is on (from the page: Node cannot resolve ru.localhost); its admin's
// temporary password comes by e-mail, and the admin's session is stored as a login would.
async function signUpAndLogIn(
  page: Page,
  language: 'en' | 'ru',
  companyName = `Palm Horizon ${language.toUpperCase()} LLC`,
): Promise<string> {
  const email = `pending-${language}-${Date.now()}@example.test`;
  const fields = {
    companyName,
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
  const status = await page.evaluate(
    async ({ values, pdf }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(values)) form.set(name, value);
      form.set('tradeLicense', new Blob([pdf], { type: 'application/pdf' }), 'licence.pdf');
      return (await fetch('/api/b2b/account/signup', { method: 'POST', body: form })).status;
    },
    { values: fields, pdf: licencePdf(`TRADE LICENCE ${companyName}`) },
  );
  expect(status).toBe(200);
  const mail = await portal().smtp.waitFor((m) => m.to.includes(email));
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
      const { page, context } = await portal().newPage({ width });
      await page.goto(portal().url(host) + '/');
      const agent = { email: await signUpAndLogIn(page, language) };
      const banner = page.getByTestId('pending-approval');
      const title = language === 'en' ? 'Your agency is waiting for approval' : 'Ваше агентство ожидает одобрения';

      for (const path of ['/', '/bookings']) {
        await page.goto(portal().url(host) + path);
        await banner.waitFor();
        expect(await banner.textContent()).toContain(title);
      }
      expect(await banner.textContent()).toContain(
        language === 'en' ? 'Your net rates and booking open once' : 'Цены нетто и бронирование откроются',
      );
      await screenshot(page, `pending-approval-${width}-${language}`);
      // net rates and booking wait for the approval: the tour page says so instead of a price and a button
      const tours = await api<{ id: number }[]>('/b2b/tours', { token: await tokenOf(page) });
      await page.goto(portal().url(host) + `/tour?id=${tours[0]?.id}`);
      await page.getByTestId('awaiting-approval').waitFor();
      expect(await page.getByTestId('book-button').isDisabled()).toBe(true);

      // the tours company reviews the sign-up in its back office and approves it there
      const operator = await openOperator(width, host);
      await operator.page.goto(portal().url(host) + '/admin');
      await operator.page.getByTestId('tile-pending-agencies').click();
      await operator.page.getByTestId('agencies-page').waitFor();
      await operator.page
        .getByRole('link', { name: `Palm Horizon ${language.toUpperCase()} LLC` })
        .first()
        .click();
      await operator.page.getByTestId('agency-review').waitFor();
      await operator.page.getByTestId('document-preview').first().locator('iframe, img').first().waitFor();
      await operator.page
        .getByRole('button', { name: language === 'en' ? 'Approve' : 'Одобрить', exact: true })
        .click();
      await operator.page
        .getByTestId('agency-status')
        .getByText(language === 'en' ? 'Approved' : 'Одобрено')
        .waitFor();
      await operator.context.close();
      const approvedText =
        language === 'en' ? 'Palm Horizon EN LLC is approved' : 'Агентство «Palm Horizon RU LLC» одобрено';
      const approved = await portal().smtp.waitFor((m) => m.to.includes(agent.email) && m.body.includes(approvedText));
      expect(approved.body).toContain(`${portal().url(host)}/`);

      await page.goto(portal().url(host) + '/bookings');
      await page
        .getByTestId('bookings-page')
        .or(page.getByRole('heading', { level: 1 }))
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      expect(await banner.count()).toBe(0);

      // approved, its admin can book: the tour page offers the net price and the button, and a booking is taken
      const token = await tokenOf(page);
      const asAdmin = <T>(_email: string, path: string, init: { method?: string; body?: unknown } = {}) =>
        api<T>(path, {
          token,
          method: init.method,
          headers:
            init.body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      const slot = await bookingSlots(asAdmin).findSlot(agent.email, 'aed', instantPerPerson(false), bookable);
      await page.goto(
        portal().url(host) +
          `/tour?id=${slot.tour.id}&offer=${slot.offer.id}&date=${slot.date}&time=${slot.time ?? ''}`,
      );
      await page.getByTestId(`offer-${slot.offer.id}-prices`).waitFor();
      expect(await page.getByTestId('awaiting-approval').count()).toBe(0);
      // enabled once the day's availability has come (on a loaded machine, after the prices)
      await expect.poll(() => page.getByTestId('book-button').isDisabled()).toBe(false);
      const created = await asAdmin<CreateBookingResponse>(agent.email, '/b2b/bookings/withpaymentintent', {
        method: 'POST',
        body: {
          offerId: slot.offer.id,
          date: slot.date,
          time: slot.time,
          adults: 1,
          guest: { ...GUEST, confirmEmail: GUEST.email, hotelId: null },
        },
      });
      expect(created.booking.status).toBe('pending_payment');
      await context.close();
    },
  );

  it('[AGENCY][PENDING]: an approved agency never sees the banner', async () => {
    const { page, context } = await portal().newPage();
    await page.goto(portal().url() + '/');
    await logIn(page, ADMIN);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('pending-approval').count()).toBe(0);
    await context.close();
  });
});

describe('[BACK OFFICE][AGENCIES] the operator rejects a sign-up with a reason; the dashboard and review on every layout', () => {
  it('[BACK OFFICE][REJECT]: the reason is e-mailed, the agency can no longer log in', async () => {
    const { page, context } = await portal().newPage();
    await page.goto(portal().url() + '/');
    const email = await signUpAndLogIn(page, 'en', 'Mirage Shell Tours LLC');
    const operator = await openOperator(1280, 'localhost');
    await operator.page.goto(portal().url() + '/admin/agencies?status=pending');
    await operator.page.getByRole('link', { name: 'Mirage Shell Tours LLC' }).first().click();
    await operator.page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = operator.page.getByRole('dialog');
    // no reason: refused under the field, nothing changes
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByText('Say why, in a sentence the agency will read').waitFor();
    expect(await operator.page.getByTestId('agency-status').textContent()).toBe('Waiting for approval');
    await dialog.getByLabel('Reason').fill('The trade licence belongs to another company');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await operator.page.getByTestId('agency-status').getByText('Rejected').waitFor();
    await operator.page.getByText('The trade licence belongs to another company').first().waitFor();
    const mail = await portal().smtp.waitFor((m) => m.to.includes(email) && m.body.includes('Reason:'));
    expect(mail.body).toContain('Reason: The trade licence belongs to another company');
    // the history on the agency's page names the operator's decision
    await operator.page.getByTestId('agency-history').getByText('Rejected').first().waitFor();
    // the agency's session has ended: its next page load is a logged-out one
    await page.goto(portal().url() + '/bookings');
    await page.getByLabel('Email', { exact: true }).waitFor();
    await operator.context.close();
    await context.close();
  });

  it.each(LAYOUTS)('[BACK OFFICE][LAYOUT]: dashboard and a sign-up review at %i px in %s', async (width, language) => {
    const host = language === 'ru' ? 'ru.localhost' : 'localhost';
    const { page: agentPage, context: agentContext } = await portal().newPage();
    await agentPage.goto(portal().url(host) + '/');
    await signUpAndLogIn(agentPage, language, `Oasis Review ${width} ${language.toUpperCase()} LLC`);
    await agentContext.close();
    const { page, context } = await openOperator(width, host);
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('tile-pending-agencies').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, `back-office-dashboard-${width}-${language}`);
    await page.goto(portal().url(host) + '/admin/agencies?status=pending');
    await page.getByText(`Oasis Review ${width} ${language.toUpperCase()} LLC`).first().click();
    await page.getByTestId('agency-review').waitFor();
    await page.getByTestId('document-preview').first().locator('iframe, img').first().waitFor();
    // settles the preview for the screenshot; Chromium's PDF viewer in the frame may keep a request open (a full CI
    // run once waited the whole 30 s), so this wait is bounded and the checks below do not depend on it
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, `back-office-agency-review-${width}-${language}`);
    await context.close();
  });
});
