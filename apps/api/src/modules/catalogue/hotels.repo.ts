import { and, asc, eq, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cities, hotels, offers } from '../../db/schema/index.ts';

// Pick-up hotels (SPEC §7 /hotels/listbase) by country, city and a part of the name
export async function searchHotels(db: DbOrTx, filter: { countryId?: number; cityId?: number; q?: string }) {
  const conditions = [
    filter.countryId ? eq(cities.countryId, filter.countryId) : undefined,
    filter.cityId ? eq(hotels.cityId, filter.cityId) : undefined,
    filter.q ? ilike(hotels.name, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({ id: hotels.id, name: hotels.name, area: hotels.area, cityId: hotels.cityId, cityName: cities.name })
    .from(hotels)
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(cities.sortOrder), asc(hotels.name))
    .limit(500);
  return rows.map((r) => ({ ...r, cityName: r.cityName.en }));
}

// What the pick-up time depends on: the hotel's lead time and the offer's pick-up and opening time
export async function pickUpInputs(db: DbOrTx, hotelId: number, offerId: number) {
  const [hotel] = await db
    .select({ lead: hotels.pickUpLeadMinutes })
    .from(hotels)
    .where(eq(hotels.id, hotelId))
    .limit(1);
  const [offer] = await db
    .select({ hasPickUp: offers.hasPickUp, openingTime: offers.openingTime })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  return hotel && offer ? { lead: hotel.lead, hasPickUp: offer.hasPickUp, openingTime: offer.openingTime } : null;
}
