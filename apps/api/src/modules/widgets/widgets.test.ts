import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import {
  MESSAGES,
  addDays,
  WIDGET_MESSAGES,
  discountedMinor,
  isSaleAllowed,
  minimumPaidMinor,
  minimumSaleMinor,
  saleBelowMinimumMessage,
  widgetRoutes,
  type ErrorItem,
  type RouteDescriptor,
  type Widget,
  type WidgetBody,
  type WidgetListResponse,
  type WidgetOfferPricesResponse,
} from '@portal/contract';
import { agencies, widgetOffers, widgets } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import { SAMPLE_PDF, SAMPLE_PNG, createAgency, loginAs, multipart, type TestAgency } from '../../../test/factories.ts';
import { formatMoney } from '../documents/document-format.ts';
import { createTestTour, type TestTour } from '../../../test/catalogue-fixtures.ts';
import { injectRoute, type InjectRouteOptions } from '../../../test/inject-route.ts';

// the database outlives a run on PostgreSQL: domains are unique per run
const RUN = randomUUID().slice(0, 8);
let tour: TestTour;
const t = useTestApp();
beforeAll(async () => {
  tour = await createTestTour(t.database.db);
});
afterAll(async () => {
  await t.database.db.delete(widgetOffers).where(eq(widgetOffers.tourId, tour.id));
  await tour.remove();
});

// token null: an anonymous call
const call = <R extends RouteDescriptor>(token: string | null, route: R, options: InjectRouteOptions<R> = {}) =>
  injectRoute(t.app, route, { token: token ?? undefined, ...options });

async function agencyWithWidgets(allowed = true): Promise<{ agency: TestAgency; admin: string }> {
  const agency = await createAgency(t.database.db);
  if (allowed)
    await t.database.db.update(agencies).set({ isWidgetsCreationAllowed: 1 }).where(eq(agencies.id, agency.id));
  return { agency, admin: await loginAs(t.app, agency.users.admin.email) };
}

// the shared-stock option's NET is the highest of its periods ahead: 170.00 adult, 127.00 child (from today + 10);
// the same-ticket option's 42.00 / 17.00; the private car's 1,275.00 per trip
const body = (over: Partial<WidgetBody> = {}): WidgetBody => ({
  name: 'Desert shop',
  type: 'multipleTours',
  currency: 'aed',
  language: 'en',
  offers: [
    { offerId: tour.timeslotOfferId, saleAdult: 187, saleChild: 139.7, saleTrip: null },
    { offerId: tour.sameTicketOfferId, saleAdult: 46.2, saleChild: 18.7, saleTrip: null },
  ],
  ...over,
});
const sameTicket = (saleAdult: number, saleChild = 20) => ({
  offerId: tour.sameTicketOfferId,
  saleAdult,
  saleChild,
  saleTrip: null,
});

async function widgetCount(agencyId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(widgets).where(eq(widgets.agencyId, agencyId));
  return row?.n ?? 0;
}

async function create(admin: string, over: Partial<WidgetBody> = {}): Promise<Widget> {
  const res = await call(admin, widgetRoutes.create, { body: body(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Widget>();
}

const itemsOf = (res: { json: <T>() => T }) => res.json<ErrorItem[]>();

describe('access to /api/b2b/widgets', () => {
  it('refuses anonymous callers with 401', async () => {
    expect((await call(null, widgetRoutes.list)).statusCode).toBe(401);
    expect((await call(null, widgetRoutes.create, { body: body() })).statusCode).toBe(401);
  });

  it('refuses juniors and seniors with 403, even where the agency has widgets', async () => {
    const { agency } = await agencyWithWidgets();
    for (const role of ['junior', 'senior'] as const) {
      const token = await loginAs(t.app, agency.users[role].email);
      expect((await call(token, widgetRoutes.list)).statusCode).toBe(403);
      expect((await call(token, widgetRoutes.create, { body: body() })).statusCode).toBe(403);
    }
    expect(await widgetCount(agency.id)).toBe(0);
  });

  it('refuses an admin of an agency without isWidgetsCreationAllowed with 403 and the message', async () => {
    const { agency, admin } = await agencyWithWidgets(false);
    for (const send of [
      () => call(admin, widgetRoutes.list),
      () => call(admin, widgetRoutes.offerPrices),
      () => call(admin, widgetRoutes.create, { body: body() }),
    ]) {
      const res = await send();
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(WIDGET_MESSAGES.notAllowed);
    }
    expect(await widgetCount(agency.id)).toBe(0);
  });

  it('refuses an agency waiting for approval (no NET prices before approval)', async () => {
    const { agency, admin } = await agencyWithWidgets();
    await t.database.db.update(agencies).set({ status: 'pending' }).where(eq(agencies.id, agency.id));
    const res = await call(admin, widgetRoutes.offerPrices);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(MESSAGES.agencyNotApproved);
  });
});

describe('GET /api/b2b/widgets/offer-prices', () => {
  it("lists the catalogue's options with the highest NET ahead, in the asked currency", async () => {
    const { admin } = await agencyWithWidgets();
    const res = await call(admin, widgetRoutes.offerPrices, { query: { currency: 'aed' } });
    expect(res.statusCode).toBe(200);
    const table = res.json<WidgetOfferPricesResponse>();
    const ours = table.tours.find((x) => x.tourId === tour.id);
    expect(ours?.offers.map((o) => [o.offerId, o.pricingUnit, o.netAdult, o.netChild, o.netTrip])).toEqual([
      [tour.timeslotOfferId, 'person', 170, 127, null],
      [tour.sameTicketOfferId, 'person', 42, 17, null],
      [tour.tripOfferId, 'trip', null, null, 1275],
    ]);
    // why the floor: today's NET beside the highest, and the first date the highest applies (issue 28 item 9)
    expect(ours?.offers.map((o) => [o.todayAdult, o.todayChild, o.todayTrip, o.highestFrom])).toEqual([
      [144, 110, null, addDays(tour.today, 10)],
      [42, 17, null, null],
      [null, null, 1275, null],
    ]);
    const usd = (
      await call(admin, widgetRoutes.offerPrices, { query: { currency: 'usd' } })
    ).json<WidgetOfferPricesResponse>();
    // 4,200 fils / 3.65 = 1,150.68… cents, half-up
    expect(usd.tours.find((x) => x.tourId === tour.id)?.offers[1]?.netAdult).toBe(11.51);
  });
});

describe('POST /api/b2b/widgets', () => {
  it('creates a widget with every field, its offers and a unique slug', async () => {
    const { agency, admin } = await agencyWithWidgets();
    const widget = await create(admin, {
      domain: `Tours-${RUN}.Example.com`,
      offersSectionTitle: 'Our tours',
      metaTitle: 'Desert tours',
      description: 'Book desert tours',
      footerText: 'Licensed by DET',
      noIndex: true,
      googleConversionActionId: 'AW-123456789/AbC-D_efG',
      heroVideoUrl: 'https://videos.example.com/hero.mp4',
      isHeroVideoDisabled: true,
      contacts: {
        address: 'Dubai Marina',
        mapLink: 'https://maps.example.com/x',
        email: 'Shop@Example.com',
        telegram: '@desert_shop',
        phone: '+971 50 000 0000',
        whatsapp: '+971500000001',
        viber: '',
      },
      partners: [{ name: 'Partner one', url: 'https://partner.example.com' }],
      socialLinks: { instagram: 'https://instagram.com/desert' },
      discountPercent: 0,
    });
    expect(widget).toMatchObject({
      name: 'Desert shop',
      type: 'multipleTours',
      domain: `tours-${RUN}.example.com`,
      domainStatus: 'pendingVerification',
      noIndex: true,
      contacts: { email: 'shop@example.com', telegram: '@desert_shop' },
      partners: [{ name: 'Partner one', url: 'https://partner.example.com' }],
      socialLinks: { instagram: 'https://instagram.com/desert', facebook: '' },
      offers: [
        { offerId: tour.timeslotOfferId, tourId: tour.id, saleAdult: 187, saleChild: 139.7, saleTrip: null },
        { offerId: tour.sameTicketOfferId, tourId: tour.id, saleAdult: 46.2, saleChild: 18.7, saleTrip: null },
      ],
    });
    expect(widget.slug).toMatch(/^desert-shop-[0-9a-f]{6}$/);
    const list = (await call(admin, widgetRoutes.list)).json<WidgetListResponse>();
    expect(list.items).toEqual([
      expect.objectContaining({ id: widget.id, offersCount: 2, domain: `tours-${RUN}.example.com` }),
    ]);
    expect(await widgetCount(agency.id)).toBe(1);
  });

  it('stores no domain status without a domain', async () => {
    const { admin } = await agencyWithWidgets();
    expect((await create(admin)).domainStatus).toBeNull();
  });

  const bad: [string, () => Record<string, unknown>, string, string][] = [
    ['no offers', () => ({ offers: [] }), 'offers', WIDGET_MESSAGES.atLeastOneOffer],
    ['a missing name', () => ({ name: '  ' }), 'name', MESSAGES.required],
    ['a name too long', () => ({ name: 'x'.repeat(101) }), 'name', ''],
    ['an unknown type', () => ({ type: 'shop' }), 'type', 'Choose one of the widget types'],
    ['a bad domain', () => ({ domain: 'http://x' }), 'domain', WIDGET_MESSAGES.domainFormat],
    ['a bad slug', () => ({ slug: 'A B' }), 'slug', WIDGET_MESSAGES.slugFormat],
    [
      'a bad map link',
      () => ({ contacts: { mapLink: 'javascript:alert(1)' } }),
      'contacts.mapLink',
      WIDGET_MESSAGES.urlFormat,
    ],
    ['a bad e-mail', () => ({ contacts: { email: 'not-mail' } }), 'contacts.email', MESSAGES.invalidEmail],
    ['a bad phone', () => ({ contacts: { phone: 'call me' } }), 'contacts.phone', WIDGET_MESSAGES.invalidPhone],
    ['a bad telegram', () => ({ contacts: { telegram: 'a b' } }), 'contacts.telegram', WIDGET_MESSAGES.telegram],
    [
      'a social link over http',
      () => ({ socialLinks: { x: 'http://x.com/a' } }),
      'socialLinks.x',
      WIDGET_MESSAGES.urlFormat,
    ],
    ['a partner without a name', () => ({ partners: [{ name: '', url: '' }] }), 'partners.0.name', MESSAGES.required],
    ['a hero video that is no URL', () => ({ heroVideoUrl: 'video' }), 'heroVideoUrl', WIDGET_MESSAGES.urlFormat],
    ['a meta title too long', () => ({ metaTitle: 'x'.repeat(71) }), 'metaTitle', ''],
    ['a discount above 100', () => ({ discountPercent: 101 }), 'discountPercent', WIDGET_MESSAGES.percentRange],
    ['a fractional discount', () => ({ discountPercent: 2.5 }), 'discountPercent', WIDGET_MESSAGES.percentRange],
    [
      'a bad conversion id',
      () => ({ googleConversionActionId: '<x>' }),
      'googleConversionActionId',
      WIDGET_MESSAGES.conversionId,
    ],
    [
      'an unknown offer',
      () => ({ offers: [{ offerId: 999_999, saleAdult: 10, saleChild: null, saleTrip: null }] }),
      'offers.0.offerId',
      WIDGET_MESSAGES.unknownOffer,
    ],
    [
      'an option twice',
      () => ({ offers: [sameTicket(50), sameTicket(50)] }),
      'offers.1.offerId',
      WIDGET_MESSAGES.offerTwice,
    ],
    [
      'a missing child price',
      () => ({ offers: [{ ...sameTicket(50), saleChild: null }] }),
      'offers.0.saleChild',
      WIDGET_MESSAGES.priceRequired,
    ],
    [
      'a trip price on a per-person option',
      () => ({ offers: [{ ...sameTicket(50), saleTrip: 100 }] }),
      'offers.0.saleTrip',
      WIDGET_MESSAGES.noSuchPrice,
    ],
    ['a price with a fraction of a cent', () => ({ offers: [sameTicket(50.001)] }), 'offers.0.saleAdult', ''],
    [
      'an image of another agency',
      () => ({ logoImageId: '00000000-0000-4000-8000-000000000000' }),
      'logoImageId',
      WIDGET_MESSAGES.unknownImage,
    ],
    [
      'two tours on a single-tour widget',
      () => ({
        type: 'singleTour',
        offers: [sameTicket(50), { offerId: 1, saleAdult: 9999, saleChild: 9999, saleTrip: null }],
      }),
      'offers',
      WIDGET_MESSAGES.singleTour,
    ],
  ];
  // sent as payloads: several send values of the wrong kind
  it.each(bad)('refuses %s with 422 on its field and writes nothing', async (_what, over, field, message) => {
    const { agency, admin } = await agencyWithWidgets();
    const res = await call(admin, widgetRoutes.create, { payload: { ...body(), ...over() } });
    expect(res.statusCode, res.body).toBe(422);
    const item = itemsOf(res).find((i) => i.fieldName === field);
    expect(item, res.body).toBeDefined();
    if (message) expect(item?.errorMessage).toBe(message);
    expect(await widgetCount(agency.id)).toBe(0);
  });
});

describe('the minimum sale price: NET + 5 % (SPEC §9), after the discount', () => {
  it('minimumSaleMinor is the least sale price the rule allows, for any NET and discount below 100 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99 }), (net, discount) => {
        const minimum = minimumSaleMinor(net, discount);
        if (minimum === null) return false;
        expect(isSaleAllowed(minimum, net, discount)).toBe(true);
        expect(discountedMinor(minimum, discount)).toBeGreaterThanOrEqual(minimumPaidMinor(net));
        if (minimum > 0) expect(isSaleAllowed(minimum - 1, net, discount)).toBe(false);
        return true;
      }),
      { numRuns: 2000 },
    );
    // a 100 % discount leaves nothing to pay: no sale price is allowed for a paid option
    expect(minimumSaleMinor(4200, 100)).toBeNull();
  });

  const aed = (minor: number) => formatMoney(minor, 'aed', 'en');

  it('accepts exactly NET × 1.05 and refuses one cent less, naming the minimum on the field', async () => {
    const { agency, admin } = await agencyWithWidgets();
    // NET 42.00 → 44.10; NET 17.00 → 17.85
    const low = await call(admin, widgetRoutes.create, { body: body({ offers: [sameTicket(44.09, 17.84)] }) });
    expect(low.statusCode).toBe(422);
    expect(itemsOf(low)).toEqual([
      { fieldName: 'offers.0.saleAdult', errorMessage: saleBelowMinimumMessage(aed(4410), 0) },
      { fieldName: 'offers.0.saleChild', errorMessage: saleBelowMinimumMessage(aed(1785), 0) },
    ]);
    expect(await widgetCount(agency.id)).toBe(0);
    const exact = await create(admin, { offers: [sameTicket(44.1, 17.85)] });
    expect(exact.offers[0]).toMatchObject({ saleAdult: 44.1, saleChild: 17.85 });
  });

  it('checks against the highest NET ahead (a later, dearer period counts)', async () => {
    const { admin } = await agencyWithWidgets();
    // today's NET is 144.00, from today + 10 it is 170.00 → 178.50
    const res = await call(admin, widgetRoutes.create, {
      body: body({
        offers: [{ offerId: tour.timeslotOfferId, saleAdult: 178.49, saleChild: 133.35, saleTrip: null }],
      }),
    });
    expect(itemsOf(res)).toEqual([
      { fieldName: 'offers.0.saleAdult', errorMessage: saleBelowMinimumMessage(aed(17850), 0) },
    ]);
  });

  it('applies after the discount: the customer never pays less than NET × 1.05', async () => {
    const { agency, admin } = await agencyWithWidgets();
    // 10 % off: 49.00 leaves 44.10; 48.99 leaves 44.09
    expect(minimumSaleMinor(4200, 10)).toBe(4900);
    const low = await call(admin, widgetRoutes.create, {
      body: body({ discountPercent: 10, offers: [sameTicket(48.99, 19.84)] }),
    });
    expect(low.statusCode).toBe(422);
    // NET 17.00 → 17.85 paid → 19.84 before 10 % off (19.83 would leave 17.85 too: half-up)
    expect(minimumSaleMinor(1700, 10)).toBe(1983);
    expect(itemsOf(low)).toEqual([
      { fieldName: 'offers.0.saleAdult', errorMessage: saleBelowMinimumMessage(aed(4900), 10) },
    ]);
    expect(await widgetCount(agency.id)).toBe(0);
    const ok = await create(admin, { discountPercent: 10, offers: [sameTicket(49, 19.84)] });
    expect(ok.discountPercent).toBe(10);
    // a discount raised later is checked against the prices already there
    const res = await call(admin, widgetRoutes.update, {
      params: { id: ok.id },
      body: body({ discountPercent: 20, offers: [sameTicket(49, 19.84)] }),
    });
    expect(res.statusCode).toBe(422);
    expect(itemsOf(res).map((i) => i.fieldName)).toEqual(['offers.0.saleAdult', 'offers.0.saleChild']);
    const [stored] = await t.database.db.select().from(widgets).where(eq(widgets.id, ok.id));
    expect(stored?.discountPercent).toBe(10);
  });

  it('checks a per-trip option by its trip price', async () => {
    const { admin } = await agencyWithWidgets();
    const trip = (saleTrip: number) => ({ offerId: tour.tripOfferId, saleAdult: null, saleChild: null, saleTrip });
    // NET 1,275.00 → 1,338.75
    const low = await call(admin, widgetRoutes.create, { body: body({ offers: [trip(1338.74)] }) });
    expect(itemsOf(low).map((i) => i.fieldName)).toEqual(['offers.0.saleTrip']);
    expect((await create(admin, { offers: [trip(1338.75)] })).offers[0]?.saleTrip).toBe(1338.75);
  });
});

describe('GET, PUT, duplicate and DELETE /api/b2b/widgets/{id}', () => {
  it('updates in one save; a save with no change writes nothing', async () => {
    const { admin } = await agencyWithWidgets();
    const widget = await create(admin, { domain: `shop-${RUN}.example.com` });
    const same = await call(admin, widgetRoutes.update, {
      params: { id: widget.id },
      body: body({ domain: `shop-${RUN}.example.com`, slug: widget.slug }),
    });
    expect(same.statusCode).toBe(200);
    expect(same.json<Widget>().updatedAt).toBe(widget.updatedAt);
    const changed = await call(admin, widgetRoutes.update, {
      params: { id: widget.id },
      body: body({
        name: 'Renamed',
        domain: `other-${RUN}.example.com`,
        offers: [sameTicket(60, 20)],
      }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Widget>()).toMatchObject({
      name: 'Renamed',
      slug: widget.slug,
      domainStatus: 'pendingVerification',
      offers: [{ offerId: tour.sameTicketOfferId, saleAdult: 60 }],
    });
    const rows = await t.database.db.select().from(widgetOffers).where(eq(widgetOffers.widgetId, widget.id));
    expect(rows).toHaveLength(1);
    // a changed domain forgets the last check of the old one
    await t.database.db
      .update(widgets)
      .set({ domainStatus: 'verificationFailed', domainReason: 'no TXT', domainCheckedAt: new Date() })
      .where(eq(widgets.id, widget.id));
    const moved = await call(admin, widgetRoutes.update, {
      params: { id: widget.id },
      body: body({ name: 'Renamed', domain: `third-${RUN}.example.com`, offers: [sameTicket(60, 20)] }),
    });
    expect(moved.json<Widget>().domainStatus).toBe('pendingVerification');
    const [stored] = await t.database.db.select().from(widgets).where(eq(widgets.id, widget.id));
    expect(stored).toMatchObject({ domainReason: null, domainCheckedAt: null });
  });

  it('refuses a domain another widget uses, and a slug taken', async () => {
    const { admin } = await agencyWithWidgets();
    const first = await create(admin, { domain: `d${Date.now()}.example.com` });
    const second = await call(admin, widgetRoutes.create, { body: body({ domain: first.domain }) });
    expect(itemsOf(second)).toEqual([{ fieldName: 'domain', errorMessage: WIDGET_MESSAGES.domainTaken }]);
    const slug = await call(admin, widgetRoutes.create, { body: body({ slug: first.slug }) });
    expect(itemsOf(slug)).toEqual([{ fieldName: 'slug', errorMessage: WIDGET_MESSAGES.slugTaken }]);
  });

  it("answers another agency's widget with 404 and changes nothing", async () => {
    const mine = await agencyWithWidgets();
    const theirs = await agencyWithWidgets();
    const widget = await create(theirs.admin);
    const params = { id: widget.id };
    for (const [method, send] of [
      [widgetRoutes.get.method, () => call(mine.admin, widgetRoutes.get, { params })],
      [
        widgetRoutes.update.method,
        () => call(mine.admin, widgetRoutes.update, { params, body: body({ name: 'Stolen' }) }),
      ],
      [widgetRoutes.duplicate.method, () => call(mine.admin, widgetRoutes.duplicate, { params })],
      [widgetRoutes.remove.method, () => call(mine.admin, widgetRoutes.remove, { params })],
    ] as const) {
      const res = await send();
      expect([method, res.statusCode]).toEqual([method, 404]);
    }
    const [stored] = await t.database.db.select().from(widgets).where(eq(widgets.id, widget.id));
    expect(stored).toMatchObject({ name: 'Desert shop', deletedAt: null, updatedAt: new Date(widget.updatedAt) });
    expect(await widgetCount(mine.agency.id)).toBe(0);
    expect(await widgetCount(theirs.agency.id)).toBe(1);
  });

  it('duplicates with a new address, no domain and the same offers', async () => {
    const { agency, admin } = await agencyWithWidgets();
    const widget = await create(admin, {
      domain: `dup${Date.now()}.example.com`,
      discountPercent: 5,
      offers: [sameTicket(60, 20)],
    });
    const res = await call(admin, widgetRoutes.duplicate, { params: { id: widget.id } });
    expect(res.statusCode).toBe(200);
    const copy = res.json<Widget>();
    expect(copy).toMatchObject({ name: 'Desert shop (copy)', domain: '', domainStatus: null, discountPercent: 5 });
    expect(copy.id).not.toBe(widget.id);
    expect(copy.slug).not.toBe(widget.slug);
    expect(copy.offers).toEqual(widget.offers);
    expect(await widgetCount(agency.id)).toBe(2);
    // the copy has its own domain TXT code
    const rows = await t.database.db.select().from(widgets).where(eq(widgets.agencyId, agency.id));
    expect(new Set(rows.map((r) => r.domainToken)).size).toBe(2);
  });

  it('deletes softly: gone from the list and a 404 after, the row kept', async () => {
    const { admin } = await agencyWithWidgets();
    const widget = await create(admin);
    expect((await call(admin, widgetRoutes.remove, { params: { id: widget.id } })).statusCode).toBe(200);
    expect((await call(admin, widgetRoutes.get, { params: { id: widget.id } })).statusCode).toBe(404);
    expect((await call(admin, widgetRoutes.remove, { params: { id: widget.id } })).statusCode).toBe(404);
    expect((await call(admin, widgetRoutes.list)).json<WidgetListResponse>().items).toEqual([]);
    const [stored] = await t.database.db.select().from(widgets).where(eq(widgets.id, widget.id));
    expect(stored?.deletedAt).not.toBeNull();
  });

  it('answers an id that is no uuid with 404', async () => {
    const { admin } = await agencyWithWidgets();
    expect((await call(admin, widgetRoutes.get, { params: { id: 'abc' } })).statusCode).toBe(404);
  });
});

describe('POST /api/b2b/widgets/images', () => {
  const upload = (admin: string, data: Buffer, contentType = 'image/png') => {
    const form = multipart([{ name: 'file', filename: 'logo.png', contentType, data }]);
    return call(admin, widgetRoutes.uploadImage, { payload: form.payload, headers: form.headers });
  };

  it('stores a PNG, serves it publicly as an image, and a widget may name it', async () => {
    const { admin } = await agencyWithWidgets();
    const res = await upload(admin, SAMPLE_PNG);
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json<{ id: string; url: string }>();
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    const widget = await create(admin, { logoImageId: image.id, heroImageId: image.id });
    expect(widget.logoImageId).toBe(image.id);
    // another agency cannot name it
    const other = await agencyWithWidgets();
    const theirs = await call(other.admin, widgetRoutes.create, { body: body({ logoImageId: image.id }) });
    expect(itemsOf(theirs)).toEqual([{ fieldName: 'logoImageId', errorMessage: WIDGET_MESSAGES.unknownImage }]);
  });

  it('refuses a PDF (images only) and an agency without widgets', async () => {
    const { admin } = await agencyWithWidgets();
    const pdf = await upload(admin, SAMPLE_PDF, 'image/png');
    expect(itemsOf(pdf)).toEqual([{ fieldName: 'file', errorMessage: WIDGET_MESSAGES.imageFormat }]);
    const without = await agencyWithWidgets(false);
    expect((await upload(without.admin, SAMPLE_PNG)).statusCode).toBe(403);
  });
});
