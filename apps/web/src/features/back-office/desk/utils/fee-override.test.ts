import { describe, expect, it } from 'vitest';
import { checkFeeOverride, refundAfterFee } from './fee-override';

describe("the operator's own cancellation fee", () => {
  it('is taken in minor units, from zero up to what was paid', () => {
    expect(checkFeeOverride(25, 300)).toEqual({ feeMinor: 2500 });
    expect(checkFeeOverride(0, 300)).toEqual({ feeMinor: 0 });
    expect(checkFeeOverride(300, 300)).toEqual({ feeMinor: 30_000 });
    expect(checkFeeOverride(46.3, 46.3)).toEqual({ feeMinor: 4630 });
  });

  it('is refused when empty, below zero or above what was paid', () => {
    expect(checkFeeOverride('', 300)).toEqual({ error: 'feeAmount' });
    expect(checkFeeOverride(-1, 300)).toEqual({ error: 'feeAmount' });
    expect(checkFeeOverride(300.01, 300)).toEqual({ error: 'feeAbovePaid' });
  });

  it('is checked against nothing paid while the preview has not come', () => {
    expect(checkFeeOverride(5000, undefined)).toEqual({ feeMinor: 500_000 });
  });

  it('leaves the rest of what was paid as the refund, in whole cents', () => {
    expect(refundAfterFee(300, 2500)).toBe(275);
    expect(refundAfterFee(46.3, 1)).toBe(46.29);
    expect(refundAfterFee(0.3, 10)).toBe(0.2);
  });
});
