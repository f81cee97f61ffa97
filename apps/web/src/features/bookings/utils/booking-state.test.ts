import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView, PaymentSession } from '@portal/contract';
import { canContinuePayment, canTryAnotherCard, isBookingSettled, needsCardForm } from './booking-state';

const NOW = Date.parse('2026-03-05T10:00:00Z');
const inAMinute = '2026-03-05T10:01:00Z';
const aMinuteAgo = '2026-03-05T09:59:00Z';

const payment = (changes: Partial<PaymentSession> = {}): PaymentSession => ({
  id: 'p1',
  provider: 'sandbox',
  status: 'pending',
  redirectUrl: 'https://pay.example.test/p1',
  clientSecret: null,
  publishableKey: null,
  amount: 100,
  currencyCode: 'aed',
  expiresAt: inAMinute,
  failureMessage: null,
  ...changes,
});

type State = Pick<BookingView, 'status' | 'documents' | 'holdExpiresAt' | 'canRetryCard' | 'payment'>;
const booking = (changes: Partial<State> = {}): State => ({
  status: 'pending_payment',
  documents: null,
  holdExpiresAt: inAMinute,
  canRetryCard: false,
  payment: payment(),
  ...changes,
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('isBookingSettled', () => {
  const documents = { voucher: '/v', tickets: '/t', invoice: null };

  it('waits for a card payment and for a completed booking documents', () => {
    expect(isBookingSettled(undefined)).toBe(false);
    expect(isBookingSettled(booking())).toBe(false);
    expect(isBookingSettled(booking({ status: 'completed' }))).toBe(false);
  });

  it('is settled once the documents are made, or in any other state', () => {
    expect(isBookingSettled(booking({ status: 'completed', documents }))).toBe(true);
    expect(isBookingSettled(booking({ status: 'cancelled' }))).toBe(true);
    expect(isBookingSettled(booking({ status: 'request' }))).toBe(true);
  });
});

describe('canTryAnotherCard', () => {
  it("follows the server's answer while the hold lasts", () => {
    expect(canTryAnotherCard(booking({ canRetryCard: true }))).toBe(true);
    expect(canTryAnotherCard(booking({ canRetryCard: false }))).toBe(false);
  });

  it('is over once the hold has passed, or when there is none', () => {
    expect(canTryAnotherCard(booking({ canRetryCard: true, holdExpiresAt: aMinuteAgo }))).toBe(false);
    expect(canTryAnotherCard(booking({ canRetryCard: true, holdExpiresAt: null }))).toBe(false);
  });
});

describe('an open charge: back to the pay page, or the card form on ours', () => {
  it('goes back to a hosted pay page while its charge is open and the seats held', () => {
    expect(canContinuePayment(booking())).toBe(true);
    expect(canContinuePayment(booking({ payment: payment({ status: 'requires_action' }) }))).toBe(true);
    expect(needsCardForm(booking())).toBe(false);
  });

  it('shows the card form for a Stripe charge (a client secret and a key, no pay page)', () => {
    const stripe = payment({ provider: 'stripe', redirectUrl: null, clientSecret: 'cs', publishableKey: 'pk' });
    expect(needsCardForm(booking({ payment: stripe }))).toBe(true);
    expect(canContinuePayment(booking({ payment: stripe }))).toBe(false);
    expect(needsCardForm(booking({ payment: { ...stripe, publishableKey: null } }))).toBe(false);
  });

  it('offers neither once the charge has an answer, the hold is over, or the booking moved on', () => {
    expect(canContinuePayment(booking({ payment: payment({ status: 'failed' }) }))).toBe(false);
    expect(canContinuePayment(booking({ holdExpiresAt: aMinuteAgo }))).toBe(false);
    expect(canContinuePayment(booking({ status: 'completed' }))).toBe(false);
    expect(canContinuePayment(booking({ payment: null }))).toBe(false);
  });
});
