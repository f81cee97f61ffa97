import type { People, PeopleCheck } from '@portal/contract';
import { BOOKING_MESSAGES, checkPeopleAgainstAvailability, peopleMessages } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { decrementSlot, readSlotStock, type StockNeed } from './stock.repo.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OfferRow } from '../catalogue/index.ts';

// What a booking takes from its slot: `left` always; same-ticket slots also split it into adult and child stock
// (SPEC §5: infants need no ticket there). A per-trip offer takes one unit whatever the group size.
export function stockNeed(
  offer: Pick<OfferRow, 'pricingUnit' | 'isSameTicketForAdultsAndChildren'>,
  people: People,
): StockNeed {
  if (offer.pricingUnit === 'trip')
    return { units: 1, adults: offer.isSameTicketForAdultsAndChildren ? 1 : 0, children: 0 };
  if (offer.isSameTicketForAdultsAndChildren)
    return { units: people.adults + people.children, adults: people.adults, children: people.children };
  return { units: people.adults + people.children + people.infants, adults: 0, children: 0 };
}

// Why a booking found no stock on its slot, as the answer to send: sold out, or how many are left (SPEC §5)
export async function noStockError(
  db: DbOrTx,
  slotId: number,
  offer: TakeStockOptions['offer'],
  people: People,
): Promise<AppError> {
  const row = await readSlotStock(db, slotId);
  if (!row) return AppError.field('time', BOOKING_MESSAGES.timeslotsNotAvailable);
  const check = checkPeopleAgainstAvailability(
    people,
    { ...row, isSameTicketForAdultsAndChildren: offer.isSameTicketForAdultsAndChildren },
    offer,
  );
  return stockError(
    check.ok ? { ok: false, code: 'stock', n: row.left, message: peopleMessages.stock(row.left) } : check,
  );
}

function stockError(check: Exclude<PeopleCheck, { ok: true }>): AppError {
  if (check.code !== 'stock') return AppError.field('adults', check.message);
  // nothing left at all → the booking message; some left → how many can still be booked (SPEC §5)
  return AppError.field('tickets', check.n === 0 ? BOOKING_MESSAGES.outOfStock : check.message);
}

export type TakeStockOptions = {
  offer: Pick<OfferRow, 'pricingUnit' | 'isSameTicketForAdultsAndChildren' | 'minPeople' | 'maxPeople'>;
  people: People;
  // false only for the concurrency test's control run, which must be able to oversell
  locking: boolean;
};

// DESIGN "Stock is exact": one conditional UPDATE takes the slot's row lock, checks and decrements in one round trip
// (concurrent bookings queue on the lock and re-check the condition on the row they then see). When it matches
// nothing, the slot is read to say why. The caller's transaction holds the lock until it commits.
export async function takeStock(tx: DbOrTx, slotId: number, options: TakeStockOptions): Promise<StockNeed> {
  const isSame = options.offer.isSameTicketForAdultsAndChildren;
  const need = stockNeed(options.offer, options.people);
  // the control run reads first and has the same statement write that copy (a lost update under concurrency)
  const stale = options.locking ? undefined : ((await readSlotStock(tx, slotId)) ?? undefined);
  if (await decrementSlot(tx, slotId, need, isSame, stale)) return need;
  const row = await readSlotStock(tx, slotId);
  if (!row) throw AppError.field('time', BOOKING_MESSAGES.timeslotsNotAvailable);
  const check = checkPeopleAgainstAvailability(
    options.people,
    { ...row, isSameTicketForAdultsAndChildren: isSame },
    options.offer,
  );
  if (!check.ok) throw stockError(check);
  throw stockError({ ok: false, code: 'stock', n: row.left, message: peopleMessages.stock(row.left) });
}

// The same rules and answers as takeStock, taking nothing (a test key's booking): the seats must be there now
export async function checkStock(
  tx: DbOrTx,
  slotId: number,
  options: Pick<TakeStockOptions, 'offer' | 'people'>,
): Promise<StockNeed> {
  const row = await readSlotStock(tx, slotId);
  if (!row) throw AppError.field('time', BOOKING_MESSAGES.timeslotsNotAvailable);
  const check = checkPeopleAgainstAvailability(
    options.people,
    { ...row, isSameTicketForAdultsAndChildren: options.offer.isSameTicketForAdultsAndChildren },
    options.offer,
  );
  if (!check.ok) throw stockError(check);
  return stockNeed(options.offer, options.people);
}

// The booking columns of a booking that holds and has taken nothing (after its stock went back to the slot)
export const NO_STOCK = {
  heldUnits: 0,
  heldAdults: 0,
  heldChildren: 0,
  stockUnits: 0,
  stockAdults: 0,
  stockChildren: 0,
} as const;
