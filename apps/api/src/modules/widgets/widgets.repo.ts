import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agencies, widgetImages, widgetOffers, widgets } from '../../db/schema/index.ts';

// Every read and write is scoped by the caller's agency: an id from the client never reaches a row without it.

export type WidgetRow = typeof widgets.$inferSelect;
export type WidgetOfferRow = typeof widgetOffers.$inferSelect;
export type NewWidget = typeof widgets.$inferInsert;
export type WidgetFields = Omit<NewWidget, 'id' | 'agencyId' | 'createdBy' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
export type NewWidgetOffer = Omit<WidgetOfferRow, 'widgetId'>;

export async function agencyWidgetFlags(db: DbOrTx, agencyId: string) {
  const [row] = await db
    .select({ isWidgetsCreationAllowed: agencies.isWidgetsCreationAllowed, status: agencies.status })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return row ?? null;
}

export async function listWidgets(db: DbOrTx, agencyId: string) {
  return db
    .select({
      id: widgets.id,
      name: widgets.name,
      type: widgets.type,
      domain: widgets.domain,
      domainStatus: widgets.domainStatus,
      slug: widgets.slug,
      currency: widgets.currency,
      updatedAt: widgets.updatedAt,
      offersCount: count(widgetOffers.offerId),
    })
    .from(widgets)
    .leftJoin(widgetOffers, eq(widgetOffers.widgetId, widgets.id))
    .where(and(eq(widgets.agencyId, agencyId), isNull(widgets.deletedAt)))
    .groupBy(widgets.id)
    .orderBy(desc(widgets.createdAt), desc(widgets.id));
}

// `lock`: FOR UPDATE, so that two saves of one widget run one after the other
export async function findWidget(db: DbOrTx, agencyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(widgets)
    .where(and(eq(widgets.id, id), eq(widgets.agencyId, agencyId), isNull(widgets.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? { row, offers: await offersOf(db, row.id) } : null;
}

// A widget's options in the agency's order
function offersOf(db: DbOrTx, widgetId: string) {
  return db.select().from(widgetOffers).where(eq(widgetOffers.widgetId, widgetId)).orderBy(asc(widgetOffers.position));
}

export async function insertWidget(
  tx: DbOrTx,
  values: WidgetFields & { agencyId: string; createdBy: string },
  offers: NewWidgetOffer[],
) {
  const [row] = await tx.insert(widgets).values(values).returning();
  if (!row) throw new Error('widget insert returned nothing');
  await insertOffers(tx, row.id, offers);
  return row;
}

export async function updateWidget(
  tx: DbOrTx,
  agencyId: string,
  id: string,
  values: WidgetFields,
  offers: NewWidgetOffer[],
) {
  const [row] = await tx
    .update(widgets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(widgets.id, id), eq(widgets.agencyId, agencyId), isNull(widgets.deletedAt)))
    .returning();
  if (!row) return null;
  await tx.delete(widgetOffers).where(eq(widgetOffers.widgetId, id));
  await insertOffers(tx, id, offers);
  return row;
}

async function insertOffers(tx: DbOrTx, widgetId: string, offers: NewWidgetOffer[]) {
  if (offers.length > 0) await tx.insert(widgetOffers).values(offers.map((o) => ({ ...o, widgetId })));
}

export async function softDeleteWidget(db: DbOrTx, agencyId: string, id: string) {
  const [row] = await db
    .update(widgets)
    .set({ deletedAt: new Date() })
    .where(and(eq(widgets.id, id), eq(widgets.agencyId, agencyId), isNull(widgets.deletedAt)))
    .returning({ id: widgets.id });
  return row ?? null;
}

export async function slugExists(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: widgets.id }).from(widgets).where(eq(widgets.slug, slug)).limit(1);
  return Boolean(row);
}

// The images among `ids` that belong to the agency
export async function ownImageIds(db: DbOrTx, agencyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: widgetImages.id })
    .from(widgetImages)
    .where(and(eq(widgetImages.agencyId, agencyId), inArray(widgetImages.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertWidgetImage(db: DbOrTx, values: typeof widgetImages.$inferInsert) {
  const [row] = await db.insert(widgetImages).values(values).returning({ id: widgetImages.id });
  if (!row) throw new Error('widget image insert returned nothing');
  return row;
}

export async function findWidgetImage(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ storageKey: widgetImages.storageKey, contentType: widgetImages.contentType })
    .from(widgetImages)
    .where(eq(widgetImages.id, id));
  return row ?? null;
}

// A live widget as its public shop shows it, by its address on the portal or by its verified own domain; no agency
// scope (the shop is public), only live widgets and only a verified domain
export async function findPublicWidget(db: DbOrTx, by: { slug: string } | { domain: string }) {
  const match =
    'slug' in by ? eq(widgets.slug, by.slug) : and(eq(widgets.domain, by.domain), eq(widgets.domainStatus, 'verified'));
  const [row] = await db
    .select()
    .from(widgets)
    .where(and(match, isNull(widgets.deletedAt)))
    .limit(1);
  return row ? { row, offers: await offersOf(db, row.id) } : null;
}

// An agency's live widgets that sell an option of a tour, oldest first, each with its options of that tour (the
// public tour call of SPEC §7)
export async function widgetsSellingTour(db: DbOrTx, agencyId: string, tourId: number) {
  const rows = await db
    .select({ widget: widgets, offer: widgetOffers })
    .from(widgetOffers)
    .innerJoin(widgets, eq(widgets.id, widgetOffers.widgetId))
    .where(and(eq(widgets.agencyId, agencyId), eq(widgetOffers.tourId, tourId), isNull(widgets.deletedAt)))
    .orderBy(asc(widgets.createdAt), asc(widgets.id), asc(widgetOffers.position));
  const byWidget = new Map<string, { row: WidgetRow; offers: WidgetOfferRow[] }>();
  for (const { widget, offer } of rows) {
    const entry = byWidget.get(widget.id) ?? { row: widget, offers: [] };
    entry.offers.push(offer);
    byWidget.set(widget.id, entry);
  }
  return [...byWidget.values()];
}
