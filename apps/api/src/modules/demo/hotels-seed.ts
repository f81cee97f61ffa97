import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cities, hotels } from '../../db/schema/index.ts';

// Pick-up hotels per city: name, area, minutes the driver arrives before the tour's start time.
const HOTELS: Record<string, [string, string, number][]> = {
  dubai: [
    ['Atlantis, The Palm', 'Palm Jumeirah', 75],
    ['Jumeirah Beach Hotel', 'Jumeirah', 60],
    ['Burj Al Arab Jumeirah', 'Jumeirah', 60],
    ['Address Downtown', 'Downtown Dubai', 45],
    ['Armani Hotel Dubai', 'Downtown Dubai', 45],
    ['JW Marriott Marquis Hotel Dubai', 'Business Bay', 45],
    ['Rove Downtown', 'Downtown Dubai', 45],
    ['Hilton Dubai Jumeirah', 'JBR', 70],
    ['Sofitel Dubai Jumeirah Beach', 'JBR', 70],
    ['Grosvenor House Dubai', 'Dubai Marina', 65],
    ['Hyatt Regency Dubai Creek Heights', 'Dubai Healthcare City', 40],
    ['Radisson Blu Hotel, Dubai Deira Creek', 'Deira', 35],
    ['Al Seef Heritage Hotel', 'Al Seef', 35],
    ['Premier Inn Dubai International Airport', 'Al Garhoud', 35],
  ],
  'abu-dhabi': [
    ['Emirates Palace Mandarin Oriental', 'Al Ras Al Akhdar', 45],
    ['Yas Hotel Abu Dhabi', 'Yas Island', 30],
    ['Crowne Plaza Yas Island', 'Yas Island', 30],
    ['Jumeirah at Saadiyat Island Resort', 'Saadiyat Island', 35],
    ['Shangri-La Qaryat Al Beri', 'Khor Al Maqta', 40],
    ['Conrad Abu Dhabi Etihad Towers', 'Al Bateen', 45],
  ],
  sharjah: [
    ['Sheraton Sharjah Beach Resort', 'Al Muntazah', 40],
    ['The Chedi Al Bait', 'Heart of Sharjah', 35],
    ['Hilton Sharjah', 'Khalid Lagoon', 35],
  ],
  'ras-al-khaimah': [
    ['Waldorf Astoria Ras Al Khaimah', 'Al Hamra', 40],
    ['Rixos Bab Al Bahr', 'Al Marjan Island', 45],
    ['Hilton Ras Al Khaimah Beach Resort', 'Al Maareedh', 35],
  ],
  fujairah: [
    ['Le Méridien Al Aqah Beach Resort', 'Al Aqah', 40],
    ['Fujairah Rotana Resort & Spa', 'Al Aqah', 40],
    ['Novotel Fujairah', 'Fujairah City', 30],
  ],
};

export async function seedDemoHotels(tx: DbOrTx): Promise<number> {
  const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(hotels);
  if (count > 0) return 0;
  const cityRows = await tx.select({ id: cities.id, url: cities.url }).from(cities);
  const rows = cityRows.flatMap((city) =>
    (HOTELS[city.url] ?? []).map(([name, area, lead]) => ({ cityId: city.id, name, area, pickUpLeadMinutes: lead })),
  );
  if (rows.length > 0) await tx.insert(hotels).values(rows);
  return rows.length;
}
