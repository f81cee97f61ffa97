import { minorToMajor, toMinor } from '@portal/contract/plain';

export type FeeOverride = { feeMinor: number } | { error: 'feeAmount' | 'feeAbovePaid' };

// The operator's own cancellation fee, typed in major units: in minor units, or why it cannot be (not a number,
// below zero, above what the agency paid)
export function checkFeeOverride(fee: number | string, paidTotal: number | undefined): FeeOverride {
  const feeMinor = typeof fee === 'number' ? toMinor(fee) : Number.NaN;
  if (!Number.isFinite(feeMinor) || feeMinor < 0) return { error: 'feeAmount' };
  if (paidTotal !== undefined && feeMinor > toMinor(paidTotal)) return { error: 'feeAbovePaid' };
  return { feeMinor };
}

// What the agency gets back when the operator keeps this fee (major units)
export function refundAfterFee(paidTotal: number, feeMinor: number): number {
  return minorToMajor(toMinor(paidTotal) - feeMinor);
}
