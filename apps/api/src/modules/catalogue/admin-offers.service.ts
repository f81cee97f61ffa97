import type { AdminOffer, AdminOfferBody, AdminPricesBody } from '@portal/contract';
import { CATALOGUE_ADMIN_MESSAGES as M, minorToMajor, toMinor } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { withTransaction, type ServiceContext } from '../../lib/context.ts';
import { changesBetween } from '../audit/index.ts';
import { offerSubject, recordCatalogueAudit, sortedJson, type AuditValue } from './admin-catalogue-audit.ts';
import { loadOffer, loadTour } from './admin-catalogue-rows.ts';
import { offerView } from './admin-catalogue.views.ts';
import * as repo from './admin-catalogue.repo.ts';

// The back office's options (offers) of a tour and their rules, and their price periods (issue 12). Bookings keep
// the prices they were made at, so price periods change freely.

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

function offerFields(values: repo.OfferValues): Record<string, AuditValue> {
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
    cancellationPolicy: sortedJson(values.cancellationPolicy),
    ticketTypeId: values.ticketTypeId,
    infantMaxAge: values.infantMaxAge ?? 2,
    childMaxAge: values.childMaxAge ?? 11,
    isActive: values.isActive ?? true,
  };
}

async function offerResult(db: DbOrTx, id: number): Promise<AdminOffer> {
  const offer = await loadOffer(db, id);
  return offerView(offer, await repo.offerPeriods(db, id));
}

async function checkTicketType(db: DbOrTx, body: AdminOfferBody) {
  if (!(await repo.ticketTypeExists(db, body.ticketTypeId))) throw AppError.field('ticketTypeId', M.unknownTicketType);
}

export async function createOffer(ctx: ServiceContext, tourId: number, body: AdminOfferBody): Promise<AdminOffer> {
  await loadTour(ctx.db, tourId);
  await checkTicketType(ctx.db, body);
  const values = offerValues(body);
  const id = await withTransaction(ctx.db, async (tx) => {
    const tour = await loadTour(tx, tourId, true);
    const id = await repo.insertOffer(tx, tourId, values);
    await recordCatalogueAudit(
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
  await checkTicketType(ctx.db, body);
  const values = offerValues(body);
  await withTransaction(ctx.db, async (tx) => {
    const offer = await loadOffer(tx, id, true);
    const tour = await loadTour(tx, offer.tourId);
    const changes = changesBetween(offerFields(offer), offerFields(values));
    if (changes.length === 0) return;
    await repo.updateOffer(tx, id, values);
    await recordCatalogueAudit(
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
      .map((k) => `${k.replace('Minor', '')} ${minorToMajor(Number(p[k])).toFixed(2)}`),
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
    const offer = await loadOffer(tx, id, true);
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
    await recordCatalogueAudit(
      tx,
      ctx,
      { entity: 'offer', entityId: String(id), subject: offerSubject(tour, offer), action: 'offer.updated' },
      [{ field: 'prices', from: before || null, to: after || null }],
    );
  });
  return offerResult(ctx.db, id);
}
