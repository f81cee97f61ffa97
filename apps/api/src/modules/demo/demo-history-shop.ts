import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addDays } from '@portal/contract';
import { bookings } from '../../db/schema/index.ts';
import { creditDueMargins } from '../bookings/index.ts';
import { CARD_OK, GENERAL, type HistoryWorld, type Json } from './demo-history-world.ts';

// The demo history's widget shop (Desert Rose Holidays) and its customers: the shop as the agency's admin makes
// it, sales as customers make them in the shop, and their margins credited by the widget-margins job's own code.

// The shop, made once (a replay finds it by its slug)
export async function shop(w: HistoryWorld): Promise<string> {
  const { api, people, offers } = w;
  const list = await api({ method: 'GET', url: '/api/b2b/widgets', token: people.admin });
  const items = (list.json.items ?? []) as Json[];
  const existing = items.find((item) => item.slug === 'desert-rose');
  if (existing) return String(existing.id);
  const prices = await api({ method: 'GET', url: '/api/b2b/widgets/offer-prices?currency=aed', token: people.admin });
  const net = new Map(
    (prices.json.tours as { offers: { offerId: number; netAdult: number | null; netChild: number | null }[] }[])
      .flatMap((t) => t.offers)
      .map((o) => [o.offerId, o]),
  );
  // the customer pays about a fifth above NET (the rule asks at least 5 %)
  const sale = (v: number | null | undefined) => (v ? Math.ceil(v * 1.2) : null);
  const made = await api({
    method: 'POST',
    url: '/api/b2b/widgets',
    token: people.admin,
    body: {
      name: 'Desert Rose Holidays',
      type: 'multipleTours',
      currency: 'aed',
      language: 'en',
      slug: 'desert-rose',
      offersSectionTitle: 'Dubai highlights',
      footerText: 'Desert Rose Travel LLC, licensed by Dubai Economy and Tourism (DED-884211).',
      metaTitle: 'Desert Rose Holidays: Dubai tickets and tours',
      description: 'Observation decks, water parks and the Dubai Frame at our prices, booked in minutes.',
      contacts: {
        address: 'Office 305, Al Attar Business Tower, Sheikh Zayed Road, Dubai',
        mapLink: '',
        email: 'hello@desertrose.test',
        telegram: '',
        phone: '+971 4 321 0000',
        whatsapp: '+971 50 123 4501',
        viber: '',
      },
      offers: [offers.burj, offers.frame, offers.palm].map((o) => ({
        offerId: o.id,
        saleAdult: sale(net.get(o.id)?.netAdult),
        saleChild: sale(net.get(o.id)?.netChild),
        saleTrip: null,
      })),
    },
  });
  return String(made.json.id);
}

// a page's words, for an error message
const textOf = (html: string) =>
  html
    .replace(/<(style|script)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 400);

// A customer in the shop: the checkout form, then the card on the sandbox's page. The token names the sale, so a
// replay finds it instead of selling again.
export async function widgetSale(
  w: HistoryWorld,
  name: string,
  offer: { id: number },
  adults: number,
  fromDay: number,
  ip: string,
): Promise<string> {
  const { db } = w;
  const token = createHash('sha256').update(`demo-widget-sale:${name}`).digest('base64url').slice(0, 32);
  const [existing] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerToken, token));
  if (existing) return existing.id;
  const seats = await w.seatsFrom(offer, fromDay, adults);
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@customer.test`;
  const booked = await w.postForm(
    '/embedded/checkout?widget=desert-rose',
    GENERAL,
    {
      widget: 'desert-rose',
      offer: String(offer.id),
      date: seats.date,
      time: seats.time ?? '',
      adults: String(adults),
      children: '0',
      infants: '0',
      token,
      name,
      email,
      confirmEmail: email,
      phone: '+49 151 2345 6789',
      hotel: w.hotel.name,
      hotelId: String(w.hotel.id ?? ''),
      room: '812',
      notes: '',
    },
    ip,
  );
  const chargeId = /\/api\/payments\/sandbox\/pay\/([^/?]+)$/.exec(String(booked.headers.location ?? ''))?.[1];
  if (booked.statusCode !== 303 || !chargeId)
    throw new Error(`demo history: the shop's checkout answered ${booked.statusCode} ${textOf(booked.body)}`);
  await w.payOnSandbox(chargeId, CARD_OK, name, ip);
  const [sale] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerToken, token));
  if (!sale) throw new Error(`demo history: the sale of ${name} was not made`);
  return sale.id;
}

// The widget-margins job's code, its clock on the day after the given sales' tours (still the dates booked, ahead,
// until the move): the margins are credited in the ledger's order of the history
export async function creditMarginsOf(w: HistoryWorld, saleIds: string[]) {
  const { db } = w;
  const rows = await db
    .select({ date: bookings.date, status: bookings.marginStatus })
    .from(bookings)
    .where(
      sql`${bookings.id} IN (${sql.join(
        saleIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  const due = rows.filter((r) => r.status === 'pending').map((r) => r.date);
  if (due.length === 0) return;
  const latest = due.sort().at(-1) ?? '';
  await creditDueMargins(db, w.app.log, new Date(`${addDays(latest, 1)}T12:00:00+04:00`));
}
