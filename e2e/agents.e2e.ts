import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { AgentListResponse, BookingListResponse } from '@portal/contract';
import { LAYOUTS, screenshot, portalForFile, noSideScroll } from './support/portal.ts';
import { ADMIN, RU_ADMIN, agentSessions, logIn } from './support/session.ts';
import { bookable, bookingSlots, instantPerPerson } from './support/booking-slots.ts';

// Issue "Company settings, agents and roles": an admin runs the agency's users from /agents; roles apply on the
// agent's next request, a deleted agent's open session ends, a restored one logs in again
const PASSWORD = 'Omar-own-password-2026';

const portal = portalForFile();
const { api, openAs } = agentSessions(portal);
const { findSlot, bookViaApi } = bookingSlots(api);

async function logInFromHome(page: Page, email: string, password: string) {
  await page.goto(portal().url() + '/');
  await logIn(page, email, password);
}

function agentRow(page: Page, email: string) {
  return page.getByTestId('agent-row').filter({ hasText: email });
}

async function confirmInDialog(page: Page, button: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('[AGENTS] an agency admin runs its agents', () => {
  it('[AGENTS][LIFECYCLE]: invite a senior → sets a password → sees all bookings; demoted → own only; deleted → session ends; restored → logs in', async () => {
    // a booking of the admin's: a senior sees it, a junior does not
    const slot = await findSlot(ADMIN, 'aed', instantPerPerson(false), bookable);
    const adminsBooking = await bookViaApi(ADMIN, slot);
    const email = `omar.${Date.now()}@example.test`;

    const admin = await openAs(ADMIN);
    await admin.go('/agents');
    await admin.page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
    await admin.page.getByTestId('roles-table').first().waitFor();
    await admin.page.getByRole('button', { name: 'New agent' }).click();
    const form = admin.page.getByRole('dialog');
    await form.getByLabel('Name', { exact: true }).fill('Omar Saleh');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone', { exact: true }).fill('+971 50 765 4321');
    await form.getByRole('combobox', { name: 'Role' }).click();
    await admin.page.getByRole('option', { name: /^Senior/ }).click();
    await form.getByLabel('Job title', { exact: true }).fill('Reservations');
    await form.getByTestId('agent-save').click();
    await form.waitFor({ state: 'hidden' });
    await agentRow(admin.page, email).getByText('Email not verified').waitFor();

    // the invitation by e-mail, its link sets the password
    const mail = await portal().smtp.waitFor((m) => m.to.includes(email));
    const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail.body)?.[1] ?? '';
    expect(link).toContain('invite=1');
    const agentContext: BrowserContext = (await portal().newPage()).context;
    const agent = await agentContext.newPage();
    await agent.goto(link.replace(/^http:\/\/[^/]+/, portal().url()));
    await agent.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await agent.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
    await agent.getByRole('button', { name: /^(Set password|Set new password)$/ }).click();
    await agent.getByText(/You can now log in/).waitFor();
    await logInFromHome(agent, email, PASSWORD);
    await agent.getByText('Welcome, Omar Saleh').waitFor();
    await admin.page.reload();
    await agentRow(admin.page, email).getByText('Active').waitFor();

    // a senior sees the agency's bookings
    await agent.goto(portal().url() + '/bookings');
    await agent.getByText(adminsBooking.reference).first().waitFor();

    // demoted to junior: on the next page only their own (none)
    await agentRow(admin.page, email).getByRole('button', { name: /Edit/ }).click();
    await form.getByRole('combobox', { name: 'Role' }).click();
    await admin.page.getByRole('option', { name: /^Junior/ }).click();
    await form.getByTestId('agent-save').click();
    await form.waitFor({ state: 'hidden' });
    await agent.goto(portal().url() + '/bookings');
    await agent.getByText('No bookings yet.').waitFor();
    expect(await agent.getByText(adminsBooking.reference).count()).toBe(0);
    const token = await agent.evaluate(() => localStorage.getItem('accessToken'));
    const claims = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString()) as { role: string };
    expect(claims.role).toBe('junior');

    // deleted: the open session ends on its next request
    await agentRow(admin.page, email)
      .getByRole('button', { name: /Delete/ })
      .click();
    await confirmInDialog(admin.page, /^Delete/);
    await agentRow(admin.page, email).getByText('Deleted').waitFor();
    await agent.goto(portal().url() + '/bookings');
    await agent.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await agent.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await logInFromHome(agent, email, PASSWORD);
    await agent.getByText('Username or Password is incorrect').waitFor();

    // restored: logs in again
    await agentRow(admin.page, email)
      .getByRole('button', { name: /Restore/ })
      .click();
    await confirmInDialog(admin.page, /^Restore/);
    await agentRow(admin.page, email).getByText('Active').waitFor();
    await logInFromHome(agent, email, PASSWORD);
    await agent.getByText('Welcome, Omar Saleh').waitFor();

    const listed = await api<AgentListResponse>(ADMIN, `/b2b/agents?search=${encodeURIComponent(email)}`);
    expect(listed.items.map((a) => [a.email, a.role, a.status])).toEqual([[email, 'junior', 'normal']]);
    const own = await api<BookingListResponse>(ADMIN, '/b2b/bookings?page=1&onPage=5');
    expect(own.items.some((b) => b.reference === adminsBooking.reference)).toBe(true);
    await agentContext.close();
    await admin.context.close();
  });

  it.each(LAYOUTS)('[AGENTS][LAYOUT]: %i px in %s', async (width, language) => {
    const isRu = language === 'ru';
    const { page, context, go } = await openAs(isRu ? RU_ADMIN : ADMIN, {
      width,
      host: isRu ? 'ru.localhost' : 'localhost',
    });
    await go('/agents');
    await page.getByRole('heading', { level: 1, name: isRu ? 'Агенты' : 'Agents' }).waitFor();
    await page.getByTestId('agent-row').first().waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    await screenshot(page, `agents-${width}-${language}`);
    await context.close();
  });
});
