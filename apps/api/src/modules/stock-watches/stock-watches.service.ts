import type { CreateStockWatchBody, StockWatch } from '@portal/contract';
import { CATALOGUE_MESSAGES, checkPeopleLimits } from '@portal/contract';
import { formatDisplayDate } from '@portal/contract/plain';
import type { AppDeps, ServiceContext } from '../../lib/context.ts';
import { withTransaction } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import {
  availabilityRow,
  checkBookableDate,
  checkStartTime,
  slotFits,
  type CatalogueSnapshot,
} from '../catalogue/index.ts';
import { brandOf, insertMail, seatsBackMail } from '../mail/index.ts';
import {
  closeOwnWatch,
  closePastWatches,
  closeWatch,
  findWatchedSlotsWithStock,
  listOpenWatches,
  upsertOpenWatch,
} from './stock-watches.repo.ts';

type WatchRow = NonNullable<Awaited<ReturnType<typeof upsertOpenWatch>>>;

const view = (row: WatchRow): StockWatch => ({
  id: row.id,
  offerId: row.offerId,
  date: row.date,
  time: row.startTime,
  adults: row.adults,
  children: row.children,
  infants: row.infants,
  language: row.language,
  createdAt: row.createdAt.toISOString(),
});

// The agent asks once per option, date and time; asking again updates that request (never a second one)
export async function createStockWatch(
  ctx: ServiceContext,
  snapshot: CatalogueSnapshot,
  body: CreateStockWatchBody,
): Promise<StockWatch> {
  const actor = requireAgencyActor(ctx);
  const offer = snapshot.offerById.get(body.offerId);
  if (!offer) throw AppError.field('offerId', CATALOGUE_MESSAGES.unknownOffer);
  checkBookableDate(body.date, dubaiDate());
  checkStartTime(offer, body.time);
  const people = { adults: body.adults, children: body.children, infants: body.infants };
  const limits = checkPeopleLimits(people, offer);
  if (!limits.ok) throw AppError.field('adults', limits.message);
  const row = await withTransaction(ctx.db, (tx) =>
    upsertOpenWatch(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      offerId: offer.id,
      date: body.date,
      startTime: body.time,
      ...people,
      language: body.language ?? ctx.site.defaultLanguage,
    }),
  );
  if (!row) throw new Error('the notify-me request was not stored');
  return view(row);
}

export async function openStockWatches(
  ctx: ServiceContext,
  query: { offerId: number; date: string },
): Promise<StockWatch[]> {
  const actor = requireAgencyActor(ctx);
  return (await listOpenWatches(ctx.db, actor.userId, query.offerId, query.date)).map(view);
}

// "Stop notifying": the agent closes their own request; another agent's (or an unknown) id is a 404, nothing changed
export async function cancelStockWatch(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const actor = requireAgencyActor(ctx);
  const closed = await closeOwnWatch(ctx.db, actor.userId, id);
  if (!closed) throw AppError.notFound(CATALOGUE_MESSAGES.unknownStockWatch);
  return closed;
}

type JobDeps = Pick<AppDeps, 'db' | 'sites' | 'config' | 'kickMail'>;

// The notify-me job (every STOCK_WATCH_POLL_MS, each run claimed by one node): every open request whose option now
// has seats for its people on its date (and time), before the cut-off, is closed and its e-mail queued in the same
// transaction. Whatever freed the seats (a cancellation, an expired hold, stock added by an operator or an import)
// is seen the same way, and the code that takes and frees stock is left alone. Returns how many mails were queued.
export async function notifyReturnedSeats(
  deps: JobDeps,
  snapshot: CatalogueSnapshot,
  now: Date = new Date(),
): Promise<number> {
  const candidates = await findWatchedSlotsWithStock(deps.db, dubaiDate(now));
  const due = new Map<string, (typeof candidates)[number]>();
  for (const candidate of candidates) {
    const offer = snapshot.offerById.get(candidate.offerId);
    if (!offer || due.has(candidate.id)) continue;
    const people = { adults: candidate.adults, children: candidate.children, infants: candidate.infants };
    if (slotFits(offer, availabilityRow(offer, candidate.slot, now), people)) due.set(candidate.id, candidate);
  }
  let queued = 0;
  for (const watch of due.values()) {
    const offer = snapshot.offerById.get(watch.offerId);
    const tour = offer ? snapshot.tourById.get(offer.tourId) : undefined;
    const site = deps.sites.byId(watch.siteId);
    if (!offer || !tour || !site) continue;
    // a deleted agent, or an agency suspended since it asked, is not written to (the request closes all the same)
    const isUserActive =
      watch.userStatus !== 'deleted' && watch.agencyStatus !== 'suspended' && watch.agencyStatus !== 'rejected';
    const sent = await withTransaction(deps.db, async (tx) => {
      if (!(await closeWatch(tx, watch.id, isUserActive)) || !isUserActive) return false;
      const lang = watch.language;
      const time = watch.watchedTime ?? watch.slot.startTime;
      const brand = brandOf(site, deps.config);
      const link = new URL('/tour', brand.loginUrl);
      for (const [key, value] of Object.entries({
        id: String(tour.id),
        offer: String(offer.id),
        date: watch.date,
        time: time ?? '',
        adults: String(watch.adults),
        children: String(watch.children),
        infants: String(watch.infants),
      }))
        if (value) link.searchParams.set(key, value);
      await insertMail(
        tx,
        seatsBackMail(
          lang,
          watch.email,
          watch.name,
          {
            tour: tour.title[lang],
            option: offer.name[lang],
            when: `${formatDisplayDate(watch.date, lang)}${watch.watchedTime ? ` ${watch.watchedTime}` : ''}`,
            link: link.toString(),
          },
          brand,
        ),
      );
      return true;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) deps.kickMail();
  return queued;
}

// The clean-up job: requests for dates that have passed (Asia/Dubai) close without mail
export async function closePastStockWatches(deps: Pick<AppDeps, 'db'>, now: Date = new Date()): Promise<number> {
  return closePastWatches(deps.db, dubaiDate(now));
}
