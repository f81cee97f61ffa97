import type {
  AdminSlot,
  AdminSlotsResponse,
  AuditAction,
  AuditChange,
  GenerateSlotsBody,
  GenerateSlotsResponse,
  UpdateSlotsBody,
} from '@portal/contract';
import { CATALOGUE_ADMIN_MESSAGES as M, stockBelowTakenMessage } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { withTransaction, type ServiceContext } from '../../lib/context.ts';
import { changesBetween } from '../audit/index.ts';
import { offerSubject, recordCatalogueAudit } from './admin-catalogue-audit.ts';
import { loadOffer, loadTour } from './admin-catalogue-rows.ts';
import * as repo from './admin-catalogue.repo.ts';

// The back office's time slots and stock (issue 12): the weekly generator (never overwrites a slot), and stock and
// closing per slot. Stock never goes below what bookings have taken (checked under the slots' row locks).

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
  const offer = await loadOffer(ctx.db, offerId);
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

// One audit row for a change to an option's slots, named by the option
async function auditSlots(
  tx: DbOrTx,
  ctx: ServiceContext,
  offer: repo.OfferRow,
  action: AuditAction,
  changes: AuditChange[],
) {
  const tour = await loadTour(tx, offer.tourId);
  const subject = offerSubject(tour, offer);
  await recordCatalogueAudit(tx, ctx, { entity: 'slot', entityId: String(offer.id), subject, action }, changes);
}

const slotName = (slot: { date: string; startTime: string | null }) =>
  slot.startTime ? `${slot.date} ${slot.startTime}` : slot.date;

export async function generateSlots(
  ctx: ServiceContext,
  offerId: number,
  body: GenerateSlotsBody,
): Promise<GenerateSlotsResponse> {
  return withTransaction(ctx.db, async (tx) => {
    const offer = await loadOffer(tx, offerId);
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
      await auditSlots(tx, ctx, offer, 'slot.generated', [
        { field: 'from', from: null, to: body.from },
        { field: 'to', from: null, to: body.to },
        { field: 'weekdays', from: null, to: weekdays.join(',') },
        { field: 'times', from: null, to: times.filter((t) => t !== null).join(',') || null },
        { field: 'capacity', from: null, to: String(stock.capacity) },
        { field: 'created', from: null, to: String(result.created) },
      ]);
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
    const offer = await loadOffer(tx, offerId);
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
      await auditSlots(tx, ctx, offer, action, changes);
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
