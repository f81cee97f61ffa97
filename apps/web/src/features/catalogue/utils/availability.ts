import { confirmationMode } from '@portal/contract';
import type { AvailabilityRow, CancellationTier, Offer } from '@portal/contract';

export type OfferDayStatus =
  | { kind: 'loading' }
  | { kind: 'closed' }
  | { kind: 'soldOut' }
  | {
      kind: 'available';
      open: number;
      total: number;
      // of the open times, how many become quotation requests (SPEC §5/§8: not instant, or past the cut-off)
      onRequest: number;
      left: number;
    };

export function ticketsLeft(row: AvailabilityRow): number {
  return row.isSameTicketForAdultsAndChildren
    ? (row.leftAdultsTickets ?? 0) + (row.leftChildrenTickets ?? 0)
    : row.left;
}

// What one offer looks like on one date: closed, sold out, or so many times open (and how many only on request)
export function offerDayStatus(
  offer: Pick<Offer, 'isInstant'>,
  rows: readonly AvailabilityRow[] | undefined,
): OfferDayStatus {
  if (!rows) return { kind: 'loading' };
  if (rows.length === 0) return { kind: 'closed' };
  const open = rows.filter((row) => !row.isSoldOut);
  if (open.length === 0) return { kind: 'soldOut' };
  return {
    kind: 'available',
    open: open.length,
    total: rows.length,
    onRequest: open.filter((row) => confirmationMode(offer, row) === 'request').length,
    left: Math.max(...open.map(ticketsLeft)),
  };
}

export function groupByOffer(rows: readonly AvailabilityRow[] | undefined): Map<number, AvailabilityRow[]> | undefined {
  if (!rows) return undefined;
  const byOffer = new Map<number, AvailabilityRow[]>();
  for (const row of rows) byOffer.set(row.offerId, [...(byOffer.get(row.offerId) ?? []), row]);
  for (const list of byOffer.values()) list.sort((a, b) => (a.time ?? '').localeCompare(b.time ?? ''));
  return byOffer;
}

// The first tier, for a one-line summary (SPEC §9: tiers by hours descending; below the last, non-refundable)
export function firstTier(policy: readonly CancellationTier[]): CancellationTier | null {
  return [...policy].sort((a, b) => b.hours - a.hours)[0] ?? null;
}
