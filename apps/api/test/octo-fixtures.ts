import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, apiKeyRoutes } from '@portal/contract';
import type { Db } from '../src/db/client.ts';
import { agencies, offers, slots } from '../src/db/schema/index.ts';
import { dubaiDate } from '../src/lib/dubai-time.ts';
import { seedDemoCatalogue } from '../src/modules/demo/catalogue-seed.ts';
import { createAgency, loginAs, type TestAgency } from './factories.ts';
import { fund } from './booking-fixtures.ts';
import { injectRoute } from './inject-route.ts';

// A reseller's world for the OCTO tests: an approved agency allowed the API, funded, with a key made through the
// admin's page call (the secret as the answer gives it), on the demo catalogue.
export type OctoWorld = { agency: TestAgency; adminToken: string; secret: string; keyId: string };

export async function createOctoWorld(
  app: FastifyInstance,
  db: Db,
  options: { balanceMinor?: number; currency?: 'aed' | 'usd'; role?: 'senior' | 'junior' } = {},
): Promise<OctoWorld> {
  await seedDemoCatalogue(db);
  const agency = await createAgency(db, { currency: options.currency ?? 'aed' });
  await db.update(agencies).set({ isApiAllowed: 1 }).where(eq(agencies.id, agency.id));
  if (options.balanceMinor !== 0) await fund(db, agency.id, options.balanceMinor ?? 50_000_000, options.currency);
  const adminToken = await loginAs(app, agency.users.admin.email);
  const created = await injectRoute(app, apiKeyRoutes.create, {
    body: { name: 'Booking engine', role: options.role ?? 'senior' },
    token: adminToken,
  });
  if (created.statusCode !== 200) throw new Error(`key not created: ${created.body}`);
  const key = created.json() as { id: string; secret: string };
  return { agency, adminToken, secret: key.secret, keyId: key.id };
}

// room on every slot for a validator run or two (each run reserves the same seats it picks by a fixed seed)
export async function roomOnEverySlot(db: Db, left = 1000): Promise<void> {
  await db.execute(sql`UPDATE slots SET capacity = ${2 * left}::int,
    "left" = CASE WHEN left_adults_tickets IS NULL THEN ${left}::int ELSE ${2 * left}::int END,
    left_adults_tickets = CASE WHEN left_adults_tickets IS NULL THEN NULL ELSE ${left}::int END,
    left_children_tickets = CASE WHEN left_children_tickets IS NULL THEN NULL ELSE ${left}::int END`);
}

// sells out every slot of an offer on one day (the validator looks for a SOLD_OUT availability)
export async function sellOutDay(db: Db, offerId: number, date: string): Promise<void> {
  await db
    .update(slots)
    .set({ left: 0, leftAdultsTickets: 0, leftChildrenTickets: 0 })
    .where(and(eq(slots.offerId, offerId), eq(slots.date, date)));
}

export async function offerIdsByType(db: Db) {
  return db
    .select({ id: offers.id, tourId: offers.tourId, type: offers.availabilityType, hasPickUp: offers.hasPickUp })
    .from(offers)
    .where(eq(offers.isActive, true))
    .orderBy(asc(offers.tourId), asc(offers.sortOrder), asc(offers.id));
}

export async function slotDates(db: Db, offerId: number, days: number) {
  const today = dubaiDate();
  return db
    .selectDistinct({ date: slots.date })
    .from(slots)
    .where(and(eq(slots.offerId, offerId), gte(slots.date, today), lte(slots.date, addDays(today, days))))
    .orderBy(asc(slots.date));
}
