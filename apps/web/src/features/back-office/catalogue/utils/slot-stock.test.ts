import { describe, expect, it } from 'vitest';
import { isStockTyped, stockBody } from './slot-stock';

describe("a slot change's stock", () => {
  it('is one stock a slot, or adults and children apart where one ticket serves both', () => {
    const draft = { capacity: 8, adults: 5, children: 3 };
    expect(stockBody(draft, false)).toEqual({ capacity: 8, adultCapacity: null, childCapacity: null });
    expect(stockBody(draft, true)).toEqual({ capacity: null, adultCapacity: 5, childCapacity: 3 });
  });

  it('is typed when every stock the option needs is', () => {
    expect(isStockTyped({ capacity: 0, adults: '', children: '' }, false)).toBe(true);
    expect(isStockTyped({ capacity: '', adults: 4, children: 2 }, false)).toBe(false);
    expect(isStockTyped({ capacity: '', adults: 4, children: '' }, true)).toBe(false);
    expect(isStockTyped({ capacity: '', adults: 4, children: 0 }, true)).toBe(true);
  });
});
