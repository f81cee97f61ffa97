import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { AdminAgencyRow, BookingListResponse } from '@portal/contract';
import { SCREENSHOT_DIR, screenshot, startPortal, type Portal, noSideScroll } from './support/portal.ts';
import { ADMIN, JUNIOR, RU_ADMIN, OPERATOR, agentSessions } from './support/session.ts';
import { animationsDone } from './support/settle.ts';

// Issue 30: an agency admin makes an API key on its "API" page (the secret shown once), its own system books over
// OCTO with it, the booking shows in the portal as an API booking, and revoking the key refuses the next call.

let portal: Portal;
const { api, call, openAs } = agentSessions(() => portal);

// the agency's own system: a local receiver of its webhooks (allowed to be private here: WEBHOOK_ALLOW_PRIVATE)
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let receiver: http.Server;
let receiverUrl: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  portal = await startPortal({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '500' });
});
afterAll(async () => {
  await portal?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

type Json = Record<string, unknown>;

async function octo(secret: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${portal.url()}/octo/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${secret}`,
      'Octo-Capabilities': 'octo/pricing',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Json & Json[] };
}

// the reseller's system: a start-time product's default option, the first date with seats in a month, two adults
async function bookOverOcto(secret: string) {
  const products = (await octo(secret, 'GET', '/products')).json as unknown as {
    id: string;
    availabilityType: string;
    options: { id: string; default: boolean; pickupRequired: boolean; restrictions: { minUnits: number } }[];
  }[];
  for (const product of products.filter((p) => p.availabilityType === 'START_TIME')) {
    const option = product.options.find((o) => o.default && !o.pickupRequired);
    if (!option || option.restrictions.minUnits > 2) continue;
    const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const slots = (
      await octo(secret, 'POST', '/availability', {
        productId: product.id,
        optionId: option.id,
        localDateStart: today,
        localDateEnd: end,
        units: [{ id: 'adult', quantity: 2 }],
      })
    ).json as unknown as { id: string; status: string }[];
    const free = slots.find((s) => s.status === 'AVAILABLE');
    if (!free) continue;
    const reserved = await octo(secret, 'POST', '/bookings', {
      productId: product.id,
      optionId: option.id,
      availabilityId: free.id,
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
      resellerReference: 'WEB-1001',
    });
    expect(reserved.status, JSON.stringify(reserved.json)).toBe(200);
    const confirmed = await octo(secret, 'POST', `/bookings/${String(reserved.json.uuid)}/confirm`, {
      contact: { fullName: 'Anna Smith', emailAddress: 'anna@example.com' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json.status).toBe('CONFIRMED');
    return confirmed.json;
  }
  throw new Error('no bookable start-time product in the demo catalogue');
}

describe('[API] an agency connects its own system', () => {
  it('[API][WEBHOOKS]: at 1280 px (en) the admin adds an endpoint; a booking and a test event arrive signed', async () => {
    const { page, context, go } = await openAs(ADMIN, { width: 1280 });
    await go('/api-keys');
    await page.getByTestId('webhooks-section').waitFor();
    // nothing typed: the address is asked for under its field
    await page.getByTestId('webhook-add').click();
    await page.getByText("Enter your endpoint's address").waitFor();
    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByTestId('webhook-add').click();
    const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiverUrl });
    await card.waitFor();
    const secret = await card.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);

    const key = await api<{ secret: string }>(ADMIN, '/b2b/api-keys', {
      method: 'POST',
      body: { name: 'Webhook test' },
    });
    const booking = await bookOverOcto(key.secret);
    await card.getByTestId('webhook-test').click();
    await card.getByTestId('webhook-deliveries').waitFor();
    await card
      .locator('[data-testid="webhook-delivery"][data-status="succeeded"]', { hasText: 'booking.confirmed' })
      .waitFor();
    await card
      .locator('[data-testid="webhook-delivery"][data-status="succeeded"]', { hasText: 'webhook.test' })
      .waitFor();
    await animationsDone(page);
    await screenshot(page, 'api-webhooks-1280-en');

    const confirmed = received.find((r) => JSON.parse(r.body).type === 'booking.confirmed');
    if (!confirmed) throw new Error('no booking.confirmed arrived');
    const verified = new Webhook(secret).verify(confirmed.body, {
      'webhook-id': String(confirmed.headers['webhook-id']),
      'webhook-timestamp': String(confirmed.headers['webhook-timestamp']),
      'webhook-signature': String(confirmed.headers['webhook-signature']),
    }) as { data: { booking: { supplierReference: string; status: string } } };
    expect(verified.data.booking).toMatchObject({ supplierReference: booking.supplierReference, status: 'CONFIRMED' });
    await context.close();
  });

  it('[API][KEYS]: at 1280 px (en) the admin makes a key, books with it, finds the booking and revokes the key', async () => {
    const { page, context, go } = await openAs(ADMIN, { width: 1280 });
    await go('/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API' }).waitFor();
    expect(await page.getByRole('link', { name: 'API', exact: true }).count()).toBeGreaterThan(0);
    await page.getByTestId('api-base-url').waitFor();
    expect(await page.getByTestId('api-base-url').innerText()).toBe(`${portal.url()}/octo/v1`);

    // a blank name is refused under its field; nothing is made
    await page.getByTestId('api-key-create').click();
    await page.getByText('Give the key a name').waitFor();
    const name = `Website engine ${Date.now()}`;
    await page.getByTestId('api-key-name').fill(name);
    await page.getByTestId('api-key-create').click();
    const secret = await page.getByTestId('api-key-secret').innerText();
    expect(secret).toMatch(/^gfk_[A-Za-z0-9_-]{43}$/);
    await page.getByText('it is shown only this once').waitFor();
    await animationsDone(page);
    await screenshot(page, 'api-key-secret-1280-en');
    await page.getByTestId('api-key-secret-done').click();
    await page.getByTestId('api-key-secret').waitFor({ state: 'detached' });
    await animationsDone(page);
    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain(secret.slice(0, 12));
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'api-keys-1280-en');

    const booking = await bookOverOcto(secret);
    const list = await api<BookingListResponse>(ADMIN, '/b2b/bookings/filtered', {
      method: 'POST',
      body: { page: 1, onPage: 20, channel: 'api' },
    });
    expect(list.items.some((b) => b.reference === booking.supplierReference)).toBe(true);
    await go('/bookings?channel=api');
    const listed = page.locator('tr', { hasText: String(booking.supplierReference) });
    await listed.waitFor();
    await listed.getByTestId('api-booking-mark').first().waitFor();
    await screenshot(page, 'api-bookings-1280-en');
    // the booking's page names the key it was made with as who booked
    await listed
      .getByRole('link', { name: String(booking.supplierReference) })
      .first()
      .click();
    await page.getByTestId('booked-over-api').filter({ hasText: name }).first().waitFor();
    await animationsDone(page);
    await screenshot(page, 'api-booking-page-1280-en');

    await go('/api-keys');
    await page.getByTestId('api-key-row').filter({ hasText: name }).getByTestId('api-key-revoke').click();
    await page.getByTestId('api-key-revoke-confirm').click();
    await page.getByTestId('api-key-row').filter({ hasText: name }).getByText('Revoked').waitFor();
    const refused = await octo(secret, 'GET', '/supplier');
    expect(refused.status).toBe(401);
    expect(refused.json.error).toBe('UNAUTHORIZED');

    // a test key: marked apart; the test balance it pays with is refilled from the page
    await page.getByTestId('api-key-name').fill('Sandbox');
    await page.getByTestId('api-key-test').click();
    await page.getByTestId('api-key-create').click();
    const testSecret = await page.getByTestId('api-key-secret').innerText();
    await page.getByTestId('api-key-secret-done').click();
    await page.getByTestId('api-key-row').filter({ hasText: 'Sandbox' }).getByTestId('api-key-test-mark').waitFor();
    await page.getByTestId('api-test-refill').click();
    await page.locator('[data-testid="api-test-balance-amount"][data-amount="10000.00"]').waitFor();
    const sandbox = await octo(testSecret, 'GET', '/supplier');
    expect(sandbox.status).toBe(200);
    await context.close();
  });

  it('[API][RU]: at 390 px (ru) an agency the tours company switched on sees the page in Russian', async () => {
    const [volga] = await api<AdminAgencyRow[]>(OPERATOR, '/admin/agencies?q=Volga');
    if (!volga) throw new Error('Volga Tours missing');
    const detail = await api<{ isWidgetsCreationAllowed: boolean; isCreditCardTopupAllowed: boolean }>(
      OPERATOR,
      `/admin/agencies/${volga.id}`,
    );
    await api(OPERATOR, `/admin/agencies/${volga.id}/settings`, {
      method: 'PUT',
      body: {
        siteId: volga.siteId,
        currency: volga.currency,
        creditLimit: volga.creditLimit,
        isWidgetsCreationAllowed: detail.isWidgetsCreationAllowed,
        isCreditCardTopupAllowed: detail.isCreditCardTopupAllowed,
        isApiAllowed: true,
      },
    });
    const { page, context, go } = await openAs(RU_ADMIN, { width: 390, host: 'ru.localhost' });
    await go('/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API' }).waitFor();
    await page.getByText('Быстрый старт').waitFor();
    await page.getByTestId('api-key-name').fill('Сайт агентства');
    await page.getByTestId('api-key-create').click();
    await page.getByTestId('api-key-secret').waitFor();
    await page.getByText('он показывается только один раз').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await animationsDone(page);
    await screenshot(page, 'api-key-secret-390-ru');
    await page.getByTestId('api-key-secret-done').click();
    await page.getByTestId('api-key-secret').waitFor({ state: 'detached' });
    await page.getByTestId('api-key-row').first().waitFor();
    await animationsDone(page);
    await screenshot(page, 'api-keys-390-ru');

    // a webhook endpoint, a test event and its delivery log, in Russian on a phone
    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByTestId('webhook-add').click();
    const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiverUrl });
    await card.getByTestId('webhook-test').click();
    await card.locator('[data-testid="webhook-delivery"][data-status="succeeded"]').first().waitFor();
    await card.getByText('Доставлено').first().waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await screenshot(page, 'api-webhooks-390-ru');
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'api-webhook-card-390-ru.png') });
    await context.close();
  });

  it('[API][ACCESS]: a junior has no API page; the operator sees and revokes an agency’s keys', async () => {
    const junior = await openAs(JUNIOR);
    await junior.go('/api-keys');
    await junior.page.getByTestId('api-keys-forbidden').getByText('You do not have permission to do this').waitFor();
    expect(await junior.page.getByRole('link', { name: 'API', exact: true }).count()).toBe(0);
    expect((await call(JUNIOR, '/b2b/api-keys')).status).toBe(403);
    await junior.context.close();

    const made = await api<{ id: string; secret: string; name: string }>(ADMIN, '/b2b/api-keys', {
      method: 'POST',
      body: { name: 'Channel manager' },
    });
    const [rose] = await api<AdminAgencyRow[]>(OPERATOR, '/admin/agencies?q=Desert');
    if (!rose) throw new Error('Desert Rose missing');
    const ops = await openAs(OPERATOR);
    await ops.go(`/admin/agencies/${rose.id}`);
    const panel = ops.page.getByTestId('agency-api-keys');
    await panel.getByText('Channel manager').waitFor();
    await screenshot(ops.page, 'api-keys-back-office-1280-en');
    await panel.locator('tr', { hasText: 'Channel manager' }).getByRole('button', { name: 'Revoke' }).click();
    await panel.locator('tr', { hasText: 'Channel manager' }).getByText('Revoked').waitFor();
    expect((await octo(made.secret, 'GET', '/products')).status).toBe(401);
    await ops.context.close();
  });
});
