import { randomUUID } from 'node:crypto';
import type {
  AdminCatalogueReference,
  AdminOffer,
  AdminOfferBody,
  AdminPricesBody,
  AdminPromoCode,
  AdminSlot,
  AdminSlotsResponse,
  AdminTour,
  AdminTourBody,
  AdminTourRow,
  AdminToursQuery,
  AuditAction,
  AuditChange,
  CreatePromoCodeBody,
  GenerateSlotsBody,
  GenerateSlotsResponse,
  UpdatePromoCodeBody,
  UpdateSlotsBody,
} from '@portal/contract';
import { CATALOGUE_ADMIN_MESSAGES as M, minorToMajor, stockBelowTakenMessage, toMinor } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { withTransaction, type ServiceContext } from '../../lib/context.ts';
import { requireActor } from '../../lib/require-actor.ts';
import type { CheckedUpload } from '../../lib/upload.ts';
import { changesBetween, recordAudit } from '../audit/index.ts';
import * as repo from './admin-catalogue.repo.ts';

// The back office's catalogue and stock (issue 12). Each change runs in one transaction with exactly one audit row
// (`agencyId: null`: catalogue objects belong to no agency); a change that alters nothing writes nothing. Bookings
// keep their own prices and the stock they took, so price periods change freely; stock never goes below what
// bookings have taken (checked under the slots' row locks).

type Value = string | number | boolean | null;
// JSON with sorted keys: jsonb gives objects back in its own key order
const json = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

function audit(
  tx: DbOrTx,
  ctx: ServiceContext,
  entry: { entity: 'tour' | 'offer' | 'slot' | 'promoCode'; entityId: string; subject: string; action: AuditAction },
  changes: AuditChange[],
) {
  return recordAudit(tx, requireActor(ctx), { ...entry, agencyId: null, changes });
}

// ---------------------------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------------------------
const major = (minor: number | null) => (minor === null ? null : minorToMajor(minor));

function offerView(offer: repo.OfferRow, periods: repo.PeriodRow[]): AdminOffer {
  return {
    id: offer.id,
    tourId: offer.tourId,
    name: offer.name,
    description: offer.description,
    pricingUnit: offer.pricingUnit,
    availabilityType: offer.availabilityType,
    startTimes: offer.startTimes,
    openingTime: offer.openingTime,
    closingTime: offer.closingTime,
    slotCapacity: offer.slotCapacity,
    isSameTicketForAdultsAndChildren: offer.isSameTicketForAdultsAndChildren,
    adultCapacity: offer.adultCapacity,
    childCapacity: offer.childCapacity,
    minPeople: offer.minPeople,
    maxPeople: offer.maxPeople,
    cutOffHours: offer.cutOffHours,
    isInstant: offer.isInstant,
    cancellationPolicy: offer.cancellationPolicy,
    ticketTypeId: offer.ticketTypeId,
    infantMaxAge: offer.infantMaxAge,
    childMaxAge: offer.childMaxAge,
    isActive: offer.isActive,
    periods: periods
      .filter((p) => p.offerId === offer.id)
      .map((p) => ({
        id: p.id,
        validFrom: p.validFrom,
        validTo: p.validTo,
        netAdult: major(p.netAdultMinor),
        netChild: major(p.netChildMinor),
        netTrip: major(p.netTripMinor),
        recAdult: major(p.recAdultMinor),
        recChild: major(p.recChildMinor),
        recTrip: major(p.recTripMinor),
      })),
  };
}

async function tourView(db: DbOrTx, tour: repo.TourRow): Promise<AdminTour> {
  const parts = await repo.tourParts(db, tour.id);
  return {
    id: tour.id,
    url: tour.url,
    cityId: tour.cityId,
    categoryIds: parts.categoryIds,
    title: tour.title,
    summary: tour.summary,
    description: tour.description,
    inclusions: tour.highlights,
    itinerary: tour.itinerary,
    terms: tour.terms,
    notesToAgents: tour.notesToAgents,
    faq: tour.faq,
    meetingPoint: tour.meetingPoint,
    durationMinutes: tour.durationMinutes,
    durationText: tour.durationText,
    videoKey: tour.videoKey,
    isActive: tour.isActive,
    photos: parts.photoRows,
    offers: parts.offerRows.map((o) => offerView(o, parts.periodRows)),
  };
}

async function loadTour(db: DbOrTx, id: number): Promise<repo.TourRow> {
  const tour = await repo.findTour(db, id);
  if (!tour) throw AppError.notFound(M.unknownTour);
  return tour;
}

export async function reference(ctx: ServiceContext, videos: string[]): Promise<AdminCatalogueReference> {
  const rows = await repo.referenceRows(ctx.db);
  return { cities: rows.cityRows, categories: rows.categoryRows, ticketTypes: rows.ticketRows, videos };
}

export async function listTours(ctx: ServiceContext, query: AdminToursQuery): Promise<AdminTourRow[]> {
  const language = query.language ?? 'en';
  const active = query.active === 'active' ? true : query.active === 'inactive' ? false : undefined;
  const rows = await repo.listTours(ctx.db, { q: query.q, active });
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    title: r.title[language],
    city: r.cityName[language],
    offers: r.offers,
    isActive: r.isActive,
  }));
}

export async function getTour(ctx: ServiceContext, id: number): Promise<AdminTour> {
  return tourView(ctx.db, await loadTour(ctx.db, id));
}

// ---------------------------------------------------------------------------------------------------------------
// Tours
// ---------------------------------------------------------------------------------------------------------------
async function checkTourReferences(db: DbOrTx, body: AdminTourBody, videos: string[]) {
  if (!(await repo.cityExists(db, body.cityId))) throw AppError.field('cityId', M.unknownCity);
  const unique = [...new Set(body.categoryIds)];
  if (unique.length !== body.categoryIds.length || (await repo.countCategories(db, unique)) !== unique.length)
    throw AppError.field('categoryIds', M.unknownCategory);
  if (body.videoKey !== null && !videos.includes(body.videoKey)) throw AppError.field('videoKey', M.unknownVideo);
}

function tourValues(body: AdminTourBody): repo.TourValues {
  return {
    url: body.url,
    cityId: body.cityId,
    title: body.title,
    summary: body.summary,
    description: body.description,
    highlights: body.inclusions,
    itinerary: body.itinerary,
    terms: body.terms,
    notesToAgents: body.notesToAgents,
    faq: body.faq,
    meetingPoint: body.meetingPoint,
    durationMinutes: body.durationMinutes,
    durationText: body.durationText,
    videoKey: body.videoKey,
    isActive: body.isActive,
  };
}

// The audited fields of a tour, flat (texts per language; lists as JSON)
function tourFields(values: repo.TourValues, categoryIds: number[]): Record<string, Value> {
  const fields: Record<string, Value> = {
    url: values.url,
    cityId: values.cityId,
    categoryIds: categoryIds.join(','),
    durationMinutes: values.durationMinutes,
    videoKey: values.videoKey ?? null,
    isActive: values.isActive ?? true,
  };
  const texts = {
    title: values.title,
    summary: values.summary,
    description: values.description,
    inclusions: values.highlights,
    itinerary: values.itinerary,
    terms: values.terms,
    notesToAgents: values.notesToAgents,
    faq: values.faq,
    meetingPoint: values.meetingPoint,
    durationText: values.durationText,
  };
  for (const [name, text] of Object.entries(texts))
    for (const language of ['en', 'ru'] as const) {
      const value = text[language];
      fields[`${name}.${language}`] = typeof value === 'string' ? value : json(value);
    }
  return fields;
}

export async function createTour(ctx: ServiceContext, body: AdminTourBody, videos: string[]): Promise<AdminTour> {
  await checkTourReferences(ctx.db, body, videos);
  const values = tourValues(body);
  const id = await withTransaction(ctx.db, async (tx) => {
    const id = await repo.insertTour(tx, values);
    if (id === null) throw AppError.field('url', M.urlTaken);
    await repo.setTourCategories(tx, id, body.categoryIds);
    const changes = changesBetween({}, tourFields(values, body.categoryIds));
    await audit(
      tx,
      ctx,
      { entity: 'tour', entityId: String(id), subject: body.title.en, action: 'tour.created' },
      changes,
    );
    return id;
  });
  return getTour(ctx, id);
}

export async function updateTour(
  ctx: ServiceContext,
  id: number,
  body: AdminTourBody,
  videos: string[],
): Promise<AdminTour> {
  await checkTourReferences(ctx.db, body, videos);
  const values = tourValues(body);
  await withTransaction(ctx.db, async (tx) => {
    const tour = await repo.findTour(tx, id, true);
    if (!tour) throw AppError.notFound(M.unknownTour);
    const other = await repo.tourIdByUrl(tx, body.url);
    if (other !== null && other !== id) throw AppError.field('url', M.urlTaken);
    const { categoryIds } = await repo.tourParts(tx, id);
    const changes = changesBetween(tourFields(tour, categoryIds), tourFields(values, body.categoryIds));
    if (changes.length === 0) return;
    await repo.updateTour(tx, id, values);
    if (categoryIds.join(',') !== body.categoryIds.join(',')) await repo.setTourCategories(tx, id, body.categoryIds);
    await audit(
      tx,
      ctx,
      { entity: 'tour', entityId: String(id), subject: body.title.en, action: 'tour.updated' },
      changes,
    );
  });
  return getTour(ctx, id);
}

// A JPEG or PNG, stored through the file storage (local disk or the bucket) and served resized by /api/images like
// the other catalogue images. The file is written before the transaction: a failure after it leaves an unused file,
// never a photo without its file.
export async function addPhoto(ctx: ServiceContext, tourId: number, upload: CheckedUpload): Promise<AdminTour> {
  if (upload.type.format !== 'JPG' && upload.type.format !== 'PNG') throw AppError.field('file', M.photoFormat);
  await loadTour(ctx.db, tourId);
  const { default: sharp } = await import('sharp');
  let size: { width: number; height: number };
  try {
    const meta = await sharp(upload.data).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // EXIF orientations 5–8 turn the picture a quarter
    const turned = (meta.orientation ?? 1) >= 5;
    size = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    throw AppError.field('file', M.photoFormat);
  }
  const id = randomUUID();
  const key = `photo-${id}`;
  const storageKey = `catalogue/photos/${id}.${upload.type.extension}`;
  await ctx.storage.put(storageKey, upload.data);
  try {
    await withTransaction(ctx.db, async (tx) => {
      const tour = await repo.findTour(tx, tourId, true);
      if (!tour) throw AppError.notFound(M.unknownTour);
      await repo.insertPhoto(tx, { tourId, key, storageKey, ...size, alt: tour.title });
      await audit(
        tx,
        ctx,
        { entity: 'tour', entityId: String(tourId), subject: tour.title.en, action: 'tour.updated' },
        [{ field: 'photos', from: null, to: key }],
      );
    });
  } catch (error) {
    await ctx.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
  return getTour(ctx, tourId);
}

export async function deletePhoto(ctx: ServiceContext, photoId: number): Promise<void> {
  const removed = await withTransaction(ctx.db, async (tx) => {
    const photo = await repo.findPhoto(tx, photoId);
    if (!photo) throw AppError.notFound(M.unknownPhoto);
    const tour = await repo.findTour(tx, photo.tourId, true);
    if (!tour) throw AppError.notFound(M.unknownTour);
    const imageGone = await repo.deletePhoto(tx, photo);
    await audit(
      tx,
      ctx,
      { entity: 'tour', entityId: String(tour.id), subject: tour.title.en, action: 'tour.updated' },
      [{ field: 'photos', from: photo.imageKey, to: null }],
    );
    return imageGone ? photo.storageKey : null;
  });
  // the file goes after the commit (a rollback keeps it); failing to remove it leaves an unused file only
  if (removed) await ctx.storage.remove(removed).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------------------------
// Offers and prices
// ---------------------------------------------------------------------------------------------------------------
function offerValues(body: AdminOfferBody): repo.OfferValues {
  const timeslots = body.availabilityType === 'timeslots';
  return {
    name: body.name,
    description: body.description,
    pricingUnit: body.pricingUnit,
    availabilityType: body.availabilityType,
    startTimes: timeslots ? [...body.startTimes].sort() : [],
    openingTime: timeslots ? null : body.openingTime,
    closingTime: timeslots ? null : body.closingTime,
    slotCapacity: body.isSameTicketForAdultsAndChildren
      ? (body.adultCapacity ?? 0) + (body.childCapacity ?? 0)
      : body.slotCapacity,
    isSameTicketForAdultsAndChildren: body.isSameTicketForAdultsAndChildren,
    adultCapacity: body.adultCapacity,
    childCapacity: body.childCapacity,
    minPeople: body.minPeople,
    maxPeople: body.maxPeople,
    cutOffHours: body.cutOffHours,
    isInstant: body.isInstant,
    // SPEC §9: sorted by hours, the longest notice first
    cancellationPolicy: [...body.cancellationPolicy].sort((a, b) => b.hours - a.hours),
    ticketTypeId: body.ticketTypeId,
    infantMaxAge: body.infantMaxAge,
    childMaxAge: body.childMaxAge,
    isActive: body.isActive,
  };
}

function offerFields(values: repo.OfferValues): Record<string, Value> {
  return {
    'name.en': values.name.en,
    'name.ru': values.name.ru,
    'description.en': values.description.en,
    'description.ru': values.description.ru,
    pricingUnit: values.pricingUnit,
    availabilityType: values.availabilityType,
    startTimes: (values.startTimes ?? []).join(','),
    openingTime: values.openingTime ?? null,
    closingTime: values.closingTime ?? null,
    slotCapacity: values.slotCapacity,
    isSameTicketForAdultsAndChildren: values.isSameTicketForAdultsAndChildren ?? false,
    adultCapacity: values.adultCapacity ?? null,
    childCapacity: values.childCapacity ?? null,
    minPeople: values.minPeople ?? 1,
    maxPeople: values.maxPeople,
    cutOffHours: values.cutOffHours ?? 0,
    isInstant: values.isInstant ?? true,
    cancellationPolicy: json(values.cancellationPolicy),
    ticketTypeId: values.ticketTypeId,
    infantMaxAge: values.infantMaxAge ?? 2,
    childMaxAge: values.childMaxAge ?? 11,
    isActive: values.isActive ?? true,
  };
}

const offerSubject = (tour: repo.TourRow, offer: { name: { en: string } }) => `${tour.title.en} — ${offer.name.en}`;

async function offerResult(db: DbOrTx, id: number): Promise<AdminOffer> {
  const offer = await repo.findOffer(db, id);
  if (!offer) throw AppError.notFound(M.unknownOffer);
  return offerView(offer, await repo.offerPeriods(db, id));
}

export async function createOffer(ctx: ServiceContext, tourId: number, body: AdminOfferBody): Promise<AdminOffer> {
  await loadTour(ctx.db, tourId);
  if (!(await repo.ticketTypeExists(ctx.db, body.ticketTypeId)))
    throw AppError.field('ticketTypeId', M.unknownTicketType);
  const values = offerValues(body);
  const id = await withTransaction(ctx.db, async (tx) => {
    const tour = await repo.findTour(tx, tourId, true);
    if (!tour) throw AppError.notFound(M.unknownTour);
    const id = await repo.insertOffer(tx, tourId, values);
    await audit(
      tx,
      ctx,
      { entity: 'offer', entityId: String(id), subject: offerSubject(tour, values), action: 'offer.created' },
      changesBetween({}, offerFields(values)),
    );
    return id;
  });
  return offerResult(ctx.db, id);
}

export async function updateOffer(ctx: ServiceContext, id: number, body: AdminOfferBody): Promise<AdminOffer> {
  if (!(await repo.ticketTypeExists(ctx.db, body.ticketTypeId)))
    throw AppError.field('ticketTypeId', M.unknownTicketType);
  const values = offerValues(body);
  await withTransaction(ctx.db, async (tx) => {
    const offer = await repo.findOffer(tx, id, true);
    if (!offer) throw AppError.notFound(M.unknownOffer);
    const tour = await loadTour(tx, offer.tourId);
    const changes = changesBetween(offerFields(offer), offerFields(values));
    if (changes.length === 0) return;
    await repo.updateOffer(tx, id, values);
    await audit(
      tx,
      ctx,
      { entity: 'offer', entityId: String(id), subject: offerSubject(tour, values), action: 'offer.updated' },
      changes,
    );
  });
  return offerResult(ctx.db, id);
}

const periodText = (p: Omit<repo.PeriodValues, 'offerId'>) =>
  [
    `${p.validFrom}..${p.validTo}`,
    ...(['netAdultMinor', 'netChildMinor', 'netTripMinor', 'recAdultMinor', 'recChildMinor', 'recTripMinor'] as const)
      .filter((k) => p[k] !== null && p[k] !== undefined)
      .map((k) => `${k.replace('Minor', '')} ${(Number(p[k]) / 100).toFixed(2)}`),
  ].join(' ');

// The price periods as a whole. Existing bookings keep the prices they were made at (stored on each booking).
export async function updatePrices(ctx: ServiceContext, id: number, body: AdminPricesBody): Promise<AdminOffer> {
  const minor = (v: number | null) => (v === null ? null : toMinor(v));
  const periods: repo.PeriodValues[] = body.periods
    .map((p) => ({
      validFrom: p.validFrom,
      validTo: p.validTo,
      netAdultMinor: minor(p.netAdult),
      netChildMinor: minor(p.netChild),
      netTripMinor: minor(p.netTrip),
      recAdultMinor: minor(p.recAdult),
      recChildMinor: minor(p.recChild),
      recTripMinor: minor(p.recTrip),
    }))
    .sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1));
  await withTransaction(ctx.db, async (tx) => {
    const offer = await repo.findOffer(tx, id, true);
    if (!offer) throw AppError.notFound(M.unknownOffer);
    body.periods.forEach((p, i) => {
      if (offer.pricingUnit === 'person' && (p.netAdult === null || p.recAdult === null))
        throw AppError.field(`periods.${i}.${p.netAdult === null ? 'netAdult' : 'recAdult'}`, M.adultPricesRequired);
      if (offer.pricingUnit === 'trip' && (p.netTrip === null || p.recTrip === null))
        throw AppError.field(`periods.${i}.${p.netTrip === null ? 'netTrip' : 'recTrip'}`, M.tripPricesRequired);
    });
    const before = (await repo.offerPeriods(tx, id)).map(periodText).join('; ');
    const after = periods.map(periodText).join('; ');
    if (before === after) return;
    await repo.replacePeriods(tx, id, periods);
    const tour = await loadTour(tx, offer.tourId);
    await audit(
      tx,
      ctx,
      { entity: 'offer', entityId: String(id), subject: offerSubject(tour, offer), action: 'offer.updated' },
      [{ field: 'prices', from: before || null, to: after || null }],
    );
  });
  return offerResult(ctx.db, id);
}

// ---------------------------------------------------------------------------------------------------------------
// Time slots and stock
// ---------------------------------------------------------------------------------------------------------------
function slotView(slot: repo.SlotRow, taken: repo.SeatsTaken | undefined): AdminSlot {
  return {
    id: slot.id,
    date: slot.date,
    time: slot.startTime,
    capacity: slot.capacity,
    sold: taken?.sold ?? 0,
    held: taken?.held ?? 0,
    left: slot.left,
    leftAdults: slot.leftAdultsTickets,
    leftChildren: slot.leftChildrenTickets,
    isClosed: slot.isClosed,
  };
}

export async function listSlots(
  ctx: ServiceContext,
  offerId: number,
  range: { from: string; to: string },
): Promise<AdminSlotsResponse> {
  const offer = await repo.findOffer(ctx.db, offerId);
  if (!offer) throw AppError.notFound(M.unknownOffer);
  const rows = await repo.offerSlots(ctx.db, offerId, range.from, range.to);
  const taken = await repo.seatsTaken(
    ctx.db,
    rows.map((r) => r.id),
    new Date(),
  );
  return { offer: await slotsOffer(ctx.db, offer), slots: rows.map((r) => slotView(r, taken.get(r.id))) };
}

async function slotsOffer(db: DbOrTx, offer: repo.OfferRow) {
  const tour = await loadTour(db, offer.tourId);
  return {
    id: offer.id,
    tourId: offer.tourId,
    tourTitle: tour.title,
    name: offer.name,
    availabilityType: offer.availabilityType,
    startTimes: offer.startTimes,
    slotCapacity: offer.slotCapacity,
    isSameTicketForAdultsAndChildren: offer.isSameTicketForAdultsAndChildren,
    adultCapacity: offer.adultCapacity,
    childCapacity: offer.childCapacity,
  };
}

const slotName = (slot: { date: string; startTime: string | null }) =>
  slot.startTime ? `${slot.date} ${slot.startTime}` : slot.date;

export async function generateSlots(
  ctx: ServiceContext,
  offerId: number,
  body: GenerateSlotsBody,
): Promise<GenerateSlotsResponse> {
  return withTransaction(ctx.db, async (tx) => {
    const offer = await repo.findOffer(tx, offerId);
    if (!offer) throw AppError.notFound(M.unknownOffer);
    let times: (string | null)[];
    if (offer.availabilityType === 'timeslots') {
      times = body.startTimes.length > 0 ? [...new Set(body.startTimes)].sort() : offer.startTimes;
      if (times.some((t) => t === null || !offer.startTimes.includes(t)))
        throw AppError.field('startTimes', M.timeNotInOption);
    } else {
      if (body.startTimes.length > 0) throw AppError.field('startTimes', M.noTimesForOpeningHours);
      times = [null];
    }
    let stock: { capacity: number; leftAdults: number | null; leftChildren: number | null };
    if (offer.isSameTicketForAdultsAndChildren) {
      const adults = body.adultCapacity ?? offer.adultCapacity;
      const children = body.childCapacity ?? offer.childCapacity;
      if (adults === null) throw AppError.field('adultCapacity', M.sameTicketCapacities);
      if (children === null) throw AppError.field('childCapacity', M.sameTicketCapacities);
      stock = { capacity: adults + children, leftAdults: adults, leftChildren: children };
    } else {
      stock = { capacity: body.capacity ?? offer.slotCapacity, leftAdults: null, leftChildren: null };
    }
    const weekdays = [...new Set(body.weekdays)].sort();
    const result = await repo.generateSlots(tx, {
      offerId,
      from: body.from,
      to: body.to,
      weekdays,
      times,
      ...stock,
    });
    if (result.created > 0) {
      const tour = await loadTour(tx, offer.tourId);
      await audit(
        tx,
        ctx,
        { entity: 'slot', entityId: String(offerId), subject: offerSubject(tour, offer), action: 'slot.generated' },
        [
          { field: 'from', from: null, to: body.from },
          { field: 'to', from: null, to: body.to },
          { field: 'weekdays', from: null, to: weekdays.join(',') },
          { field: 'times', from: null, to: times.filter((t) => t !== null).join(',') || null },
          { field: 'capacity', from: null, to: String(stock.capacity) },
          { field: 'created', from: null, to: String(result.created) },
        ],
      );
    }
    return { created: result.created, kept: result.candidates - result.created };
  });
}

// New stock and/or closed or open for the chosen slots, all or nothing: the slots' rows are locked in id order, and
// what bookings have taken is read under those locks (a booking takes stock by updating the slot row, so it waits).
// A new stock below what is sold and held refuses the whole request with the first such slot named.
export async function updateSlots(
  ctx: ServiceContext,
  offerId: number,
  body: UpdateSlotsBody,
): Promise<AdminSlotsResponse> {
  const ids = [...new Set(body.slotIds)].sort((a, b) => a - b);
  const result = await withTransaction(ctx.db, async (tx) => {
    const offer = await repo.findOffer(tx, offerId);
    if (!offer) throw AppError.notFound(M.unknownOffer);
    const isSame = offer.isSameTicketForAdultsAndChildren;
    const changesStock = isSame ? body.adultCapacity !== null || body.childCapacity !== null : body.capacity !== null;
    if (isSame && changesStock && (body.adultCapacity === null || body.childCapacity === null))
      throw AppError.field(body.adultCapacity === null ? 'adultCapacity' : 'childCapacity', M.sameTicketCapacities);
    if (!changesStock && body.isClosed === null) throw AppError.field('capacity', M.changeRequired);

    const locked = await repo.lockSlots(tx, ids);
    if (locked.length !== ids.length) throw AppError.field('slotIds', M.unknownSlot);
    if (locked.some((s) => s.offerId !== offerId)) throw AppError.field('slotIds', M.slotsOfOtherOffer);
    const taken = await repo.seatsTaken(tx, ids, new Date());

    const changes: AuditChange[] = [];
    const changed: repo.SlotRow[] = [];
    let stockChanged = false;
    for (const slot of locked) {
      const t = taken.get(slot.id);
      const next = {
        capacity: slot.capacity,
        left: slot.left,
        leftAdultsTickets: slot.leftAdultsTickets,
        leftChildrenTickets: slot.leftChildrenTickets,
        isClosed: body.isClosed ?? slot.isClosed,
      };
      if (changesStock) {
        // what is taken now: the slot's own count (capacity − left) and never less than its bookings hold
        const units = Math.max(slot.capacity - slot.left, t?.units ?? 0);
        if (isSame) {
          const adults = body.adultCapacity ?? 0;
          const children = body.childCapacity ?? 0;
          const takenAdults = t?.adults ?? 0;
          const takenChildren = t?.children ?? 0;
          if (adults < takenAdults)
            throw AppError.field('adultCapacity', stockBelowTakenMessage(takenAdults, slotName(slot)));
          if (children < takenChildren)
            throw AppError.field('childCapacity', stockBelowTakenMessage(takenChildren, slotName(slot)));
          if (adults + children < units)
            throw AppError.field('adultCapacity', stockBelowTakenMessage(units, slotName(slot)));
          next.leftAdultsTickets = adults - takenAdults;
          next.leftChildrenTickets = children - takenChildren;
          next.left = next.leftAdultsTickets + next.leftChildrenTickets;
          next.capacity = Math.max(adults + children, next.left);
        } else {
          const capacity = body.capacity ?? slot.capacity;
          if (capacity < units) throw AppError.field('capacity', stockBelowTakenMessage(units, slotName(slot)));
          next.capacity = capacity;
          next.left = capacity - units;
        }
      }
      const before = { capacity: slot.capacity, left: slot.left, closed: slot.isClosed };
      const after = { capacity: next.capacity, left: next.left, closed: next.isClosed };
      const slotChanges = changesBetween(
        { ...before, leftAdults: slot.leftAdultsTickets, leftChildren: slot.leftChildrenTickets },
        { ...after, leftAdults: next.leftAdultsTickets, leftChildren: next.leftChildrenTickets },
      );
      if (slotChanges.length === 0) continue;
      if (before.capacity !== after.capacity || before.left !== after.left) stockChanged = true;
      await repo.updateSlot(tx, slot.id, next);
      changes.push(...slotChanges.map((c) => ({ ...c, field: `${slotName(slot)}.${c.field}` })));
      changed.push({ ...slot, ...next });
    }
    if (changed.length > 0) {
      const action: AuditAction =
        stockChanged || body.isClosed === null ? 'slot.updated' : body.isClosed ? 'slot.closed' : 'slot.opened';
      const tour = await loadTour(tx, offer.tourId);
      await audit(
        tx,
        ctx,
        { entity: 'slot', entityId: String(offerId), subject: offerSubject(tour, offer), action },
        changes,
      );
    }
    return {
      rows: locked.map((s) => changed.find((c) => c.id === s.id) ?? s),
      taken,
      offer: await slotsOffer(tx, offer),
    };
  });
  const rows = result.rows.sort((a, b) =>
    a.date === b.date ? (a.startTime ?? '').localeCompare(b.startTime ?? '') : a.date.localeCompare(b.date),
  );
  return { offer: result.offer, slots: rows.map((r) => slotView(r, result.taken.get(r.id))) };
}

// ---------------------------------------------------------------------------------------------------------------
// Promo codes
// ---------------------------------------------------------------------------------------------------------------
const promoView = (row: repo.PromoCodeRow): AdminPromoCode => ({ ...row });
const promoFields = (row: repo.PromoCodeRow): Record<string, Value> => ({
  percent: row.percent,
  validFrom: row.validFrom,
  validTo: row.validTo,
  isActive: row.isActive,
});

export async function listPromoCodes(ctx: ServiceContext): Promise<AdminPromoCode[]> {
  return (await repo.listPromoCodes(ctx.db)).map(promoView);
}

export async function createPromoCode(ctx: ServiceContext, body: CreatePromoCodeBody): Promise<AdminPromoCode> {
  const row: repo.PromoCodeRow = {
    code: body.code.toUpperCase(),
    percent: body.percent,
    validFrom: body.validFrom,
    validTo: body.validTo,
    isActive: body.isActive,
  };
  await withTransaction(ctx.db, async (tx) => {
    if (!(await repo.insertPromoCode(tx, row))) throw AppError.field('code', M.codeTaken);
    await audit(
      tx,
      ctx,
      { entity: 'promoCode', entityId: row.code, subject: row.code, action: 'promoCode.created' },
      changesBetween({}, promoFields(row)),
    );
  });
  return promoView(row);
}

export async function updatePromoCode(
  ctx: ServiceContext,
  code: string,
  body: UpdatePromoCodeBody,
): Promise<AdminPromoCode> {
  return withTransaction(ctx.db, async (tx) => {
    const current = await repo.findPromoCode(tx, code, true);
    if (!current) throw AppError.notFound(M.unknownPromoCode);
    const row: repo.PromoCodeRow = { code: current.code, ...body };
    const changes = changesBetween(promoFields(current), promoFields(row));
    if (changes.length === 0) return promoView(current);
    await repo.updatePromoCode(tx, row);
    await audit(
      tx,
      ctx,
      { entity: 'promoCode', entityId: row.code, subject: row.code, action: 'promoCode.updated' },
      changes,
    );
    return promoView(row);
  });
}
