import type { UpdateSlotsBody } from '@portal/contract';

// A stock as typed: a number, or '' while the field is empty
export type StockInput = number | string;
export type StockDraft = { capacity: StockInput; adults: StockInput; children: StockInput };
type StockBody = Pick<UpdateSlotsBody, 'capacity' | 'adultCapacity' | 'childCapacity'>;

// The stock fields of a slot change: one stock a slot, or adults and children apart where one ticket serves both
export function stockBody(draft: StockDraft, isSameTicket: boolean): StockBody {
  return {
    capacity: isSameTicket ? null : Number(draft.capacity),
    adultCapacity: isSameTicket ? Number(draft.adults) : null,
    childCapacity: isSameTicket ? Number(draft.children) : null,
  };
}

// Every stock the option needs is typed
export function isStockTyped(draft: StockDraft, isSameTicket: boolean): boolean {
  return isSameTicket ? draft.adults !== '' && draft.children !== '' : draft.capacity !== '';
}
