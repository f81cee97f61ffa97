// The expected state of one agency's money, stock and card payments, for money-properties.test.ts: what the
// portal should have done after each command, written from the rules (SPEC §5/§9, ARCHITECTURE "Money"), never
// from the code that implements them. Pure: no database, no HTTP.
import { BOOKING_MESSAGES, MONEY_MESSAGES } from '@portal/contract';

export type SlotKey = 'd1' | 'd2' | 'd3' | 'camp';
export const TIMESLOT_KEYS = ['d1', 'd2', 'd3'] as const satisfies readonly SlotKey[];

export type Stock = { units: number; adults: number; children: number };
export const NO_STOCK: Stock = { units: 0, adults: 0, children: 0 };

// The test tour's slots: the shared 4x4 at 18:00 one to three days ahead (one stock for everyone, 2–8 people,
// 144 / 110 AED net per adult / child), and the camp two days ahead (not instant: a quotation request; adults and
// children have their own stock; opening hours from 09:00).
export type MSlot = {
  id: number;
  date: string;
  startTime: string;
  sameTicket: boolean;
  left: number;
  adults: number;
  children: number;
  initial: { left: number; adults: number; children: number };
};

export const ADULT_NET_MINOR = 14_400;
export const CHILD_NET_MINOR = 11_000;
export const CAMP_ADULT_NET_MINOR = 4_200;
export const CAMP_CHILD_NET_MINOR = 1_700;
export const TIMESLOT_PEOPLE = { min: 2, max: 8 };
export const CAMP_PEOPLE = { min: 1, max: 10 };
export const CARD_TOP_UP_FEE_PERCENT = 3;
export const TOP_UP_MINIMUM_MINOR = 10_000;

export type BookingStatus =
  | 'request'
  | 'payment_required'
  | 'pending_payment'
  | 'payment_failed'
  | 'completed'
  | 'cancelled';

export type MBooking = {
  id: string;
  reference: string;
  slot: SlotKey;
  adults: number;
  children: number;
  isRequest: boolean;
  status: BookingStatus;
  paymentMethod: 'balance' | 'card' | null;
  // what it costs unquoted, and what was (or is being) charged for it
  priceMinor: number;
  quotedMinor: number | null;
  netTotalMinor: number;
  // stock held for an unpaid card payment (released when the hold expires)
  holds: boolean;
  // stock taken from its slot, held or kept
  stock: Stock;
  paidPaymentId: string | null;
  // one debit on the ledger
  paidFromBalance: boolean;
  refundMinor: number | null;
  // card attempts, oldest first
  payments: string[];
};

export type ChargeState = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'refunded';
export type SandboxDelivery = { rawBody: Buffer; headers: Record<string, string> };

export type MPayment = {
  id: string;
  chargeId: string;
  owner: { kind: 'booking' | 'topUp'; id: string };
  amountMinor: number;
  // the provider's side (the sandbox's own record) and ours
  charge: ChargeState;
  status: ChargeState;
  // everything ever owed back to the card (paid out or not), and the refunds the provider made
  owedMinor: number;
  refundCalls: number;
  // a refund the provider has not confirmed yet: it refused (held until the operator asks again), or its answer was
  // lost after it made it (the sweeper asks again under the same attempt id)
  unconfirmed: { providerMadeIt: boolean; held: boolean } | null;
  // webhooks built by the test for this charge, for delivering again
  events: SandboxDelivery[];
};

export type TopUpStatus = 'pending' | 'credited' | 'failed' | 'cancelled' | 'rejected';
export type MTopUp = {
  id: string;
  reference: string;
  method: 'card' | 'bank_transfer';
  amountMinor: number;
  feeMinor: number;
  status: TopUpStatus;
  paymentId: string | null;
};

// A request sent with an Idempotency-Key whose answer was stored (200 or 422), for replaying
export type Keyed = {
  url: string;
  payload: Record<string, unknown> | undefined;
  key: string;
  status: number;
  resourceId: string | null;
};

export type Model = {
  balance: number;
  creditLimit: number;
  // below zero since long ago (overdue), and every credit since
  openingDebt: number;
  creditsSinceOpening: number;
  slots: Record<SlotKey, MSlot>;
  bookings: MBooking[];
  payments: MPayment[];
  topUps: MTopUp[];
  keyed: Keyed[];
  // commands run so far
  steps: number;
};

export type Outcome = { status: 200 } | { status: 404 | 422; field?: string; message?: string };
export const OK: Outcome = { status: 200 };

export function pick<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('pick from an empty list (check() lets no command run on one)');
  return item;
}

export function paymentOf(m: Model, id: string): MPayment {
  const payment = m.payments.find((p) => p.id === id);
  if (!payment) throw new Error(`unknown payment ${id}`);
  return payment;
}
export function bookingOf(m: Model, id: string): MBooking {
  const booking = m.bookings.find((b) => b.id === id);
  if (!booking) throw new Error(`unknown booking ${id}`);
  return booking;
}
export function topUpOf(m: Model, id: string): MTopUp {
  const topUp = m.topUps.find((u) => u.id === id);
  if (!topUp) throw new Error(`unknown top-up ${id}`);
  return topUp;
}

// SPEC §9: what is below zero at a month end whose 30 days have passed, less every credit since, is overdue; while
// anything is, an account below zero books nothing more from the balance
export const overdueMinor = (m: Model) => Math.max(0, m.openingDebt - m.creditsSinceOpening);
export const isBlockedByDues = (m: Model) => m.balance < 0 && overdueMinor(m) > 0;
export const coversDebit = (m: Model, amountMinor: number) => m.balance - amountMinor >= -m.creditLimit;

// `undoesNewDebit`: the refund of a booking made in the run (after the opening debt), which pays none of that debt
export function credit(m: Model, amountMinor: number, options: { undoesNewDebit?: boolean } = {}) {
  m.balance += amountMinor;
  if (!options.undoesNewDebit) m.creditsSinceOpening += amountMinor;
}

export const priceOf = (slot: MSlot, adults: number, children: number) =>
  slot.sameTicket
    ? adults * CAMP_ADULT_NET_MINOR + children * CAMP_CHILD_NET_MINOR
    : adults * ADULT_NET_MINOR + children * CHILD_NET_MINOR;
export const percentOf = (amountMinor: number, percent: number) => Math.floor((amountMinor * percent + 50) / 100);

export function needOf(slot: MSlot, adults: number, children: number): Stock {
  return slot.sameTicket
    ? { units: adults + children, adults, children }
    : { units: adults + children, adults: 0, children: 0 };
}
export function fits(slot: MSlot, need: Stock): boolean {
  return (
    slot.left >= need.units && (!slot.sameTicket || (slot.adults >= need.adults && slot.children >= need.children))
  );
}
function move(slot: MSlot, need: Stock, sign: 1 | -1) {
  slot.left += sign * need.units;
  slot.adults += sign * need.adults;
  slot.children += sign * need.children;
}
export const takeStock = (slot: MSlot, need: Stock) => move(slot, need, -1);
export const giveBack = (slot: MSlot, need: Stock) => move(slot, need, 1);

// SPEC §9 with the test tour's policy (48 h → 100 %, 24 h → 50 %, less → nothing); hours to one decimal, rounded down
export function tierPercent(startMs: number, nowMs: number): number {
  const hours = Math.floor((startMs - nowMs) / 360_000) / 10;
  if (hours >= 48) return 100;
  if (hours >= 24) return 50;
  return 0;
}
export const startOf = (slot: MSlot) => Date.parse(`${slot.date}T${slot.startTime}:00+04:00`);

// Money going back to the card that paid. `provider`: it pays at once, refuses (the refund waits for the operator,
// who asks again under a new attempt id), or makes the refund and its answer is lost (the sweeper asks again under
// the same attempt id, and the provider answers with the refund it made)
export type ProviderMode = 'up' | 'refuses' | 'lost-answer';
export function refundToCard(p: MPayment, amountMinor: number, provider: ProviderMode = 'up') {
  if (amountMinor <= 0) return;
  p.owedMinor += amountMinor;
  if (provider === 'up') {
    p.refundCalls += 1;
    refundConfirmed(p);
    return;
  }
  p.unconfirmed = { providerMadeIt: provider === 'lost-answer', held: provider === 'refuses' };
  if (provider === 'lost-answer') {
    p.refundCalls += 1;
    if (p.owedMinor >= p.amountMinor) p.charge = 'refunded';
  }
}
function refundConfirmed(p: MPayment) {
  if (p.owedMinor < p.amountMinor) return;
  p.status = 'refunded';
  p.charge = 'refunded';
}
// the sweeper's retry under the same attempt id: a provider that already made it answers with that refund; a
// refused one is not asked again
export function retryRefund(p: MPayment) {
  if (!p.unconfirmed || p.unconfirmed.held) return;
  if (!p.unconfirmed.providerMadeIt) p.refundCalls += 1;
  p.unconfirmed = null;
  refundConfirmed(p);
}
// the operator, having looked at the provider, asks again for a refused refund: a new attempt, made once
export function operatorAsksAgain(p: MPayment) {
  if (!p.unconfirmed?.held) return;
  p.refundCalls += 1;
  p.unconfirmed = null;
  refundConfirmed(p);
}

const isWaitingForMoney = (b: MBooking) =>
  b.status === 'pending_payment' || b.status === 'payment_failed' || b.status === 'payment_required';

// The provider says a charge succeeded (the pay page, a webhook, the return page): a booking still waiting for its
// money keeps it (taking its seats again when its hold lapsed, if any are left), a top-up not yet credited or
// rejected is credited; anything else goes back to the card in full. Said twice, it changes nothing.
export function paymentSucceeded(m: Model, p: MPayment) {
  if (p.status === 'succeeded' || p.status === 'refunded') return;
  p.status = 'succeeded';
  if (p.owner.kind === 'topUp') {
    const topUp = topUpOf(m, p.owner.id);
    if (topUp.status === 'credited' || topUp.status === 'rejected') return refundToCard(p, p.amountMinor);
    topUp.status = 'credited';
    credit(m, topUp.amountMinor);
    return;
  }
  const b = bookingOf(m, p.owner.id);
  if (!isWaitingForMoney(b)) return refundToCard(p, p.amountMinor);
  if (!b.holds) {
    const slot = m.slots[b.slot];
    const need = needOf(slot, b.adults, b.children);
    if (!fits(slot, need)) {
      b.status = 'cancelled';
      b.refundMinor = p.amountMinor;
      return refundToCard(p, p.amountMinor);
    }
    takeStock(slot, need);
    b.stock = need;
  }
  b.status = 'completed';
  b.holds = false;
  b.paidPaymentId = p.id;
}

// The provider says a charge closed unpaid (declined, cancelled on the pay page or by us)
export function paymentClosed(m: Model, p: MPayment, status: 'failed' | 'cancelled') {
  if (p.status === 'succeeded' || p.status === 'refunded') return;
  p.status = status;
  if (p.owner.kind === 'topUp') {
    const topUp = topUpOf(m, p.owner.id);
    if (topUp.status === 'pending') topUp.status = status;
    return;
  }
  const b = bookingOf(m, p.owner.id);
  if (b.status === 'pending_payment' && b.payments.at(-1) === p.id) b.status = 'payment_failed';
}

// We close the charges still open at the provider (a cancellation, an expired hold, a stale top-up)
export function closeOpenCharges(m: Model, paymentIds: readonly string[]) {
  for (const id of paymentIds) {
    const p = paymentOf(m, id);
    if (p.charge !== 'pending') continue;
    p.charge = 'cancelled';
    paymentClosed(m, p, 'cancelled');
  }
}

// The sweeper after a card hold's 15 minutes: open charges closed, the stock back; a quote waits for payment again
export function expireHold(m: Model, b: MBooking) {
  closeOpenCharges(m, b.payments);
  giveBack(m.slots[b.slot], b.stock);
  b.stock = NO_STOCK;
  b.holds = false;
  b.status = b.isRequest ? 'payment_required' : 'payment_failed';
}

// What POST /bookings/{id}/pay decides, before it changes anything
export function payBookingOutcome(m: Model, b: MBooking, method: 'balance' | 'card'): Outcome & { takes?: Stock } {
  if (method === 'balance' && isBlockedByDues(m))
    return { status: 422, field: 'paymentMethod', message: MONEY_MESSAGES.overdue };
  let takes: Stock | undefined;
  if (b.status === 'payment_required' && !b.holds) {
    const slot = m.slots[b.slot];
    const need = needOf(slot, b.adults, b.children);
    if (!fits(slot, need)) return { status: 422 };
    takes = need;
  } else if (!(isWaitingForMoney(b) && b.holds)) {
    const holdExpired = !b.isRequest && (b.status === 'payment_failed' || b.status === 'pending_payment');
    return {
      status: 422,
      field: 'id',
      message: holdExpired ? BOOKING_MESSAGES.holdExpired : BOOKING_MESSAGES.notPayable,
    };
  }
  if (method === 'balance' && !coversDebit(m, b.quotedMinor ?? b.priceMinor))
    return { status: 422, field: 'paymentMethod', message: BOOKING_MESSAGES.insufficientBalance };
  return { status: 200, ...(takes ? { takes } : {}) };
}
