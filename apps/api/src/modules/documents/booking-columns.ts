import { dubaiWallClock, type CellValue } from '../../lib/xlsx-cells.ts';

// What every bookings export (the bookings list, the commissions) writes alike of a booking: its reference, when it
// was made, the tour with its option, the guest, the people and the agent (or the widget that sold it)
export const BOOKING_COLUMNS = {
  reference: { key: 'reference', width: 16, kind: 'text' },
  createdAt: { key: 'createdAt', width: 17, kind: 'dateTime' },
  tour: { key: 'tour', width: 40, kind: 'text' },
  guestName: { key: 'guestName', width: 24, kind: 'text' },
  agent: { key: 'agent', width: 22, kind: 'text' },
} as const;

type BookingRowBase = {
  reference: string;
  createdAt: string;
  tour: string;
  offer: string;
  guestName: string;
  adults: number;
  children: number;
  infants: number;
  agent: string;
};

// Those cells of one row; an empty text is an empty cell
export function bookingCells(row: BookingRowBase) {
  const text = (value: string) => value || null;
  return {
    reference: text(row.reference),
    createdAt: dubaiWallClock(row.createdAt) ?? text(row.createdAt),
    tour: text(row.offer ? `${row.tour} — ${row.offer}` : row.tour),
    guestName: text(row.guestName),
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    agent: text(row.agent),
  } satisfies Record<string, CellValue>;
}
