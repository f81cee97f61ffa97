import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, InsightEventInput, MESSAGES } from '@portal/contract';
import { failureReason } from './failure-reason';

// Issue 31: a refused booking is kept by its message's key and field, never by what was typed
describe('failureReason', () => {
  it("names a 422's message by its key and its field", () => {
    const error = { status: 422, kind: 'http', items: [{ fieldName: 'guest.phone', errorMessage: MESSAGES.required }] };
    expect(failureReason(error)).toEqual({
      reason: 'messages.required',
      props: { field: 'guest.phone', status: 422 },
    });
    // as the checkout sends it, the contract's shape
    const asked = { tourId: 7, offerId: 9, date: '2026-05-02', seats: 2 };
    const event = { kind: 'booking_failed', path: '/checkout', ...asked, ...failureReason(error) };
    expect(InsightEventInput.safeParse(event).success).toBe(true);
  });

  it("names another refusal by the server's words", () => {
    const error = { status: 409, kind: 'http', items: [], body: BOOKING_MESSAGES.outOfStock };
    expect(failureReason(error)).toEqual({ reason: 'bookingMessages.outOfStock', props: { status: 409 } });
  });

  it('keeps only the status of words it does not know, which may carry anything', () => {
    const error = { status: 409, kind: 'http', items: [{ fieldName: 'Maria Lopez', errorMessage: 'Maria Lopez' }] };
    expect(failureReason(error)).toEqual({ reason: 'status_409', props: { status: 409 } });
    expect(failureReason({ status: 0, kind: 'network', items: [], body: '' })).toEqual({
      reason: 'network',
      props: { status: 0 },
    });
    expect(failureReason('boom')).toEqual({ reason: 'unknown', props: { status: 0 } });
  });
});
