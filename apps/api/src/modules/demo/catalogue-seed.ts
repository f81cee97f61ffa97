import { eq, sql } from 'drizzle-orm';
import { addDays, toMinor } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  catalogueImages,
  categories,
  cities,
  countries,
  offers,
  pricePeriods,
  promoCodes,
  ticketTypes,
  tourCategories,
  tourPhotos,
  tours,
  type Localized,
} from '../../db/schema/index.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { artworkSvg } from './catalogue-seed-art.ts';
import { seedDemoHotels } from './hotels-seed.ts';
import {
  CATEGORIES,
  CITIES,
  COMMON_FAQ,
  COMMON_TERMS,
  COUNTRY,
  KIND_TEXTS,
  TICKET_TYPES,
  pickUpNote,
  type Motif,
} from './catalogue-seed-places.ts';
import { CANCELLATION, TOURS, type OfferSeed, type SeedPrice, type TourSeed } from './catalogue-seed-tours.ts';

export const DEMO_STOCK_DAYS = 120;
const SEED_LOCK_KEY = 7_420_003;
// Agents buy at about 15 % below the published (recommended) price.
const NET_RATIO = 0.85;
const PHOTO = { width: 1600, height: 1000 };
const HERO = { width: 2400, height: 1000 };

type ImageRow = typeof catalogueImages.$inferInsert;

function image(
  key: string,
  motif: Motif,
  alt: Localized,
  size: { width: number; height: number },
  variant: number,
): ImageRow {
  const svg = artworkSvg({
    motif,
    seed: key,
    title: '',
    subtitle: '',
    width: size.width,
    height: size.height,
    variant,
  });
  return { key, svg, width: size.width, height: size.height, alt };
}

// the net price in whole dirhams
const netFils = (aed: number) => toMinor(Math.round(aed * NET_RATIO));

function priceColumns(price: SeedPrice, uplift = 1) {
  const up = (aed: number) => Math.round(aed * uplift);
  if ('trip' in price) {
    return {
      netAdultMinor: null,
      netChildMinor: null,
      netTripMinor: netFils(up(price.trip)),
      recAdultMinor: null,
      recChildMinor: null,
      recTripMinor: toMinor(up(price.trip)),
    };
  }
  return {
    netAdultMinor: netFils(up(price.adult)),
    netChildMinor: netFils(up(price.child)),
    netTripMinor: null,
    recAdultMinor: toMinor(up(price.adult)),
    recChildMinor: toMinor(up(price.child)),
    recTripMinor: null,
  };
}

// a city's or category's row: its texts, its own hero image and its place in the lists
type PlaceKind = 'city' | 'category';
const heroImageKey = (kind: PlaceKind, url: string) => `${kind}-${url}`;
const placeValues = (kind: PlaceKind, place: { url: string; name: Localized; description: Localized }, i: number) => ({
  url: place.url,
  name: place.name,
  description: place.description,
  heroImageKey: heroImageKey(kind, place.url),
  sortOrder: i,
});
const motifOf = (url: string): Motif => CATEGORIES.find((c) => c.url === url)?.motif ?? 'skyline';

function offerRow(
  tourId: number,
  offer: OfferSeed,
  index: number,
  ids: { cities: Map<string, number>; tickets: Map<string, number> },
) {
  const isTimeslots = Boolean(offer.times?.length);
  const ticketTypeId = ids.tickets.get(offer.ticket);
  if (!ticketTypeId) throw new Error(`unknown ticket type ${offer.ticket}`);
  return {
    tourId,
    name: offer.name,
    description: offer.description,
    pricingUnit: 'trip' in offer.price ? ('trip' as const) : ('person' as const),
    availabilityType: isTimeslots ? ('timeslots' as const) : ('openingHours' as const),
    openingTime: offer.hours?.[0] ?? null,
    closingTime: offer.hours?.[1] ?? null,
    startTimes: offer.times ?? [],
    closedWeekdays: offer.closed ?? [],
    slotCapacity: offer.sameTicket ? offer.sameTicket[0] + offer.sameTicket[1] : offer.capacity,
    adultCapacity: offer.sameTicket?.[0] ?? null,
    childCapacity: offer.sameTicket?.[1] ?? null,
    isSameTicketForAdultsAndChildren: Boolean(offer.sameTicket),
    minPeople: offer.min ?? 1,
    maxPeople: offer.max,
    cutOffHours: offer.cutOff ?? 0,
    isInstant: offer.instant ?? true,
    cancellationPolicy: CANCELLATION[offer.cancel],
    hasPickUp: Boolean(offer.pickUp?.length),
    pickUpCityIds: (offer.pickUp ?? []).map((url) => ids.cities.get(url) ?? 0).filter((id) => id > 0),
    ticketTypeId,
    childMaxAge: offer.childMaxAge ?? 11,
    sortOrder: index,
  };
}

function tourTexts(tour: TourSeed) {
  const kind = KIND_TEXTS[tour.cats[0] ?? 'city-tours'];
  const pickUpUrls = [...new Set(tour.offers.flatMap((o) => o.pickUp ?? []))];
  const pickUpNames = {
    en: pickUpUrls.map((url) => CITIES.find((c) => c.url === url)?.name.en ?? url),
    ru: pickUpUrls.map((url) => CITIES.find((c) => c.url === url)?.name.ru ?? url),
  };
  const note = pickUpUrls.length ? pickUpNote(pickUpNames) : null;
  return {
    itinerary: kind.itinerary,
    terms: { en: [...COMMON_TERMS.en, ...kind.terms.en], ru: [...COMMON_TERMS.ru, ...kind.terms.ru] },
    notesToAgents: {
      en: [...kind.notes.en, ...(note ? [note.en] : [])],
      ru: [...kind.notes.ru, ...(note ? [note.ru] : [])],
    },
    faq: { en: [...kind.faq.en, ...COMMON_FAQ.en], ru: [...kind.faq.ru, ...COMMON_FAQ.ru] },
  };
}

// Every photo of a tour shows what the tour is about (issue 9: a desert safari's third photo was the city's night
// skyline): its categories' scenes in their first two palettes (day, dusk); the shapes differ by photo.
export function galleryOf(tour: { cats: readonly string[] }): { motif: Motif; variant: number }[] {
  const first = motifOf(tour.cats[0] ?? '');
  return [
    { motif: first, variant: 0 },
    { motif: motifOf(tour.cats[1] ?? tour.cats[0] ?? ''), variant: 1 },
    { motif: first, variant: 0 },
  ];
}

async function insertCatalogue(tx: DbOrTx, today: string): Promise<void> {
  const images: ImageRow[] = [image('country-uae', 'skyline', COUNTRY.name, HERO, 1)];
  CITIES.forEach((c, i) => images.push(image(heroImageKey('city', c.url), c.motif, c.name, HERO, i)));
  CATEGORIES.forEach((c, i) => images.push(image(heroImageKey('category', c.url), c.motif, c.name, HERO, i)));
  for (const tour of TOURS) {
    const gallery = galleryOf(tour);
    gallery.forEach(({ motif, variant }, i) =>
      images.push(image(`tour-${tour.url}-${i + 1}`, motif, tour.title, PHOTO, variant)),
    );
    const motifs = gallery.map((photo) => photo.motif);
    tour.offers.forEach((offer, i) => {
      if (offer.photo)
        images.push(image(`offer-${tour.url}-${i + 1}`, motifs[0] ?? 'skyline', offer.name, PHOTO, 3 + i));
    });
  }
  for (let i = 0; i < images.length; i += 50) await tx.insert(catalogueImages).values(images.slice(i, i + 50));

  const [country] = await tx
    .insert(countries)
    .values({ url: COUNTRY.url, name: COUNTRY.name, description: COUNTRY.description, heroImageKey: 'country-uae' })
    .returning({ id: countries.id });
  if (!country) throw new Error('country insert returned nothing');
  const cityRows = await tx
    .insert(cities)
    .values(CITIES.map((c, i) => ({ countryId: country.id, ...placeValues('city', c, i) })))
    .returning({ id: cities.id, url: cities.url });
  const categoryRows = await tx
    .insert(categories)
    .values(CATEGORIES.map((c, i) => placeValues('category', c, i)))
    .returning({ id: categories.id, url: categories.url });
  const ticketRows = await tx
    .insert(ticketTypes)
    .values(TICKET_TYPES.map((t, i) => ({ code: t.code, name: t.name, sortOrder: i })))
    .returning({ id: ticketTypes.id, code: ticketTypes.code });
  const ids = {
    cities: new Map(cityRows.map((r) => [r.url, r.id])),
    categories: new Map(categoryRows.map((r) => [r.url, r.id])),
    tickets: new Map(ticketRows.map((r) => [r.code, r.id])),
  };

  const tourRows = await tx
    .insert(tours)
    .values(
      TOURS.map((t) => ({
        url: t.url,
        cityId: ids.cities.get(t.city) ?? 0,
        title: t.title,
        summary: t.summary,
        description: t.description,
        highlights: t.highlights,
        meetingPoint: t.meeting,
        durationMinutes: t.minutes,
        durationText: t.duration,
        videoKey: t.video ?? null,
        isPromo: t.promo !== undefined,
        promoOrder: t.promo ?? 0,
        topOrder: t.top ?? null,
        ...tourTexts(t),
      })),
    )
    .returning({ id: tours.id, url: tours.url });
  const tourIds = new Map(tourRows.map((r) => [r.url, r.id]));
  const tourId = (url: string) => tourIds.get(url) ?? 0;

  for (const t of TOURS) {
    const similar = (t.similar ?? []).map(tourId).filter((id) => id > 0);
    if (similar.length)
      await tx
        .update(tours)
        .set({ similarTourIds: similar })
        .where(eq(tours.id, tourId(t.url)));
  }
  await tx
    .insert(tourCategories)
    .values(
      TOURS.flatMap((t) =>
        t.cats.map((url, i) => ({ tourId: tourId(t.url), categoryId: ids.categories.get(url) ?? 0, sortOrder: i })),
      ),
    );

  const offerSeeds = TOURS.flatMap((t) => t.offers.map((offer, i) => ({ tour: t, offer, index: i })));
  const offerRows = await tx
    .insert(offers)
    .values(offerSeeds.map(({ tour, offer, index }) => offerRow(tourId(tour.url), offer, index, ids)))
    .returning({ id: offers.id, tourId: offers.tourId, sortOrder: offers.sortOrder });
  const offerId = (tour: TourSeed, index: number) =>
    offerRows.find((r) => r.tourId === tourId(tour.url) && r.sortOrder === index)?.id ?? 0;

  const photos = TOURS.flatMap((t) => [
    ...[1, 2, 3].map((n) => ({ tourId: tourId(t.url), offerId: null, imageKey: `tour-${t.url}-${n}`, sortOrder: n })),
    ...t.offers.flatMap((o, i) =>
      o.photo
        ? [{ tourId: tourId(t.url), offerId: offerId(t, i), imageKey: `offer-${t.url}-${i + 1}`, sortOrder: 10 + i }]
        : [],
    ),
  ]);
  await tx.insert(tourPhotos).values(photos);

  // Two seasons: this one, then a peak season 8 % dearer; periods run long so the demo keeps prices for years.
  const seasonEnd = addDays(today, 60);
  await tx.insert(pricePeriods).values(
    offerSeeds.flatMap(({ tour, offer, index }) => [
      {
        offerId: offerId(tour, index),
        validFrom: addDays(today, -30),
        validTo: seasonEnd,
        ...priceColumns(offer.price),
      },
      {
        offerId: offerId(tour, index),
        validFrom: addDays(seasonEnd, 1),
        validTo: addDays(today, 3 * 365),
        ...priceColumns(offer.price, 1.08),
      },
    ]),
  );

  await tx.insert(promoCodes).values([
    { code: 'WELCOME10', percent: 10, validFrom: addDays(today, -30), validTo: addDays(today, 3 * 365) },
    { code: 'AGENT15', percent: 15, validFrom: addDays(today, -30), validTo: addDays(today, 3 * 365) },
    { code: 'SUMMER25', percent: 25, validFrom: addDays(today, -400), validTo: addDays(today, -35) },
  ]);
}

// Stock from each offer's template for the days not generated yet, up to today + days - 1, with simulated sales:
// ~3 % of slots sold out at random, the second start time of every timeslot offer sold out tomorrow, the next
// week busier than later dates. Same-ticket offers keep adult and child stock apart.
export async function extendDemoStock(db: DbOrTx, today: string, days = DEMO_STOCK_DAYS): Promise<number> {
  const last = addDays(today, days - 1);
  const tomorrow = addDays(today, 1);
  const soonest = addDays(today, 7);
  const result = await db.execute(sql`
    INSERT INTO slots (offer_id, date, start_time, capacity, "left", left_adults_tickets, left_children_tickets)
    SELECT o.id, g.day, t.start_time,
      CASE WHEN o.is_same_ticket_for_adults_and_children THEN o.adult_capacity + o.child_capacity ELSE o.slot_capacity END,
      CASE WHEN r.sold_out THEN 0
           WHEN o.is_same_ticket_for_adults_and_children
             THEN (o.adult_capacity - o.adult_capacity * r.sold_pct / 100) + (o.child_capacity - o.child_capacity * r.sold_pct / 100)
           ELSE o.slot_capacity - o.slot_capacity * r.sold_pct / 100 END,
      CASE WHEN NOT o.is_same_ticket_for_adults_and_children THEN NULL WHEN r.sold_out THEN 0
           ELSE o.adult_capacity - o.adult_capacity * r.sold_pct / 100 END,
      CASE WHEN NOT o.is_same_ticket_for_adults_and_children THEN NULL WHEN r.sold_out THEN 0
           ELSE o.child_capacity - o.child_capacity * r.sold_pct / 100 END
    FROM offers o
    CROSS JOIN LATERAL (SELECT max(s.date) AS last_day FROM slots s WHERE s.offer_id = o.id) m
    CROSS JOIN LATERAL (
      SELECT d::date AS day
      FROM generate_series(GREATEST(${today}::date, coalesce(m.last_day + 1, ${today}::date)), ${last}::date, interval '1 day') AS d
    ) g
    CROSS JOIN LATERAL unnest(CASE WHEN o.availability_type = 'timeslots' THEN o.start_times ELSE ARRAY[NULL::text] END)
      WITH ORDINALITY AS t(start_time, ord)
    CROSS JOIN LATERAL (SELECT abs(hashtext(o.id::text || ':' || g.day::text || ':' || coalesce(t.start_time, ''))) % 1000 AS h) x
    CROSS JOIN LATERAL (
      SELECT (x.h < 30 OR (g.day = ${tomorrow}::date AND t.ord = 2)) AS sold_out,
             CASE WHEN g.day < ${soonest}::date THEN 30 + x.h % 60 ELSE x.h % 55 END AS sold_pct
    ) r
    WHERE o.is_active AND NOT (extract(isodow FROM g.day)::int = ANY (o.closed_weekdays))
    ON CONFLICT DO NOTHING
  `);
  // node-postgres reports rowCount, PGlite affectedRows
  const counts = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}

// The demo catalogue: created once (idempotent, safe when several processes start together), then on every start
// the stock window is rolled forward to today + 120 days. Returns whether the catalogue was created now.
export async function seedDemoCatalogue(
  db: Db,
  now: Date = new Date(),
): Promise<{ created: boolean; slotsAdded: number }> {
  const today = dubaiDate(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.url, COUNTRY.url))
      .limit(1);
    if (!existing) await insertCatalogue(tx, today);
    const slotsAdded = await extendDemoStock(tx, today);
    await seedDemoHotels(tx);
    return { created: !existing, slotsAdded };
  });
}

export const DEMO_CATALOGUE = { tours: TOURS.length, offers: TOURS.reduce((n, t) => n + t.offers.length, 0) };
