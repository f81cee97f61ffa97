import { describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES, MESSAGES, type AgencyDetails, type AuditListResponse } from '@portal/contract';
import { LAYOUTS, portalForFile, noSideScroll, settledScreenshot } from './support/portal.ts';
import { ADMIN, JUNIOR, RU_ADMIN, agentSessions } from './support/session.ts';

// Issue "Company settings, agents and roles": /my-agencies, as the agency's admin and its other agents see it
const GOOD_IBAN = 'AE07 0331 2345 6789 0123 456';
const BAD_IBAN = 'AE07 0331 2345 6789 0123 457';

const portal = portalForFile();
const { api, openAs } = agentSessions(portal);

describe('[COMPANY] company settings', () => {
  it('[COMPANY][BANK]: a bad IBAN gets its field error and the form summary; fixed, it is saved and in the history', async () => {
    const { page, context, go } = await openAs(ADMIN);
    await go('/my-agencies');
    await page.getByRole('heading', { level: 1, name: 'Company settings' }).waitFor();
    const iban = page.getByLabel('IBAN', { exact: true });
    await iban.fill(BAD_IBAN);
    await page.getByTestId('company-save').click();
    await page.getByTestId('company-form-errors').getByText(MESSAGES.companyForm).waitFor();
    await page.getByText(COMPANY_MESSAGES.invalidIban).waitFor();
    expect(await iban.getAttribute('aria-invalid')).toBe('true');
    expect((await api<AgencyDetails>(ADMIN, '/b2b/agency')).bank.iban).toBe('');

    await iban.fill(GOOD_IBAN);
    await page.getByLabel('SWIFT code', { exact: true }).fill('EBILAEAD');
    await page.getByTestId('company-save').click();
    await page.getByText('Company settings saved').waitFor();
    expect(await page.getByTestId('company-form-errors').count()).toBe(0);
    const saved = await api<AgencyDetails>(ADMIN, '/b2b/agency');
    expect(saved.bank).toMatchObject({ iban: 'AE070331234567890123456', swift: 'EBILAEAD' });

    const entry = page.getByTestId('history-entry').first();
    await entry.getByText('IBAN', { exact: false }).waitFor();
    const history = await api<AuditListResponse>(ADMIN, '/b2b/agency/history');
    expect(history.items[0]).toMatchObject({
      action: 'agency.updated',
      changes: [
        { field: 'bank.iban', from: null, to: 'AE070331234567890123456' },
        { field: 'bank.swift', from: null, to: 'EBILAEAD' },
      ],
    });
    await page.reload();
    expect(await page.getByLabel('IBAN', { exact: true }).inputValue()).toMatch(/^AE07\s?0331/);
    await context.close();
  });

  it('[COMPANY][UNSAVED]: Back and a menu link ask before unsaved changes are lost; staying keeps them', async () => {
    const { page, context, go } = await openAs(ADMIN);
    await go('/bookings');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await go('/my-agencies');
    await page.getByRole('heading', { level: 1, name: 'Company settings' }).waitFor();
    const city = page.getByLabel('Bank name', { exact: true });
    const asked: string[] = [];
    let answer = false;
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void (answer ? dialog.accept() : dialog.dismiss());
    });
    await city.fill('Emirates NBD Deira');

    // Back, then "stay": still here, the typing kept; the question is the page's own
    await page.goBack();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toBe('You have unsaved changes in the company settings. Leave this page and lose them?');
    expect(new URL(page.url()).pathname).toBe('/my-agencies');
    expect(await city.inputValue()).toBe('Emirates NBD Deira');

    // a menu link, then "stay"
    await page.getByRole('link', { name: 'All Bookings' }).first().click();
    await expect.poll(() => asked.length).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/my-agencies');

    // Back again, "leave": the page before the form
    answer = true;
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/bookings');
    expect(asked).toHaveLength(3);

    // saved: nothing left to lose, one Back leaves without a question
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Company settings' }).waitFor();
    await city.fill('Emirates NBD Deira');
    await page.getByTestId('company-save').click();
    await page.getByText('Company settings saved').waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/bookings');
    expect(asked).toHaveLength(3);
    await context.close();
  });

  it('[COMPANY][READ]: a junior agent reads the same details and cannot change them', async () => {
    const { page, context, go } = await openAs(JUNIOR);
    await go('/my-agencies');
    await page.getByTestId('company-read-only').waitFor();
    await page.getByText('Desert Rose Travel LLC').first().waitFor();
    expect(await page.getByTestId('company-save').count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    // the menu offers company settings but not the agents page (SPEC §6)
    expect(await page.getByRole('link', { name: 'Agents' }).count()).toBe(0);
    await context.close();
  });

  it.each(LAYOUTS)('[COMPANY][LAYOUT]: %i px in %s', async (width, language) => {
    const isRu = language === 'ru';
    const { page, context, go } = await openAs(isRu ? RU_ADMIN : ADMIN, {
      width,
      host: isRu ? 'ru.localhost' : 'localhost',
    });
    await go('/my-agencies');
    await page.getByRole('heading', { level: 1, name: isRu ? 'Настройки компании' : 'Company settings' }).waitFor();
    await page.getByTestId('company-form').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await settledScreenshot(page, `company-${width}-${language}`);
    await context.close();
  });
});
