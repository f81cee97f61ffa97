import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOKING_MESSAGES, addDays, bookingRoutes, commissionRoutes } from '@portal/contract';
import { bookings, ledgerEntries, mailOutbox, payments, widgetOffers } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import { insertWidget, randomIp } from '../../../test/factories.ts';
import { SANDBOX_CARD, payOnSandboxPage } from '../../../test/sandbox-pay.ts';
import { createBookingWorld, retireTour, slotLeft, type BookingWorld } from '../../../test/booking-fixtures.ts';
import { readBalance } from '../ledger/ledger.repo.ts';
import { injectRoute } from '../../../test/inject-route.ts';
import { HOSTILE, HOSTILE_ESCAPED, expectOnlyEscaped } from '../../../test/hostile-html.ts';

// Issue 13 item 3: a customer books in the agency's shop and pays the sale price by card; the booking is the agency's
// (channel widget), its margin (sale − net) is pending until the tour date, then credited once by the job, and a
// cancellation before that reverses it.
let w: BookingWorld;
let slug = '';
let widgetId = '';
// the first paid sale (the margin's tests follow it)
let firstSaleId = '';

// A shop of the agency's that sells the timeslot option: NET 144.00 per adult and 110.00 per child, sold at 171.60
// and 130.00
async function insertShop(values: {
  slug: string;
  name: string;
  address: string;
  phone?: string;
  googleConversionActionId?: string;
}): Promise<string> {
  const { address, phone = '', ...shop } = values;
  const row = await insertWidget(t.database.db, w.agency, {
    ...shop,
    contacts: { address, mapLink: '', email: 'sales@palmhorizon.test', telegram: '', phone, whatsapp: '', viber: '' },
  });
  await t.database.db.insert(widgetOffers).values({
    widgetId: row.id,
    offerId: w.tour.timeslotOfferId,
    tourId: w.tour.id,
    position: 0,
    saleAdultMinor: 17_160,
    saleChildMinor: 13_000,
  });
  return row.id;
}

const t = useTestApp({ publicUrl: 'https://b2b.portal.test' });
beforeAll(async () => {
  w = await createBookingWorld(t.app, t.database.db);
  slug = `checkout-${w.agency.id.slice(0, 8)}`;
  widgetId = await insertShop({
    slug,
    name: 'Palm Horizon Tours',
    address: 'Office 4, Al Quoz 1, Dubai',
    phone: '+971 50 111 2233',
    googleConversionActionId: 'AW-123456789/AbC-d_9',
  });
});
afterAll(async () => {
  await t.database.db.delete(widgetOffers).where(eq(widgetOffers.widgetId, widgetId));
  await retireTour(t.database.db, w.tour.id);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
const choice = (date = w.date) =>
  new URLSearchParams({
    widget: slug,
    offer: String(w.tour.timeslotOfferId),
    date,
    time: '18:00',
    adults: '2',
    children: '0',
    infants: '0',
  });
const tokenOf = (html: string) => /name="token" value="([A-Za-z0-9_-]{32})"/.exec(html)?.[1] ?? '';

function guestForm(token: string, overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    ...Object.fromEntries(choice()),
    token,
    name: 'Anna Petrova',
    email: 'anna@customer.test',
    confirmEmail: 'anna@customer.test',
    phone: '+7 900 123 45 67',
    hotelId: String(w.dubaiHotelId),
    room: '1204',
    notes: '',
    ...overrides,
  }).toString();
}
// each customer from an address of their own (WIDGET_HOLDS_PER_IP counts per address); `query`: the shop, and any
// field sent in the address too
const post = (body: string, remoteAddress = randomIp(), query = `widget=${slug}`) =>
  t.app.inject({
    method: 'POST',
    url: `/embedded/checkout?${query}`,
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
    remoteAddress,
  });
const salesOf = () =>
  t.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.agencyId, w.agency.id), eq(bookings.channel, 'widget')));

async function paidSale(date = w.date): Promise<{ token: string; id: string }> {
  const token = tokenOf((await get(`/embedded/checkout?${choice(date)}`)).body);
  const booked = await post(guestForm(token, { date }));
  expect(booked.statusCode).toBe(303);
  const chargeId = /\/api\/payments\/sandbox\/pay\/([^/?]+)$/.exec(String(booked.headers.location))?.[1] ?? '';
  expect((await payOnSandboxPage(t.app, chargeId, SANDBOX_CARD.ok)).statusCode).toBe(303);
  const [sale] = await t.database.db.select().from(bookings).where(eq(bookings.customerToken, token));
  if (!sale) throw new Error('no sale');
  return { token, id: sale.id };
}

describe('the ticket page and the checkout (server-rendered, no script)', () => {
  it('shows the days with seats, the times with what is left, and the shop prices', async () => {
    const res = await get(`/embedded?widget=${slug}&offer=${w.tour.timeslotOfferId}&date=${w.date}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain('data-testid="checkout-day"');
    expect(res.body).toContain('value="18:00"');
    // the forms are GET forms: their fields carry the shop (a form's query replaces its action's)
    expect(res.body.match(new RegExp(`<input type="hidden" name="widget" value="${slug}">`, 'g'))).toHaveLength(2);
    expect(res.body).toMatch(/171\.60.AED/);
    expect(res.body).toContain('Palm Horizon Tours');
  });

  it("another currency asked (the embed code's data-currency) is shown beside the shop's, which is charged", async () => {
    const res = await get(`/embedded?widget=${slug}&offer=${w.tour.timeslotOfferId}&date=${w.date}&currency=usd`);
    // 171.60 AED at 3.65 AED to the dollar
    expect(res.body).toMatch(
      /<b>171\.60.AED<\/b> <span class="approx" data-testid="price-approx">≈ (US)?\$47\.01|≈ 47\.01.USD/,
    );
    expect(res.body).toContain('data-testid="charged-note"');
    expect(res.body).toContain('<input type="hidden" name="currency" value="usd">');
    const checkout = await get(`/embedded/checkout?${choice()}&currency=usd`);
    expect(checkout.body).toContain('data-amount="34320"');
    expect(checkout.body).toMatch(/≈ ((US)?\$94\.03|94\.03.USD)/);
    const shop = await get(`/w/${slug}?currency=usd`);
    expect(shop.body).toContain(`/embedded?offer=${w.tour.timeslotOfferId}&amp;widget=${slug}&amp;currency=usd`);
    // the shop's own currency asked: nothing beside it
    expect((await get(`/embedded?widget=${slug}&offer=${w.tour.timeslotOfferId}&currency=aed`)).body).not.toContain(
      'price-approx',
    );
  });

  it('an unknown widget, an option the shop does not sell, or a hostile slug is a 404', async () => {
    expect((await get(`/embedded?widget=no-such-shop&offer=${w.tour.timeslotOfferId}`)).statusCode).toBe(404);
    expect((await get(`/embedded?widget=${slug}&offer=${w.tour.tripOfferId}`)).statusCode).toBe(404);
    expect((await get(`/embedded?widget=%3Cscript%3E&offer=1`)).statusCode).toBe(404);
  });

  it('prices the choice at the sale price and asks for the guest (pick-up hotels of the tour)', async () => {
    const res = await get(`/embedded/checkout?${choice()}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-amount="34320"');
    expect(res.body).toMatch(/<select id="g-hotelId" name="hotelId"/);
    expect(tokenOf(res.body)).toHaveLength(32);
  });

  it("refuses a party above the option's limits on the ticket page, with the message", async () => {
    const params = choice();
    params.set('adults', '9');
    const res = await get(`/embedded/checkout?${params}`);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Maximum number of people: 8');
  });

  it('says the limit in Russian, with its number, on a Russian shop page', async () => {
    const params = choice();
    params.set('adults', '9');
    params.set('language', 'ru');
    const res = await get(`/embedded/checkout?${params}`);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Максимальное количество человек: 8');
    expect(res.body).not.toContain('Maximum number of people');
  });
});

describe('booking and paying', () => {
  it('bad guest details: the form again with the exact messages, nothing booked', async () => {
    const token = tokenOf((await get(`/embedded/checkout?${choice()}`)).body);
    const res = await post(guestForm(token, { email: 'not-an-email', confirmEmail: 'x@y.test' }));
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Enter a valid email address');
    expect(res.body).toContain(`value="${token}"`);
    expect(await salesOf()).toHaveLength(0);
  });

  it('one address starts at most WIDGET_HOLDS_PER_IP checkouts in 10 minutes (seats held without a login)', async () => {
    const address = randomIp();
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await post(guestForm('short'), address)).statusCode);
    // the first 20 pass the limit (and are refused for their forged token), the 21st never reaches the checkout
    expect(answers.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(answers[20]).toBe(429);
    expect(await salesOf()).toHaveLength(0);
  });

  it('a forged token or a garbage form books nothing', async () => {
    expect((await post(guestForm('short'))).statusCode).toBe(404);
    expect((await post('%%%')).statusCode).toBe(404);
    expect(await salesOf()).toHaveLength(0);
  });

  // the form's fields are read by the contract's schemas (widget-checkout-form.ts): a field that is no answer gets the
  // message the customer sees for that field, beside it, and books nothing (it used to fall back to 2 adults)
  it('garbage in the form (people, dates, huge numbers, a field sent twice): the message, nothing booked', async () => {
    const stock = (await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left;
    const people = 'Enter a whole number from 0 to 99';
    const badDate = 'Enter the date as DD.MM.YYYY.';
    const errorFor = (field: string, message: string) =>
      `<p class="error" role="alert" data-error-for="${field}">${message}</p>`;
    const cases: [string, Record<string, string>, string, string][] = [
      ['letters for adults', { adults: 'two' }, 'adults', people],
      ['a negative count', { children: '-1' }, 'children', people],
      ['a fraction', { infants: '1.5' }, 'infants', people],
      ['a huge number', { adults: '99999999999999999999' }, 'adults', people],
      ['one past the field', { adults: '100' }, 'adults', people],
      ['a text that is no date', { date: 'next friday' }, 'date', badDate],
      ['a date that does not exist', { date: '31.02.2027' }, 'date', badDate],
      ['a time that is none', { time: '25:99' }, 'time', 'Timeslots are not available'],
    ];
    for (const [what, fields, field, message] of cases) {
      const token = tokenOf((await get(`/embedded/checkout?${choice()}`)).body);
      const res = await post(guestForm(token, fields));
      expect([what, res.statusCode]).toEqual([what, 422]);
      expect([what, res.body]).toEqual([what, expect.stringContaining(errorFor(field, message))]);
      // the checkout's own address asked with the same choice says the same
      const params = choice();
      for (const [name, value] of Object.entries(fields)) params.set(name, value);
      const page = await get(`/embedded/checkout?${params}`);
      expect([what, page.statusCode, page.body]).toEqual([
        what,
        422,
        expect.stringContaining(errorFor(field, message)),
      ]);
    }

    // a field sent twice (`?adults=1&adults=2`) is a list, not a count, a date or a name
    const token = tokenOf((await get(`/embedded/checkout?${choice()}`)).body);
    const twice = (query: string) => post(guestForm(token), randomIp(), `widget=${slug}&${query}`);
    for (const [query, field, message] of [
      ['adults=1&adults=2', 'adults', people],
      [`date=${w.date}&date=${w.date}`, 'date', badDate],
    ] as const) {
      const res = await twice(query);
      expect([query, res.statusCode]).toEqual([query, 422]);
      expect([query, res.body]).toEqual([query, expect.stringContaining(errorFor(field, message))]);
    }
    const name = await twice('name=Anna&name=Petrova');
    expect(name.statusCode).toBe(422);
    expect(name.body).toContain(errorFor('guest.name', 'This field is required'));
    expect(name.body).toContain(`value="${token}"`);
    // the ticket page only fills its form in from the address: a list there is no error page
    expect((await get(`/embedded?widget=${slug}&offer=${w.tour.timeslotOfferId}&date=a&date=b`)).statusCode).toBe(200);

    expect(await salesOf()).toHaveLength(0);
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(stock);
  });

  it('holds the seats, charges the sale price once (a second submit finds the first), completes on 4242', async () => {
    const before = (await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left ?? 0;
    const token = tokenOf((await get(`/embedded/checkout?${choice()}`)).body);
    const first = await post(guestForm(token));
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(/\/api\/payments\/sandbox\/pay\/[^/]+$/);
    const again = await post(guestForm(token));
    expect(again.headers.location).toBe(first.headers.location);

    const [sale, ...more] = await salesOf();
    expect(more).toHaveLength(0);
    firstSaleId = sale?.id ?? '';
    expect(sale).toMatchObject({
      channel: 'widget',
      widgetId,
      createdBy: null,
      status: 'pending_payment',
      paymentMethod: 'card',
      saleCurrency: 'aed',
      saleTotalMinor: 34_320,
      publishedTotalMinor: 34_320,
      netTotalMinor: 28_800,
      marginStatus: null,
      guestEmail: 'anna@customer.test',
      customerUrl: `https://b2b.portal.test/embedded/booking/${token}?widget=${slug}`,
    });
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(before - 2);
    const charges = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, sale?.id ?? ''));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountMinor: 34_320, currency: 'aed', status: 'pending' });

    const chargeId = /pay\/([^/?]+)$/.exec(String(first.headers.location))?.[1] ?? '';
    const paid = await payOnSandboxPage(t.app, chargeId, SANDBOX_CARD.ok);
    expect(paid.headers.location).toBe(sale?.customerUrl);

    const page = await get(`/embedded/booking/${token}?widget=${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="sale-confirmed"');
    expect(page.body).toContain(sale?.reference ?? 'missing');
    // the agency's Google Ads conversion fires on the confirmation, with the amount
    expect(page.body).toContain(
      'https://www.googleadservices.com/pagead/conversion/123456789/?label=AbC-d_9&amp;value=343.20&amp;currency_code=AED',
    );
    const [done] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, sale?.id ?? ''));
    expect(done).toMatchObject({ status: 'completed', marginStatus: 'pending', heldUnits: 0 });

    // the customer's mail comes from the shop, the agency's admins hear of the sale
    const mails = await t.database.db.select().from(mailOutbox);
    const customer = mails.find(
      (m) => m.toAddress === 'anna@customer.test' && m.subject.includes(sale?.reference ?? '-'),
    );
    expect(customer?.subject).toBe(`Palm Horizon Tours: booking ${sale?.reference} confirmed`);
    expect(customer?.textBody).toContain(sale?.customerUrl ?? 'missing');
    expect(customer?.textBody).toContain('+971 50 111 2233');
    const admin = mails.find(
      (m) => m.toAddress === w.agency.users.admin.email && m.subject.includes(sale?.reference ?? '-'),
    );
    expect(admin?.subject).toBe(`Widget sale in "Palm Horizon Tours": ${sale?.reference}`);
    expect(admin?.textBody).toContain('Your margin of 55.20 AED');

    // the voucher and tickets, by the token only; no invoice for the customer
    const voucher = await get(`/embedded/booking/${token}/voucher?widget=${slug}`);
    expect(voucher.statusCode).toBe(200);
    expect(voucher.headers['content-type']).toBe('application/pdf');
    expect(voucher.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/embedded/booking/${token}/tickets?widget=${slug}`)).statusCode).toBe(200);
    expect((await get(`/embedded/booking/${token}/invoice?widget=${slug}`)).statusCode).toBe(404);
    expect((await get(`/embedded/booking/${'x'.repeat(32)}?widget=${slug}`)).statusCode).toBe(404);
  });

  it('the agency sees the sale in its bookings (channel widget) and its margin pending in commissions', async () => {
    const [sale] = await t.database.db.select().from(bookings).where(eq(bookings.id, firstSaleId));
    const list = await injectRoute(t.app, bookingRoutes.list, { token: w.tokens.admin });
    const row = list.json().items.find((i: { id: string }) => i.id === sale?.id);
    expect(row).toMatchObject({ channel: 'widget', agent: 'Palm Horizon Tours', status: 'completed' });
    const commissions = await injectRoute(t.app, commissionRoutes.list, { body: {}, token: w.tokens.admin });
    expect(commissions.statusCode).toBe(200);
    const line = commissions.json().items.find((i: { id: string }) => i.id === sale?.id);
    expect(line).toMatchObject({
      channel: 'widget',
      marginStatus: 'pending',
      published: 343.2,
      net: 288,
      commission: 55.2,
    });
  });
});

describe('a card that fails, and a stop before the charge', () => {
  it('the same form submitted twice at once makes one sale, one hold and one charge', async () => {
    const before = (await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left ?? 0;
    const token = tokenOf((await get(`/embedded/checkout?${choice()}`)).body);
    const [a, b] = await Promise.all([post(guestForm(token)), post(guestForm(token))]);
    expect([a.statusCode, b.statusCode]).toEqual([303, 303]);
    const made = await t.database.db.select().from(bookings).where(eq(bookings.customerToken, token));
    expect(made).toHaveLength(1);
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(before - 2);
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, made[0]?.id ?? '')),
    ).toHaveLength(1);
  });

  const saleAt = async (token: string) => {
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.customerToken, token));
    if (!row) throw new Error('no sale');
    return row;
  };
  const retry = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/embedded/booking/${token}/pay?widget=${slug}`,
      headers: { host: 'localhost' },
      remoteAddress: randomIp(),
    });

  it('a declined card: the page offers another card while the seats are held; the next one pays, once', async () => {
    const token = tokenOf((await get(`/embedded/checkout?${choice()}`)).body);
    const booked = await post(guestForm(token));
    const chargeId = /pay\/([^/?]+)$/.exec(String(booked.headers.location))?.[1] ?? '';
    await payOnSandboxPage(t.app, chargeId, SANDBOX_CARD.declined);
    const page = await get(`/embedded/booking/${token}?widget=${slug}`);
    expect(page.body).toContain('data-testid="sale-failed"');
    // SPEC §8's words, as the portal shows them
    expect(page.body).toContain(BOOKING_MESSAGES.paymentFailed);
    const again = await retry(token);
    expect(again.statusCode).toBe(303);
    const next = /pay\/([^/?]+)$/.exec(String(again.headers.location))?.[1] ?? '';
    expect(next).not.toBe(chargeId);
    await payOnSandboxPage(t.app, next, SANDBOX_CARD.ok);
    const sale = await saleAt(token);
    expect(sale.status).toBe('completed');
    const charges = await t.database.db.select().from(payments).where(eq(payments.bookingId, sale.id));
    expect(charges.map((c) => c.status).sort()).toEqual(['failed', 'succeeded']);
    // a paid sale takes no further card
    expect((await retry(token)).headers.location).toBe(`/embedded/booking/${token}?widget=${slug}`);
    expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, sale.id))).toHaveLength(2);
  });

  it('seats held but no charge asked (the process stopped between): the page offers the card, which starts one', async () => {
    const token = tokenOf((await get(`/embedded/checkout?${choice()}`)).body);
    await post(guestForm(token));
    const sale = await saleAt(token);
    await t.database.db.delete(payments).where(eq(payments.bookingId, sale.id));
    // within seconds, another submit of the form may still be asking the provider: the page waits
    expect((await get(`/embedded/booking/${token}?widget=${slug}`)).body).toContain('data-testid="sale-waiting"');
    await t.database.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, sale.id));
    const page = await get(`/embedded/booking/${token}?widget=${slug}`);
    expect(page.body).toContain('data-testid="sale-retry"');
    const started = await retry(token);
    expect(started.headers.location).toMatch(/\/api\/payments\/sandbox\/pay\/[^/]+$/);
    expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, sale.id))).toHaveLength(1);
  });
});

describe("the agency cannot take over its customer's sale", () => {
  it('refuses to pay a held widget sale from the balance or another card, changing nothing', async () => {
    const token = tokenOf((await get(`/embedded/checkout?${choice()}`)).body);
    await post(guestForm(token));
    const [held] = await t.database.db.select().from(bookings).where(eq(bookings.customerToken, token));
    const id = held?.id ?? '';
    const before = await readBalance(t.database.db, w.agency.id, 'aed');
    for (const paymentMethod of ['balance', 'card'] as const) {
      const res = await injectRoute(t.app, bookingRoutes.pay, {
        params: { id },
        body: { paymentMethod },
        token: w.tokens.admin,
        idempotencyKey: `pay-${paymentMethod}-${id}`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ fieldName: 'id', errorMessage: 'This booking is not awaiting payment' }]);
    }
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(after).toMatchObject({ status: 'pending_payment', paymentMethod: 'card', netTotalMinor: 28_800 });
    expect((await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor).toBe(before.balanceMinor);
    expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, id))).toHaveLength(1);
  });

  it('gives the agency no invoice for a sale its customer paid to the portal', async () => {
    const res = await injectRoute(t.app, bookingRoutes.document, {
      params: { id: firstSaleId, kind: 'invoice' },
      token: w.tokens.admin,
    });
    expect(res.statusCode).toBe(404);
    const view = await injectRoute(t.app, bookingRoutes.detail, { params: { id: firstSaleId }, token: w.tokens.admin });
    expect(view.json().documents).toMatchObject({ invoice: null });
    expect(view.json().documents.voucher).toContain('/voucher');
  });

  it("speaks the shop's language to the customer, whatever the agency's", async () => {
    const params = choice();
    params.set('language', 'ru');
    const token = tokenOf((await get(`/embedded/checkout?${params}`)).body);
    const res = await t.app.inject({
      method: 'POST',
      url: `/embedded/checkout?widget=${slug}&language=ru`,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: guestForm(token),
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(303);
    const [sale] = await t.database.db.select().from(bookings).where(eq(bookings.customerToken, token));
    expect(sale?.language).toBe('ru');
    expect(sale?.customerUrl).toContain('language=ru');
  });
});

describe('the margin: credited once after the tour date, reversed by a cancellation before it', () => {
  it('credits nothing before the date; after it, one ledger entry and the status, once', async () => {
    const [sale] = await t.database.db.select().from(bookings).where(eq(bookings.id, firstSaleId));
    const id = sale?.id ?? '';
    const before = await readBalance(t.database.db, w.agency.id, 'aed');
    expect(await t.app.bookings.widgetSales.creditDueMargins()).toBe(0);
    // sold in a Russian shop (the sale speaks Russian) by an English-speaking agency
    await t.database.db
      .update(bookings)
      .set({ date: addDays(w.tour.today, -1), language: 'ru' })
      .where(eq(bookings.id, id));
    const [first, second] = await Promise.all([
      t.app.bookings.widgetSales.creditDueMargins(),
      t.app.bookings.widgetSales.creditDueMargins(),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await t.app.bookings.widgetSales.creditDueMargins()).toBe(0);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, id), eq(ledgerEntries.kind, 'commission')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.amountMinor).toBe(5_520);
    // the agency's statement speaks the agency's language, whatever the shop's
    expect(entries[0]?.description).toBe(`Widget sale margin ${sale?.reference ?? ''}`);
    expect((await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor).toBe(before.balanceMinor + 5_520);
    const [credited] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(credited?.marginStatus).toBe('credited');
  });

  it('a cancellation before the date refunds the card its share of the sale price and reverses the margin', async () => {
    const { id } = await paidSale(w.refundableDate);
    const res = await injectRoute(t.app, bookingRoutes.cancel, {
      params: { id },
      token: w.tokens.admin,
      idempotencyKey: `cancel-${id}`,
    });
    expect(res.statusCode).toBe(200);
    const [cancelled] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    // five days ahead: the policy's 48-hour tier gives the customer all of it back
    expect(cancelled).toMatchObject({ status: 'cancelled', marginStatus: 'reversed', refundMinor: 34_320 });
    const [charge] = await t.database.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(charge?.refundedMinor).toBe(34_320);
    await t.database.db
      .update(bookings)
      .set({ date: addDays(w.tour.today, -1) })
      .where(eq(bookings.id, id));
    expect(await t.app.bookings.widgetSales.creditDueMargins()).toBe(0);
  });
});

// docs/decisions/0130: the checkout's pages are JSX whose runtime escapes every text and attribute
describe('hostile values on the checkout pages', () => {
  const hostile = HOSTILE;
  const escaped = HOSTILE_ESCAPED;
  const onlyEscaped = expectOnlyEscaped;

  it("a shop's name and a guest's typed details appear only escaped, on every page of the sale", async () => {
    const hostileSlug = `hostile-${w.agency.id.slice(0, 8)}`;
    const hostileId = await insertShop({ slug: hostileSlug, name: hostile, address: hostile });
    const params = choice();
    params.set('widget', hostileSlug);
    const ticket = await get(`/embedded?${params}`);
    expect(ticket.statusCode).toBe(200);
    onlyEscaped(ticket.body);
    const checkout = await get(`/embedded/checkout?${params}`);
    onlyEscaped(checkout.body);

    // what the guest typed comes back in the form (refused: the name has no letters only, the e-mails differ)
    const token = tokenOf(checkout.body);
    const form = new URLSearchParams(guestForm(token, { name: hostile, confirmEmail: hostile, room: hostile }));
    form.set('widget', hostileSlug);
    const refused = await post(form.toString(), randomIp(), `widget=${hostileSlug}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(`<input id="g-name" name="name" type="text" value="${escaped}"`);
    expect(refused.body).toContain(`<input id="g-room" name="room" type="text" value="${escaped}"`);
    onlyEscaped(refused.body);

    // booked with the room as typed: the sale's page names the shop, escaped
    form.set('name', 'Anna Petrova');
    form.set('confirmEmail', 'anna@customer.test');
    const booked = await post(form.toString(), randomIp(), `widget=${hostileSlug}`);
    expect(booked.statusCode).toBe(303);
    const sale = await get(`/embedded/booking/${token}?widget=${hostileSlug}`);
    expect(sale.statusCode).toBe(200);
    expect(sale.body).toContain(`<title>Booking reference · ${escaped}</title>`);
    onlyEscaped(sale.body);
    expect((await get(`/embedded?widget=${hostileSlug}&offer=999999`)).body).toContain(escaped);
    // the option is the tour's to retire at the end
    await t.database.db.delete(widgetOffers).where(eq(widgetOffers.widgetId, hostileId));
  });
});
